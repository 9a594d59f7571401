import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { action as verifyRoute } from "~/routes/api.billing.$action";
import { action as confirmRoute } from "~/routes/api.billing.confirm";
import { loader as planRoute } from "~/routes/api.billing.plan";
import { action as upgradeRoute } from "~/routes/api.billing.upgrade";
import { sisterProduct } from "~/models/plan.server";
import { SISTER_PRODUCT_CUSTOMERS } from "../sister-product/emulator";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, type TestShop } from "../support/library-fixtures";

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
    expect(sisterProduct({ SISTER_PRODUCT_NAME: "Revue", SISTER_PRODUCT_SLUG: "revue" })).toEqual({ name: "Revue", slug: "revue" });
    expect(sisterProduct({ SISTER_PRODUCT_SLUG: "../x" }).slug).toBe("trustlane");
  });
});

describe("Shopify Billing", () => {
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
    const bad = await callRoute(confirmRoute, await apiRequest(shop.domain, "/api/billing/confirm", { body: { charge_id: "1; DROP TABLE", shop: shop.domain } }));
    expect(bad.status).toBe(400);
  });
});
