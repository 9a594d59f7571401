// Analytics storage on whichever database DATABASE_URL names (test-both runs
// SQLite, then PostgreSQL): the rollups written with the events, and order
// attribution's duplicate-proof insert, both raw SQL.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { analyticsSummary, videoAnalytics, widgetAnalytics } from "../../app/models/analytics.server";
import { OrderPayload, attributeOrder } from "../../app/models/order-attribution.server";
import { flushStorefrontEvents, queueStorefrontEvents } from "../../app/jobs/storefront-events-writer.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

describe("analytics rollups and attribution", () => {
  it("adds each flush's events to the daily rollups, across flushes", async () => {
    const shop = await createShop("rollups");
    const widget = await createWidget(shop.id, 1);
    const video = await createVideo(shop.id, { title: "Clicked", platform: "instagram" });
    for (let flush = 0; flush < 3; flush++) {
      queueStorefrontEvents(shop.shopDomain, "s", [
        { type: "video_click", videoId: video.id, widgetId: widget.id },
        { type: "product_click", videoId: video.id, widgetId: widget.id, productId: "7" },
        { type: "add_to_cart", videoId: video.id, widgetId: "not-a-widget", productId: "7" },
      ]);
      await flushStorefrontEvents();
    }
    const summary = await analyticsSummary(shop.id);
    expect([summary.totalVideoClicks, summary.totalProductClicks, summary.last30DaysClicks]).toEqual([3, 3, 6]);
    expect(summary.platformBreakdown).toEqual([{ platform: "instagram", clicks: 6 }]);
    expect((await videoAnalytics(shop.id)).map((v) => v.clicks)).toEqual([6]);
    expect((await widgetAnalytics(shop.id)).map((w) => w.clicks)).toEqual([6]);
    const unknownWidget = await prisma.analyticsRollup.findMany({ where: { shopId: shop.id, dimension: "widget", key: "" } });
    expect(unknownWidget.map((row) => [row.type, row.count])).toEqual([["add_to_cart", 3]]);
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(9);
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
