// The background jobs' one lease helper (app/models/leases.server.ts, issue 26
// item 3) on SQLite and PostgreSQL: one holder at a time, a lease that ran out
// is free again, only the holder renews or releases, and a failed piece of
// work lets go with the data it asks for.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { leasesOn } from "../../app/models/leases.server";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const MINUTE = 60_000;
const leases = leasesOn(prisma.shop, { owner: "storefrontLeaseOwner", until: "storefrontLeaseUntil" }, MINUTE);
const held = (id: string) => prisma.shop.findUniqueOrThrow({ where: { id }, select: { storefrontLeaseOwner: true, storefrontLeaseUntil: true } });

describe("row leases", () => {
  it("one holder at a time, however many ask at once; the holder takes it again to renew", async () => {
    const shop = await createShop("lease-one");
    const takes = await Promise.all(Array.from({ length: 6 }, (_, i) => leases.take({ id: shop.id }, `holder-${i}`)));
    expect(takes.filter((count) => count === 1)).toHaveLength(1);
    const winner = `holder-${takes.indexOf(1)}`;
    expect((await held(shop.id)).storefrontLeaseOwner).toBe(winner);
    expect(await leases.take({ id: shop.id }, winner)).toBe(1);
    expect(await leases.renew({ id: shop.id }, "someone-else")).toBe(0);
    expect(await leases.release({ id: shop.id }, "someone-else")).toBe(0);
    expect(await leases.renew({ id: shop.id }, winner)).toBe(1);
  });

  it("a lease that ran out is free again, and shows among the free rows", async () => {
    const shop = await createShop("lease-expired");
    const long = Date.now() - 2 * MINUTE;
    expect(await leases.take({ id: shop.id }, "crashed", new Date(long))).toBe(1);
    const free = await prisma.shop.findMany({ where: { id: shop.id, ...leases.free() }, select: { id: true } });
    expect(free).toHaveLength(1);
    expect(await leases.take({ id: shop.id }, "next")).toBe(1);
    expect((await held(shop.id)).storefrontLeaseOwner).toBe("next");
    expect(await prisma.shop.count({ where: { id: shop.id, ...leases.free() } })).toBe(0);
  });

  it("holding: work runs only with the lease, which is released afterwards, with the failure's data when it throws", async () => {
    const shop = await createShop("lease-holding");
    expect(await leases.holding({ id: shop.id }, async () => "done", { holder: "a" })).toBe("done");
    expect((await held(shop.id)).storefrontLeaseOwner).toBeNull();

    await leases.take({ id: shop.id }, "b");
    let ran = false;
    expect(await leases.holding({ id: shop.id }, async () => (ran = true), { holder: "a" })).toBeNull();
    expect(ran).toBe(false);
    await leases.release({ id: shop.id }, "b");

    const retryAt = new Date(Date.now() + 5 * MINUTE);
    await expect(
      leases.holding(
        { id: shop.id },
        async () => {
          throw new Error("Shopify is down");
        },
        { holder: "a", onFailure: () => ({ storefrontLeaseUntil: retryAt }) },
      ),
    ).rejects.toThrow("Shopify is down");
    const after = await held(shop.id);
    expect(after.storefrontLeaseOwner).toBeNull();
    // Kept off for a while: not free until then.
    expect(after.storefrontLeaseUntil?.getTime()).toBe(retryAt.getTime());
    expect(await prisma.shop.count({ where: { id: shop.id, ...leases.free() } })).toBe(0);
  });
});
