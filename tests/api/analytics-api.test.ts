import { randomUUID } from "node:crypto";
import { describe, expect, it, inject } from "vitest";
import { prisma } from "~/db.server";
import type { AnalyticsSummaryDto, VideoAnalyticsDto, WidgetAnalyticsDto } from "~/rules/api-types";
import { flushStorefrontEvents } from "~/models/storefront-events-queue.server";
import { loader as summaryRoute } from "~/routes/api.analytics.$shopId";
import { loader as videosRoute } from "~/routes/api.analytics.$shopId.videos";
import { loader as widgetsRoute } from "~/routes/api.analytics.$shopId.widgets";
import { action as eventsRoute } from "~/routes/proxy.events";
import { action as ordersCreateRoute } from "~/routes/webhooks.orders.create";
import { action as ordersCancelledRoute } from "~/routes/webhooks.orders.cancelled";
import { action as refundsCreateRoute } from "~/routes/webhooks.refunds.create";
import { proxiedUrl } from "../emulators/shopify/app-proxy";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { webhookRequest } from "../emulators/shopify/webhooks";
import { apiRequest, callRoute, DESKTOP_USER_AGENT } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, seedWidgets, type TestShop } from "../support/library-fixtures";
import { must } from "../support/must";
import { expectConsoleWarn } from "../support/console-guard";

