/** The Analytics page: its cards, tables, rankings and how each measure is written. Client-safe; every on-screen text is in app/messages/ (import it from "~/messages"). */
import { ANALYTICS_WINDOW_DAYS, TOP_VIDEOS_COUNT, type PerformanceColumnSet, type PerformanceRanking } from "~/constants";
import { ANALYTICS_WINDOW } from "./figures";
import { ACTION_TEXT } from "./shared";
import { LIBRARY_TEXT } from "./library";

/** The Analytics page's texts (spec 2, "Analytics"). */
/** What an Analytics table can be ranked by, named as its column. */
const RANKING_NAMES = {
  clicks: "Clicks",
  revenue: "Revenue",
  orders: "Orders",
  add_to_cart: "Add to Cart",
  impressions: "Impressions",
  plays: "Plays",
  views: "Views",
} as const satisfies Record<PerformanceRanking, string>;

export const ANALYTICS_TEXT = {
  emptyTitle: "No analytics data yet",
  emptyBody: "Add videos and show them on your store; shoppers' clicks and sales will appear here.",
  emptyAction: "Add Videos",
  overview: "Performance Overview",
  overviewPeriod: `Last ${ANALYTICS_WINDOW_DAYS} days`,
  /** How every figure is counted (decision 060), beside the cards, in one line. */
  countingNote:
    "Each shopper session counts once per video and widget per day (UTC), and only for videos published to that widget; watch time is capped at the video's length. Sales are orders from your videos, net of refunds and cancellations.",
  videoClicks: "Video Clicks",
  videoClicksThisMonth: (count: string) => `${count} this month`,
  totalVideos: "Total Videos",
  publishedCount: (count: number) => `${count} published`,
  activeWidgets: "Active Widgets",
  deployedOnStore: "deployed on store",
  productClicks: "Product Clicks",
  productsViewed: "products viewed from videos",
  sales: "Sales",
  salesRevenue: (revenue: string) => `${revenue} revenue`,
  chartTitle: `Clicks, last ${ANALYTICS_WINDOW_DAYS} days`,
  chartVideoSeries: "Video clicks",
  chartProductSeries: "Product clicks",
  chartDateColumn: "Date",
  platformPerformance: "Platform Performance",
  platformPeriod: `Clicks in ${ANALYTICS_WINDOW}, by platform`,
  noPlatformClicks: "No clicks yet.",
  /** Each kind under its own name, as the cards and the tables say them. */
  platformClicks: (videoClicks: string, productClicks: string) => `Video clicks ${videoClicks} · Product clicks ${productClicks}`,
  untitledVideo: LIBRARY_TEXT.untitledVideo,
  topVideos: "Top Performing Videos",
  /** The table's period line, after its ranking (decision 068): clicks by default, as the spec says. */
  topVideosPeriod: (ranking: PerformanceRanking) =>
    ranking === "clicks"
      ? `Top ${TOP_VIDEOS_COUNT} by clicks (video clicks plus product clicks) in ${ANALYTICS_WINDOW}`
      : `Top ${TOP_VIDEOS_COUNT} by ${RANKING_NAMES[ranking].toLowerCase()} in ${ANALYTICS_WINDOW}`,
  /** A creator's handle (channel username); a display name is shown as is. */
  handle: (username: string) => `@${username}`,
  nameAndHandle: (name: string, username: string) => `${name} · @${username}`,
  noVideoEngagement: "No video engagement yet",
  noVideoEngagementBody: "When shoppers click your videos, the most watched ones show here.",
  createWidget: ACTION_TEXT.createWidget,
  widgetPerformance: "Widget Performance",
  widgetPeriod: `Clicks (video clicks plus product clicks), watching and sales in ${ANALYTICS_WINDOW}`,
  /** Under a table showing sales: what its Orders and Revenue count (decisions 048, 068). */
  salesNote: `Orders placed in ${ANALYTICS_WINDOW} with a product added from the video or widget, net of refunds and cancellations. An order with products from two videos counts for each.`,
  /** Each table shows one group of measures at a time, so it fits its card (decision 068). */
  columnSetsLabel: "Columns",
  columnSets: { sales: "Sales", watching: "Watching", clicks: "Clicks" } satisfies Record<PerformanceColumnSet, string>,
  sortLabel: "Sort by",
  rankings: RANKING_NAMES,
  noWidgetEngagement: "No widget engagement yet",
  noWidgetEngagementBody: "How shoppers see, watch and click your widgets will show here.",
  noWidgets: "No widgets yet. Create one to show your videos on your store.",
  published: "Published",
  unpublished: "Unpublished",
  columns: {
    thumbnail: "Thumbnail",
    details: "Video Details",
    platform: "Platform",
    clicks: "Clicks",
    status: "Status",
    widgetName: "Widget Name",
    type: "Type",
    pageContext: "Page Context",
    // What shoppers did (issue 14); after the spec's columns.
    impressions: "Impressions",
    plays: "Plays",
    playRate: "Play Rate",
    views: "Views",
    averageWatchTime: "Avg. Watch Time",
    videoClicks: "Video Clicks",
    productClicks: "Product Clicks",
    clickThroughRate: "CTR",
    /** A video's plays on TikTok or Instagram as last imported (decision 082), beside the store's clicks. */
    platformPlays: "Platform Plays",
    // What sold (decision 068).
    addToCart: "Add to Cart",
    orders: "Orders",
    revenue: "Revenue",
  },
} as const;

/** How app/rules/engagement-format.ts writes a measure; a rate or an average over nothing is a dash. */
export const MEASURE_TEXT = {
  none: "—",
  seconds: (seconds: string) => `${seconds} s`,
  minutes: (minutes: string, seconds: string) => `${minutes} min ${seconds} s`,
} as const;
