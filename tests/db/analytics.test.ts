// Analytics storage on whichever database DATABASE_URL names (test-both runs
// SQLite, then PostgreSQL): the rollups written with the events, and order
// attribution's duplicate-proof insert, both raw SQL; net sales (refunds and
// cancellations, stored and summed in raw SQL too) and what the compliance
// webhooks find and erase of them; and what each video and widget sold
// (decision 068), grouped in the same raw SQL.
import { describe, expect, it } from "vitest";
import { WATCH_TIME_MAX_MS_PER_EVENT } from "../../app/constants";
import { prisma } from "../../app/db.server";
import { analyticsSummary, videoAnalytics, widgetAnalytics } from "../../app/models/analytics.server";
import {
  CancelledOrderPayload,
  OrderPayload,
  RefundPayload,
  attributeOrder,
  cancelOrder,
  netSales,
  netSalesBy,
  recordRefund,
} from "../../app/models/order-attribution.server";
import { customerDataReport, redactCustomer } from "../../app/models/lifecycle.server";
import { flushStorefrontEvents, queueStorefrontEvents } from "../../app/models/storefront-events-queue.server";
import { utcDay } from "../../app/models/storefront-events.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Approved into each widget: what the storefront shows, and so what counts (decision 060). */
async function publishIn(shopId: string, widgetIds: string[], ...videoIds: string[]) {
  await prisma.video.updateMany({ where: { id: { in: videoIds } }, data: { enabled: true } });
  await prisma.widgetVideo.createMany({ data: widgetIds.flatMap((widgetId) => videoIds.map((videoId) => ({ shopId, widgetId, videoId }))) });
}

