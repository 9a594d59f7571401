// A shop's Apify actor runs at once (decision 061), on both databases: runs
// asked together never exceed the plan's slots, each waits its turn, and a
// slot left by a job that is no longer running does not count.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { IMPORT_CAPS } from "../../app/constants";
import { withActorRunSlot } from "../../app/models/actor-run-slots.server";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runningJob(shopId: string, status = "running") {
  return prisma.importJob.create({ data: { shopId, kind: "links", platform: "tiktok", input: "x", status } });
}

describe("actor run slots", () => {
  it("runs asked at once by several jobs of a Free shop: at most 2 go at a time, and every one runs", async () => {
    const shop = await createShop("slots-free");
    const jobs = await Promise.all([1, 2, 3].map(() => runningJob(shop.id)));
    let going = 0;
    let most = 0;
    let ran = 0;
    const run = async () => {
      most = Math.max(most, ++going);
      await sleep(400);
      going -= 1;
      ran += 1;
    };
    const signal = AbortSignal.timeout(30_000);

    await Promise.all(jobs.flatMap((job) => [1, 2].map(() => withActorRunSlot(shop.id, job.id, signal, run))));

    expect(ran).toBe(6);
    expect(most).toBe(IMPORT_CAPS.free.actorRuns);
    expect(await prisma.actorRunSlot.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("a Premium shop has 4; a slot of a job that is no longer running is cleared, not counted", async () => {
    const shop = await createShop("slots-premium");
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium" } });
    const dead = await runningJob(shop.id, "failed");
    await prisma.actorRunSlot.createMany({ data: [1, 2, 3].map(() => ({ shopId: shop.id, jobId: dead.id })) });
    const job = await runningJob(shop.id);
    let going = 0;
    let most = 0;
    const signal = AbortSignal.timeout(30_000);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withActorRunSlot(shop.id, job.id, signal, async () => {
          most = Math.max(most, ++going);
          await sleep(400);
          going -= 1;
        }),
      ),
    );
    // More than a Free shop's, never more than Premium's (takers queue on the shop's row, so all four may not overlap).
    expect(most).toBeGreaterThan(IMPORT_CAPS.free.actorRuns);
    expect(most).toBeLessThanOrEqual(IMPORT_CAPS.premium.actorRuns);
    expect(await prisma.actorRunSlot.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("a run waiting for a slot stops when its job's signal aborts", async () => {
    const shop = await createShop("slots-abort");
    const job = await runningJob(shop.id);
    const hold = new AbortController();
    const held = Array.from({ length: IMPORT_CAPS.free.actorRuns }, () =>
      withActorRunSlot(shop.id, job.id, hold.signal, () => new Promise<void>((resolve) => hold.signal.addEventListener("abort", () => resolve()))),
    );
    await sleep(200);
    let ran = false;
    const waiting = withActorRunSlot(shop.id, job.id, AbortSignal.timeout(1500), async () => {
      ran = true;
    });
    await expect(waiting).rejects.toThrow();
    expect(ran).toBe(false);
    hold.abort();
    await Promise.all(held);
  });
});
