/**
 * What the videos earn (spec 2 Analytics, 3 "Analytics summary", 9): clicks
 * from the storefront's events, read from the daily rollups kept at ingest
 * (decision 016), and sales from real orders (OrderAttribution). Everything
 * is scoped to one shop.
 *
 * Two kinds of click, always counted and named apart on the page (issue 15
 * item 10): a video click is the player opened, a product click is "View
 * product" in it (an add to cart is not a click); "clicks" alone means both.
 * total* figures count everything since install; the 30-day window is the
 * last 30 UTC days, today included. Per video and per widget, the lists also
 * say how often they were seen, played, watched and opened (issue 14), and
 * what they sold: adds to cart, and orders and revenue net as the Sales card
 * (decision 068).
 */
import { prisma } from "~/db.server";
import { ANALYTICS_WINDOW_DAYS, type PerformanceRanking } from "~/constants";
import { type LayoutType } from "~/contracts/widget-layouts";
import { eventMeasures, type AnalyticsSummaryDto, type EngagementDto, type SalesDto, type VideoAnalyticsDto, type WidgetAnalyticsDto } from "~/rules/api-types";
import { BEACON_EVENT_TYPES, beaconCarries, beaconEvent, clickKindOf } from "~/contracts/beacon-events";
import { byPerformance, hasPerformance } from "~/rules/performance-ranking";
import { readWidgetSource } from "~/rules/widget-settings";
import { countLibrary } from "./library-counts.server";
import { netSales, netSalesBy, type NetSales } from "./order-attribution.server";
import { utcDay } from "./storefront-events.server";
import { DAY_MS } from "~/rules/time";
import { liveMediaUrl } from "~/rules/media-expiry";

/** The events that count as clicks (video clicks and product clicks, named apart: issue 15 item 10). */
const CLICK_TYPES = BEACON_EVENT_TYPES.filter((type) => beaconEvent(type).click);
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

/** The first day of `now`'s month (UTC, as the rollups' days are): YYYY-MM-DD. */
const monthStartDay = (now: Date) => `${utcDay(now).slice(0, 8)}01`;

/**
 * The page's figures. The Performance Overview's clicks and sales cover the
 * window (the last 30 UTC days, today included; a sale is an order placed in
 * it, net of its refunds and cancellation); "this month" starts on the 1st
 * (UTC), which may lie a day before the window on the 31st. The platform
 * breakdown covers the window too; total* stay since install (the API's
 * fields, the page's empty state).
 */