describe("analytics rollups and attribution", () => {
  it("adds each flush's events to the daily rollups, across flushes", async () => {
    const shop = await createShop("rollups");
    const widget = await createWidget(shop.id, 1);
    const video = await createVideo(shop.id, { title: "Clicked", platform: "instagram" });
    await publishIn(shop.id, [widget.id], video.id);
    for (let flush = 0; flush < 3; flush++) {
      // A shopper per flush; an add to cart from a widget that is not one of ours counts for nothing.
      queueStorefrontEvents(shop.shopDomain, `s-${flush}`, [
        { type: "video_click", videoId: video.id, widgetId: widget.id },
        { type: "product_click", videoId: video.id, widgetId: widget.id, productId: "7" },
        { type: "add_to_cart", videoId: video.id, widgetId: widget.id, productId: "7" },
        { type: "add_to_cart", videoId: video.id, widgetId: "not-a-widget", productId: "7" },
      ]);
      await flushStorefrontEvents();
    }
    const summary = await analyticsSummary(shop.id);
    expect([summary.totalVideoClicks, summary.totalProductClicks, summary.last30DaysClicks]).toEqual([3, 3, 6]);
    expect(summary.platformBreakdown).toEqual([{ platform: "instagram", clicks: 6, videoClicks: 3, productClicks: 3 }]);
    expect((await videoAnalytics(shop.id)).map((v) => v.clicks)).toEqual([6]);
    expect((await widgetAnalytics(shop.id)).map((w) => w.clicks)).toEqual([6]);
    const widgetRollups = await prisma.analyticsRollup.findMany({ where: { shopId: shop.id, dimension: "widget" } });
    expect(widgetRollups.map((row) => [row.key, row.type, row.count]).sort()).toEqual([
      [widget.id, "add_to_cart", 3],
      [widget.id, "product_click", 3],
      [widget.id, "video_click", 3],
    ]);
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(9);
  });

  it("counts what shoppers saw and watched per platform, video and widget, keeping rows for their actions only (decision 042)", async () => {
    const shop = await createShop("watching");
    const [carousel, stories] = [await createWidget(shop.id, 1), await createWidget(shop.id, 2, { layoutType: "stories" })];
    const shirt = await createVideo(shop.id, { title: "Shirt", platform: "tiktok" });
    const soap = await createVideo(shop.id, { title: "Soap", platform: "instagram" });
    const elsewhere = await createShop("elsewhere");
    const foreignWidget = await createWidget(elsewhere.id, 1);
    const foreignVideo = await createVideo(elsewhere.id);
    await publishIn(shop.id, [carousel.id, stories.id], shirt.id, soap.id);
    await publishIn(elsewhere.id, [foreignWidget.id], foreignVideo.id);
    const event = (type: string, videoId: string | undefined, widgetId: string, extra: Record<string, unknown> = {}) => ({ type, videoId, widgetId, ...extra });
    // Two page views per flush, three flushes: the rollups add up across writes.
    for (let flush = 0; flush < 3; flush++) {
      queueStorefrontEvents(shop.shopDomain, `s-${flush}`, [
        event("widget_impression", undefined, carousel.id),
        event("impression", shirt.id, carousel.id),
        event("impression", soap.id, carousel.id),
        event("play", shirt.id, carousel.id),
        event("view", shirt.id, carousel.id),
        event("watch_time", shirt.id, carousel.id, { ms: 4_000 }),
        event("completion", shirt.id, carousel.id),
        event("video_click", shirt.id, carousel.id),
        // Not the shop's: nothing to count them against.
        event("widget_impression", undefined, foreignWidget.id),
        event("play", foreignVideo.id, carousel.id),
      ]);
      queueStorefrontEvents(shop.shopDomain, null, [
        event("widget_impression", undefined, stories.id),
        event("impression", shirt.id, stories.id),
        event("play", shirt.id, stories.id),
        // An hour in one event counts as the cap.
        event("watch_time", shirt.id, stories.id, { ms: 60 * 60 * 1000 }),
        // Not one of the shop's widgets: it counts for nothing (decision 060).
        event("impression", soap.id, "a-theme-section"),
        event("impression", soap.id, stories.id),
      ]);
      await flushStorefrontEvents();
    }

    const rollups = await prisma.analyticsRollup.findMany({ where: { shopId: shop.id } });
    // Sorted here, not by the database: PostgreSQL's collation and JavaScript order "_" differently.
    const byKeyThenType = (a: unknown[], b: unknown[]) => compare(String(a[0]), String(b[0])) || compare(String(a[1]), String(b[1]));
    const table = (dimension: string) =>
      rollups
        .filter((row) => row.dimension === dimension)
        .map((row) => [row.key, row.type, row.count, Number(row.watchedMs)])
        .sort(byKeyThenType);
    const watched = 3 * (4_000 + WATCH_TIME_MAX_MS_PER_EVENT);
    expect(table("video")).toEqual(
      [
        [shirt.id, "completion", 3, 0],
        [shirt.id, "impression", 6, 0],
        [shirt.id, "play", 6, 0],
        [shirt.id, "video_click", 3, 0],
        [shirt.id, "view", 3, 0],
        [shirt.id, "watch_time", 6, watched],
        [soap.id, "impression", 6, 0],
      ].sort(byKeyThenType),
    );
    expect(table("widget").filter(([key]) => key === stories.id)).toEqual([
      [stories.id, "impression", 6, 0],
      [stories.id, "play", 3, 0],
      [stories.id, "watch_time", 3, 3 * WATCH_TIME_MAX_MS_PER_EVENT],
      [stories.id, "widget_impression", 3, 0],
    ]);
    expect(table("widget").filter(([key]) => key === "")).toEqual([]);
    expect(
      table("platform")
        .filter(([key]) => key === "tiktok")
        .map(([, type, count, ms]) => [type, count, ms]),
    ).toEqual([
      ["completion", 3, 0],
      ["impression", 6, 0],
      ["play", 6, 0],
      ["video_click", 3, 0],
      ["view", 3, 0],
      ["watch_time", 6, watched],
    ]);
    expect(rollups.every((row) => row.day === utcDay(new Date()))).toBe(true);
    expect(await prisma.analyticsRollup.count({ where: { shopId: elsewhere.id } })).toBe(0);
    // Rows: the shopper's actions only.
    const rows = await prisma.analyticsEvent.findMany({ where: { shopId: shop.id } });
    expect(rows.map((row) => [row.type, row.videoId, row.widgetId, row.sessionKey]).sort()).toEqual(
      [0, 1, 2].map((flush) => ["video_click", shirt.id, carousel.id, `s-${flush}`]),
    );

    const [video] = await videoAnalytics(shop.id);
    expect(video).toMatchObject({
      id: shirt.id,
      clicks: 3,
      impressions: 6,
      plays: 6,
      play_rate: 1,
      views: 3,
      completions: 3,
      watch_time_ms: watched,
      average_watch_ms: watched / 6,
      video_clicks: 3,
      click_through_rate: 0.5,
    });
    const widgets = await widgetAnalytics(shop.id);
    expect(widgets.map((w) => [w.name, w.layout_type, w.impressions, w.plays, w.play_rate, w.average_watch_ms, w.video_clicks, w.click_through_rate])).toEqual([
      ["Widget 1", "carousel", 3, 3, 1, 4_000, 3, 1],
      ["Widget 2", "stories", 3, 3, 1, WATCH_TIME_MAX_MS_PER_EVENT, 0, 0],
    ]);
  });

  it("sums watch time past 32 bits without losing a millisecond", async () => {
    const shop = await createShop("bigwatch");
    const widget = await createWidget(shop.id, 1);
    const video = await createVideo(shop.id);
    await publishIn(shop.id, [widget.id], video.id);
    const nearly32Bits = 2 ** 31 - 1_000;
    await prisma.analyticsRollup.create({
      data: { shopId: shop.id, dimension: "video", day: utcDay(new Date()), type: "watch_time", key: video.id, count: 3_579, watchedMs: BigInt(nearly32Bits) },
    });
    // Page views without analytics consent: each counts a play's worth of watching (the length unknown: the cap).
    for (let beacon = 0; beacon < 5; beacon++) {
      queueStorefrontEvents(shop.shopDomain, null, [
        { type: "play", videoId: video.id, widgetId: widget.id },
        { type: "watch_time", videoId: video.id, widgetId: widget.id, ms: WATCH_TIME_MAX_MS_PER_EVENT },
      ]);
    }
    await flushStorefrontEvents();
    const row = await prisma.analyticsRollup.findFirstOrThrow({ where: { shopId: shop.id, dimension: "video", type: "watch_time", key: video.id } });
    expect([row.count, row.watchedMs]).toEqual([3_584, BigInt(nearly32Bits) + 5n * BigInt(WATCH_TIME_MAX_MS_PER_EVENT)]);
    expect((await videoAnalytics(shop.id))[0]?.watch_time_ms).toBe(nearly32Bits + 5 * WATCH_TIME_MAX_MS_PER_EVENT);
  });

  it("stores an order's widget lines once however often it arrives", async () => {
    const shop = await createShop("orders");
    const video = await createVideo(shop.id, { title: "Sold" });
    const order = OrderPayload.parse({
      id: 101,
      created_at: new Date().toISOString(),
      currency: "USD",
      line_items: [
        { id: 1, product_id: 42, quantity: 3, price: "12.50", discount_allocations: [], properties: [{ name: "_clipcart_video", value: video.id }] },
      ],
    });
    const results = await Promise.all([1, 2, 3].map(() => attributeOrder(shop.shopDomain, order)));
    expect(results.every((result) => result.attributedLines === 1)).toBe(true);
    const rows = await prisma.orderAttribution.findMany({ where: { shopId: shop.id } });
    expect(rows.map((row) => [row.orderId, row.lineItemId, row.amountCents])).toEqual([["gid://shopify/Order/101", "gid://shopify/LineItem/1", 3750]]);
  });
});

