// Sister-product verification (issue 11, case 11) on the database: a credential
// pair unlocks Premium on one shop only, even when shops race for it; failed
// attempts are throttled per shop in the database (so every app instance shares
// the count); and the credentials themselves are never stored.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { getPlanInfo, SISTER_PRODUCT_API, verifySisterCustomer } from "../../app/models/plan.server";
import { startSisterProductEmulator } from "../emulators";
import { uniqueSisterCustomer } from "../emulators/sister-product/customers";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

let sister: Awaited<ReturnType<typeof startSisterProductEmulator>>;
const configuredApiUrl = SISTER_PRODUCT_API.url;

beforeAll(async () => {
  sister = await startSisterProductEmulator();
  SISTER_PRODUCT_API.url = sister.url;
});

afterAll(async () => {
  SISTER_PRODUCT_API.url = configuredApiUrl;
  await sister.close();
});

function newCustomer(plan = "lunch") {
  const customer = uniqueSisterCustomer(plan);
  sister.addCustomer(customer);
  return customer;
}

const credentialsOf = ({ clientId, businessId }: { clientId: string; businessId: string }) => ({ clientId, businessId });

/** The settled promise's rejection, or null when it was fulfilled. */
async function rejectionOf(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => error as Error & { retryAfterSeconds?: number },
  );
}

describe("a credential pair is bound to one shop", () => {
  it("a second shop verifying with the same pair is refused and stays Free; the first shop verifies again", async () => {
    const customer = newCustomer("dinner");
    const [first, second] = [await createShop("sister-first"), await createShop("sister-second")];

    expect(await verifySisterCustomer(first.id, credentialsOf(customer))).toMatchObject({ plan: "premium", sisterVerified: true });
    const refused = await rejectionOf(verifySisterCustomer(second.id, credentialsOf(customer)));
    expect(refused?.name).toBe("SisterCredentialsInUseError");
    expect(await getPlanInfo(second.id)).toMatchObject({ plan: "free", premiumSource: null, sisterVerified: false });
    expect(await prisma.sisterVerification.count({ where: { shopId: second.id } })).toBe(0);

    expect(await verifySisterCustomer(first.id, credentialsOf(customer))).toMatchObject({ plan: "premium", premiumSource: "verification" });
  });

  it("shops racing with one pair: exactly one becomes Premium", async () => {
    const customer = newCustomer("lunch");
    const shops = await Promise.all(Array.from({ length: 6 }, (_, i) => createShop(`sister-race-${i}`)));

    const outcomes = await Promise.all(shops.map((shop) => rejectionOf(verifySisterCustomer(shop.id, credentialsOf(customer)))));

    expect(outcomes.filter((error) => error === null)).toHaveLength(1);
    expect(outcomes.filter((error) => error?.name === "SisterCredentialsInUseError")).toHaveLength(shops.length - 1);
    const plans = await prisma.shop.findMany({ where: { id: { in: shops.map((s) => s.id) } }, select: { plan: true } });
    expect(plans.filter((shop) => shop.plan === "premium")).toHaveLength(1);
    expect(await prisma.sisterVerification.count({ where: { shopId: { in: shops.map((s) => s.id) } } })).toBe(1);
  });

  it("the pair's binding follows the sister product's IDs whatever their case or surrounding spaces", async () => {
    const customer = newCustomer("lunch");
    const [first, second] = [await createShop("sister-case-a"), await createShop("sister-case-b")];
    await verifySisterCustomer(first.id, credentialsOf(customer));
    // A sister API that matched IDs without regard to case must not open a second binding.
    sister.addCustomer({ ...customer, clientId: customer.clientId.toUpperCase() });
    const refused = await rejectionOf(verifySisterCustomer(second.id, { ...credentialsOf(customer), clientId: customer.clientId.toUpperCase() }));
    expect(refused?.name).toBe("SisterCredentialsInUseError");
  });
});