export async function analyticsSummary(shopId: string, now = new Date()): Promise<AnalyticsSummaryDto> {
  const days = analyticsWindowDays(now);
  const windowStart = days[0]!;
  const monthStart = monthStartDay(now);
  const [totals, recent, library, sales, windowSales, shop] = await Promise.all([
    prisma.analyticsRollup.groupBy({
      by: ["type"],
      where: { shopId, dimension: "platform", type: { in: [...CLICK_TYPES] } },
      _sum: { count: true },
    }),
    // At most 31 days x the click types (2) x 5 platforms rows.
    prisma.analyticsRollup.groupBy({
      by: ["day", "type", "key"],
      where: { shopId, dimension: "platform", type: { in: [...CLICK_TYPES] }, day: { gte: monthStart < windowStart ? monthStart : windowStart } },
      _sum: { count: true },
    }),
    countLibrary(shopId),
    netSales(shopId),
    netSales(shopId, { since: new Date(`${windowStart}T00:00:00.000Z`) }),
    prisma.shop.findUnique({ where: { id: shopId }, select: { currencyCode: true } }),
  ]);

  const sumOf = (kind: "video" | "product") => totals.reduce((sum, row) => sum + (clickKindOf(row.type) === kind ? (row._sum.count ?? 0) : 0), 0);
  const totalVideoClicks = sumOf("video");
  const totalProductClicks = sumOf("product");
  const platforms = new Map<string, { videoClicks: number; productClicks: number }>();

  const dailyClicks = days.map((date) => ({ date, videoClicks: 0, productClicks: 0 }));
  const clicksByDate = new Map(dailyClicks.map((day) => [day.date, day]));
  let thisMonthVideoClicks = 0;
  for (const row of recent) {
    const count = row._sum.count ?? 0;
    const video = clickKindOf(row.type) === "video";
    if (video && row.day >= monthStart) thisMonthVideoClicks += count;
    const day = clicksByDate.get(row.day);
    if (!day) continue;
    let platform = platforms.get(row.key);
    if (!platform) platforms.set(row.key, (platform = { videoClicks: 0, productClicks: 0 }));
    if (video) {
      day.videoClicks += count;
      platform.videoClicks += count;
    } else {
      day.productClicks += count;
      platform.productClicks += count;
    }
  }
  const windowVideoClicks = dailyClicks.reduce((sum, day) => sum + day.videoClicks, 0);
  const windowProductClicks = dailyClicks.reduce((sum, day) => sum + day.productClicks, 0);

  return {
    totalClicks: totalVideoClicks + totalProductClicks,
    totalVideoClicks,
    last30DaysClicks: windowVideoClicks + windowProductClicks,
    totalVideos: library.totalVideos,
    enabledVideos: library.enabledVideos,
    totalWidgets: library.totalWidgets,
    // The spec's field name; it counts videos with products, as the Dashboard's "Products Tagged" card does.
    taggedProducts: library.taggedVideos,
    totalProductClicks,
    totalConversions: sales.orders,
    conversionRevenue: sales.amountCents / 100,
    currency: shop?.currencyCode ?? "USD",
    last30Days: {
      from: windowStart,
      videoClicks: windowVideoClicks,
      productClicks: windowProductClicks,
      conversions: windowSales.orders,
      revenue: windowSales.amountCents / 100,
    },
    thisMonthVideoClicks,
    platformBreakdown: [...platforms]
      .map(([platform, clicks]) => ({ platform, clicks: clicks.videoClicks + clicks.productClicks, ...clicks }))
      .filter((entry) => entry.clicks > 0)
      .sort((a, b) => b.clicks - a.clicks || a.platform.localeCompare(b.platform)),
    dailyClicks,
  };
}

/** What shoppers did with one video or one widget over the window: the rollups' counts and milliseconds watched, by type. */
type WindowActivity = { counts: Map<string, number>; watchedMs: Map<string, number> };

/** Each key's activity over the window, from one scan of its rollups. */
async function windowActivity(shopId: string, dimension: "video" | "widget", now: Date): Promise<Map<string, WindowActivity>> {
  const rows = await prisma.analyticsRollup.groupBy({
    by: ["key", "type"],
    where: { shopId, dimension, day: { gte: analyticsWindowDays(now)[0] } },
    _sum: { count: true, watchedMs: true },
  });
  const byKey = new Map<string, WindowActivity>();
  for (const row of rows) {
    let activity = byKey.get(row.key);
    if (!activity) byKey.set(row.key, (activity = { counts: new Map(), watchedMs: new Map() }));
    activity.counts.set(row.type, row._sum.count ?? 0);
    // A bigint column; a number holds 2^53 ms (285,000 years) exactly.
    activity.watchedMs.set(row.type, Number(row._sum.watchedMs ?? 0));
  }
  return byKey;
}

/**
 * The measures shown for a video or a widget (issue 14): each event's figure
 * as it declares (app/contracts/beacon-events.ts: a widget's impressions are
 * its own, widget_impression, a video's its card's), and the rates over them;
 * a rate is null when what it divides by is 0, and the page shows a dash.
 */
function engagementOf(activity: WindowActivity | undefined, of: "video" | "widget"): EngagementDto {
  const measures = eventMeasures((type) => (beaconCarries(type, "ms") ? activity?.watchedMs : activity?.counts)?.get(type) ?? 0, of);
  return {
    ...measures,
    clicks: measures.video_clicks + measures.product_clicks,
    play_rate: ratio(measures.plays, measures.impressions),
    average_watch_ms: ratio(measures.watch_time_ms, measures.plays),
    click_through_rate: ratio(measures.video_clicks, measures.impressions),
  };
}

