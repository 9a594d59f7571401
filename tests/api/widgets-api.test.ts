import { describe, expect, it, inject } from "vitest";
import { prisma } from "~/db.server";
import { SHOPPER_COUNTING } from "~/constants";
import type { WidgetDto } from "~/rules/api-types";
import { themeEditorUrl } from "~/rules/widget-rules";
import { storefrontPublishSettled } from "~/models/storefront-publishing.server";
import { flushStorefrontEvents } from "~/models/storefront-events-queue.server";
import { action as createWidgetRoute } from "~/routes/api.widgets._index";
import { loader as listWidgetsRoute, action as deleteWidgetRoute } from "~/routes/api.widgets.$id";
import { action as markInstalledRoute } from "~/routes/api.widgets.$id.mark-installed";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { action as addTagRoute } from "~/routes/api.videos.$videoId.tags";
import { action as eventsRoute } from "~/routes/proxy.events";
import type { StorefrontWidget, StorefrontWidgetIndex } from "~/storefront/widget-data";
import { VARIANT_PICKER_PRODUCT_HANDLE, demoCatalogue } from "../emulators/shopify/catalogue";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { proxiedUrl, signProxyQuery } from "../emulators/shopify/app-proxy";
import { apiRequest, callRoute, DESKTOP_USER_AGENT, localShopify } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, type TestShop } from "../support/library-fixtures";
import { must } from "../support/must";
import { expectConsoleWarn } from "../support/console-guard";

async function createWidget(shop: TestShop, body: Record<string, unknown>) {
  return callRoute(createWidgetRoute, await apiRequest(shop.domain, "/api/widgets", { body: { shopId: shop.id, sourceType: "all", language: "en", ...body } }));
}

async function created(shop: TestShop, body: Record<string, unknown>): Promise<WidgetDto> {
  const response = await createWidget(shop, body);
  expect(response.status).toBe(201);
  return (await jsonOf<{ widget: WidgetDto }>(response)).widget;
}

async function listWidgets(shop: TestShop): Promise<WidgetDto[]> {
  const response = await callRoute(listWidgetsRoute, await apiRequest(shop.domain, `/api/widgets/${shop.id}`), { id: shop.id });
  expect(response.status).toBe(200);
  return (await jsonOf<{ widgets: WidgetDto[] }>(response)).widgets;
}