describe("failed attempts are throttled per shop", () => {
  it("the 6th wrong guess within 15 minutes is refused without reaching the sister product", async () => {
    const shop = await createShop("sister-throttle");
    const guess = (n: number) => ({ clientId: `cl_guess_${shop.id}_${n}`, businessId: `biz_guess_${n}` });
    for (let n = 1; n <= 5; n++) {
      expect((await rejectionOf(verifySisterCustomer(shop.id, guess(n))))?.name).toBe("VerificationFailedError");
    }

    const sixth = await rejectionOf(verifySisterCustomer(shop.id, guess(6)));
    expect(sixth?.name).toBe("VerificationThrottledError");
    expect(sixth?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(sixth?.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(sister.callCount(guess(6).clientId)).toBe(0);
    expect([1, 2, 3, 4, 5].map((n) => sister.callCount(guess(n).clientId))).toEqual([1, 1, 1, 1, 1]);

    // Even the right pair waits: the throttle must not tell a right guess from a wrong one.
    const customer = newCustomer("lunch");
    expect((await rejectionOf(verifySisterCustomer(shop.id, credentialsOf(customer))))?.name).toBe("VerificationThrottledError");
    expect(sister.callCount(customer.clientId)).toBe(0);
    expect(await getPlanInfo(shop.id)).toMatchObject({ plan: "free" });

    // Per shop: another shop still verifies.
    const other = await createShop("sister-throttle-other");
    expect(await verifySisterCustomer(other.id, credentialsOf(customer))).toMatchObject({ plan: "premium" });
  });

  it("a burst of 20 wrong guesses at once reaches the sister product at most 5 times", async () => {
    const shop = await createShop("sister-burst");
    const guesses = Array.from({ length: 20 }, (_, n) => ({ clientId: `cl_burst_${shop.id}_${n}`, businessId: `biz_burst_${n}` }));

    const outcomes = await Promise.all(guesses.map((guess) => rejectionOf(verifySisterCustomer(shop.id, guess))));

    const forwarded = guesses.reduce((sum, guess) => sum + sister.callCount(guess.clientId), 0);
    expect(forwarded).toBeLessThanOrEqual(5);
    expect(outcomes.filter((error) => error?.name === "VerificationThrottledError").length).toBe(20 - forwarded);
  });

  it("attempts older than the window no longer count", async () => {
    const shop = await createShop("sister-window");
    for (let n = 1; n <= 5; n++) await rejectionOf(verifySisterCustomer(shop.id, { clientId: `cl_old_${n}`, businessId: "biz_old" }));
    const customer = newCustomer("lunch");
    expect((await rejectionOf(verifySisterCustomer(shop.id, credentialsOf(customer))))?.name).toBe("VerificationThrottledError");

    const sixteenMinutesLater = new Date(Date.now() + 16 * 60_000);
    expect(await verifySisterCustomer(shop.id, credentialsOf(customer), { now: sixteenMinutesLater })).toMatchObject({ plan: "premium" });
  });
});

describe("failed attempts are throttled across shops too (decision 061)", () => {
  it("wrong guesses spread over 10 shops reach the sister product at most 20 times per 15 minutes", async () => {
    // A day ahead, so only this test's attempts are in its window; its shops (and their attempts) are deleted at its end.
    const now = new Date(Date.now() + 24 * 3600_000);
    const shops = await Promise.all(Array.from({ length: 10 }, (_, i) => createShop(`sister-spread-${i}`)));
    try {
      const guesses = Array.from({ length: 5 }, (_, n) =>
        shops.map((shop) => ({ shopId: shop.id, clientId: `cl_spread_${shop.id}_${n}`, businessId: "biz_spread" })),
      );
      const outcomes: Array<(Error & { retryAfterSeconds?: number; scope?: string }) | null> = [];
      for (const round of guesses) {
        for (const guess of round) outcomes.push(await rejectionOf(verifySisterCustomer(guess.shopId, guess, { now })));
      }
      const forwarded = guesses.flat().reduce((sum, guess) => sum + sister.callCount(guess.clientId), 0);
      expect(forwarded).toBe(20);
      expect(outcomes.filter((error) => error?.name === "VerificationFailedError")).toHaveLength(20);
      const throttled = outcomes.filter((error) => error?.name === "VerificationThrottledError");
      expect(throttled).toHaveLength(30);
      expect(throttled.every((error) => error?.scope === "all shops" && error.retryAfterSeconds! > 14 * 60)).toBe(true);

      // Meanwhile a right pair waits too (the throttle cannot tell it from a guess), and goes through once the window has passed.
      const customer = newCustomer("lunch");
      const newcomer = await createShop("sister-spread-newcomer");
      shops.push(newcomer);
      expect((await rejectionOf(verifySisterCustomer(newcomer.id, credentialsOf(customer), { now })))?.name).toBe("VerificationThrottledError");
      expect(sister.callCount(customer.clientId)).toBe(0);
      const later = new Date(now.getTime() + 16 * 60_000);
      expect(await verifySisterCustomer(newcomer.id, credentialsOf(customer), { now: later })).toMatchObject({ plan: "premium" });
    } finally {
      await prisma.shop.deleteMany({ where: { id: { in: shops.map((shop) => shop.id) } } });
    }
  });

  it("a burst over many shops at once reaches the sister product at most 20 times", async () => {
    const now = new Date(Date.now() + 48 * 3600_000);
    const shops = await Promise.all(Array.from({ length: 12 }, (_, i) => createShop(`sister-spread-burst-${i}`)));
    try {
      const guesses = shops.flatMap((shop) =>
        Array.from({ length: 4 }, (_, n) => ({ shopId: shop.id, clientId: `cl_sburst_${shop.id}_${n}`, businessId: "biz_b" })),
      );
      const outcomes = await Promise.all(guesses.map((guess) => rejectionOf(verifySisterCustomer(guess.shopId, guess, { now }))));
      const forwarded = guesses.reduce((sum, guess) => sum + sister.callCount(guess.clientId), 0);
      // Insert, then count: a burst may let fewer through (each sees the others' rows), never more.
      expect(forwarded).toBeLessThanOrEqual(20);
      expect(outcomes.filter((error) => error?.name === "VerificationThrottledError")).toHaveLength(guesses.length - forwarded);
    } finally {
      await prisma.shop.deleteMany({ where: { id: { in: shops.map((shop) => shop.id) } } });
    }
  });
});

describe("what is stored", () => {
  it("no plain Client ID or Business ID, nor an unkeyed hash of them, anywhere in the shop's verification rows", async () => {
    const customer = newCustomer("dinner");
    const shop = await createShop("sister-stored");
    await rejectionOf(verifySisterCustomer(shop.id, { clientId: customer.clientId, businessId: "biz_wrong_once" }));
    await verifySisterCustomer(shop.id, credentialsOf(customer));

    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    const forbidden = [customer.clientId, customer.businessId, "biz_wrong_once"].map((s) => s.toLowerCase());
    forbidden.push(
      sha256(customer.clientId),
      sha256(customer.businessId),
      sha256(`${customer.clientId}${customer.businessId}`),
      sha256(`${customer.clientId}:${customer.businessId}`),
      sha256(JSON.stringify([customer.clientId, customer.businessId])),
    );
    const found = (rows: unknown[]) => forbidden.filter((secret) => JSON.stringify(rows).toLowerCase().includes(secret));

    const verifications = await prisma.$queryRaw<unknown[]>`SELECT * FROM "SisterVerification" WHERE "shopId" = ${shop.id}`;
    expect(verifications).toHaveLength(1);
    expect(found(verifications)).toEqual([]);
    const attempts = await prisma.$queryRaw<unknown[]>`SELECT * FROM "SisterVerificationAttempt" WHERE "shopId" = ${shop.id}`;
    expect(found(attempts)).toEqual([]);
    expect(await prisma.sisterVerification.findUnique({ where: { shopId: shop.id }, select: { productPlan: true } })).toEqual({ productPlan: "dinner" });
  });

  it("rows verified before hashing keep their Premium, lose their plain IDs, and the earliest shop keeps the pair", async () => {
    const customer = newCustomer("lunch");
    const [earliest, later, newcomer] = [await createShop("legacy-a"), await createShop("legacy-b"), await createShop("legacy-new")];
    const inThirtyDays = new Date(Date.now() + 30 * 86_400_000);
    for (const [shop, daysAgo] of [
      [earliest, 20],
      [later, 3],
    ] as const) {
      await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "verification", planChangedAt: new Date() } });
      await prisma.sisterVerification.create({
        data: {
          shopId: shop.id,
          clientId: customer.clientId,
          businessId: customer.businessId,
          productPlan: "lunch",
          verifiedAt: new Date(Date.now() - daysAgo * 86_400_000),
          expiresAt: inThirtyDays,
        },
      });
    }

    expect((await rejectionOf(verifySisterCustomer(newcomer.id, credentialsOf(customer))))?.name).toBe("SisterCredentialsInUseError");

    const rows = await prisma.sisterVerification.findMany({ where: { shopId: { in: [earliest.id, later.id] } } });
    expect(rows.map((row) => [row.clientId, row.businessId])).toEqual([
      [null, null],
      [null, null],
    ]);
    for (const shop of [earliest, later]) expect(await getPlanInfo(shop.id)).toMatchObject({ plan: "premium", sisterVerified: true });
    expect(await verifySisterCustomer(earliest.id, credentialsOf(customer))).toMatchObject({ plan: "premium" });
    expect((await rejectionOf(verifySisterCustomer(later.id, credentialsOf(customer))))?.name).toBe("SisterCredentialsInUseError");
  });
});

