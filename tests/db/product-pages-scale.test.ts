// Product pages at store scale (decision 079) on whichever database
// DATABASE_URL names (test-both runs SQLite, then PostgreSQL): a store whose
// tagged videos show thousands of products publishes every product's entry,
// its reads kept under the database's limit on one query's parameters (the
// first run of bench:publish-products stopped on SQLite's). Shopify is a
// recording stand-in here; what it answers is Local Shopify's business
// (tests/api/product-pages.test.ts).
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { publishProductPages } from "../../app/models/product-pages.server";
import type { AdminGraphql } from "../../app/shopify/admin-gateway.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const PRODUCTS = 1_500;

/** A Shopify that takes every metafieldsSet and metafieldsDelete, and records how many values each carried. */
function recordingShopify() {
  const written: string[] = [];
  const graphql = (async (document: string, options?: { variables?: { metafields?: Array<{ key: string }> } }) => {
    const metafields = options?.variables?.metafields ?? [];
    if (document.includes("metafieldsSet(")) {
      written.push(...metafields.map((metafield) => metafield.key));
      return Response.json({ data: { metafieldsSet: { metafields: [], userErrors: [] } } });
    }
    if (document.includes("metafieldsDelete(")) return Response.json({ data: { metafieldsDelete: { deletedMetafields: [], userErrors: [] } } });
    throw new Error(`unexpected Admin call: ${document.slice(0, 80)}`);
  }) as unknown as AdminGraphql;
  return { graphql, written };
}

describe("product pages of a store with thousands of tagged products", () => {
  it("writes every product's entry once, then nothing while nothing changed", async () => {
    const shop = await createShop("pdp-scale");
    const widget = await createWidget(shop.id, 1, { sourceType: "product" });
    const videos: Array<{ id: string }> = [];
    for (let i = 0; i < 30; i++) videos.push(await createVideo(shop.id, { enabled: true, approvedAt: new Date(Date.now() - i * 1000), title: `Haul ${i}` }));
    await prisma.widgetVideo.createMany({ data: videos.map((video, position) => ({ shopId: shop.id, widgetId: widget.id, videoId: video.id, position })) });
    const productIds = Array.from({ length: PRODUCTS }, (_, i) => `gid://shopify/Product/${9_100_000 + i}`);
    await prisma.productTag.createMany({
      data: productIds.map((productId, i) => ({ shopId: shop.id, videoId: videos[i % videos.length]!.id, productId, productTitle: `Product ${i}` })),
    });
    // What Shopify said of them is cached and the catalogue has seen no change since: no product is read again.
    const changed = new Date(Date.now() - 60_000);
    await prisma.catalogueProduct.createMany({
      data: productIds.map((productId, i) => ({
        shopId: shop.id,
        productId,
        title: `Product ${i}`,
        handle: `product-${i}`,
        shopifyUpdatedAt: changed,
        revision: 1,
      })),
    });
    await prisma.storefrontProductCache.createMany({
      data: productIds.map((productId, i) => ({
        shopId: shop.id,
        productId,
        details: JSON.stringify({ id: productId, handle: `product-${i}`, title: `Product ${i}`, price: "10.00", image: null, variantId: i + 1 }),
        productUpdatedAt: changed,
      })),
    });
    const installation = "gid://shopify/AppInstallation/1";

    const first = recordingShopify();
    const outcome = await publishProductPages(shop.id, first.graphql, installation);
    expect(outcome).toEqual({ written: PRODUCTS, removed: 0, unchanged: 0, remaining: 0 });
    expect(new Set(first.written).size).toBe(PRODUCTS);
    expect(await prisma.productPublication.count({ where: { shopId: shop.id } })).toBe(PRODUCTS);

    const again = recordingShopify();
    expect(await publishProductPages(shop.id, again.graphql, installation)).toEqual({ written: 0, removed: 0, unchanged: PRODUCTS, remaining: 0 });
    expect(again.written).toEqual([]);
    // 1,500 products in 60 rounds of reads and writes: 11 s in npm test beside the unit tests, over 20 s with
    // another process keeping both cores busy; what is tested is that it finishes right, not how fast (bench/).
  }, 90_000);
});
