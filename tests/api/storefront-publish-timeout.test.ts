import { afterEach, describe, expect, it } from "vitest";
import { publishStorefront } from "~/models/storefront.server";
import { configureStorefrontPublishing, resetStorefrontPublishing, storefrontPublishSettled } from "~/models/storefront-publishing.server";
import { action as createWidgetRoute } from "~/routes/api.widgets._index";
import { unauthenticated } from "~/shopify.server";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";
import type { StorefrontWidgetIndex } from "~/storefront/widget-data";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { bootstrapShop, type TestShop } from "../support/library-fixtures";
import { expectConsoleError } from "../support/console-guard";

afterEach(() => resetStorefrontPublishing());

async function createWidget(shop: TestShop, name: string) {
  const body = { shopId: shop.id, name, layoutType: "carousel", pageContexts: ["homepage"], sourceType: "all", language: "en" };
  const response = await callRoute(createWidgetRoute, await apiRequest(shop.domain, "/api/widgets", { body }));
  expect(response.status).toBe(201);
}

/** The widget names the storefront's index metafield lists, as the theme extension reads them. */
async function publishedWidgetNames(shop: TestShop): Promise<string[]> {
  const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: Array<{ namespace: string; key: string; value: string }> };
  const index = state.metafields.find((m) => m.namespace === "clipcart" && m.key === "widgets");
  return index ? (JSON.parse(index.value) as StorefrontWidgetIndex).widgets.map((widget) => widget.name) : [];
}

describe("storefront publishing when Shopify does not answer", () => {
  it("gives up a publish Shopify never answers, so the shop's later changes still reach the storefront", async () => {
    expectConsoleError(/Publishing the storefront data of shop \S+ failed/);
    const shop = await bootstrapShop("publish-hang");
    const { admin } = await unauthenticated.admin(shop.domain);
    let calls = 0;
    // Shopify accepts the connection and never answers the first call; later calls are answered normally.
    const hangsOnce = ((query, options) => (calls++ === 0 ? new Promise(() => {}) : admin.graphql(query, options))) as AdminGraphql;
    configureStorefrontPublishing({ timeoutMs: 400, publish: (shopId) => publishStorefront(shopId, hangsOnce) });

    await createWidget(shop, "Before the hang");
    await expect.poll(() => calls).toBe(1);
    await createWidget(shop, "During the hang");

    await expect.poll(() => publishedWidgetNames(shop), { timeout: 10_000 }).toEqual(["Before the hang", "During the hang"]);
    await storefrontPublishSettled(shop.id);
  });
});
