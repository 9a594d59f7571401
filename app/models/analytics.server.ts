/**
 * What the videos earn (spec 2 Analytics, 3 "Analytics summary", 9): clicks
 * from the storefront's events, read from the daily rollups kept at ingest
 * (decision 016), and sales from real orders (OrderAttribution). Everything
 * is scoped to one shop.
 *
 * Clicks are video clicks plus product clicks (an add to cart is not a click).
 * total* figures count everything since install; the 30-day window is the
 * last 30 UTC days, today included.
 */
import { prisma } from "~/db.server";
import { ANALYTICS_WINDOW_DAYS, type LayoutType } from "~/constants";
import type { AnalyticsSummaryDto, VideoAnalyticsDto, WidgetAnalyticsDto } from "~/rules/api-types";
import { countLibrary } from "./library-counts.server";
import { netSales } from "./order-attribution.server";
import { utcDay } from "./storefront-events.server";
import { DAY_MS } from "~/rules/time";

const CLICK_TYPES = ["video_click", "product_click"] as const;
/** The per-video list returns at most this many (the page shows the first 5). */
const VIDEO_LIST_LIMIT = 50;

/** Video clicks plus product clicks since install (the Dashboard's Total Clicks). */
export async function totalClicks(shopId: string): Promise<number> {
  const total = await prisma.analyticsRollup.aggregate({
    where: { shopId, dimension: "platform", type: { in: [...CLICK_TYPES] } },
    _sum: { count: true },
  });
  return total._sum.count ?? 0;
}

/** The window's days, oldest first: YYYY-MM-DD. */
function analyticsWindowDays(now = new Date()): string[] {
  return Array.from({ length: ANALYTICS_WINDOW_DAYS }, (_, index) => utcDay(new Date(now.getTime() - (ANALYTICS_WINDOW_DAYS - 1 - index) * DAY_MS)));
}

export async function analyticsSummary(shopId: string, now = new Date()): Promise<AnalyticsSummaryDto> {
  const days = analyticsWindowDays(now);
  const [byPlatform, recent, library, sales, shop] = await Promise.all([
    prisma.analyticsRollup.groupBy({
      by: ["type", "key"],
      where: { shopId, dimension: "platform", type: { in: [...CLICK_TYPES] } },
      _sum: { count: true },
    }),
    prisma.analyticsRollup.groupBy({
      by: ["day", "type"],
      where: { shopId, dimension: "platform", type: { in: [...CLICK_TYPES] }, day: { gte: days[0] } },
      _sum: { count: true },
    }),
    countLibrary(shopId),
    netSales(shopId),
    prisma.shop.findUnique({ where: { id: shopId }, select: { currencyCode: true } }),
  ]);

  const sumOf = (type: string) => byPlatform.filter((row) => row.type === type).reduce((sum, row) => sum + (row._sum.count ?? 0), 0);
  const totalVideoClicks = sumOf("video_click");
  const totalProductClicks = sumOf("product_click");
  const platformClicks = new Map<string, number>();
  for (const row of byPlatform) platformClicks.set(row.key, (platformClicks.get(row.key) ?? 0) + (row._sum.count ?? 0));

  const dailyClicks = days.map((date) => ({ date, videoClicks: 0, productClicks: 0 }));
  const clicksByDate = new Map(dailyClicks.map((day) => [day.date, day]));
  for (const row of recent) {
    const day = clicksByDate.get(row.day);
    if (!day) continue;
    if (row.type === "video_click") day.videoClicks += row._sum.count ?? 0;
    else day.productClicks += row._sum.count ?? 0;
  }

  return {
    totalClicks: totalVideoClicks + totalProductClicks,
    totalVideoClicks,
    last30DaysClicks: dailyClicks.reduce((sum, day) => sum + day.videoClicks + day.productClicks, 0),
    totalVideos: library.totalVideos,
    enabledVideos: library.enabledVideos,
    totalWidgets: library.totalWidgets,
    // The spec's field name; it counts videos with products, as the Dashboard's "Products Tagged" card does.
    taggedProducts: library.taggedVideos,
    totalProductClicks,
    totalConversions: sales.orders,
    conversionRevenue: sales.amountCents / 100,
    currency: shop?.currencyCode ?? "USD",
    platformBreakdown: [...platformClicks]
      .map(([platform, clicks]) => ({ platform, clicks }))
      .filter((entry) => entry.clicks > 0)
      .sort((a, b) => b.clicks - a.clicks || a.platform.localeCompare(b.platform)),
    dailyClicks,
  };
}

/** Clicks per key of a dimension over the window. */
async function windowClicks(shopId: string, dimension: "video" | "widget", now: Date): Promise<Map<string, number>> {
  const rows = await prisma.analyticsRollup.groupBy({
    by: ["key"],
    where: { shopId, dimension, type: { in: [...CLICK_TYPES] }, day: { gte: analyticsWindowDays(now)[0] } },
    _sum: { count: true },
  });
  return new Map(rows.map((row) => [row.key, row._sum.count ?? 0]));
}

/** The shop's videos clicked in the window, most clicks first (deleted videos are left out). */
export async function videoAnalytics(shopId: string, now = new Date()): Promise<VideoAnalyticsDto[]> {
  const clicks = await windowClicks(shopId, "video", now);
  const ranked = [...clicks].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  const videos = await prisma.video.findMany({
    where: { shopId, id: { in: ranked.slice(0, VIDEO_LIST_LIMIT * 2).map(([id]) => id) } },
    select: { id: true, title: true, authorName: true, platform: true, enabled: true, storedThumbnailUrl: true, thumbnailUrl: true },
  });
  const byId = new Map(videos.map((video) => [video.id, video]));
  return ranked
    .flatMap(([id, count]) => {
      const video = byId.get(id);
      if (!video) return [];
      return [
        {
          id,
          thumbnail_url: video.storedThumbnailUrl ?? video.thumbnailUrl,
          title: video.title,
          author_name: video.authorName,
          platform: video.platform,
          clicks: count,
          enabled: video.enabled,
        },
      ];
    })
    .slice(0, VIDEO_LIST_LIMIT);
}

/** Every widget of the shop with its clicks in the window, most first. */
export async function widgetAnalytics(shopId: string, now = new Date()): Promise<WidgetAnalyticsDto[]> {
  const [clicks, widgets] = await Promise.all([
    windowClicks(shopId, "widget", now),
    prisma.widget.findMany({
      where: { shopId },
      orderBy: { displayNumber: "asc" },
      select: { id: true, name: true, layoutType: true, pageContexts: true },
    }),
  ]);
  return widgets
    .map((widget) => ({
      id: widget.id,
      name: widget.name,
      layout_type: widget.layoutType as LayoutType,
      page_contexts: widget.pageContexts,
      clicks: clicks.get(widget.id) ?? 0,
    }))
    .sort((a, b) => b.clicks - a.clicks);
}
