import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { action as verifyRoute } from "~/routes/api.billing.$action";
import { action as confirmRoute } from "~/routes/api.billing.confirm";
import { action as downgradeRoute } from "~/routes/api.billing.downgrade";
import { loader as planRoute } from "~/routes/api.billing.plan";
import { action as upgradeRoute } from "~/routes/api.billing.upgrade";
import { sisterProduct } from "~/models/plan.server";
import { readServerEnv } from "~/env.server";
import { BILLING_PLANS } from "~/shopify.server";
import { PREMIUM_PLAN } from "~/constants";
import { PLAN_TEXT } from "~/messages";
import { BillingInterval } from "@shopify/shopify-app-remix/server";
import { SISTER_PRODUCT_CUSTOMERS } from "../emulators/sister-product/emulator";
import { registerSisterCustomer, sisterCallCount } from "../emulators/sister-product/customers";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, type TestShop } from "../support/library-fixtures";
import { only } from "../support/must";

const [lunch, dinner, breakfast] = SISTER_PRODUCT_CUSTOMERS;

async function plan(shop: TestShop) {
  const response = await callRoute(planRoute, await apiRequest(shop.domain, "/api/billing/plan"));
  expect(response.status).toBe(200);
  return jsonOf<Record<string, unknown>>(response);
}

async function verify(shop: TestShop, body: unknown, slug = "trustlane") {
  return callRoute(verifyRoute, await apiRequest(shop.domain, `/api/billing/verify-${slug}?shop=${shop.domain}`, { body }), { action: `verify-${slug}` });
}

afterEach(() => vi.restoreAllMocks());

describe("GET /api/billing/plan", () => {
  it("answers plan, approvedCount and {product}Verified", async () => {
    const shop = await bootstrapShop("billing");
    await seedVideos(shop.id, [{ enabled: true }, { enabled: true }, { enabled: false }]);
    expect(await plan(shop)).toMatchObject({ plan: "free", approvedCount: 2, approvedLimit: 5, trustlaneVerified: false });
  });
});

