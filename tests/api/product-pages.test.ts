/**
 * Product pages' storefront data (issue 27 items 1-2, decision 079), through
 * the app's routes and Local Shopify: each tagged product's entry holds its
 * approved videos and, per "Videos tagged with this product" widget, which of
 * them in the widget's order; a change rewrites only the products it touches;
 * a product with nothing left loses its entry; a failure is recorded for the
 * Widgets page and cleared by the next publish that goes through.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { prisma } from "~/db.server";
import type { WidgetDto } from "~/rules/api-types";
import { publishStorefront } from "~/models/storefront.server";
import { configureStorefrontPublishing, resetStorefrontPublishing, storefrontPublishSettled } from "~/models/storefront-publishing.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";
import { action as createWidgetRoute } from "~/routes/api.widgets._index";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { action as addTagRoute } from "~/routes/api.videos.$videoId.tags";
import { action as removeTagRoute } from "~/routes/api.videos.tags.$tagId";
import { action as widgetVideoRoute } from "~/routes/api.widgets.$id.videos.$videoId";
import { markShopReinstalled, markShopUninstalled } from "~/models/lifecycle.server";
import { PRODUCT_METAFIELD_NAMESPACE, productMetafieldKey, type StorefrontProductVideos, type StorefrontWidget } from "~/storefront/widget-data";
import { demoCatalogue } from "../emulators/shopify/catalogue";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { webhookRequest } from "../emulators/shopify/webhooks";
import { action as productsUpdate } from "~/routes/webhooks.products.update";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, type TestShop } from "../support/library-fixtures";
import { must } from "../support/must";

interface StoredMetafield {
  namespace: string;
  key: string;
  value: string;
  writes: number;
}

async function storedMetafields(shop: TestShop): Promise<StoredMetafield[]> {
  await storefrontPublishSettled(shop.id);
  return ((await localShopify(`/shops/${shop.domain}/state`)) as { metafields: StoredMetafield[] }).metafields;
}

async function productEntries(shop: TestShop): Promise<Map<string, StorefrontProductVideos & { writes: number }>> {
  const entries = (await storedMetafields(shop)).filter((metafield) => metafield.namespace === PRODUCT_METAFIELD_NAMESPACE);
  return new Map(entries.map((metafield) => [metafield.key, { ...(JSON.parse(metafield.value) as StorefrontProductVideos), writes: metafield.writes }]));
}

async function created(shop: TestShop, body: Record<string, unknown>): Promise<WidgetDto> {
  const response = await callRoute(createWidgetRoute, await apiRequest(shop.domain, "/api/widgets", { body: { shopId: shop.id, ...body } }));
  expect(response.status).toBe(201);
  return (await jsonOf<{ widget: WidgetDto }>(response)).widget;
}

async function tag(shop: TestShop, videoId: string, product: { id: number; title: string }): Promise<string> {
  const body = { productId: `gid://shopify/Product/${product.id}`, productTitle: product.title, shopId: shop.id };
  const response = await callRoute(addTagRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/tags`, { body }), { videoId });
  expect(response.status).toBeLessThan(300);
  return (await jsonOf<{ tag: { id: string } }>(response)).tag.id;
}

async function untag(shop: TestShop, tagId: string) {
  const response = await callRoute(removeTagRoute, await apiRequest(shop.domain, `/api/videos/tags/${tagId}?shopId=${shop.id}`, { method: "DELETE" }), {
    tagId,
  });
  expect(response.status).toBeLessThan(300);
}

async function approve(shop: TestShop, videoId: string, widgetIds: string[]) {
  const request = await apiRequest(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: true, widgetIds } });
  expect((await callRoute(toggleRoute, request, { videoId })).status).toBe(200);
}

const key = (product: { id: number }) => productMetafieldKey(`gid://shopify/Product/${product.id}`);
const idsOf = (entry: StorefrontProductVideos | undefined) => entry?.videos.map((video) => video.title) ?? null;
const widgetTitles = (entry: StorefrontProductVideos | undefined, number: number) =>
  entry?.widgets[String(number)]?.map((position) => must(entry.videos[position], "a listed position").title) ?? [];

describe("product pages: each tagged product's own videos (decision 079)", () => {
  const [shirt, hoodie, candle] = demoCatalogue();

  it("publishes each product's approved videos, and per product-sourced widget its videos in the widget's order", async () => {
    const shop = await bootstrapShop("pdp");
    const perProduct = await created(shop, { layoutType: "carousel", pageContexts: ["product"], sourceType: "product", name: "On product pages" });
    const everywhere = await created(shop, { layoutType: "grid", pageContexts: ["homepage"] });
    expect(perProduct).toMatchObject({ source_type: "product", product_fallback: false });
    expect(everywhere).toMatchObject({ source_type: "all", product_fallback: false });
    const [beach, fold, hat, draft] = await seedVideos(shop.id, [
      { title: "Shirt at the beach" },
      { title: "Folding the shirt" },
      { title: "Hoodie and shirt" },
      { title: "Draft" },
    ]);
    await tag(shop, beach.id, must(shirt, "a product"));
    await tag(shop, fold.id, must(shirt, "a product"));
    await tag(shop, hat.id, must(hoodie, "a product"));
    await tag(shop, hat.id, must(shirt, "a product"));
    await tag(shop, draft.id, must(candle, "a product"));
    await approve(shop, beach.id, [perProduct.id, everywhere.id]);
    await approve(shop, fold.id, [perProduct.id]);
    await approve(shop, hat.id, [everywhere.id]);

    const entries = await productEntries(shop);
    // The candle's only video is a draft: nothing to show, no entry.
    expect([...entries.keys()].sort()).toEqual([key(must(shirt, "")), key(must(hoodie, ""))].sort());
    const shirtEntry = entries.get(key(must(shirt, "")));
    // Newest approval first: the gallery's order.
    expect(idsOf(shirtEntry)).toEqual(["Hoodie and shirt", "Folding the shirt", "Shirt at the beach"]);
    // Widget #1 lists its own videos of this product in its order (approval order: beach, then fold); #2 shows "all".
    expect(widgetTitles(shirtEntry, perProduct.display_number)).toEqual(["Shirt at the beach", "Folding the shirt"]);
    expect(shirtEntry?.widgets).not.toHaveProperty(String(everywhere.display_number));
    // Each video carries its products for the player's card.
    const hatShown = shirtEntry?.videos.find((video) => video.title === "Hoodie and shirt");
    expect(hatShown?.products.map((product) => product.handle).sort()).toEqual([must(shirt, "").handle, must(hoodie, "").handle].sort());
    const hoodieEntry = entries.get(key(must(hoodie, "")));
    expect(idsOf(hoodieEntry)).toEqual(["Hoodie and shirt"]);
    expect(hoodieEntry?.widgets).toEqual({});

    // The widget's data says where its videos come from.
    const widgetData = (await storedMetafields(shop)).find((metafield) => metafield.namespace === "clipcart" && metafield.key === "widget_1");
    expect(JSON.parse(must(widgetData, "widget #1's data").value) as StorefrontWidget).toMatchObject({ source: "product", fallback: false });
  });

  it("a tag change rewrites only the products it touches; reordering the widget rewrites its products; the last untag removes the entry", async () => {
    const shop = await bootstrapShop("pdp");
    const perProduct = await created(shop, { layoutType: "carousel", pageContexts: ["product"], sourceType: "product", productFallback: true });
    expect(perProduct.product_fallback).toBe(true);
    const [one, two, three] = await seedVideos(shop.id, [{ title: "One" }, { title: "Two" }, { title: "Three" }]);
    await tag(shop, one.id, must(shirt, ""));
    await tag(shop, two.id, must(shirt, ""));
    await tag(shop, three.id, must(hoodie, ""));
    for (const video of [one, two, three]) await approve(shop, video.id, [perProduct.id]);
    const before = await productEntries(shop);
    const shirtWrites = must(before.get(key(must(shirt, ""))), "the shirt's entry").writes;
    const hoodieWrites = must(before.get(key(must(hoodie, ""))), "the hoodie's entry").writes;

    await localShopify(`/shops/${shop.domain}/api-calls?clear=1`);
    const candleTag = await tag(shop, three.id, must(candle, ""));
    const afterTag = await productEntries(shop);
    // The hoodie's video now shows the candle too: hoodie and candle are written, the shirt is not.
    expect(afterTag.get(key(must(shirt, "")))?.writes).toBe(shirtWrites);
    expect(afterTag.get(key(must(hoodie, "")))?.writes).toBe(hoodieWrites + 1);
    expect(idsOf(afterTag.get(key(must(candle, ""))))).toEqual(["Three"]);
    // Only the new product was asked of Shopify: the others' details were read before.
    const { calls } = (await localShopify(`/shops/${shop.domain}/api-calls`)) as { calls: Array<{ operation: string | null }> };
    expect(calls.filter((call) => call.operation === "ClipcartStorefrontProducts")).toHaveLength(1);

    // Moving "Two" first in the widget changes the shirt's order only.
    const move = await apiRequest(shop.domain, `/api/widgets/${perProduct.id}/videos/${two.id}`, { method: "PATCH", body: { toIndex: 0 } });
    const moved = await callRoute(widgetVideoRoute, move, { id: perProduct.id, videoId: two.id });
    expect(moved.status).toBeLessThan(300);
    const afterMove = await productEntries(shop);
    expect(widgetTitles(afterMove.get(key(must(shirt, ""))), perProduct.display_number)).toEqual(["Two", "One"]);

    await untag(shop, candleTag);
    const afterUntag = await productEntries(shop);
    expect(afterUntag.has(key(must(candle, "")))).toBe(false);
    expect(await prisma.productPublication.count({ where: { shopId: shop.id } })).toBe(2);
  });

  it("a publish Shopify refuses is recorded for the Widgets page, and the next one that goes through clears it", async () => {
    const shop = await bootstrapShop("pdp");
    const perProduct = await created(shop, { layoutType: "carousel", pageContexts: ["product"], sourceType: "product" });
    const [video] = await seedVideos(shop.id, [{ title: "Refused" }]);
    await tag(shop, video.id, must(shirt, ""));
    await approve(shop, video.id, [perProduct.id]);
    await storedMetafields(shop);
    await tag(shop, video.id, must(hoodie, ""));
    await storefrontPublishSettled(shop.id);

    const real = await offlineAdminGraphql(shop.domain);
    // Shopify's answer when a limit refuses the values (userErrors with a code), for product pages only.
    const refusing = (async (document: string, options?: { variables?: { metafields?: Array<{ namespace?: string }> } }) => {
      if (document.includes("metafieldsSet(") && options?.variables?.metafields?.some((metafield) => metafield.namespace === PRODUCT_METAFIELD_NAMESPACE)) {
        const userErrors = [{ field: ["metafields", "0", "value"], message: "Value is too large.", code: "LESS_THAN_OR_EQUAL_TO" }];
        return new Response(JSON.stringify({ data: { metafieldsSet: { metafields: [], userErrors } } }));
      }
      return real(document, options as never);
    }) as AdminGraphql;
    await prisma.productPublication.updateMany({ where: { shopId: shop.id }, data: { digest: "stale" } });
    await expect(publishStorefront(shop.id, refusing)).rejects.toThrow(/too large/);
    expect(await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).toMatchObject({
      productPublishError: "limit",
      productPublishFailedAt: expect.any(Date),
    });

    await publishStorefront(shop.id, real);
    expect(await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).toMatchObject({ productPublishError: null, productPublishFailedAt: null });
  });

  it("an uninstall forgets what was written (Shopify deletes app-data metafields with the installation), and the reinstall writes it again", async () => {
    const shop = await bootstrapShop("pdp");
    const perProduct = await created(shop, { layoutType: "carousel", pageContexts: ["product"], sourceType: "product" });
    const [video] = await seedVideos(shop.id, [{ title: "Back again" }]);
    await tag(shop, video.id, must(shirt, ""));
    await approve(shop, video.id, [perProduct.id]);
    const writes = must((await productEntries(shop)).get(key(must(shirt, ""))), "the shirt's entry").writes;

    const sessions = await prisma.session.findMany({ where: { shop: shop.domain } });
    await markShopUninstalled(shop.domain, prisma);
    expect(await prisma.productPublication.count({ where: { shopId: shop.id } })).toBe(0);
    // The reinstall's token exchange stores a new offline session, then ends the uninstall mark.
    await prisma.session.createMany({ data: sessions });
    await markShopReinstalled(shop.domain);
    await expect.poll(async () => (await productEntries(shop)).get(key(must(shirt, "")))?.writes, { timeout: 10_000 }).toBe(writes + 1);
    expect(await prisma.productPublication.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("a product renamed on Shopify (products/update) is written again in every entry that shows it", async () => {
    const shop = await bootstrapShop("pdp");
    const perProduct = await created(shop, { layoutType: "carousel", pageContexts: ["product"], sourceType: "product" });
    const [both, only] = await seedVideos(shop.id, [{ title: "Shirt and hoodie" }, { title: "Shirt alone" }]);
    const [shirtProduct, hoodieProduct] = [must(shirt, ""), must(hoodie, "")];
    await tag(shop, both.id, shirtProduct);
    await tag(shop, both.id, hoodieProduct);
    await tag(shop, only.id, shirtProduct);
    for (const video of [both, only]) await approve(shop, video.id, [perProduct.id]);
    await productEntries(shop);

    // The merchant renames the hoodie (Local Shopify's own delivery finds no app here: delivered by hand, signed).
    await localShopify(`/shops/${shop.domain}/products/${hoodieProduct.id}`, { title: "Storm Hoodie" });
    const payload = {
      id: hoodieProduct.id,
      admin_graphql_api_id: `gid://shopify/Product/${hoodieProduct.id}`,
      title: "Storm Hoodie",
      handle: hoodieProduct.handle,
      product_type: "",
      vendor: "",
      tags: "",
      updated_at: new Date(Date.now() + 60_000).toISOString(),
      variants: [{ id: 1, price: "64.00", option1: "S" }],
      options: [{ name: "Size", values: ["S"] }],
    };
    const { url, init } = webhookRequest({ ...readLocalShopifyConfig(), appUrl: inject("appUrl") }, shop.domain, "products/update", payload, randomUUID());
    expect((await callRoute(productsUpdate, new Request(url, init))).status).toBe(200);

    const titlesIn = (entry: StorefrontProductVideos | undefined) => entry?.videos.flatMap((video) => video.products.map((product) => product.title)) ?? [];
    await expect.poll(async () => titlesIn((await productEntries(shop)).get(key(shirtProduct))), { timeout: 10_000 }).toContain("Storm Hoodie");
    expect(titlesIn((await productEntries(shop)).get(key(hoodieProduct)))).toContain("Storm Hoodie");
  });

  it("a large store publishes in slices that each answer in time, each one going on where the last stopped", async () => {
    const shop = await bootstrapShop("pdp");
    const perProduct = await created(shop, { layoutType: "carousel", pageContexts: ["product"], sourceType: "product" });
    // 40 products on 2 videos: more than one call of product reads (16 a call) and more than one round of writes (25).
    const products = demoCatalogue().slice(0, 40);
    const [first, second] = await seedVideos(shop.id, [{ title: "Haul, part one" }, { title: "Haul, part two" }]);
    await prisma.productTag.createMany({
      data: products.map((product, index) => ({
        shopId: shop.id,
        videoId: index % 2 ? second.id : first.id,
        productId: `gid://shopify/Product/${product.id}`,
        productTitle: product.title,
      })),
    });
    // Every publish gets no time at all: each does one call's worth, then asks for the next.
    configureStorefrontPublishing({ publish: (shopId, version) => publishStorefront(shopId, undefined, version, 0) });
    try {
      await approve(shop, first.id, [perProduct.id]);
      await approve(shop, second.id, [perProduct.id]);
      const entries = await productEntries(shop);
      // Paced within Shopify's bucket: slices in quick succession are never throttled.
      const { calls } = (await localShopify(`/shops/${shop.domain}/api-calls`)) as { calls: Array<{ throttled: boolean }> };
      expect(calls.filter((call) => call.throttled)).toEqual([]);
      expect(entries.size).toBe(40);
      expect(widgetTitles(entries.get(key(must(products[1], "")))!, perProduct.display_number)).toEqual(["Haul, part two"]);
      const row = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
      // Two changes, and more publishes than that: the slices.
      expect(row.storefrontPublished).toBe(row.storefrontRequested);
      expect(row.storefrontRequested).toBeGreaterThan(3);
    } finally {
      resetStorefrontPublishing();
    }
  });
});