const config = () => ({ ...readLocalShopifyConfig(), appUrl: inject("appUrl") });
const DAY = 24 * 60 * 60 * 1000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** One shopper's page view (a browser session each: a session counts each thing once a day, decision 060). */
async function sendBeacon(shop: TestShop, events: Array<Record<string, string | number>>) {
  const url = proxiedUrl(config(), shop.domain, "/events", new URLSearchParams());
  const request = new Request(url, {
    method: "POST",
    headers: { "User-Agent": DESKTOP_USER_AGENT, "Content-Type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ session: `s-${randomUUID()}`, events }),
  });
  expect((await callRoute(eventsRoute, request)).status).toBe(204);
}

/** Approved into the widget: what the storefront shows, and so what its shoppers' events count for (decision 060). */
async function publishIn(shop: TestShop, widgetId: string, ...videoIds: string[]) {
  await prisma.video.updateMany({ where: { shopId: shop.id, id: { in: videoIds } }, data: { enabled: true } });
  await prisma.widgetVideo.createMany({ data: videoIds.map((videoId) => ({ shopId: shop.id, widgetId, videoId })) });
}

async function summaryOf(shop: TestShop) {
  const response = await callRoute(summaryRoute, await apiRequest(shop.domain, `/api/analytics/${shop.id}`), { shopId: shop.id });
  expect(response.status).toBe(200);
  return jsonOf<AnalyticsSummaryDto>(response);
}

async function listOf<T>(route: typeof videosRoute | typeof widgetsRoute, shop: TestShop, kind: "videos" | "widgets", query = "") {
  const response = await callRoute(route as typeof videosRoute, await apiRequest(shop.domain, `/api/analytics/${shop.id}/${kind}${query}`), {
    shopId: shop.id,
  });
  expect(response.status).toBe(200);
  const lists = await jsonOf<Partial<Record<typeof kind, T[]>>>(response);
  return must(lists[kind], `the "${kind}" list`);
}

function orderPayload(
  lines: Array<{ id: number; productId: number; price: string; quantity: number; properties?: Record<string, string>; discount?: string }>,
  orderId = 5_000 + Math.floor(Math.random() * 1e6),
) {
  return {
    id: orderId,
    admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    created_at: new Date().toISOString(),
    currency: "USD",
    line_items: lines.map((line) => ({
      id: line.id,
      admin_graphql_api_id: `gid://shopify/LineItem/${line.id}`,
      product_id: line.productId,
      quantity: line.quantity,
      price: line.price,
      price_set: { shop_money: { amount: line.price, currency_code: "USD" } },
      discount_allocations: line.discount ? [{ amount: line.discount, amount_set: { shop_money: { amount: line.discount, currency_code: "USD" } } }] : [],
      properties: Object.entries(line.properties ?? {}).map(([name, value]) => ({ name, value })),
    })),
  };
}

function signedOrder(shop: TestShop, payload: unknown, webhookId = randomUUID(), topic = "orders/create") {
  const { url, init } = webhookRequest(config(), shop.domain, topic, payload, webhookId);
  return new Request(url, init);
}

type TestOrder = ReturnType<typeof orderPayload>;

/** The order as orders/cancelled carries it: the whole order, now with its cancellation. */
const cancelledPayload = (order: TestOrder) => ({ ...order, cancelled_at: new Date().toISOString(), cancel_reason: "customer" });

/** Shopify's REST refund (refunds/create): each refunded line with its quantity, subtotal and the order's line item. */
function refundPayload(
  order: TestOrder,
  lines: Array<{ lineId: number; quantity: number; subtotal: string }>,
  refundId = 900_000 + Math.floor(Math.random() * 1e6),
) {
  return {
    id: refundId,
    admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
    order_id: order.id,
    created_at: new Date().toISOString(),
    processed_at: new Date().toISOString(),
    restock: true,
    refund_line_items: lines.map((line, index) => {
      const item = must(
        order.line_items.find((candidate) => candidate.id === line.lineId),
        `line ${line.lineId}`,
      );
      return {
        id: refundId * 10 + index,
        line_item_id: line.lineId,
        quantity: line.quantity,
        restock_type: "return",
        subtotal: Number(line.subtotal),
        subtotal_set: { shop_money: { amount: line.subtotal, currency_code: "USD" }, presentment_money: { amount: line.subtotal, currency_code: "USD" } },
        total_tax: 0,
        line_item: item,
      };
    }),
    transactions: [],
    order_adjustments: [],
  };
}

const deliver = async (route: typeof ordersCreateRoute, request: Request) => expect((await callRoute(route, request)).status).toBe(200);
const netOf = async (shop: TestShop) => {
  const summary = await summaryOf(shop);
  return [summary.totalConversions, summary.conversionRevenue];
};

describe("GET /api/analytics/{shopId}: clicks from the storefront's beacons", () => {
  it("counts video and product clicks (not add-to-carts) per platform, per video and per widget", async () => {
    const shop = await bootstrapShop("analytics");
    const [carousel, sticky] = await seedWidgets(shop.id, [{ name: "Home carousel" }, { name: "Cart sticky" }]);
    await prisma.widget.update({ where: { id: sticky.id }, data: { layoutType: "sticky", pageContexts: '["cart"]' } });
    await prisma.widget.update({ where: { id: carousel.id }, data: { sourceType: "product" } });
    const [tiktok, instagram, quiet] = await seedVideos(shop.id, [
      { title: "Linen shirt", platform: "tiktok", enabled: true },
      { title: "Soap", platform: "instagram", platformVideoId: "Canalytics1", enabled: true },
      { title: "Never clicked", platform: "tiktok" },
    ]);
    await publishIn(shop, carousel.id, tiktok.id);
    await publishIn(shop, sticky.id, instagram.id);
    // Two shoppers open the shirt; one of them also views its product and adds it; a third opens the soap.
    await sendBeacon(shop, [
      { type: "video_click", videoId: tiktok.id, widgetId: carousel.id },
      { type: "product_click", videoId: tiktok.id, widgetId: carousel.id, productId: "42" },
      { type: "add_to_cart", videoId: tiktok.id, widgetId: carousel.id, productId: "42" },
    ]);
    await sendBeacon(shop, [{ type: "video_click", videoId: tiktok.id, widgetId: carousel.id }]);
    await sendBeacon(shop, [{ type: "video_click", videoId: instagram.id, widgetId: sticky.id }]);
    await flushStorefrontEvents();
    // Unpublished since: what it earned while it was shown stays.
    await prisma.video.update({ where: { id: instagram.id }, data: { enabled: false } });

    const summary = await summaryOf(shop);
    expect(summary).toMatchObject({
      totalClicks: 4,
      totalVideoClicks: 3,
      totalProductClicks: 1,
      last30DaysClicks: 4,
      totalVideos: 3,
      enabledVideos: 1,
      totalWidgets: 2,
      totalConversions: 0,
      conversionRevenue: 0,
      platformBreakdown: [
        { platform: "tiktok", clicks: 3 },
        { platform: "instagram", clicks: 1 },
      ],
    });
    expect(summary.dailyClicks).toHaveLength(30);
    expect(summary.dailyClicks.at(-1)).toEqual({ date: dayOf(0), videoClicks: 3, productClicks: 1 });

    const videos = await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos");
    expect(videos.map((v) => [v.title, v.clicks, v.enabled, v.platform])).toEqual([
      ["Linen shirt", 3, true, "tiktok"],
      ["Soap", 1, false, "instagram"],
    ]);
    expect(videos.some((v) => v.id === quiet.id)).toBe(false);

    const widgets = await listOf<WidgetAnalyticsDto>(widgetsRoute, shop, "widgets");
    // Which videos each shows (decision 079): the page says it beside the spec's columns.
    expect(widgets.map((w) => [w.name, w.layout_type, w.page_contexts, w.clicks, w.source_type])).toEqual([
      ["Home carousel", "carousel", '["homepage"]', 3, "product"],
      ["Cart sticky", "sticky", '["cart"]', 1, "all"],
    ]);
  });

  it("keeps totals since install but the chart and the lists to the last 30 days", async () => {
    const shop = await bootstrapShop("analytics");
    const [video] = await seedVideos(shop.id, [{ title: "Old favourite", enabled: true }]);
    const rollup = (daysAgo: number, count: number) => [
      { shopId: shop.id, dimension: "platform", day: dayOf(daysAgo), type: "video_click", key: "tiktok", count },
      { shopId: shop.id, dimension: "video", day: dayOf(daysAgo), type: "video_click", key: video.id, count },
    ];
    // 30 days ago is outside the window; 29 days ago is its first day.
    await prisma.analyticsRollup.createMany({ data: [...rollup(30, 100), ...rollup(29, 7)] });

    const summary = await summaryOf(shop);
    expect(summary.totalVideoClicks).toBe(107);
    expect(summary.last30DaysClicks).toBe(7);
    expect(summary.dailyClicks[0]).toEqual({ date: dayOf(29), videoClicks: 7, productClicks: 0 });
    expect((await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos")).map((v) => v.clicks)).toEqual([7]);
  });

  it("gives the Performance Overview the last 30 days: clicks of each kind, this month's video clicks, and sales of orders placed in them (issue 15 item 1)", async () => {
    const shop = await bootstrapShop("analytics");
    const [video] = await seedVideos(shop.id, [{ title: "Evergreen", enabled: true }]);
    const rollups: Array<[daysAgo: number, type: "video_click" | "product_click", count: number]> = [
      [45, "video_click", 100],
      [45, "product_click", 40],
      [30, "video_click", 20],
      [29, "video_click", 7],
      [29, "product_click", 3],
      [0, "video_click", 2],
      [0, "product_click", 1],
    ];
    await prisma.analyticsRollup.createMany({
      data: rollups.flatMap(([daysAgo, type, count]) => [
        { shopId: shop.id, dimension: "platform", day: dayOf(daysAgo), type, key: "tiktok", count },
        { shopId: shop.id, dimension: "video", day: dayOf(daysAgo), type, key: video.id, count },
      ]),
    });
    // An order placed 40 days ago (and refunded in part since), one placed today.
    const line = (id: number, price: string) => ({ id, productId: 42, price, quantity: 2, properties: { _clipcart_video: video.id } });
    const old = { ...orderPayload([line(71, "50.00")]), created_at: new Date(Date.now() - 40 * DAY).toISOString() };
    const recent = orderPayload([line(72, "10.00")]);
    await deliver(ordersCreateRoute, signedOrder(shop, old));
    await deliver(ordersCreateRoute, signedOrder(shop, recent));
    await deliver(refundsCreateRoute, signedOrder(shop, refundPayload(old, [{ lineId: 71, quantity: 1, subtotal: "50.00" }]), randomUUID(), "refunds/create"));
    await deliver(
      refundsCreateRoute,
      signedOrder(shop, refundPayload(recent, [{ lineId: 72, quantity: 1, subtotal: "10.00" }]), randomUUID(), "refunds/create"),
    );

    const summary = await summaryOf(shop);
    const monthStart = `${dayOf(0).slice(0, 8)}01`;
    const thisMonth = rollups.filter(([daysAgo, type]) => type === "video_click" && dayOf(daysAgo) >= monthStart).reduce((sum, [, , count]) => sum + count, 0);
    expect(summary.last30Days).toEqual({ from: dayOf(29), videoClicks: 9, productClicks: 4, conversions: 1, revenue: 10 });
    expect(summary.thisMonthVideoClicks).toBe(thisMonth);
    // What the API calls totals stays since install; the platforms are the window's.
    expect(summary).toMatchObject({ totalVideoClicks: 129, totalProductClicks: 44, last30DaysClicks: 13, totalConversions: 2, conversionRevenue: 60 });
    expect(summary.platformBreakdown).toEqual([{ platform: "tiktok", clicks: 13, videoClicks: 9, productClicks: 4 }]);
  });

  it("counts video clicks and product clicks apart per video and per widget, and gives the creator's handle (issue 15 item 10)", async () => {
    const shop = await bootstrapShop("analytics");
    const [carousel] = await seedWidgets(shop.id, [{ name: "Home carousel" }]);
    const [video] = await seedVideos(shop.id, [{ title: "Opened and shopped", enabled: true, channelUsername: "maker" }]);
    await publishIn(shop, carousel.id, video.id);
    await sendBeacon(shop, [
      { type: "video_click", videoId: video.id, widgetId: carousel.id },
      { type: "product_click", videoId: video.id, widgetId: carousel.id, productId: "42" },
    ]);
    await flushStorefrontEvents();
    const [row] = await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos");
    expect(row).toMatchObject({ clicks: 2, video_clicks: 1, product_clicks: 1, author_name: "Author", channel_username: "maker" });
    const [widget] = await listOf<WidgetAnalyticsDto>(widgetsRoute, shop, "widgets");
    expect(widget).toMatchObject({ clicks: 2, video_clicks: 1, product_clicks: 1 });
    expect((await summaryOf(shop)).last30Days).toMatchObject({ videoClicks: 1, productClicks: 1 });
  });

  it("says per video and per widget how often shoppers saw, played, watched and opened them, with rates over impressions (issue 14)", async () => {
    const shop = await bootstrapShop("analytics");
    const [carousel, stories] = await seedWidgets(shop.id, [{ name: "Home carousel" }, { name: "Stories row", layoutType: "stories" }]);
    const [played, glanced, opened] = await seedVideos(shop.id, [
      { title: "Played twice", enabled: true },
      { title: "Only seen", platform: "instagram", platformVideoId: "Cseenonly1", enabled: true },
      { title: "Opened from stories", enabled: true },
    ]);
    await publishIn(shop, carousel.id, played.id, glanced.id);
    await publishIn(shop, stories.id, opened.id);
    const seenIn = (widgetId: string, ...videoIds: string[]) => [
      { type: "widget_impression", widgetId },
      ...videoIds.map((videoId) => ({ type: "impression", videoId, widgetId })),
    ];
    // Four page views of the carousel; "Played twice" is played in two of them (by two shoppers) and opened in one.
    for (let view = 0; view < 4; view++) await sendBeacon(shop, seenIn(carousel.id, played.id, glanced.id));
    await sendBeacon(shop, [
      { type: "play", videoId: played.id, widgetId: carousel.id },
      { type: "view", videoId: played.id, widgetId: carousel.id },
      { type: "watch_time", videoId: played.id, widgetId: carousel.id, ms: 9_000 },
      { type: "completion", videoId: played.id, widgetId: carousel.id },
      { type: "video_click", videoId: played.id, widgetId: carousel.id },
    ]);
    await sendBeacon(shop, [
      { type: "play", videoId: played.id, widgetId: carousel.id },
      { type: "watch_time", videoId: played.id, widgetId: carousel.id, ms: 3_800 },
    ]);
    // A stories widget whose impression the shopper did not stay for: a play and a click without impressions.
    await sendBeacon(shop, [
      { type: "video_click", videoId: opened.id, widgetId: stories.id },
      { type: "play", videoId: opened.id, widgetId: stories.id },
      { type: "watch_time", videoId: opened.id, widgetId: stories.id, ms: 2_000 },
    ]);
    await flushStorefrontEvents();

    const videos = await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos");
    const measures = (row: VideoAnalyticsDto | WidgetAnalyticsDto) => [
      row.clicks,
      row.impressions,
      row.plays,
      row.play_rate,
      row.views,
      row.completions,
      row.watch_time_ms,
      row.average_watch_ms,
      row.video_clicks,
      row.click_through_rate,
    ];
    // Most clicks first, then the most seen.
    expect(videos.map((video) => [video.title, ...measures(video)])).toEqual([
      ["Played twice", 1, 4, 2, 0.5, 1, 1, 12_800, 6_400, 1, 0.25],
      ["Opened from stories", 1, 0, 1, null, 0, 0, 2_000, 2_000, 1, null],
      ["Only seen", 0, 4, 0, 0, 0, 0, 0, null, 0, 0],
    ]);

    const widgets = await listOf<WidgetAnalyticsDto>(widgetsRoute, shop, "widgets");
    expect(widgets.map((widget) => [widget.name, widget.layout_type, ...measures(widget)])).toEqual([
      ["Home carousel", "carousel", 1, 4, 2, 0.5, 1, 1, 12_800, 6_400, 1, 0.25],
      ["Stories row", "stories", 1, 0, 1, null, 0, 0, 2_000, 2_000, 1, null],
    ]);
    // What the spec's cards count is unchanged: clicks only.
    expect(await summaryOf(shop)).toMatchObject({ totalClicks: 2, totalVideoClicks: 2, last30DaysClicks: 2 });
  });

  it("answers only the token's own shop", async () => {
    const shop = await bootstrapShop("analytics");
    const other = await bootstrapShop("analytics");
    for (const [route, path] of [
      [summaryRoute, ""],
      [videosRoute, "/videos"],
      [widgetsRoute, "/widgets"],
    ] as const) {
      const response = await callRoute(route, await apiRequest(shop.domain, `/api/analytics/${other.id}${path}`), { shopId: other.id });
      expect(response.status).toBe(404);
    }
  });
});

describe("orders/create: sales credited to videos from real orders", () => {
  it("credits the lines a widget added, after discounts, and ignores the rest and other shops' videos", async () => {
    const shop = await bootstrapShop("orders");
    const other = await bootstrapShop("orders");
    const [widget] = await seedWidgets(shop.id, [{ name: "Carousel" }]);
    const [video] = await seedVideos(shop.id, [{ title: "Sold it", enabled: true }]);
    const [foreign] = await seedVideos(other.id, [{ title: "Someone else's" }]);
    const payload = orderPayload([
      { id: 1, productId: 42, price: "29.99", quantity: 2, discount: "5.00", properties: { _clipcart_video: video.id, _clipcart_widget: widget.id } },
      { id: 2, productId: 43, price: "10.00", quantity: 1 },
      { id: 3, productId: 44, price: "99.00", quantity: 1, properties: { _clipcart_video: foreign.id } },
    ]);
    expect((await callRoute(ordersCreateRoute, signedOrder(shop, payload))).status).toBe(200);

    const stored = await prisma.orderAttribution.findMany({ where: { shopId: shop.id } });
    expect(stored.map((row) => [row.videoId, row.widgetId, row.productId, row.quantity, row.amountCents])).toEqual([
      [video.id, widget.id, "gid://shopify/Product/42", 2, 5498],
    ]);
    expect(await prisma.orderAttribution.count({ where: { shopId: other.id } })).toBe(0);
    const summary = await summaryOf(shop);
    expect([summary.totalConversions, summary.conversionRevenue]).toEqual([1, 54.98]);
  });

  it("counts an order once when Shopify delivers it twice, under the same or another webhook id", async () => {
    const shop = await bootstrapShop("orders");
    const [video] = await seedVideos(shop.id, [{ title: "Sold twice?", enabled: true }]);
    const payload = orderPayload([{ id: 7, productId: 42, price: "20.00", quantity: 1, properties: { _clipcart_video: video.id } }]);
    const webhookId = randomUUID();
    for (const id of [webhookId, webhookId, randomUUID()]) expect((await callRoute(ordersCreateRoute, signedOrder(shop, payload, id))).status).toBe(200);
    const summary = await summaryOf(shop);
    expect([summary.totalConversions, summary.conversionRevenue]).toEqual([1, 20]);
  });

  it("refuses a tampered order with 401 and stores nothing", async () => {
    const shop = await bootstrapShop("orders");
    const [video] = await seedVideos(shop.id, [{ title: "Forged", enabled: true }]);
    const genuine = signedOrder(shop, orderPayload([{ id: 9, productId: 42, price: "1.00", quantity: 1, properties: { _clipcart_video: video.id } }]));
    const forgedBody = JSON.stringify(orderPayload([{ id: 9, productId: 42, price: "999.00", quantity: 1, properties: { _clipcart_video: video.id } }]));
    const tampered = new Request(genuine.url, { method: "POST", headers: genuine.headers, body: forgedBody });
    expect((await callRoute(ordersCreateRoute, tampered)).status).toBe(401);
    expect(await prisma.orderAttribution.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

describe("orders/cancelled and refunds/create: Sales and revenue are net", () => {
  it("takes a refunded quantity and amount off, counts a repeated refund once, and drops a fully refunded order", async () => {
    const shop = await bootstrapShop("refunds");
    const [video] = await seedVideos(shop.id, [{ title: "Returned sometimes", enabled: true }]);
    const order = orderPayload([
      { id: 21, productId: 42, price: "10.00", quantity: 3, properties: { _clipcart_video: video.id } },
      { id: 22, productId: 43, price: "5.00", quantity: 1 },
    ]);
    await deliver(ordersCreateRoute, signedOrder(shop, order));
    expect(await netOf(shop)).toEqual([1, 30]);

    // One of three back, plus a line no video sold (not ours to count).
    const partial = refundPayload(order, [
      { lineId: 21, quantity: 1, subtotal: "10.00" },
      { lineId: 22, quantity: 1, subtotal: "5.00" },
    ]);
    const webhookId = randomUUID();
    for (const id of [webhookId, webhookId, randomUUID()]) await deliver(refundsCreateRoute, signedOrder(shop, partial, id, "refunds/create"));
    expect(await netOf(shop)).toEqual([1, 20]);
    expect(await prisma.orderRefundLine.count({ where: { shopId: shop.id } })).toBe(1);

    await deliver(
      refundsCreateRoute,
      signedOrder(shop, refundPayload(order, [{ lineId: 21, quantity: 2, subtotal: "20.00" }]), randomUUID(), "refunds/create"),
    );
    expect(await netOf(shop)).toEqual([0, 0]);
  });

  it("no longer counts a cancelled order, whether the cancellation comes after the order or before it", async () => {
    const shop = await bootstrapShop("refunds");
    const [video] = await seedVideos(shop.id, [{ title: "Cancelled twice", enabled: true }]);
    const line = (id: number) => ({ id, productId: 42, price: "12.00", quantity: 1, properties: { _clipcart_video: video.id } });
    const kept = orderPayload([line(31)]);
    const cancelledLater = orderPayload([line(32)]);
    const cancelledFirst = orderPayload([line(33)]);

    await deliver(ordersCreateRoute, signedOrder(shop, kept));
    await deliver(ordersCreateRoute, signedOrder(shop, cancelledLater));
    expect(await netOf(shop)).toEqual([2, 24]);
    await deliver(ordersCancelledRoute, signedOrder(shop, cancelledPayload(cancelledLater), randomUUID(), "orders/cancelled"));
    expect(await netOf(shop)).toEqual([1, 12]);

    // Shopify does not promise the order of deliveries: the cancellation first, the order after, and each again.
    const cancellation = signedOrder(shop, cancelledPayload(cancelledFirst), randomUUID(), "orders/cancelled");
    await deliver(ordersCancelledRoute, cancellation.clone());
    await deliver(ordersCreateRoute, signedOrder(shop, cancelledFirst));
    await deliver(ordersCreateRoute, signedOrder(shop, cancelledFirst));
    await deliver(ordersCancelledRoute, cancellation);
    expect(await netOf(shop)).toEqual([1, 12]);
  });

  it("keeps a refund that arrives before its order, and counts it once the order arrives", async () => {
    const shop = await bootstrapShop("refunds");
    const [video] = await seedVideos(shop.id, [{ title: "Refunded early", enabled: true }]);
    const order = orderPayload([{ id: 41, productId: 42, price: "8.00", quantity: 2, discount: "1.00", properties: { _clipcart_video: video.id } }]);
    await deliver(refundsCreateRoute, signedOrder(shop, refundPayload(order, [{ lineId: 41, quantity: 1, subtotal: "7.50" }]), randomUUID(), "refunds/create"));
    expect(await netOf(shop)).toEqual([0, 0]);
    await deliver(ordersCreateRoute, signedOrder(shop, order));
    expect(await netOf(shop)).toEqual([1, 7.5]);
  });

  it("refuses a tampered refund or cancellation with 401, and a cancellation without its date with 400", async () => {
    const shop = await bootstrapShop("refunds");
    const [video] = await seedVideos(shop.id, [{ title: "Forged returns", enabled: true }]);
    const order = orderPayload([{ id: 51, productId: 42, price: "9.00", quantity: 1, properties: { _clipcart_video: video.id } }]);
    await deliver(ordersCreateRoute, signedOrder(shop, order));

    const tamper = (genuine: Request, body: unknown) => new Request(genuine.url, { method: "POST", headers: genuine.headers, body: JSON.stringify(body) });
    const refund = refundPayload(order, [{ lineId: 51, quantity: 1, subtotal: "0.01" }]);
    const forgedRefund = refundPayload(order, [{ lineId: 51, quantity: 1, subtotal: "9.00" }], refund.id);
    expect((await callRoute(refundsCreateRoute, tamper(signedOrder(shop, refund, randomUUID(), "refunds/create"), forgedRefund))).status).toBe(401);
    const cancellation = signedOrder(shop, { ...order, cancelled_at: null }, randomUUID(), "orders/cancelled");
    expect((await callRoute(ordersCancelledRoute, tamper(cancellation.clone(), cancelledPayload(order)))).status).toBe(401);
    expect(await netOf(shop)).toEqual([1, 9]);

    expectConsoleWarn(/Webhook refused \(400\) on orders\/cancelled/);
    expect((await callRoute(ordersCancelledRoute, cancellation)).status).toBe(400);
    expect(await netOf(shop)).toEqual([1, 9]);
  });

  it("does not take another shop's refund or an unknown video's line off the shop's sales", async () => {
    const shop = await bootstrapShop("refunds");
    const other = await bootstrapShop("refunds");
    const [video] = await seedVideos(shop.id, [{ title: "Ours", enabled: true }]);
    const [foreign] = await seedVideos(other.id, [{ title: "Theirs", enabled: true }]);
    const order = orderPayload([
      { id: 61, productId: 42, price: "10.00", quantity: 1, properties: { _clipcart_video: video.id } },
      { id: 62, productId: 43, price: "10.00", quantity: 1, properties: { _clipcart_video: foreign.id } },
    ]);
    await deliver(ordersCreateRoute, signedOrder(shop, order));
    // The same refund sent as the other shop's: its lines name no video of that shop.
    await deliver(
      refundsCreateRoute,
      signedOrder(other, refundPayload(order, [{ lineId: 61, quantity: 1, subtotal: "10.00" }]), randomUUID(), "refunds/create"),
    );
    await deliver(
      refundsCreateRoute,
      signedOrder(shop, refundPayload(order, [{ lineId: 62, quantity: 1, subtotal: "10.00" }]), randomUUID(), "refunds/create"),
    );
    expect(await netOf(shop)).toEqual([1, 10]);
    expect(await prisma.orderRefundLine.count({ where: { shopId: { in: [shop.id, other.id] } } })).toBe(0);
  });
});
describe("GET /api/analytics/{shopId}/videos and /widgets: what each sold (decision 068)", () => {
  it("gives each video and widget its adds to cart, orders and net revenue from real orders, ranked by ?sort=", async () => {
    const shop = await bootstrapShop("analytics");
    const [carousel, grid] = await seedWidgets(shop.id, [{ name: "Home carousel" }, { name: "Home grid" }]);
    const [shirt, soap] = await seedVideos(shop.id, [
      { title: "Linen shirt", enabled: true },
      { title: "Soap", platform: "instagram", platformVideoId: "Csells1", enabled: true },
    ]);
    await publishIn(shop, carousel.id, shirt.id);
    await publishIn(shop, grid.id, soap.id);
    // Three shoppers open the soap, one opens the shirt and adds it to the cart.
    for (let shopper = 0; shopper < 3; shopper++) await sendBeacon(shop, [{ type: "video_click", videoId: soap.id, widgetId: grid.id }]);
    await sendBeacon(shop, [
      { type: "video_click", videoId: shirt.id, widgetId: carousel.id },
      { type: "add_to_cart", videoId: shirt.id, widgetId: carousel.id, productId: "42" },
    ]);
    await flushStorefrontEvents();
    // The shirt's order: two of it, one refunded afterwards.
    const from = (video: string, widget: string) => ({ _clipcart_video: video, _clipcart_widget: widget });
    const order = orderPayload([{ id: 71, productId: 42, price: "75.00", quantity: 2, properties: from(shirt.id, carousel.id) }]);
    await deliver(ordersCreateRoute, signedOrder(shop, order));
    await deliver(
      refundsCreateRoute,
      signedOrder(shop, refundPayload(order, [{ lineId: 71, quantity: 1, subtotal: "75.00" }]), randomUUID(), "refunds/create"),
    );

    const figures = (row: VideoAnalyticsDto | WidgetAnalyticsDto) => [row.clicks, row.add_to_cart, row.orders, row.revenue];
    const videos = await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos");
    expect(videos.map((video) => [video.title, ...figures(video)])).toEqual([
      ["Soap", 3, 0, 0, 0],
      ["Linen shirt", 1, 1, 1, 75],
    ]);
    expect((await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos", "?sort=revenue")).map((video) => video.title)).toEqual(["Linen shirt", "Soap"]);
    // An unknown ranking is the default, clicks.
    expect((await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos", "?sort=bogus")).map((video) => video.title)).toEqual(["Soap", "Linen shirt"]);
    const widgets = await listOf<WidgetAnalyticsDto>(widgetsRoute, shop, "widgets", "?sort=orders");
    expect(widgets.map((widget) => [widget.name, ...figures(widget)])).toEqual([
      ["Home carousel", 1, 1, 1, 75],
      ["Home grid", 3, 0, 0, 0],
    ]);
    // The same net figures as the Sales card.
    expect(await netOf(shop)).toEqual([1, 75]);
  });
});