describe("POST /api/billing/verify-{product}", () => {
  it("makes a Lunch or Dinner customer Premium without a charge, and never logs the credentials", async () => {
    const logged: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    }
    for (const customer of [lunch, dinner]) {
      const shop = await bootstrapShop("verify");
      const response = await verify(shop, { clientId: customer.clientId, businessId: customer.businessId });
      expect(response.status).toBe(200);
      expect(await plan(shop)).toMatchObject({ plan: "premium", premiumSource: "verification", trustlaneVerified: true });
    }
    const shop = await bootstrapShop("verify");
    expect((await verify(shop, { clientId: breakfast.clientId, businessId: breakfast.businessId })).status).toBe(403);
    expect((await verify(shop, { clientId: lunch.clientId, businessId: "biz_guess" })).status).toBe(403);
    const secrets: string[] = [...SISTER_PRODUCT_CUSTOMERS.flatMap((c) => [c.clientId, c.businessId]), "biz_guess"];
    expect(logged.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });

  it("refuses missing fields with the spec's message, wrong credentials with 'Verification failed', and changes nothing", async () => {
    const shop = await bootstrapShop("verify");
    const missing = await verify(shop, { clientId: lunch.clientId, businessId: "  " });
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).error).toBe("Please enter both Client ID and Business ID");
    const wrong = await verify(shop, { clientId: "cl_nobody", businessId: "biz_nobody" });
    expect(wrong.status).toBe(403);
    expect((await jsonOf(wrong)).error).toBe("Verification failed");
    expect(await plan(shop)).toMatchObject({ plan: "free", trustlaneVerified: false });
    expect(await prisma.sisterVerification.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("exists only under the configured product's slug", async () => {
    const shop = await bootstrapShop("verify");
    expect((await verify(shop, { clientId: lunch.clientId, businessId: lunch.businessId }, "someoneelse")).status).toBe(404);
    expect(await plan(shop)).toMatchObject({ plan: "free" });
    expect(sisterProduct(readServerEnv({ SISTER_PRODUCT_NAME: "Revue", SISTER_PRODUCT_SLUG: "Revue" }))).toEqual({ name: "Revue", slug: "revue" });
    expect(sisterProduct(readServerEnv({})).slug).toBe("trustlane");
    // A slug that could leave its path stops the app at start, naming the variable.
    expect(() => readServerEnv({ SISTER_PRODUCT_SLUG: "../x" })).toThrow(/SISTER_PRODUCT_SLUG/);
  });
});

describe("POST /api/billing/verify-{product}: one store per pair, throttled (issue 11)", () => {
  const sisterApi = () => `${inject("localShopifyUrl")}/sister-product`;

  it("a pair that already unlocked Premium on another store is refused with a clear message; that store stays Free", async () => {
    const customer = await registerSisterCustomer(sisterApi(), "dinner");
    const credentials = { clientId: customer.clientId, businessId: customer.businessId };
    const [first, second] = [await bootstrapShop("bound-a"), await bootstrapShop("bound-b")];
    expect((await verify(first, credentials)).status).toBe(200);

    const refused = await verify(second, credentials);
    expect(refused.status).toBe(409);
    const body = await jsonOf<Record<string, unknown>>(refused);
    expect(body.error).toBe(
      "These Trustlane credentials already unlock Premium on another store. Each Trustlane account unlocks Premium on one store only; contact support to move it.",
    );
    expect(JSON.stringify(body)).not.toContain(customer.clientId);
    expect(JSON.stringify(body)).not.toContain(customer.businessId);
    expect(await plan(second)).toMatchObject({ plan: "free", trustlaneVerified: false });
    // The first store verifying again still works.
    expect((await verify(first, credentials)).status).toBe(200);
    expect(await plan(first)).toMatchObject({ plan: "premium", trustlaneVerified: true });
  });

  it("the 6th wrong guess within 15 minutes answers 429 with Retry-After, without asking the sister product", async () => {
    const logged: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    }
    const shop = await bootstrapShop("throttle");
    const guess = (n: number) => ({ clientId: `cl_guess_${shop.id}_${n}`, businessId: `biz_guess_${n}` });
    for (let n = 1; n <= 5; n++) {
      const wrong = await verify(shop, guess(n));
      expect(wrong.status).toBe(403);
      expect((await jsonOf(wrong)).error).toBe("Verification failed");
    }

    const throttled = await verify(shop, guess(6));
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = await jsonOf<Record<string, unknown>>(throttled);
    expect(body.error).toBe("Too many verification attempts. Please try again in 15 minutes.");
    expect(await sisterCallCount(sisterApi(), guess(6).clientId)).toBe(0);
    expect(await sisterCallCount(sisterApi(), guess(5).clientId)).toBe(1);
    expect(await plan(shop)).toMatchObject({ plan: "free" });

    const secrets = Array.from({ length: 6 }, (_, i) => Object.values(guess(i + 1))).flat();
    expect(logged.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
    expect(secrets.filter((secret) => JSON.stringify(body).includes(secret))).toEqual([]);
  });
});

describe("Shopify Billing", () => {
  it("bills Premium at the price and interval the Plan page states, both from the plan constants", () => {
    const lineItem = only(BILLING_PLANS[PREMIUM_PLAN.name].lineItems, "Premium's line item");
    expect(lineItem).toEqual({ amount: PREMIUM_PLAN.priceUsd, currencyCode: "USD", interval: BillingInterval.Every30Days });
    expect(PREMIUM_PLAN.intervalDays).toBe(30);
    expect(PLAN_TEXT.premiumPrice).toBe(`$${lineItem.amount}`);
    expect(PLAN_TEXT.faq[1]?.answer).toContain(`Premium costs $${lineItem.amount} every ${PREMIUM_PLAN.intervalDays} days`);
  });

  it("upgrade answers Shopify's confirmation URL for a $5.99 test charge", async () => {
    const shop = await bootstrapShop("upgrade");
    const response = await callRoute(upgradeRoute, await apiRequest(shop.domain, `/api/billing/upgrade?shop=${shop.domain}`, { body: {} }));
    expect(response.status).toBe(200);
    const { confirmationUrl } = await jsonOf<{ confirmationUrl: string }>(response);
    expect(confirmationUrl).toMatch(new RegExp(`^https://${shop.domain.replace(/\./g, "\\.")}/admin/charges/.+/confirm_recurring_application_charge`));
  });

  it("confirm never trusts a charge_id Shopify does not list as active", async () => {
    const shop = await bootstrapShop("confirm");
    const response = await callRoute(confirmRoute, await apiRequest(shop.domain, "/api/billing/confirm", { body: { charge_id: "123456", shop: shop.domain } }));
    expect(response.status).toBe(402);
    expect(await plan(shop)).toMatchObject({ plan: "free" });
    const bad = await callRoute(
      confirmRoute,
      await apiRequest(shop.domain, "/api/billing/confirm", { body: { charge_id: "1; DROP TABLE", shop: shop.domain } }),
    );
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/billing/downgrade (issue 15)", () => {
  const downgrade = async (shop: TestShop) => callRoute(downgradeRoute, await apiRequest(shop.domain, "/api/billing/downgrade", { body: {} }));

  it("refuses Premium from the sister product's verification (no Shopify charge) and keeps it", async () => {
    const shop = await bootstrapShop("downgrade-verified");
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "verification" } });
    const response = await downgrade(shop);
    expect(response.status).toBe(409);
    expect(await jsonOf(response)).toEqual({ error: PLAN_TEXT.downgradeWithoutCharge });
    // Read from the row: a plan read would end this verification-less Premium (no verification row in this test).
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("premium");
  });

  it("changes nothing for a shop already on Free", async () => {
    const shop = await bootstrapShop("downgrade-free");
    await seedVideos(shop.id, [{ enabled: true }]);
    const response = await downgrade(shop);
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ success: true, plan: "free", unpublished: 0 });
    expect(await plan(shop)).toMatchObject({ plan: "free", approvedCount: 1 });
  });
});