/** An order of one line per entry, each added from a widget with the given video. */
function orderOf(orderId: number, lines: Array<{ videoId: string; quantity: number; price: string }>) {
  return OrderPayload.parse({
    id: orderId,
    created_at: new Date().toISOString(),
    currency: "USD",
    line_items: lines.map((line, index) => ({
      id: orderId * 100 + index,
      product_id: 42,
      quantity: line.quantity,
      price: line.price,
      properties: [{ name: "_clipcart_video", value: line.videoId }],
    })),
  });
}

const cancellationOf = (order: OrderPayload) => CancelledOrderPayload.parse({ ...order, cancelled_at: new Date().toISOString() });

/** A refund of `quantity` of the order's line `index`, `subtotal` refunded. */
function refundOf(order: OrderPayload, refundId: number, lines: Array<{ index: number; quantity: number; subtotal: string }>) {
  return RefundPayload.parse({
    id: refundId,
    order_id: order.id,
    created_at: new Date().toISOString(),
    refund_line_items: lines.map((line, position) => {
      const item = order.line_items[line.index]!;
      return { id: refundId * 10 + position, line_item_id: item.id, quantity: line.quantity, subtotal: line.subtotal, line_item: item };
    }),
  });
}

describe("net sales: refunds and cancellations", () => {
  it("counts each refund and cancellation once, in whatever order and however often they arrive, even together", async () => {
    const shop = await createShop("net");
    const video = await createVideo(shop.id, { title: "Sold, returned" });
    const kept = orderOf(201, [{ videoId: video.id, quantity: 4, price: "5.00" }]);
    const cancelled = orderOf(202, [{ videoId: video.id, quantity: 1, price: "50.00" }]);
    const refundedWhole = orderOf(203, [{ videoId: video.id, quantity: 1, price: "7.00" }]);
    const partial = refundOf(kept, 301, [{ index: 0, quantity: 1, subtotal: "5.00" }]);
    const whole = refundOf(refundedWhole, 302, [{ index: 0, quantity: 1, subtotal: "7.00" }]);

    // Refunds and the cancellation come first, then everything at once, several times over.
    await recordRefund(shop.shopDomain, partial);
    await cancelOrder(shop.shopDomain, cancellationOf(cancelled));
    expect(await netSales(shop.id)).toEqual({ orders: 0, amountCents: 0 });
    await Promise.all(
      [1, 2].flatMap(() => [
        attributeOrder(shop.shopDomain, kept),
        attributeOrder(shop.shopDomain, cancelled),
        attributeOrder(shop.shopDomain, refundedWhole),
        recordRefund(shop.shopDomain, partial),
        recordRefund(shop.shopDomain, whole),
        cancelOrder(shop.shopDomain, cancellationOf(cancelled)),
      ]),
    );
    expect(await netSales(shop.id)).toEqual({ orders: 1, amountCents: 1500 });
    expect(await prisma.orderRefundLine.count({ where: { shopId: shop.id } })).toBe(2);
    expect((await analyticsSummary(shop.id)).conversionRevenue).toBe(15);

    // Cancelling an order already refunded in part takes the rest off.
    await cancelOrder(shop.shopDomain, cancellationOf(kept));
    expect(await netSales(shop.id)).toEqual({ orders: 0, amountCents: 0 });
  });

  it("counts only orders placed since a date, each net of its refunds whenever they came, whichever way the rows were written", async () => {
    const shop = await createShop("net");
    const video = await createVideo(shop.id, { title: "Seasonal" });
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const placed = (order: OrderPayload, days: number) => OrderPayload.parse({ ...order, created_at: daysAgo(days).toISOString() });
    const old = placed(orderOf(601, [{ videoId: video.id, quantity: 1, price: "40.00" }]), 40);
    const recent = placed(orderOf(602, [{ videoId: video.id, quantity: 2, price: "10.00" }]), 2);
    await attributeOrder(shop.shopDomain, old);
    await attributeOrder(shop.shopDomain, recent);
    // Written by Prisma rather than raw SQL: 20 days ago, and 31 days ago.
    await prisma.orderAttribution.createMany({
      data: [
        {
          shopId: shop.id,
          orderId: "gid://shopify/Order/603",
          lineItemId: "gid://shopify/LineItem/603",
          videoId: video.id,
          quantity: 1,
          amountCents: 700,
          currency: "USD",
          occurredAt: daysAgo(20),
        },
        {
          shopId: shop.id,
          orderId: "gid://shopify/Order/604",
          lineItemId: "gid://shopify/LineItem/604",
          videoId: video.id,
          quantity: 1,
          amountCents: 900,
          currency: "USD",
          occurredAt: daysAgo(31),
        },
      ],
    });
    await recordRefund(shop.shopDomain, refundOf(recent, 611, [{ index: 0, quantity: 1, subtotal: "10.00" }]));

    expect(await netSales(shop.id)).toEqual({ orders: 4, amountCents: 4000 + 1000 + 700 + 900 });
    expect(await netSales(shop.id, { since: daysAgo(30) })).toEqual({ orders: 2, amountCents: 1000 + 700 });
    expect((await analyticsSummary(shop.id)).last30Days).toMatchObject({ conversions: 2, revenue: 17 });
  });

  it("sums thousands of orders with their refunds and cancellations at once (one query, not one per order)", async () => {
    const shop = await createShop("net");
    const video = await createVideo(shop.id, { title: "Best seller" });
    const orderCount = 3_000;
    const order = (index: number) => `gid://shopify/Order/${900_000 + index}`;
    const line = (index: number) => `gid://shopify/LineItem/${900_000 + index}`;
    await prisma.orderAttribution.createMany({
      data: Array.from({ length: orderCount }, (_, index) => ({
        shopId: shop.id,
        orderId: order(index),
        lineItemId: line(index),
        videoId: video.id,
        quantity: 2,
        amountCents: 1000,
        currency: "USD",
        occurredAt: new Date(),
        // Every tenth order cancelled.
        cancelledAt: index % 10 === 0 ? new Date() : null,
      })),
    });
    // Every third order: one of its two back; every seventh: both (in two refunds).
    const refunds = Array.from({ length: orderCount }, (_, index) => index).flatMap((index) => {
      const refund = (refundId: string) => ({
        shopId: shop.id,
        refundId,
        refundLineId: refundId,
        orderId: order(index),
        lineItemId: line(index),
        quantity: 1,
        amountCents: 500,
        refundedAt: new Date(),
      });
      if (index % 7 === 0) return [refund(`a-${index}`), refund(`b-${index}`)];
      return index % 3 === 0 ? [refund(`a-${index}`)] : [];
    });
    await prisma.orderRefundLine.createMany({ data: refunds });

    let cancelledCount = 0;
    let wholeCount = 0;
    let halfCount = 0;
    for (let index = 0; index < orderCount; index++) {
      if (index % 10 === 0) cancelledCount++;
      else if (index % 7 === 0) wholeCount++;
      else if (index % 3 === 0) halfCount++;
    }
    const sold = orderCount - cancelledCount - wholeCount;
    const started = performance.now();
    expect(await netSales(shop.id)).toEqual({ orders: sold, amountCents: sold * 1000 - halfCount * 500 });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("customers/redact erases the customer's refund lines (even of an order never received), data_request finds them, shop deletion takes them", async () => {
    const shop = await createShop("net");
    const video = await createVideo(shop.id, { title: "Private returns" });
    const received = orderOf(401, [{ videoId: video.id, quantity: 2, price: "10.00" }]);
    const neverReceived = orderOf(402, [{ videoId: video.id, quantity: 1, price: "10.00" }]);
    const otherCustomers = orderOf(403, [{ videoId: video.id, quantity: 1, price: "10.00" }]);
    await attributeOrder(shop.shopDomain, received);
    await attributeOrder(shop.shopDomain, otherCustomers);
    await recordRefund(shop.shopDomain, refundOf(received, 501, [{ index: 0, quantity: 1, subtotal: "10.00" }]));
    await recordRefund(shop.shopDomain, refundOf(neverReceived, 502, [{ index: 0, quantity: 1, subtotal: "10.00" }]));
    await recordRefund(shop.shopDomain, refundOf(otherCustomers, 503, [{ index: 0, quantity: 1, subtotal: "10.00" }]));

    const customer = { shopDomain: shop.shopDomain, orderIds: [401, 402] };
    const report = await customerDataReport(customer);
    expect(report.orderLines.map((row) => row.orderId)).toEqual(["gid://shopify/Order/401"]);
    expect(report.refundLines.map((row) => [row.orderId, row.quantity, row.amountCents]).sort()).toEqual([
      ["gid://shopify/Order/401", 1, 1000],
      ["gid://shopify/Order/402", 1, 1000],
    ]);
    expect(await redactCustomer(customer)).toEqual({ orderLinesDeleted: 1, refundLinesDeleted: 2 });
    expect(await redactCustomer(customer)).toEqual({ orderLinesDeleted: 0, refundLinesDeleted: 0 });
    expect((await prisma.orderRefundLine.findMany({ where: { shopId: shop.id } })).map((row) => row.orderId)).toEqual(["gid://shopify/Order/403"]);

    await prisma.shop.delete({ where: { id: shop.id } });
    expect(await prisma.orderRefundLine.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

describe("sales per video and per widget (decision 068)", () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  /** An order placed `days` ago of one line per entry, each added from `widgetId` with `videoId`. */
  const widgetOrder = (orderId: number, days: number, lines: Array<{ videoId: string; widgetId: string; quantity: number; price: string }>) =>
    OrderPayload.parse({
      id: orderId,
      created_at: daysAgo(days).toISOString(),
      currency: "USD",
      line_items: lines.map((line, index) => ({
        id: orderId * 100 + index,
        product_id: 42,
        quantity: line.quantity,
        price: line.price,
        properties: [
          { name: "_clipcart_video", value: line.videoId },
          { name: "_clipcart_widget", value: line.widgetId },
        ],
      })),
    });
  const asObject = (sales: Map<string, { orders: number; amountCents: number }>) => Object.fromEntries([...sales].sort(([a], [b]) => compare(a, b)));

  it("gives each video and each widget its orders and revenue in the window, net as the Sales card, for the shop's own only", async () => {
    const shop = await createShop("sells");
    const [carousel, grid] = [await createWidget(shop.id, 1), await createWidget(shop.id, 2, { layoutType: "grid" })];
    const shirt = await createVideo(shop.id, { title: "Shirt" });
    const soap = await createVideo(shop.id, { title: "Soap" });
    const added = await createVideo(shop.id, { title: "Added, never bought" });
    const elsewhere = await createShop("sells-elsewhere");
    const theirWidget = await createWidget(elsewhere.id, 1);
    const theirVideo = await createVideo(elsewhere.id, { title: "Theirs" });

    // One order, two videos through two widgets: a sale of each.
    const both = widgetOrder(701, 1, [
      { videoId: shirt.id, widgetId: carousel.id, quantity: 2, price: "10.00" },
      { videoId: soap.id, widgetId: grid.id, quantity: 1, price: "30.00" },
    ]);
    const refunded = widgetOrder(702, 1, [{ videoId: shirt.id, widgetId: carousel.id, quantity: 1, price: "10.00" }]);
    // A widget that is not the shop's: the sale is the video's, and no widget's.
    const unknownWidget = widgetOrder(703, 1, [{ videoId: soap.id, widgetId: theirWidget.id, quantity: 1, price: "5.00" }]);
    const cancelled = widgetOrder(704, 1, [{ videoId: shirt.id, widgetId: grid.id, quantity: 1, price: "20.00" }]);
    const beforeTheWindow = widgetOrder(705, 40, [{ videoId: shirt.id, widgetId: carousel.id, quantity: 1, price: "100.00" }]);
    for (const order of [both, refunded, unknownWidget, cancelled, beforeTheWindow]) await attributeOrder(shop.shopDomain, order);
    await recordRefund(shop.shopDomain, refundOf(refunded, 711, [{ index: 0, quantity: 1, subtotal: "10.00" }]));
    await cancelOrder(shop.shopDomain, cancellationOf(cancelled));
    // Another shop's sale through its own widget, and an add to cart nobody bought.
    await attributeOrder(elsewhere.shopDomain, widgetOrder(706, 1, [{ videoId: theirVideo.id, widgetId: theirWidget.id, quantity: 1, price: "999.00" }]));
    await prisma.analyticsRollup.createMany({
      data: ["video", "widget"].map((dimension) => ({
        shopId: shop.id,
        dimension,
        day: utcDay(new Date()),
        type: "add_to_cart",
        key: dimension === "video" ? added.id : carousel.id,
        count: 3,
      })),
    });

    const since = daysAgo(30);
    expect(asObject(await netSalesBy(shop.id, "video", { since }))).toEqual(
      asObject(
        new Map([
          [shirt.id, { orders: 1, amountCents: 2000 }],
          [soap.id, { orders: 2, amountCents: 3500 }],
        ]),
      ),
    );
    expect(asObject(await netSalesBy(shop.id, "widget", { since }))).toEqual(
      asObject(
        new Map([
          [carousel.id, { orders: 1, amountCents: 2000 }],
          [grid.id, { orders: 1, amountCents: 3000 }],
        ]),
      ),
    );
    // Since install: the order before the window counts too.
    expect((await netSalesBy(shop.id, "video")).get(shirt.id)).toEqual({ orders: 2, amountCents: 12_000 });
    // The videos' amounts add up to the Sales card's; their orders may count an order twice.
    expect(await netSales(shop.id, { since })).toEqual({ orders: 2, amountCents: 5500 });

    const videos = await videoAnalytics(shop.id, { rankBy: "revenue" });
    expect(videos.map((video) => [video.title, video.add_to_cart, video.orders, video.revenue])).toEqual([
      ["Soap", 0, 2, 35],
      ["Shirt", 0, 1, 20],
      ["Added, never bought", 3, 0, 0],
    ]);
    expect((await videoAnalytics(shop.id, { rankBy: "add_to_cart" }))[0]?.title).toBe("Added, never bought");
    const widgets = await widgetAnalytics(shop.id, { rankBy: "revenue" });
    expect(widgets.map((widget) => [widget.name, widget.add_to_cart, widget.orders, widget.revenue])).toEqual([
      ["Widget 2", 0, 1, 30],
      ["Widget 1", 3, 1, 20],
    ]);
    // The other shop sees its own sale only.
    expect((await videoAnalytics(elsewhere.id)).map((video) => [video.title, video.revenue])).toEqual([["Theirs", 999]]);
    expect((await widgetAnalytics(elsewhere.id)).map((widget) => [widget.orders, widget.revenue])).toEqual([[1, 999]]);
  });

  it("ranks before it cuts the list: the best seller is first by revenue however many videos were clicked more", async () => {
    const shop = await createShop("sells-many");
    const clicked = await Promise.all(Array.from({ length: 60 }, (_, index) => createVideo(shop.id, { title: `Clicked ${index}` })));
    const seller = await createVideo(shop.id, { title: "Quiet seller" });
    const widget = await createWidget(shop.id, 1);
    await prisma.analyticsRollup.createMany({
      data: clicked.map((video) => ({ shopId: shop.id, dimension: "video", day: utcDay(new Date()), type: "video_click", key: video.id, count: 10 })),
    });
    await attributeOrder(shop.shopDomain, widgetOrder(801, 1, [{ videoId: seller.id, widgetId: widget.id, quantity: 1, price: "42.00" }]));
    const byClicks = await videoAnalytics(shop.id);
    expect(byClicks).toHaveLength(50);
    expect(byClicks.map((video) => video.title)).not.toContain("Quiet seller");
    expect((await videoAnalytics(shop.id, { rankBy: "revenue" }))[0]).toMatchObject({ title: "Quiet seller", orders: 1, revenue: 42 });
  });
});