describe("a verification is checked again: it expires", () => {
  it("is valid 30 days, asks to verify again in its last 7, then ends Premium; a shop paying through Shopify keeps Premium", async () => {
    const customer = newCustomer("lunch");
    const shop = await createShop("sister-expiry");
    const verified = await verifySisterCustomer(shop.id, credentialsOf(customer));
    const expiresAt = new Date(verified.sisterVerificationExpiresAt ?? 0).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    expect(verified.sisterRenewalDue).toBe(false);

    await prisma.sisterVerification.update({ where: { shopId: shop.id }, data: { expiresAt: new Date(Date.now() + 3 * 86_400_000) } });
    expect(await getPlanInfo(shop.id)).toMatchObject({ plan: "premium", sisterVerified: true, sisterRenewalDue: true });

    await prisma.sisterVerification.update({ where: { shopId: shop.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getPlanInfo(shop.id)).toMatchObject({ plan: "free", premiumSource: null, sisterVerified: false });

    // Verifying again brings Premium back for another 30 days.
    expect(await verifySisterCustomer(shop.id, credentialsOf(customer))).toMatchObject({ plan: "premium", sisterVerified: true, sisterRenewalDue: false });

    const paying = await createShop("sister-expiry-paying");
    await verifySisterCustomer(paying.id, credentialsOf(newCustomer("dinner")));
    await prisma.shop.update({ where: { id: paying.id }, data: { subscriptionId: "gid://shopify/AppSubscription/1", subscriptionStatus: "ACTIVE" } });
    await prisma.sisterVerification.update({ where: { shopId: paying.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getPlanInfo(paying.id)).toMatchObject({ plan: "premium", premiumSource: "billing", sisterVerified: false });
  });

  it("an expired binding no longer holds the pair: another shop may verify with it", async () => {
    const customer = newCustomer("dinner");
    const [first, second] = [await createShop("sister-expired-a"), await createShop("sister-expired-b")];
    await verifySisterCustomer(first.id, credentialsOf(customer));
    await prisma.sisterVerification.update({ where: { shopId: first.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect(await verifySisterCustomer(second.id, credentialsOf(customer))).toMatchObject({ plan: "premium" });
    expect(await getPlanInfo(first.id)).toMatchObject({ plan: "free", sisterVerified: false });
    expect((await rejectionOf(verifySisterCustomer(first.id, credentialsOf(customer))))?.name).toBe("SisterCredentialsInUseError");
  });
});
