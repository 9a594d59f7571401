/**
 * What the storefront knows about a widget: the data the app publishes to
 * Shopify (app-data metafields on the app installation) whenever videos,
 * approvals, tags or widgets change, read by the theme app extension's Liquid
 * and handed to the widget renderer. Rendering a storefront page never calls
 * our server; only analytics beacons do, through the app proxy.
 *
 * Client-safe and framework-free: imported by the publisher (server), the
 * renderer (storefront script and admin preview) and Local Shopify's storefront.
 */
import type { PageContext } from "~/constants";
import type { LayoutType } from "~/contracts/widget-layouts";
import type { BeaconEventType } from "~/contracts/beacon-events";
import type { VideoSource } from "~/contracts/platforms";
import type { WidgetSettings, WidgetSource } from "~/rules/widget-settings";

/** Namespace of the app-data metafields; Liquid reads `app.metafields.clipcart.<key>`. */
export const STOREFRONT_METAFIELD_NAMESPACE = "clipcart";

/** One widget's data (JSON metafield), by its display number: `widget_3` for "#3". */
export function widgetMetafieldKey(displayNumber: number): string {
  return `widget_${displayNumber}`;
}

/**
 * The shop's widgets without their videos (JSON metafield): the vintage-theme
 * embed and blocks left on "automatic" pick a widget from it by page type
 * and priority.
 */
export const WIDGET_INDEX_METAFIELD_KEY = "widgets";

/**
 * Namespace of the per-product app-data metafields (decision 079): Liquid reads
 * `app.metafields.clipcart_products[key]` with the key of the page's product.
 * A namespace of its own, so the widget publish never lists them.
 */
export const PRODUCT_METAFIELD_NAMESPACE = "clipcart_products";

/** One product's data (JSON metafield), by the product's numeric id: `p_8123` for gid://shopify/Product/8123. */
export function productMetafieldKey(productGid: string): string {
  return `p_${productGid.slice(productGid.lastIndexOf("/") + 1)}`;
}

/** Version of the published shape; the renderer ignores data of a version it does not know. */
export const STOREFRONT_DATA_VERSION = 1;

export interface StorefrontProduct {
  /** gid://shopify/Product/... */
  id: string;
  handle: string;
  title: string;
  /** Decimal amount in the shop's currency, as the Admin API gives it ("19.00"): the first available variant's. */
  price: string;
  /** That variant's compare-at price when it is above `price` (on sale); absent or null otherwise. */
  compareAtPrice?: string | null;
  image: string | null;
  /** Numeric id of the first available variant (for /cart/add.js); null when sold out. */
  variantId: number | null;
  /**
   * The product's option names ("Size", "Color"), in order; absent for a
   * product that has only its default variant (nothing to choose).
   */
  options?: string[];
  /** Its variants (at most STOREFRONT_VARIANTS_MAX, in the product's order); absent with `options`. */
  variants?: StorefrontVariant[];
}

/** One variant as the player offers it. */
export interface StorefrontVariant {
  /** Numeric id, for /cart/add.js. */
  id: number;
  /** Its value of each of the product's options, in the order of StorefrontProduct.options. */
  values: string[];
  price: string;
  /** Present when above `price`. */
  compareAtPrice: string | null;
  available: boolean;
}

/** Variants published per product: enough for the usual sizes and colours, and a widget's data stays well under its metafield cap. */
export const STOREFRONT_VARIANTS_MAX = 25;

export interface StorefrontVideo {
  /** Our video id (beacons and the cart's line-item property name it). */
  id: string;
  platform: VideoSource;
  /** The platform's own id. */
  videoId: string;
  /** Untrusted third-party text: rendered as text only. */
  title: string;
  author: string | null;
  /** Our durable copy of the thumbnail when we have one; null = the platform tile. */
  poster: string | null;
  /** The allow-listed player URL (app/rules/embeds.ts), loaded only after a click. */
  embedUrl: string | null;
  /** The post on the platform. */
  url: string | null;
  /** When the video was first published (the platform's date, else when it joined the library), ISO 8601: search engines' uploadDate. */
  uploadDate: string;
  /** Our copy in the shop's Shopify Files, once ready; null = the platform's player (embedUrl). */
  media?: StorefrontMedia | null;
  /** Its captions, one file per language, the video's own (spoken) language first (decision 084); absent or empty when it has none. */
  captions?: StorefrontCaption[];
  products: StorefrontProduct[];
}

