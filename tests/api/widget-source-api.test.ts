/**
 * A widget's source in the admin (decision 079): creating a "Videos tagged
 * with this product" widget, the products its Customize preview can show
 * (those with approved videos tagged) and a product's videos there, the
 * Widgets page's word on product pages that could not be updated, and its
 * "Try again". Real session tokens, every answer scoped to the token's shop.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { PREVIEW_PRODUCTS_MAX } from "~/constants";
import type { TaggedProductsDto, WidgetDto } from "~/rules/api-types";
import type { StorefrontVideo } from "~/storefront/widget-data";
import { productPublishFailure } from "~/models/widgets.server";
import { storefrontPublishSettled } from "~/models/storefront-publishing.server";
import { action as createWidgetRoute } from "~/routes/api.widgets._index";
import { loader as previewProductsRoute } from "~/routes/api.widgets.preview-products";
import { loader as previewVideosRoute } from "~/routes/api.widgets.preview-products.videos";
import { action as storefrontPublishRoute } from "~/routes/api.shops.$shopId.storefront-publish";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, type TestShop } from "../support/library-fixtures";

const gid = (n: number) => `gid://shopify/Product/${n}`;

async function tag(shop: TestShop, videoId: string, productId: string, productTitle: string) {
  await prisma.productTag.create({ data: { shopId: shop.id, videoId, productId, productTitle } });
}

async function previewProducts(shop: TestShop, q?: string) {
  const query = new URLSearchParams({ shopId: shop.id, ...(q === undefined ? {} : { q }) });
  return callRoute(previewProductsRoute, await apiRequest(shop.domain, `/api/widgets/preview-products?${query}`));
}

async function previewVideos(shop: TestShop, productId: string) {
  return callRoute(previewVideosRoute, await apiRequest(shop.domain, `/api/widgets/preview-products/videos?${new URLSearchParams({ productId })}`));
}

describe("POST /api/widgets with a source", () => {
  it("creates a widget showing the videos tagged with the page's product, with its fallback; an all-videos widget keeps no fallback", async () => {
    const shop = await bootstrapShop("source");
    const create = async (body: Record<string, unknown>) => {
      const response = await callRoute(
        createWidgetRoute,
        await apiRequest(shop.domain, "/api/widgets", {
          body: { shopId: shop.id, layoutType: "carousel", pageContexts: ["product"], language: "en", ...body },
        }),
      );
      return { status: response.status, widget: (await jsonOf<{ widget?: WidgetDto }>(response)).widget };
    };
    expect((await create({ sourceType: "product", productFallback: true })).widget).toMatchObject({ source_type: "product", product_fallback: true });
    expect((await create({ sourceType: "product" })).widget).toMatchObject({ source_type: "product", product_fallback: false });
    expect((await create({ sourceType: "all", productFallback: true })).widget).toMatchObject({ source_type: "all", product_fallback: false });
    expect((await create({ sourceType: "collection" })).status).toBe(400);
    expect(await prisma.widget.count({ where: { shopId: shop.id } })).toBe(3);
  });
});

describe("GET /api/widgets/preview-products: the products a product widget's preview can show", () => {
  it("lists the products with approved videos tagged, by title, with how many; drafts and other shops' tags do not count", async () => {
    const shop = await bootstrapShop("source");
    const other = await bootstrapShop("source");
    const [shirtA, shirtB, mugVideo, draft] = await seedVideos(shop.id, [
      { title: "Shirt one", enabled: true },
      { title: "Shirt two", enabled: true },
      { title: "Mug", enabled: true },
      { title: "Draft", enabled: false },
    ]);
    const [foreign] = await seedVideos(other.id, [{ title: "Elsewhere", enabled: true }]);
    await tag(shop, shirtA.id, gid(1), "Linen shirt");
    await tag(shop, shirtB.id, gid(1), "Linen shirt");
    await tag(shop, mugVideo.id, gid(2), "espresso mug");
    await tag(shop, draft.id, gid(3), "Only on a draft");
    await prisma.productTag.create({ data: { shopId: other.id, videoId: foreign.id, productId: gid(4), productTitle: "Another shop's lamp" } });

    const response = await previewProducts(shop);
    expect(response.status).toBe(200);
    expect(await jsonOf<TaggedProductsDto>(response)).toEqual({
      products: [
        { id: gid(2), title: "espresso mug", video_count: 1 },
        { id: gid(1), title: "Linen shirt", video_count: 2 },
      ],
      total: 2,
    });
    // Any case, any part of the title.
    expect((await jsonOf<TaggedProductsDto>(await previewProducts(shop, "LINEN"))).products.map((product) => product.title)).toEqual(["Linen shirt"]);
    expect(await jsonOf<TaggedProductsDto>(await previewProducts(shop, "lamp"))).toEqual({ products: [], total: 0 });
    // Another shop's id in the query: not found, as a record of another shop.
    const foreignQuery = await callRoute(previewProductsRoute, await apiRequest(shop.domain, `/api/widgets/preview-products?shopId=${other.id}`));
    expect(foreignQuery.status).toBe(404);
  });

  it("lists at most PREVIEW_PRODUCTS_MAX, saying how many there are; a search finds the others", async () => {
    const shop = await bootstrapShop("source");
    const count = PREVIEW_PRODUCTS_MAX + 3;
    const videos = await seedVideos(
      shop.id,
      Array.from({ length: count }, (_, index) => ({ title: `Clip ${index}`, enabled: true })),
    );
    await prisma.productTag.createMany({
      data: videos.map((video, index) => ({ shopId: shop.id, videoId: video.id, productId: gid(100 + index), productTitle: `Product ${index + 1}` })),
    });
    const page = await jsonOf<TaggedProductsDto>(await previewProducts(shop));
    expect(page.total).toBe(count);
    expect(page.products).toHaveLength(PREVIEW_PRODUCTS_MAX);
    // Numbers in titles in their natural order.
    expect(page.products.slice(0, 3).map((product) => product.title)).toEqual(["Product 1", "Product 2", "Product 3"]);
    expect((await jsonOf<TaggedProductsDto>(await previewProducts(shop, `Product ${count}`))).products.map((product) => product.title)).toEqual([
      `Product ${count}`,
    ]);
  });
});

describe("GET /api/widgets/preview-products/videos: a product's page in the preview", () => {
  it("answers the product's approved videos, newest approval first, as the storefront draws them; never a draft or another product's", async () => {
    const shop = await bootstrapShop("source");
    const other = await bootstrapShop("source");
    const [older, newer, draft, untagged] = await seedVideos(shop.id, [
      { title: "Older", enabled: true, approvedAt: new Date("2026-11-01T00:00:00Z"), storedThumbnailUrl: "https://cdn.shopify.com/s/files/older.jpg" },
      { title: "Newer", enabled: true, approvedAt: new Date("2026-11-02T00:00:00Z") },
      { title: "Draft", enabled: false },
      { title: "Untagged", enabled: true },
    ]);
    for (const video of [older, newer, draft]) await tag(shop, video.id, gid(7), "Linen shirt");
    expect(untagged.id).toBeDefined();

    const response = await previewVideos(shop, gid(7));
    expect(response.status).toBe(200);
    const { videos } = await jsonOf<{ videos: StorefrontVideo[] }>(response);
    expect(videos.map((video) => video.title)).toEqual(["Newer", "Older"]);
    expect(videos[1]).toMatchObject({
      id: older.id,
      platform: "tiktok",
      videoId: older.platformVideoId,
      poster: "https://cdn.shopify.com/s/files/older.jpg",
      embedUrl: `https://www.tiktok.com/player/v1/${older.platformVideoId}`,
      products: [],
    });
    // The same product id in another shop shows nothing of this one.
    expect((await jsonOf<{ videos: StorefrontVideo[] }>(await previewVideos(other, gid(7)))).videos).toEqual([]);
    expect((await previewVideos(shop, "7")).status).toBe(400);
  });
});

describe("product pages that could not be updated (the Widgets page's banner)", () => {
  it("reads the publisher's failure and when it happened; an unknown code reads as Shopify's failure; nothing once cleared", async () => {
    const shop = await bootstrapShop("source");
    expect(await productPublishFailure(shop.id)).toBeNull();
    const failedAt = new Date("2026-11-27T12:00:00Z");
    for (const [stored, failure] of [
      ["denied", "denied"],
      ["limit", "limit"],
      ["api", "api"],
      ["throttled", "api"],
    ] as const) {
      await prisma.shop.update({ where: { id: shop.id }, data: { productPublishError: stored, productPublishFailedAt: failedAt } });
      expect(await productPublishFailure(shop.id)).toEqual({ failure, failed_at: failedAt.toISOString() });
    }
    await prisma.shop.update({ where: { id: shop.id }, data: { productPublishError: null, productPublishFailedAt: null } });
    expect(await productPublishFailure(shop.id)).toBeNull();
  });

  it("POST /api/shops/{shopId}/storefront-publish publishes the shop's storefront data again now; another shop's id is not found", async () => {
    const shop = await bootstrapShop("source");
    const other = await bootstrapShop("source");
    const writes = async () => {
      await storefrontPublishSettled(shop.id);
      const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: Array<{ namespace: string; key: string; writes: number }> };
      return state.metafields.find((metafield) => metafield.namespace === "clipcart" && metafield.key === "widgets")?.writes ?? 0;
    };
    const before = await writes();
    const retry = async (shopId: string) =>
      callRoute(storefrontPublishRoute, await apiRequest(shop.domain, `/api/shops/${shopId}/storefront-publish`, { body: {} }), { shopId });
    const response = await retry(shop.id);
    expect(response.status).toBe(202);
    expect(await jsonOf(response)).toEqual({ scheduled: true });
    expect(await writes()).toBe(before + 1);
    expect((await retry(other.id)).status).toBe(404);
  });
});
