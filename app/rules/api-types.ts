/**
 * JSON shapes of the REST API (spec section 7) shared by the resource routes
 * (app/routes/api.*) and the admin UI. Field names follow the spec (snake_case).
 * Third-party text in them (titles, names) is untrusted: render as text only.
 */
import type { PageContext } from "~/constants";
import { BEACON_EVENT_TYPES, beaconEvent, type BeaconEventType, type BeaconMeasure } from "~/contracts/beacon-events";
import type { LayoutType } from "~/contracts/widget-layouts";
import type { ImportFailureKind, PlatformId, VideoSource } from "~/contracts/platforms";
import type { MirrorFailure } from "~/contracts/media";
import type { WidgetSettings, WidgetSource } from "./widget-settings";
import type { LinkResult } from "./link-list";

export interface ProductTagDto {
  id: string;
  product_id: string;
  product_title: string;
}

export interface VideoDto {
  id: string;
  /** The platform's id of the video (spec `video_id`). */
  video_id: string;
  /** An uploaded video's file as the merchant named it; null for imports (decision 069). */
  file_name: string | null;
  title: string | null;
  author_name: string | null;
  channel_username: string | null;
  /** Our durable copy when available, else the platform's URL (may have expired). */
  thumbnail_url: string | null;
  platform: VideoSource;
  /** true = Active / approved, false = Draft / pending. */
  enabled: boolean;
  /** When it joined the library (imported or uploaded). */
  created_at: string;
  /** The post's own date: when the platform published it, else (uploads, platforms that give no date) created_at. */
  posted_at: string;
  video_url: string;
  /** A player iframe src from the allow-list of platform player hosts, or null (app/rules/embeds.ts). */
  embed_url: string | null;
  clicks: number;
  product_tags: ProductTagDto[];
  widget_names: string[];
  /** Our copy of the video in the shop's Shopify Files (decision 035); null when none was asked for (never approved). */
  media: VideoMediaDto | null;
  /** The blocked words an import's rules held it for (decision 054): in Draft, flagged until approved; null when not held. */
  held_words?: string[] | null;
  /**
   * The post's reach as the platform last reported it (decision 082), refreshed by every import, resync and
   * auto-sync; each null when unknown (Pinterest, uploads, a figure the platform did not give), never 0 for unknown.
   */
  figures?: VideoFiguresDto;
}

export interface VideoFiguresDto {
  plays: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  duration_seconds: number | null;
}

export type { MirrorFailure } from "~/contracts/media";

export interface VideoMediaDto {
  /** preparing: being copied; ready: the storefront plays our copy; failed: it keeps the platform's player. */
  status: "preparing" | "ready" | "failed";
  failure: MirrorFailure | null;
  /** Once ready: the rendition the admin's preview (and the storefront's player) plays. */
  src: string | null;
}

export const LIBRARY_TABS = ["all", "active", "draft"] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];
/**
 * The library's orders (decision 082): newest first (the default) or oldest first; most played or least played
 * first, unknown plays last either way.
 */