/** What a video or widget sold in the window; the shop's currency, as the summary's revenue. */
const salesOf = (sales: NetSales | undefined): SalesDto => ({ orders: sales?.orders ?? 0, revenue: (sales?.amountCents ?? 0) / 100 });

/** Sales in the window are orders placed in it, net of their refunds and cancellation whenever those came (decision 049). */
const windowSalesBy = (shopId: string, soldThrough: "video" | "widget", now: Date) =>
  netSalesBy(shopId, soldThrough, { since: new Date(`${analyticsWindowDays(now)[0]}T00:00:00.000Z`) });

/** How a list is read: ranked by clicks unless the merchant chose another measure (decision 068); `now` for tests. */
export interface PerformanceListOptions {
  rankBy?: PerformanceRanking;
  now?: Date;
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * The shop's videos shoppers saw, played, clicked or bought from in the
 * window, ranked (most clicks first unless asked otherwise), at most
 * VIDEO_LIST_LIMIT; deleted videos are left out. The ranking comes before the
 * cut, so "top 5 by revenue" is right however many videos were clicked more.
 */
export async function videoAnalytics(shopId: string, { rankBy = "clicks", now = new Date() }: PerformanceListOptions = {}): Promise<VideoAnalyticsDto[]> {
  const [activity, sales] = await Promise.all([windowActivity(shopId, "video", now), windowSalesBy(shopId, "video", now)]);
  const ranked = [...new Set([...activity.keys(), ...sales.keys()])]
    .map((id) => ({ id, ...engagementOf(activity.get(id), "video"), ...salesOf(sales.get(id)) }))
    .filter(hasPerformance)
    .sort(byPerformance(rankBy));
  const videos = await prisma.video.findMany({
    where: { shopId, id: { in: ranked.slice(0, VIDEO_LIST_LIMIT * 2).map((entry) => entry.id) } },
    select: {
      id: true,
      title: true,
      authorName: true,
      channelUsername: true,
      platform: true,
      enabled: true,
      storedThumbnailUrl: true,
      thumbnailUrl: true,
      thumbnailExpiresAt: true,
      playCount: true,
    },
  });
  const byId = new Map(videos.map((video) => [video.id, video]));
  return ranked
    .flatMap((figures) => {
      const video = byId.get(figures.id);
      if (!video) return [];
      return [
        {
          ...figures,
          thumbnail_url: video.storedThumbnailUrl ?? liveMediaUrl(video.thumbnailUrl, video.thumbnailExpiresAt),
          title: video.title,
          author_name: video.authorName,
          channel_username: video.channelUsername,
          platform: video.platform,
          enabled: video.enabled,
          platform_plays: video.playCount,
        },
      ];
    })
    .slice(0, VIDEO_LIST_LIMIT);
}

/** Every widget of the shop with what shoppers did with it and what it sold in the window, ranked (most clicks first unless asked otherwise). */
export async function widgetAnalytics(shopId: string, { rankBy = "clicks", now = new Date() }: PerformanceListOptions = {}): Promise<WidgetAnalyticsDto[]> {
  const [activity, sales, widgets] = await Promise.all([
    windowActivity(shopId, "widget", now),
    windowSalesBy(shopId, "widget", now),
    prisma.widget.findMany({
      where: { shopId },
      orderBy: { displayNumber: "asc" },
      select: { id: true, name: true, layoutType: true, pageContexts: true, sourceType: true },
    }),
  ]);
  return widgets
    .map((widget) => ({
      id: widget.id,
      name: widget.name,
      layout_type: widget.layoutType as LayoutType,
      page_contexts: widget.pageContexts,
      source_type: readWidgetSource(widget.sourceType),
      ...engagementOf(activity.get(widget.id), "widget"),
      ...salesOf(sales.get(widget.id)),
    }))
    .sort(byPerformance(rankBy));
}