describe("POST /api/widgets: the creation rules of spec 5", () => {
  it("applies the defaults: name '<layout title> Widget', homepage, priority 1, light, auto-scroll on, header off, right", async () => {
    const shop = await bootstrapShop("widgets");
    const widget = await created(shop, { layoutType: "carousel", pageContexts: ["homepage"] });
    expect(widget).toMatchObject({
      name: "Carousel Widget",
      layout_type: "carousel",
      page_contexts: ["homepage"],
      priority: 1,
      display_number: 1,
      installed_at: null,
      settings: { theme: "light", autoScroll: true, showHeader: false, alignment: "right", playPreviews: true, showCaptions: true },
    });
    expect((await created(shop, { layoutType: "single", pageContexts: ["product"] })).name).toBe("Single Video Widget");
    expect((await created(shop, { layoutType: "sticky", pageContexts: ["cart"], name: "  " })).name).toBe("Sticky Widget");
    expect((await listWidgets(shop)).map((w) => `#${w.display_number} ${w.name}`)).toEqual([
      "#1 Carousel Widget",
      "#2 Single Video Widget",
      "#3 Sticky Widget",
    ]);
  });

  it("refuses a widget without a page, with the spec's message, and creates nothing", async () => {
    const shop = await bootstrapShop("widgets");
    const response = await createWidget(shop, { layoutType: "grid", pageContexts: [] });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({ error: "Please select at least one page where the widget should appear." });
    expect(await prisma.widget.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("keeps all_pages alone, and stores only the settings the layout uses", async () => {
    const shop = await bootstrapShop("widgets");
    const everywhere = await created(shop, {
      layoutType: "grid",
      pageContexts: ["product", "all_pages"],
      priority: 3,
      settings: { theme: "dark", autoScroll: false, showHeader: true, alignment: "left", playPreviews: false, showCaptions: false },
    });
    expect(everywhere.page_contexts).toEqual(["all_pages"]);
    // Grid: theme and header apply; auto-scroll (carousel) and alignment (sticky) keep their defaults.
    // Every layout plays previews, with captions, unless told not to.
    expect(everywhere.settings).toEqual({ theme: "dark", autoScroll: true, showHeader: true, alignment: "right", playPreviews: false, showCaptions: false });
    expect(everywhere.priority).toBe(3);

    const sticky = await created(shop, { layoutType: "sticky", pageContexts: ["homepage"], settings: { theme: "dark", alignment: "left", showHeader: true } });
    expect(sticky.settings).toEqual({ theme: "light", autoScroll: true, showHeader: false, alignment: "left", playPreviews: true, showCaptions: true });
  });

  it("creates a Stories widget (decision 043): its own default name; theme and header kept, auto-scroll, previews and alignment not", async () => {
    const shop = await bootstrapShop("widgets");
    const stories = await created(shop, {
      layoutType: "stories",
      pageContexts: ["product"],
      priority: 2,
      settings: { theme: "dark", autoScroll: false, showHeader: true, alignment: "left", playPreviews: false, showCaptions: false },
    });
    expect(stories).toMatchObject({ name: "Stories Widget", layout_type: "stories", page_contexts: ["product"], priority: 2 });
    expect(stories.settings).toEqual({ theme: "dark", autoScroll: true, showHeader: true, alignment: "right", playPreviews: true, showCaptions: true });
    expect((await listWidgets(shop)).map((widget) => widget.layout_type)).toEqual(["stories"]);
  });

  it("refuses a priority outside 1-5, an unknown layout and an unknown page, changing nothing", async () => {
    const shop = await bootstrapShop("widgets");
    for (const body of [
      { layoutType: "carousel", pageContexts: ["homepage"], priority: 6 },
      { layoutType: "slideshow", pageContexts: ["homepage"] },
      { layoutType: "Stories", pageContexts: ["homepage"] },
      { layoutType: "grid", pageContexts: ["blog"] },
    ]) {
      expect((await createWidget(shop, body)).status).toBe(400);
    }
    expect(await prisma.widget.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("numbers widgets created at once without a gap or a repeat", async () => {
    const shop = await bootstrapShop("widgets");
    const widgets = await Promise.all(Array.from({ length: 6 }, () => created(shop, { layoutType: "carousel", pageContexts: ["homepage"] })));
    expect(widgets.map((widget) => widget.display_number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("installing and deleting widgets", () => {
  it("Got it marks the widget installed and the shop first-active; another shop's widget is not found", async () => {
    const shop = await bootstrapShop("widgets");
    const other = await bootstrapShop("widgets");
    const widget = await created(shop, { layoutType: "grid", pageContexts: ["collection"] });

    const foreign = await callRoute(markInstalledRoute, await apiRequest(other.domain, `/api/widgets/${widget.id}/mark-installed`, { body: {} }), {
      id: widget.id,
    });
    expect(foreign.status).toBe(404);

    const response = await callRoute(markInstalledRoute, await apiRequest(shop.domain, `/api/widgets/${widget.id}/mark-installed`, { body: {} }), {
      id: widget.id,
    });
    expect(response.status).toBe(200);
    expect((await jsonOf<{ widget: WidgetDto }>(response)).widget.installed_at).not.toBeNull();
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).firstActiveAt).not.toBeNull();
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: other.id } })).firstActiveAt).toBeNull();
  });

  it("DELETE removes the widget and its assignments, never another shop's", async () => {
    const shop = await bootstrapShop("widgets");
    const other = await bootstrapShop("widgets");
    const widget = await created(shop, { layoutType: "carousel", pageContexts: ["homepage"] });
    const del = async (as: TestShop) =>
      callRoute(deleteWidgetRoute, await apiRequest(as.domain, `/api/widgets/${widget.id}?shopId=${as.id}`, { method: "DELETE" }), { id: widget.id });
    expect((await del(other)).status).toBe(404);
    expect(await listWidgets(shop)).toHaveLength(1);
    expect((await del(shop)).status).toBe(200);
    expect(await listWidgets(shop)).toEqual([]);
  });
});

describe("theme editor deep links (spec 9)", () => {
  const base = { shopOrigin: "https://demo.myshopify.com", apiKey: "KEY" };
  it("uses the first page's template and adds the layout's block", () => {
    const url = new URL(themeEditorUrl({ ...base, layout: "carousel", pageContexts: ["product", "homepage"], themeType: "json" }));
    expect(url.origin + url.pathname).toBe("https://demo.myshopify.com/admin/themes/current/editor");
    expect(Object.fromEntries(url.searchParams)).toEqual({ template: "product", addAppBlockId: "KEY/carousel", target: "newAppsSection" });
  });
  it.each([
    ["homepage", "index"],
    ["collection", "collection"],
    ["cart", "cart"],
  ] as const)("%s opens the %s template", (context, template) => {
    const url = new URL(themeEditorUrl({ ...base, layout: "grid", pageContexts: [context], themeType: "json" }));
    expect(url.searchParams.get("template")).toBe(template);
    expect(url.searchParams.get("addAppBlockId")).toBe("KEY/grid");
  });
  it("names no template for all pages, activates the sticky embed, and uses the page-widgets embed on vintage themes", () => {
    // All Pages goes in through the page-widgets embed: no app block reaches every page (issue 15 item 11).
    const all = new URL(themeEditorUrl({ ...base, layout: "single", pageContexts: ["all_pages"], themeType: "json" }));
    expect(Object.fromEntries(all.searchParams)).toEqual({ context: "apps", activateAppId: "KEY/page-widgets" });
    const sticky = new URL(themeEditorUrl({ ...base, layout: "sticky", pageContexts: ["cart"], themeType: "json" }));
    expect(Object.fromEntries(sticky.searchParams)).toEqual({ template: "cart", context: "apps", activateAppId: "KEY/sticky" });
    const vintage = new URL(themeEditorUrl({ ...base, layout: "grid", pageContexts: ["collection"], themeType: "liquid" }));
    expect(Object.fromEntries(vintage.searchParams)).toEqual({ template: "collection", context: "apps", activateAppId: "KEY/page-widgets" });
  });
  it("adds Stories as an app block like Carousel and Grid, and shows them through the page-widgets embed on vintage themes", () => {
    const stories = new URL(themeEditorUrl({ ...base, layout: "stories", pageContexts: ["homepage"], themeType: "json" }));
    expect(Object.fromEntries(stories.searchParams)).toEqual({ template: "index", addAppBlockId: "KEY/stories", target: "newAppsSection" });
    const vintage = new URL(themeEditorUrl({ ...base, layout: "stories", pageContexts: ["product"], themeType: "liquid" }));
    expect(Object.fromEntries(vintage.searchParams)).toEqual({ template: "product", context: "apps", activateAppId: "KEY/page-widgets" });
  });
});

// ---------------------------------------------------------------- storefront publishing

interface PublishedMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

async function publishedMetafields(shop: TestShop): Promise<Map<string, unknown>> {
  await storefrontPublishSettled(shop.id);
  const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: PublishedMetafield[] };
  return new Map(state.metafields.filter((m) => m.namespace === "clipcart").map((m) => [m.key, JSON.parse(m.value)]));
}

async function approve(shop: TestShop, videoId: string, widgetIds: string[]) {
  const response = await callRoute(
    toggleRoute,
    await apiRequest(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: true, widgetIds } }),
    { videoId },
  );
  expect(response.status).toBe(200);
}

describe("storefront publishing: the data the theme extension renders", () => {
  it("publishes each widget with its approved videos in order, their tagged products and the index", async () => {
    const shop = await bootstrapShop("publish");
    const carousel = await created(shop, { layoutType: "carousel", pageContexts: ["homepage", "product"], name: "Home reel" });
    const sticky = await created(shop, { layoutType: "sticky", pageContexts: ["all_pages"], settings: { alignment: "left" } });
    const [first, second, draft] = await seedVideos(shop.id, [
      { title: "First approved", storedThumbnailUrl: "https://cdn.shopify.com/s/files/first.jpg", thumbnailUrl: "https://p16.tiktokcdn.com/expiring.jpg" },
      { title: "Second approved" },
      { title: "Still a draft" },
    ]);
    const product = must(demoCatalogue()[0], "a product in the demo catalogue");
    const productId = `gid://shopify/Product/${product.id}`;
    await callRoute(
      addTagRoute,
      await apiRequest(shop.domain, `/api/videos/${first.id}/tags`, { body: { productId, productTitle: product.title, shopId: shop.id } }),
      { videoId: first.id },
    );
    await approve(shop, first.id, [carousel.id]);
    await approve(shop, second.id, []);

    const metafields = await publishedMetafields(shop);
    const home = metafields.get("widget_1") as StorefrontWidget;
    expect(home).toMatchObject({ v: 1, id: carousel.id, number: 1, name: "Home reel", layout: "carousel", pageContexts: ["homepage", "product"], priority: 1 });
    expect(home.videos.map((video) => video.title)).toEqual(["First approved", "Second approved"]);
    expect(home.videos.map((video) => video.id)).not.toContain(draft.id);
    // Our copy only: the platform's signed URL would expire on the storefront.
    const [firstShown, secondShown] = home.videos;
    expect(firstShown?.poster).toBe("https://cdn.shopify.com/s/files/first.jpg");
    expect(secondShown?.poster).toBeNull();
    expect(firstShown?.embedUrl).toBe(`https://www.tiktok.com/player/v1/${first.platformVideoId}`);
    expect(firstShown?.products).toEqual([
      expect.objectContaining({ id: productId, handle: product.handle, title: product.title, price: expect.stringMatching(/^\d+\.\d{2}$/) }),
    ]);
    expect(firstShown?.products[0]?.variantId).toEqual(expect.any(Number));
    expect(home.currency).toMatch(/^[A-Z]{3}$/);

    const stickyData = metafields.get("widget_2") as StorefrontWidget;
    expect(stickyData.videos.map((video) => video.title)).toEqual(["Second approved"]);
    expect(stickyData.settings.alignment).toBe("left");

    const index = metafields.get("widgets") as StorefrontWidgetIndex;
    expect(index.widgets.map((widget) => [widget.number, widget.layout, widget.pageContexts])).toEqual([
      [1, "carousel", ["homepage", "product"]],
      [2, "sticky", ["all_pages"]],
    ]);
    expect(sticky.id).toBe(index.widgets[1]?.id);
  });

  it("publishes the tagged products' options and variants as Local Shopify answers them, within Shopify's query cost cap", async () => {
    const shop = await bootstrapShop("publish");
    const stories = await created(shop, { layoutType: "stories", pageContexts: ["homepage"] });
    const [video] = await seedVideos(shop.id, [{ title: "Hoodie try-on" }]);
    const catalogue = demoCatalogue();
    const hoodie = must(
      catalogue.find((product) => product.handle === VARIANT_PICKER_PRODUCT_HANDLE),
      "the variant picker's product",
    );
    const shirt = must(catalogue[1], "a demo product with two sizes");
    const candle = must(
      catalogue.find((product) => product.variants.length === 1 && product.variants[0]?.title === "Default Title"),
      "a demo product with only its default variant",
    );
    for (const product of [hoodie, shirt, candle]) {
      await callRoute(
        addTagRoute,
        await apiRequest(shop.domain, `/api/videos/${video!.id}/tags`, {
          body: { productId: `gid://shopify/Product/${product.id}`, productTitle: product.title, shopId: shop.id },
        }),
        { videoId: video!.id },
      );
    }
    await localShopify(`/shops/${shop.domain}/api-calls?clear=1`);
    await approve(shop, video!.id, [stories.id]);

    const published = (await publishedMetafields(shop)).get("widget_1") as StorefrontWidget;
    expect(published.layout).toBe("stories");
    const [hoodieShown, shirtShown, candleShown] = must(published.videos[0], "the approved video").products;
    const variantId = (size: string, color: string) =>
      must(
        hoodie.variants.find((v) => v.title === `${size} / ${color}`),
        `${size} / ${color}`,
      ).id;
    expect(hoodieShown).toMatchObject({
      handle: VARIANT_PICKER_PRODUCT_HANDLE,
      price: "64.00",
      variantId: variantId("S", "Black"),
      options: ["Size", "Color"],
    });
    expect(hoodieShown).not.toHaveProperty("compareAtPrice"); // S / Black is not on sale
    expect(hoodieShown?.variants).toHaveLength(6);
    expect(hoodieShown?.variants).toContainEqual({ id: variantId("M", "Sand"), values: ["M", "Sand"], price: "64.00", compareAtPrice: null, available: false });
    expect(hoodieShown?.variants).toContainEqual({
      id: variantId("L", "Black"),
      values: ["L", "Black"],
      price: "54.00",
      compareAtPrice: "64.00",
      available: true,
    });
    expect(shirtShown).toMatchObject({ options: ["Size"], variants: [{ values: ["S"] }, { values: ["M"] }] });
    expect(candleShown).not.toHaveProperty("options");
    expect(candleShown).not.toHaveProperty("variants");

    const { calls } = (await localShopify(`/shops/${shop.domain}/api-calls`)) as { calls: Array<{ operation: string | null; cost: number }> };
    const productReads = calls.filter((call) => call.operation === "ClipcartStorefrontProducts");
    expect(productReads.length).toBeGreaterThan(0);
    // Three products at 55 points each; a full call (16 products) costs 880.
    for (const call of productReads) expect(call.cost).toBe(3 * 55);
  });

  it("coalesces a burst of changes into one write, and removes a deleted widget's data", async () => {
    const shop = await bootstrapShop("publish");
    const widget = await created(shop, { layoutType: "grid", pageContexts: ["collection"] });
    const extra = await created(shop, { layoutType: "single", pageContexts: ["product"] });
    await publishedMetafields(shop);
    const before = await prisma.video.count({ where: { shopId: shop.id } });
    const videos = await seedVideos(
      shop.id,
      Array.from({ length: 5 }, (_, i) => ({ title: `Burst ${i}` })),
    );
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(before + 5);

    const writesBefore = await metafieldWrites(shop);
    await Promise.all(videos.map((video) => approve(shop, video.id, [widget.id])));
    const metafields = await publishedMetafields(shop);
    expect((metafields.get("widget_1") as StorefrontWidget).videos).toHaveLength(5);
    // One publish for the burst, not one per approval.
    expect((await metafieldWrites(shop)) - writesBefore).toBe(1);

    await callRoute(deleteWidgetRoute, await apiRequest(shop.domain, `/api/widgets/${extra.id}?shopId=${shop.id}`, { method: "DELETE" }), { id: extra.id });
    const after = await publishedMetafields(shop);
    expect([...after.keys()].sort()).toEqual(["widget_1", "widgets"]);
  });
});

/** How many times Local Shopify's metafieldsSet wrote the shop's index metafield (once per publish). */
async function metafieldWrites(shop: TestShop): Promise<number> {
  const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: Array<PublishedMetafield & { writes: number }> };
  return state.metafields.find((m) => m.namespace === "clipcart" && m.key === "widgets")?.writes ?? 0;
}

// ---------------------------------------------------------------- beacons

describe("POST /apps/clipcart/events: storefront beacons through the app proxy", () => {
  const config = () => ({ ...readLocalShopifyConfig(), appUrl: inject("appUrl") });
  const beacon = (url: URL, body: unknown) =>
    new Request(url, { method: "POST", headers: { "User-Agent": DESKTOP_USER_AGENT, "Content-Type": "text/plain;charset=UTF-8" }, body: JSON.stringify(body) });

  it("stores the shop's events with video, widget and platform, counts video clicks, and drops foreign ids", async () => {
    const shop = await bootstrapShop("beacon");
    const other = await bootstrapShop("beacon");
    const widget = await created(shop, { layoutType: "carousel", pageContexts: ["homepage"] });
    const [video] = await seedVideos(shop.id, [{ title: "Clicked", platform: "instagram", platformVideoId: "Cbeacon1", enabled: true }]);
    const [foreign] = await seedVideos(other.id, [{ title: "Not yours" }]);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id } });

    const url = proxiedUrl(config(), shop.domain, "/events", new URLSearchParams());
    const response = await callRoute(
      eventsRoute,
      beacon(url, {
        session: "s-123",
        events: [
          { type: "video_click", videoId: video.id, widgetId: widget.id },
          { type: "video_click", videoId: video.id, widgetId: widget.id },
          { type: "product_click", videoId: video.id, widgetId: widget.id, productId: "gid://shopify/Product/42" },
          { type: "add_to_cart", videoId: video.id, widgetId: "unknown-widget", productId: "42" },
          { type: "video_click", videoId: foreign.id, widgetId: widget.id },
        ],
      }),
    );
    expect(response.status).toBe(204);
    await flushStorefrontEvents();
    const events = await prisma.analyticsEvent.findMany({ where: { shopId: shop.id }, orderBy: { type: "asc" } });
    // The page view opened the video once (a repeat in one beacon counts once), and the add to cart named no widget of ours (decision 060).
    expect(events.map((event) => [event.type, event.platform, event.widgetId, event.productId])).toEqual([
      ["product_click", "instagram", widget.id, "gid://shopify/Product/42"],
      ["video_click", "instagram", widget.id, null],
    ]);
    expect(events.every((event) => event.videoId === video.id && event.sessionKey === "s-123")).toBe(true);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).clicks).toBe(1);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: foreign.id } })).clicks).toBe(0);
    expect(await prisma.analyticsEvent.count({ where: { shopId: other.id } })).toBe(0);
  });

  it("cuts off an address that sends faster than shoppers can, read as Shopify's app proxy forwards it; another address still counts (decision 060)", async () => {
    const shop = await bootstrapShop("beacon");
    const widget = await created(shop, { layoutType: "carousel", pageContexts: ["homepage"] });
    const [video] = await seedVideos(shop.id, [{ title: "Flooded", enabled: true }]);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id } });
    // The click last: a beacon let in only in part (the rate refilling as the test runs) counts no click.
    const events = [
      ...Array.from({ length: 49 }, () => ({ type: "impression", videoId: video.id, widgetId: widget.id })),
      { type: "video_click", videoId: video.id, widgetId: widget.id },
    ];
    const send = async (session: string, forwardedFor: string) => {
      const request = beacon(proxiedUrl(config(), shop.domain, "/events", new URLSearchParams()), { session, events });
      request.headers.set("X-Forwarded-For", forwardedFor);
      expect((await callRoute(eventsRoute, request)).status).toBe(204);
    };
    expectConsoleWarn(/over a shopper's rate: dropped .*beacon-/);
    // A new session key with every beacon, all from one address: 24 beacons (1,200 events) a minute, then nothing.
    for (let sent = 0; sent < 30; sent++) await send(`rotating-${sent}`, "203.0.113.77");
    // What the shopper's own request claimed comes first; Shopify's entry, the last, is the address.
    await send("claims-another-address", "198.51.100.1, 203.0.113.77");
    await send("next-door", "203.0.113.78");
    await flushStorefrontEvents();
    const clicks = await prisma.analyticsEvent.findMany({ where: { shopId: shop.id }, select: { sessionKey: true } });
    const rotating = clicks.filter((click) => click.sessionKey?.startsWith("rotating-")).length;
    const perMinute = SHOPPER_COUNTING.sourceEventsPerMinute / events.length;
    // A minute's worth (plus at most a beacon's worth refilled while the test sent them).
    expect(rotating).toBeGreaterThanOrEqual(perMinute);
    expect(rotating).toBeLessThanOrEqual(perMinute + 1);
    expect(clicks.filter((click) => !click.sessionKey?.startsWith("rotating-")).map((click) => click.sessionKey)).toEqual(["next-door"]);
  });

  it("refuses a missing, forged, foreign or stale signature with 401 and stores nothing", async () => {
    const shop = await bootstrapShop("beacon");
    const widget = await created(shop, { layoutType: "carousel", pageContexts: ["homepage"] });
    const [video] = await seedVideos(shop.id, [{ title: "Clicked", enabled: true }]);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id } });
    const body = { session: "s", events: [{ type: "video_click", videoId: video.id, widgetId: widget.id }] };
    const signed = proxiedUrl(config(), shop.domain, "/events", new URLSearchParams());

    const forged = new URL(signed);
    forged.searchParams.set("timestamp", String(Number(forged.searchParams.get("timestamp")) + 1));
    const unsigned = new URL(signed);
    unsigned.searchParams.delete("signature");
    // Signed correctly, but by another app's secret, or an hour ago (a replayed beacon).
    const resign = (secret: string, secondsAgo: number) => {
      const url = new URL(signed);
      url.searchParams.delete("signature");
      url.searchParams.set("timestamp", String(Math.floor(Date.now() / 1000) - secondsAgo));
      url.searchParams.set("signature", signProxyQuery(url.searchParams, secret));
      return url;
    };
    const otherApp = resign("another-apps-secret", 0);
    const stale = resign(config().apiSecret, 3600);
    expect((await callRoute(eventsRoute, beacon(resign(config().apiSecret, 0), body))).status).toBe(204);
    await flushStorefrontEvents();
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(1);
    for (const url of [forged, unsigned, otherApp, stale]) expect((await callRoute(eventsRoute, beacon(url, body))).status).toBe(401);
    await flushStorefrontEvents();
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(1);

    // A signed batch that is not a batch is refused too.
    expect((await callRoute(eventsRoute, beacon(signed, { events: "nope" }))).status).toBe(400);
    await flushStorefrontEvents();
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(1);
  });
});