export const LIBRARY_SORTS = ["newest", "oldest", "plays", "least_played"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** The Video Library's server-side filters; page is 1-based. */
export interface VideoListQuery {
  tab: LibraryTab;
  search: string;
  /** Empty = every source (the platforms and the merchant's uploads). */
  platforms: VideoSource[];
  /** Only videos with product suggestions not tagged yet (decision 053); not kept in saved views. */
  suggested?: boolean;
  /** The order; absent = "newest". Kept in saved views. */
  sort?: LibrarySort;
  page: number;
}

export interface VideoListPage {
  videos: VideoDto[];
  page: number;
  pageCount: number;
  total: number;
}

export interface ChannelDto {
  id: string;
  platform: PlatformId;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  follower_count: number | null;
  last_synced_at: string | null;
  /** The last failed resync's message, cleared by a good one (optional: added by the library models). */
  last_sync_error?: string | null;
}

export interface ProductSearchResult {
  id: string;
  title: string;
  /** The product's featured image, or null. */
  image_url: string | null;
  /** Lowest and highest variant price (decimal strings) and their currency; null when unknown. */
  min_price: string | null;
  max_price: string | null;
  currency_code: string | null;
}

/** A product Clipcart suggests for a video (decision 053): the search result's fields and the score (0..1). */
export interface ProductSuggestionDto extends ProductSearchResult {
  score: number;
}

/**
 * Where the shop's suggestions stand (decisions 053, 059): "reading" until its
 * catalogue was read once, "building" while the app prepares its suggestion
 * index (a large catalogue takes seconds), then "ready".
 */
export type SuggestionsCatalogueState = "reading" | "building" | "ready";

/** A video and the products suggested for it, for the bulk review. */
export interface VideoSuggestionsDto {
  video_id: string;
  suggestions: ProductSuggestionDto[];
  /** The video itself, for an import's review (decision 078): the page has not loaded every video of the import. */
  video?: VideoDto;
}

/** POST /api/suggestions {intent: "review-import"} (decision 078): the import's videos that have suggestions. */
export interface ImportSuggestionsDto {
  videos: VideoSuggestionsDto[];
  /** The import's videos still in the library (up to IMPORT_REVIEW_MAX_VIDEOS), with suggestions or not. */
  imported: number;
  catalogue: SuggestionsCatalogueState;
}

export interface WidgetSummaryDto {
  id: string;
  name: string;
  layout_type: LayoutType;
}

/** A widget as the Widgets page shows it (spec 3). */
export interface WidgetDto {
  id: string;
  name: string;
  layout_type: LayoutType;
  page_contexts: PageContext[];
  /** 1 (highest) to 5 (lowest). */
  priority: number;
  display_number: number;
  installed_at: string | null;
  created_at: string;
  settings: WidgetSettings;
  /** Which videos it shows (decision 079): all its approved videos, or on a product page that product's. */
  source_type: WidgetSource;
  /** With source_type "product": a product without videos shows the widget's other videos. */
  product_fallback: boolean;
}

/** One video of a widget as its "Arrange videos" list shows it (issue 16 item 3); `pinned` is always false in the picker. */
export interface WidgetVideoDto {
  id: string;
  title: string | null;
  thumbnail_url: string | null;
  platform: PlatformId;
  channel_username: string | null;
  /** false: a Draft kept in the widget, not shown on the storefront until approved again. */
  enabled: boolean;
  pinned: boolean;
}

/** GET /api/widgets/{widgetId}/videos and every change to them: the widget's videos in the storefront's order. */
export interface WidgetVideosDto {
  widget: { id: string; name: string; display_number: number };
  videos: WidgetVideoDto[];
}

/** A product with approved videos tagged to it, for the Customize preview's product picker (decision 079). */
export interface TaggedProductDto {
  /** gid://shopify/Product/... */
  id: string;
  title: string;
  /** Its approved videos. */
  video_count: number;
}

/** GET /api/widgets/preview-products?q=: the first products by title (at most PREVIEW_PRODUCTS_MAX) and how many match in all. */
export interface TaggedProductsDto {
  products: TaggedProductDto[];
  total: number;
}

/**
 * Why the last publish of the shop's product pages failed (decision 079), as
 * the publisher stores it in Shop.productPublishError: "denied" Shopify refused
 * the app access, "limit" a Shopify limit refused the data, "api" Shopify
 * failed or did not answer.
 */
export type ProductPublishFailure = "denied" | "limit" | "api";

/** The Widgets page's word on product pages that could not be updated. */
export interface ProductPublishFailureDto {
  failure: ProductPublishFailure;
  /** When the failed publish was tried, ISO 8601. */
  failed_at: string | null;
}

/** GET /api/widgets/{widgetId}/addable-videos: approved videos not in the widget yet, newest approval first. */
export interface AddableVideosPage {
  videos: WidgetVideoDto[];
  page: number;
  pageCount: number;
  total: number;
}

/** links: several pasted links of any platforms, one job (decision 056). */
export type ImportJobKind = "channel" | "single" | "sync" | "links";
/** cancelled: stopped by the merchant; what it saved before stays. */
export type ImportJobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface ImportJobDto {
  id: string;
  kind: ImportJobKind;
  platform: PlatformId;
  /** Username (without "@") for channel/sync jobs, the URL for single-video jobs, the links (one per line) for links jobs. */
  input: string;
  channel_id: string | null;
  status: ImportJobStatus;
  /** Items fetched so far and saved so far; total when known. */
  progress: { fetched: number; saved: number; total: number | null };
  videos_added: number;
  /** What the auto-approve rules did with the videos it added (decision 054). */
  rules?: { approved: number; held: number; over_limit: number };
  /** Account imports: photo posts (slideshows, images, carousels) skipped; absent when none (decision 081). */
  photo_posts_skipped?: number;
  /** Set on failure (also when part of the import was saved). */
  error: string | null;
  /** The importer's failure kind (app/contracts/platforms.ts), for the spec 8 mapper; null unless failed. */
  error_kind?: ImportFailureKind | null;
  /** Links jobs: each link with its result so far (progress counts links); absent for other kinds. */
  links?: LinkResult[];
  started_at: string | null;
  finished_at: string | null;
}

export interface LibraryViewDto {
  id: string;
  name: string;
  query: Omit<VideoListQuery, "page">;
}

/** The Video Library page's data (GET /content's loader). */
export interface LibraryData {
  /** False on a first visit, before the browser's bootstrap created the shop. */
  shopFound: boolean;
  query: VideoListQuery;
  list: VideoListPage;
  channels: ChannelDto[];
  widgets: WidgetSummaryDto[];
  views: LibraryViewDto[];
  activeJobs: ImportJobDto[];
  /** The media check's open findings (the library's banner). */
  mediaIssues: MediaIssueDto[];
  /** Approved videos counted against the Free plan's limit; null on Premium (decision 069). */
  freePlanApproved: number | null;
  /** Whether the shop's accounts sync by themselves (Premium): the Import modal opens with it, as with `channels`. */
  autoSync: boolean;
}

/** GET /api/channels/{shopId}: the shop's connected accounts, and whether they sync by themselves (Premium). */
export interface ConnectedAccountsDto {
  channels: ChannelDto[];
  autoSync: boolean;
}

/**
 * GET /api/analytics/{shopId} (spec 3, "Analytics summary"). Fields named
 * total* count everything since install; last30DaysClicks, last30Days,
 * platformBreakdown and dailyClicks the last 30 days (UTC days, today included). A video click is
 * the player opened, a product click "View product" in it; "clicks" alone
 * means both. Conversions are attributed order lines from real orders, net of
 * refunds and cancellations.
 */
export interface AnalyticsSummaryDto {
  totalClicks: number;
  totalVideoClicks: number;
  /** Video clicks plus product clicks in the last 30 days. */
  last30DaysClicks: number;
  totalVideos: number;
  enabledVideos: number;
  totalWidgets: number;
  /** Videos with at least one tagged product. */
  taggedProducts: number;
  totalProductClicks: number;
  /** Orders with at least one line added from a widget, each counted once. */
  totalConversions: number;
  /** Attributed revenue in the shop's currency, major units (e.g. 59.98). */
  conversionRevenue: number;
  currency: string;
  /** The Performance Overview (spec 2): the last 30 days; a sale is an order placed in them. */
  last30Days: {
    /** The window's first day, YYYY-MM-DD (UTC). */
    from: string;
    videoClicks: number;
    productClicks: number;
    conversions: number;
    /** Major units of `currency`. */
    revenue: number;
  };
  /** Video clicks since the 1st of this month (UTC). */
  thisMonthVideoClicks: number;
  /** The last 30 days, by platform; clicks = videoClicks + productClicks. */
  platformBreakdown: Array<{ platform: PlatformId | string; clicks: number; videoClicks: number; productClicks: number }>;
  /** One entry per day of the last 30 (oldest first), for the chart. */
  dailyClicks: Array<{ date: string; videoClicks: number; productClicks: number }>;
}

/**
 * The figures shoppers' events add to, one per `measure` the events declare
 * (app/contracts/beacon-events.ts, where each is described): impressions,
 * plays, views, completions, watch_time_ms (in milliseconds), video_clicks,
 * product_clicks, add_to_cart.
 */
export type EventMeasures = { [Measure in BeaconMeasure]: number };

/**
 * A video's or a widget's event figures: each measure the sum of `valueOf`
 * (an event type's count, or the milliseconds it carried) over the events
 * that add to it for that kind of row.
 */
export function eventMeasures(valueOf: (type: BeaconEventType) => number, of: "video" | "widget"): EventMeasures {
  const measures: Partial<Record<BeaconMeasure, number>> = {};
  for (const type of BEACON_EVENT_TYPES) {
    const event = beaconEvent(type);
    measures[event.measure] = (measures[event.measure] ?? 0) + (!event.measureOf || event.measureOf === of ? valueOf(type) : 0);
  }
  return measures as EventMeasures;
}

/**
 * What shoppers did with a video or a widget in the last 30 days (issue 14):
 * the events' figures, and what is worked out from them. A rate is null when
 * what it divides by is 0 (no impressions, no plays).
 */
export interface EngagementDto extends EventMeasures {
  /** Video clicks plus product clicks (spec 2's Clicks column). */
  clicks: number;
  /** plays / impressions. */
  play_rate: number | null;
  /** watch_time_ms / plays. */
  average_watch_ms: number | null;
  /** video_clicks / impressions. */
  click_through_rate: number | null;
}

/**
 * What a video or a widget sold in the window (decision 068): orders placed in
 * it with a line the widget added, net of refunds and cancellations as the
 * Sales card (decision 048). An order with lines of two videos counts for each.
 */
export interface SalesDto {
  orders: number;
  /** In the shop's currency (the summary's `currency`), like `conversionRevenue`. */
  revenue: number;
}

/** GET /api/analytics/{shopId}/videos: videos seen, played, clicked or sold in the last 30 days, most clicks first (or `?sort=`). */
export interface VideoAnalyticsDto extends EngagementDto, SalesDto {
  id: string;
  thumbnail_url: string | null;
  title: string | null;
  /** The creator's display name as the platform gives it (shown as is). */
  author_name: string | null;
  /** The creator's handle (shown with "@"). */
  channel_username: string | null;
  platform: string;
  enabled: boolean;
  /** Plays on its platform as last reported (decision 082), beside what the store saw; null when unknown (Pinterest, uploads). */
  platform_plays: number | null;
}

/** GET /api/analytics/{shopId}/widgets: every widget with what shoppers did with it and what it sold in the last 30 days. */
export interface WidgetAnalyticsDto extends EngagementDto, SalesDto {
  id: string;
  name: string;
  layout_type: LayoutType;
  /** As stored: the page shows "All Pages" when empty, unparsable or containing all_pages. */
  page_contexts: string;
  /** Which videos it shows (decision 079). */
  source_type: WidgetSource;
}

/** GET /api/review/check-pending?shopId= */
export interface PendingReviewPromptsDto {
  has15DayPrompt: boolean;
  has30DayPrompt: boolean;
}

/** Where an uploaded video stands (GET /api/uploads). */
export interface UploadStatusDto {
  id: string;
  filename: string;
  status: "processing" | "ready" | "failed";
  failure: MirrorFailure | null;
  /** The library video, once ready. */
  video_id: string | null;
}

/** What the daily media check can find wrong with an approved video (decision 036). */
export type MediaIssueKind =
  | "source_removed" // the post is gone or private on its platform
  | "copy_failed" // our copy in Shopify Files could not be made, or was deleted there
  | "thumbnail_gone"; // the poster we kept was deleted from Shopify Files

export interface MediaIssueDto {
  video_id: string;
  kind: MediaIssueKind;
  title: string | null;
  platform: VideoSource;
  platform_video_id: string;
  /** Our copy plays on the storefront (keeping it is a choice only then). */
  copy_ready: boolean;
  /** copy_failed: why. */
  failure: MirrorFailure | null;
}

/** What the merchant has set up (spec 2, 3): one count for the Dashboard and the Analytics summary. */
export interface LibraryCounts {
  totalVideos: number;
  /** Approved (published) videos. */
  enabledVideos: number;
  totalWidgets: number;
  /** Videos with at least one tagged product ("Products Tagged": videos with products). */
  taggedVideos: number;
}

/** The Dashboard's figures (spec 2). */
export interface DashboardStats extends LibraryCounts {
  /** Widgets whose install the merchant confirmed ("Got it"). */
  installedWidgets: number;
  /**
   * "Active Widgets (deployed on store)": installed widgets that the published
   * theme shows on at least one of their pages (all installed ones when the
   * theme cannot be read).
   */
  activeWidgets: number;
  /** Video and product clicks since install ("video engagements"), as Analytics counts them. */
  totalClicks: number;
}

/** The sister review product as this deployment names it (decision 022). */
export interface SisterProduct {
  name: string;
  slug: string;
}

/** GET /api/billing/plan and the Plan page (spec 3, 6). */
export interface PlanInfo {
  plan: "free" | "premium";
  approvedCount: number;
  approvedLimit: number;
  /** How Premium was obtained; null on Free. */
  premiumSource: "billing" | "verification" | null;
  /** A current (unexpired) verification; also sent as `{slug}Verified` (spec 3). */
  sisterVerified: boolean;
  /** When the current verification ends (ISO 8601); null without one. */
  sisterVerificationExpiresAt: string | null;
  /** The current verification ends within SISTER_VERIFICATION.remindDays: the Plan page asks to verify again. */
  sisterRenewalDue: boolean;
}

/** An auto-approve rule (decision 054), as GET /api/auto-approve-rules lists it. */
export interface AutoApproveRuleDto {
  id: string;
  name: string;
  enabled: boolean;
  /** Connected accounts (channel ids) still connected. */
  channel_ids: string[];
  /** Lowercased, without "#". */
  hashtags: string[];
  /** Approves into every widget; widget_ids is then empty. */
  all_widgets: boolean;
  /** Widgets that still exist. */
  widget_ids: string[];
  /** Also tags each video it approves with its top suggested product when the match is strong (decision 078). */
  tag_top_suggestion: boolean;
  /** Approves only videos with at least this many plays / likes at import (decision 082); null = no minimum. */
  min_plays: number | null;
  min_likes: number | null;
}

/** The Auto-approve rules page's data. */
export interface AutoApproveData {
  rules: AutoApproveRuleDto[];
  blocked_words: string[];
  channels: ChannelDto[];
  widgets: WidgetSummaryDto[];
  plan: { plan: "free" | "premium"; approved_count: number };
}

/** Where a video's captions in one language came from (decision 084). */
export type CaptionSource = "platform" | "uploaded" | "edited";

/** A video's captions in one language, as the preview lists and edits them (GET /api/videos/{id}/captions). */
export interface CaptionDto {
  /** BCP 47 store-language tag ("en", "pt-BR"). */
  lang: string;
  source: CaptionSource;
  /** The video's own (spoken) language: listed first, and what the storefront falls back to. */
  spoken: boolean;
  /** ready: shoppers see it (a copy is in Shopify Files); pending: the copy is being made; failed: it could not be (failure says why). */
  status: "ready" | "pending" | "failed";
  failure: "expired" | "unreadable" | "too_large" | "shopify" | null;
  /** The cues (times in ms); null while a platform's file has not been read yet. */
  cues: Array<{ start: number; end: number; text: string }> | null;
  /** Our copy on Shopify's CDN (what the storefront loads), once made. */
  url: string | null;
}
