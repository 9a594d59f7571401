/**
 * What a widget reports to the app (issue 14 item 8; decisions 042, 060),
 * declared once (issue 26 item 2, decision 075): the storefront sends these
 * events through the app proxy; the server checks each against its fields
 * (app/models/storefront-events.server.ts), counts it once per browser
 * session, video and widget a day (session-tallies.server.ts), adds it to the
 * daily rollups, keeps shoppers' actions as rows, and Analytics reads each
 * event's measure (EngagementDto in app/rules/api-types.ts is built from the
 * measures declared here). tests/api/beacon-events.test.ts sends every event
 * through the app proxy and finds it counted. docs/how-to-add.md walks
 * through adding one.
 *
 * Client-safe types and data; the storefront imports types only.
 */

/** What an event carries besides the widget's id (every event names its widget: only a video published to it counts). */
export type BeaconField =
  /** Our video id. */
  | "videoId"
  /** A product gid, or the numeric id the widget may send for one. */
  | "productId"
  /** Milliseconds watched (watch_time: counted against the play, decision 060). */
  | "ms";

export interface BeaconEventDeclaration {
  fields: readonly BeaconField[];
  /**
   * Kept as an AnalyticsEvent row as well as counted: shoppers' actions, few,
   * and what audits, re-rollups and sales attribution look at. Every other
   * event is only counted in the daily rollups (decision 042).
   */
  row: boolean;
  /** A click of this kind in the Dashboard's and Analytics' click figures (video clicks and product clicks, named apart). */
  click?: "video" | "product";
  /**
   * The figure of a video's and a widget's engagement (EngagementDto, the
   * Analytics API and tables) it adds to: its count, or the milliseconds it
   * carries. `measureOf` limits it to one of the two: a video's impressions
   * are its card's, a widget's are the widget's own.
   */
  measure: string;
  measureOf?: "video" | "widget";
}

/**
 * The events, in a fixed order: an event's place is its bit in
 * SessionTally.types (stored), so a new event goes last and none is removed
 * or moved (at most 31).
 */
export const BEACON_EVENTS = {
  /** A card opened the player. Measure: video clicks alone (the player opened). */
  video_click: { fields: ["videoId"], row: true, click: "video", measure: "video_clicks" },
  /** "View product" in the player. Measure: product clicks alone. */
  product_click: { fields: ["videoId", "productId"], row: true, click: "product", measure: "product_clicks" },
  /** Add to cart in the player. Measure: adds to cart (once per session, video and widget a day, decision 060). */
  add_to_cart: { fields: ["videoId", "productId"], row: true, measure: "add_to_cart" },
  /** The widget at least IMPRESSION_VISIBLE_RATIO visible for IMPRESSION_AFTER_MS, once per page view; the only event without a video. */
  widget_impression: { fields: [], row: false, measure: "impressions", measureOf: "widget" },
  /** A video's card the same, once per page view. Measure: a video's impressions. */
  impression: { fields: ["videoId"], row: false, measure: "impressions", measureOf: "video" },
  /** The player started the video (native playback began; for the platform's player, when it opened). */
  play: { fields: ["videoId"], row: false, measure: "plays" },
  /** VIEW_AFTER_MS of it watched in one opening. */
  view: { fields: ["videoId"], row: false, measure: "views" },
  /** `ms` watched since the video's last watch_time (sent when the shopper moves on, closes or leaves). Measure: total time watched. */
  watch_time: { fields: ["videoId", "ms"], row: false, measure: "watch_time_ms" },
  /** Watched to its end. */
  completion: { fields: ["videoId"], row: false, measure: "completions" },
} as const satisfies Record<string, BeaconEventDeclaration>;

export type BeaconEventType = keyof typeof BEACON_EVENTS;

/**
 * The widget id the product page's gallery block sends (decision 080): it shows
 * the page's product's approved videos, not a widget's, so it names no widget
 * of the shop's. Its events count for a video that is approved and tagged with
 * a product: in the video's figures and the shop's (clicks, sales), in no
 * widget's; its impressions are kept under this id.
 */
export const PRODUCT_GALLERY_WIDGET_ID = "product_gallery";
export const BEACON_EVENT_TYPES = Object.keys(BEACON_EVENTS) as BeaconEventType[];

/** The engagement figures events add to (EngagementDto's counted fields). */
export type BeaconMeasure = (typeof BEACON_EVENTS)[BeaconEventType]["measure"];

/** An event's declaration, read as the common shape (its optional parts included). */
export function beaconEvent(type: BeaconEventType): BeaconEventDeclaration & { measure: BeaconMeasure } {
  return BEACON_EVENTS[type];
}

export function beaconCarries(type: BeaconEventType, field: BeaconField): boolean {
  return beaconEvent(type).fields.includes(field);
}

/** The kind of click an event type counts as, if any (a stored rollup's type may be any string). */
export function clickKindOf(type: string): "video" | "product" | undefined {
  return Object.hasOwn(BEACON_EVENTS, type) ? beaconEvent(type as BeaconEventType).click : undefined;
}
