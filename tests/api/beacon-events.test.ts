/**
 * Every storefront event app/contracts/beacon-events.ts declares, end to end
 * (decision 075): sent through the app proxy as a widget sends it, accepted,
 * counted once in the figure it declares for the video and the widget, kept
 * as a row when it says so, and counted as the click it says it is. A new
 * event fails here until the server takes it as declared (docs/how-to-add.md).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { prisma } from "~/db.server";
import { BEACON_EVENT_TYPES, PRODUCT_GALLERY_WIDGET_ID, beaconCarries, beaconEvent, type BeaconEventType } from "~/contracts/beacon-events";
import type { AnalyticsSummaryDto, VideoAnalyticsDto, WidgetAnalyticsDto } from "~/rules/api-types";
import { flushStorefrontEvents } from "~/models/storefront-events-queue.server";
import { loader as summaryRoute } from "~/routes/api.analytics.$shopId";
import { loader as videosRoute } from "~/routes/api.analytics.$shopId.videos";
import { loader as widgetsRoute } from "~/routes/api.analytics.$shopId.widgets";
import { action as eventsRoute } from "~/routes/proxy.events";
import { proxiedUrl } from "../emulators/shopify/app-proxy";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { apiRequest, callRoute, DESKTOP_USER_AGENT } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, seedWidgets, type TestShop } from "../support/library-fixtures";

const config = () => ({ ...readLocalShopifyConfig(), appUrl: inject("appUrl") });

/** One page view's beacon, in a browser session of its own. */
async function sendBeacon(shop: TestShop, events: Array<Record<string, string | number>>) {
  const request = new Request(proxiedUrl(config(), shop.domain, "/events", new URLSearchParams()), {
    method: "POST",
    headers: { "User-Agent": DESKTOP_USER_AGENT, "Content-Type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ session: `s-${randomUUID()}`, events }),
  });
  expect((await callRoute(eventsRoute, request)).status).toBe(204);
}

async function listOf<Row>(route: typeof videosRoute, shop: TestShop, kind: "videos" | "widgets"): Promise<Row[]> {
  const response = await callRoute(route, await apiRequest(shop.domain, `/api/analytics/${shop.id}/${kind}`), { shopId: shop.id });
  expect(response.status).toBe(200);
  return (await jsonOf<Record<string, Row[]>>(response))[kind] ?? [];
}

/** An event of `type` as a widget sends it: every field its declaration names, with a plausible value. */
function eventOf(type: BeaconEventType, videoId: string, widgetId: string): Record<string, string | number> {
  return {
    type,
    widgetId,
    ...(beaconCarries(type, "videoId") ? { videoId } : {}),
    ...(beaconCarries(type, "productId") ? { productId: "gid://shopify/Product/42" } : {}),
    ...(beaconCarries(type, "ms") ? { ms: 1_500 } : {}),
  };
}

describe("every declared storefront event", () => {
  it("keeps its place: an event's index is its bit in the stored session tallies", () => {
    expect(BEACON_EVENT_TYPES.slice(0, 9)).toEqual([
      "video_click",
      "product_click",
      "add_to_cart",
      "widget_impression",
      "impression",
      "play",
      "view",
      "watch_time",
      "completion",
    ]);
  });

  it("is accepted through the app proxy and counted in its figure, as a row and as a click where it says so", async () => {
    const shop = await bootstrapShop("events");
    const widgets = await seedWidgets(
      shop.id,
      BEACON_EVENT_TYPES.map((type) => ({ name: `Widget for ${type}` })),
    );
    const videos = await seedVideos(
      shop.id,
      BEACON_EVENT_TYPES.map((type) => ({ title: `Video for ${type}`, enabled: true })),
    );
    await prisma.widgetVideo.createMany({
      data: BEACON_EVENT_TYPES.map((_, index) => ({ shopId: shop.id, widgetId: widgets[index]!.id, videoId: videos[index]!.id })),
    });
    // Each event in a page view of its own widget and video, after a play (watch time counts against a play, and a played video is listed).
    for (const [index, type] of BEACON_EVENT_TYPES.entries()) {
      const [video, widget] = [videos[index]!.id, widgets[index]!.id];
      await sendBeacon(shop, [eventOf("play", video, widget), eventOf(type, video, widget)]);
    }
    await flushStorefrontEvents();

    const videoRows = new Map((await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos")).map((row) => [row.id, row]));
    const widgetRows = new Map((await listOf<WidgetAnalyticsDto>(widgetsRoute as typeof videosRoute, shop, "widgets")).map((row) => [row.id, row]));
    const stored = await prisma.analyticsEvent.findMany({ where: { shopId: shop.id }, select: { type: true, productId: true } });
    for (const [index, type] of BEACON_EVENT_TYPES.entries()) {
      const { measure, measureOf, row } = beaconEvent(type);
      const videoRow = videoRows.get(videos[index]!.id);
      const widgetRow = widgetRows.get(widgets[index]!.id);
      expect(videoRow?.[measure], `${type}: the video's ${measure}`).toBe(measureOf === "widget" ? 0 : beaconCarries(type, "ms") ? 1_500 : 1);
      expect(widgetRow?.[measure], `${type}: the widget's ${measure}`).toBe(measureOf === "video" ? 0 : beaconCarries(type, "ms") ? 1_500 : 1);
      const rows = stored.filter((event) => event.type === type);
      expect(rows, `${type}: kept as a row`).toHaveLength(row ? 1 : 0);
      if (beaconCarries(type, "productId")) for (const event of rows) expect(event.productId).toBe("gid://shopify/Product/42");
    }

    const clicksOf = (kind: "video" | "product") => BEACON_EVENT_TYPES.filter((type) => beaconEvent(type).click === kind).length;
    const response = await callRoute(summaryRoute, await apiRequest(shop.domain, `/api/analytics/${shop.id}`), { shopId: shop.id });
    const summary = await jsonOf<AnalyticsSummaryDto>(response);
    expect(summary).toMatchObject({ totalVideoClicks: clicksOf("video"), totalProductClicks: clicksOf("product") });
  });
});

describe("the product page's videos block (decision 080), which names no widget of the shop's", () => {
  it("counts its events for an approved video tagged with a product, in the video's and the shop's figures and in no widget's", async () => {
    const shop = await bootstrapShop("gallery-events");
    const [widget] = await seedWidgets(shop.id, [{ name: "Home carousel" }]);
    const [tagged, untagged, draft] = await seedVideos(shop.id, [
      { title: "Tagged and approved", enabled: true },
      { title: "Approved, not tagged", enabled: true },
      { title: "Tagged draft" },
    ]);
    for (const video of [tagged!, draft!]) {
      await prisma.productTag.create({ data: { shopId: shop.id, videoId: video.id, productId: "gid://shopify/Product/42", productTitle: "Linen shirt" } });
    }
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget!.id, videoId: untagged!.id } });

    // What a shopper on the product page does; and events naming videos the block never shows (no product page has them).
    const gallery = (type: BeaconEventType, videoId: string) => eventOf(type, videoId, PRODUCT_GALLERY_WIDGET_ID);
    await sendBeacon(shop, [
      { type: "widget_impression", widgetId: PRODUCT_GALLERY_WIDGET_ID },
      gallery("video_click", tagged!.id),
      gallery("play", tagged!.id),
      gallery("product_click", tagged!.id),
      gallery("add_to_cart", tagged!.id),
      gallery("video_click", untagged!.id),
      gallery("video_click", draft!.id),
    ]);
    await flushStorefrontEvents();

    const videoRows = new Map((await listOf<VideoAnalyticsDto>(videosRoute, shop, "videos")).map((row) => [row.id, row]));
    expect(videoRows.get(tagged!.id)).toMatchObject({ video_clicks: 1, product_clicks: 1, plays: 1, add_to_cart: 1 });
    expect(videoRows.get(untagged!.id)?.video_clicks ?? 0).toBe(0);
    const widgetRows = await listOf<WidgetAnalyticsDto>(widgetsRoute as typeof videosRoute, shop, "widgets");
    expect(widgetRows.map((row) => [row.id, row.video_clicks])).toEqual([[widget!.id, 0]]);
    const summary = await jsonOf<AnalyticsSummaryDto>(
      await callRoute(summaryRoute, await apiRequest(shop.domain, `/api/analytics/${shop.id}`), { shopId: shop.id }),
    );
    expect(summary).toMatchObject({ totalVideoClicks: 1, totalProductClicks: 1 });
    const rows = await prisma.analyticsEvent.findMany({
      where: { shopId: shop.id },
      orderBy: { type: "asc" },
      select: { type: true, videoId: true, widgetId: true },
    });
    expect(rows).toEqual(["add_to_cart", "product_click", "video_click"].map((type) => ({ type, videoId: tagged!.id, widgetId: PRODUCT_GALLERY_WIDGET_ID })));
  });
});