/** A video's captions in one language: a WebVTT file in the shop's own Shopify Files (its link does not expire). */
export interface StorefrontCaption {
  /** BCP 47 language tag as Shopify names a store's languages ("en", "fr", "pt-BR"): matched against request.locale.iso_code. */
  lang: string;
  /** The WebVTT file on Shopify's CDN. */
  src: string;
}

/** A mirrored video's files on Shopify's CDN (decision 035). */
export interface StorefrontMedia {
  /** The smallest MP4 rendition, for muted previews inside the widget. */
  preview: string;
  /** The MP4 rendition for the player: the largest up to PLAYER_MAX_LINES lines. */
  src: string;
  /** The player rendition's size, for its box before the first frame. */
  width: number;
  height: number;
  /** Seconds; null when Shopify did not say. */
  duration: number | null;
}

/** The player's rendition is at most this many lines (the short side): 1080p is plenty for a phone-sized player. */
export const PLAYER_MAX_LINES = 1080;

/**
 * Shopify's limit on a JSON metafield's value for apps created after April
 * 2026 (128 KB, shopify.dev "Metafield limits"); a widget's data is kept
 * below it by leaving out its last videos (buildStorefrontWidgets).
 */
export const STOREFRONT_METAFIELD_MAX_BYTES = 131_072; // 128 KB, written out (see VIDEO_UPLOAD.maxBytes)

/**
 * The most videos of one widget a publish reads: a video takes well over 330
 * bytes of JSON (ids, poster, player and post URLs, date), so no more than
 * about 400 fit the metafield limit, and a widget with thousands of videos
 * should not cost a read of every product they show.
 */
export const WIDGET_PUBLISH_VIDEOS_MAX = 400;

export interface StorefrontWidget {
  v: typeof STOREFRONT_DATA_VERSION;
  id: string;
  number: number;
  name: string;
  layout: LayoutType;
  pageContexts: PageContext[];
  /** 1 (highest) to 5 (lowest). */
  priority: number;
  settings: WidgetSettings;
  /** ISO 4217, for prices. */
  currency: string;
  /** Approved videos assigned to the widget, in their order. */
  videos: StorefrontVideo[];
  /** Present for "Videos tagged with this product" (decision 079): on a product page, the product's data decides. */
  source?: Extract<WidgetSource, "product">;
  /** With `source`: a product without videos shows `videos` (true) or no widget (false). */
  fallback?: boolean;
  /**
   * Only in the product page's gallery block (decision 080), whose Liquid writes
   * this widget itself: the page's product (gid). The player lists it first,
   * at the variant the page has chosen.
   */
  product?: string;
}

/**
 * What the storefront holds for one product (decision 079): its approved
 * videos (the gallery block shows them, in approval order, newest first) and,
 * for each widget showing "Videos tagged with this product" by its display
 * number, the positions in `videos` of that widget's videos, in its order.
 */
export interface StorefrontProductVideos {
  v: typeof STOREFRONT_DATA_VERSION;
  videos: StorefrontVideo[];
  widgets: Record<string, number[]>;
}

export interface StorefrontWidgetIndex {
  v: typeof STOREFRONT_DATA_VERSION;
  /** Which publish wrote it (the shop's storefrontPublished): publishes of a shop only ever go forward. */
  publish?: number;
  widgets: Array<Pick<StorefrontWidget, "id" | "number" | "name" | "layout" | "pageContexts" | "priority">>;
}

/** Line-item properties the widget's Add to cart sets (a leading "_" hides them at checkout); orders are attributed by them. */
export const CART_VIDEO_PROPERTY = "_clipcart_video";
export const CART_WIDGET_PROPERTY = "_clipcart_widget";

/** Beacons: POST to the app proxy (`/apps/clipcart/events` on the shop's domain -> /proxy/events). */
export const BEACON_PATH = "/apps/clipcart/events";
/** One page view's batch (the events and what each carries: app/contracts/beacon-events.ts), sent with navigator.sendBeacon as JSON text. */
export interface BeaconBatch {
  /** Random per-browser-session key (no shopper identity); null where the shopper has not allowed analytics (decision 040). */
  session: string | null;
  events: Array<{ type: BeaconEventType; videoId?: string; widgetId: string; productId?: string; ms?: number }>;
}
