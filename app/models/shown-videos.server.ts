/**
 * What a shop's storefront can show, as the events writer needs it (decision
 * 060): the shop's widgets, and in each the videos published to it (approved,
 * and in that widget: what the storefront data carries, decision 009), with
 * the video's platform and the most one play of it may count as watched.
 * An event that names a Draft video, or a video not published to the widget
 * it names, was not sent by a shopper looking at that widget: it counts for
 * nothing. The product page's gallery block (decision 080) is shown as one
 * more "widget", PRODUCT_GALLERY_WIDGET_ID, holding every approved video
 * tagged with a product: the videos the product pages' data carries (decision
 * 079).
 *
 * Read per shop at most every SHOWN_CACHE_MS, in this process's memory. A
 * video approved a moment ago may be missing from that copy: an event naming
 * a video the copy lacks reads the shop again, at most every
 * SHOWN_RELOAD_MIN_MS, so a stream of forged ids costs one small query a
 * second at most. A video unpublished a moment ago may still count for up to
 * SHOWN_CACHE_MS: storefront pages built before its unpublishing may still
 * show it meanwhile anyway.
 */
import { prisma } from "~/db.server";
import { SHOPPER_COUNTING } from "~/constants";
import { PRODUCT_GALLERY_WIDGET_ID } from "~/contracts/beacon-events";

const SHOWN_CACHE_MS = 10_000;
const SHOWN_RELOAD_MIN_MS = 1_000;
/** Past this many shops in memory, the copies too old to be used are dropped: memory follows the shops sending beacons now. */
const SHOPS_KEPT = 2_000;

export interface ShownVideo {
  platform: string;
  /** The most one play may count as watched: the video's length when Shopify gave it, else SHOPPER_COUNTING's constant. */
  watchCapMs: number;
}

export interface ShopStorefront {
  /** The shop's widgets and the product gallery (a widget's own impression counts for any of them). */
  widgets: ReadonlySet<string>;
  /** Per widget id, the videos published to it. */
  shown: ReadonlyMap<string, ReadonlyMap<string, ShownVideo>>;
}

type Cached = { storefront: ShopStorefront; loadedAt: number };
const cache = new Map<string, Cached>();
const loading = new Map<string, Promise<Cached>>();

/**
 * The shop's storefront as counted; `wanted` are the (widget, video) pairs a
 * batch names: a pair the cached copy lacks reads the shop again when that
 * copy is over SHOWN_RELOAD_MIN_MS old.
 */
export async function shopStorefront(shopId: string, wanted: Iterable<{ widgetId: string; videoId: string | null }> = []): Promise<ShopStorefront> {
  const now = Date.now();
  let cached = cache.get(shopId);
  if (!cached || now - cached.loadedAt >= SHOWN_CACHE_MS) cached = await load(shopId);
  else if (now - cached.loadedAt >= SHOWN_RELOAD_MIN_MS && lacksAny(cached.storefront, wanted)) cached = await load(shopId);
  return cached.storefront;
}

/** Whether the storefront lacks one of the pairs (a widget alone for its own impression). */
function lacksAny(storefront: ShopStorefront, wanted: Iterable<{ widgetId: string; videoId: string | null }>): boolean {
  for (const { widgetId, videoId } of wanted) {
    if (videoId === null ? !storefront.widgets.has(widgetId) : !storefront.shown.get(widgetId)?.has(videoId)) return true;
  }
  return false;
}

/** One read per shop at a time, however many callers wait for it. */
function load(shopId: string): Promise<Cached> {
  let pending = loading.get(shopId);
  if (!pending) {
    pending = read(shopId)
      .then((storefront) => {
        const cached = { storefront, loadedAt: Date.now() };
        cache.set(shopId, cached);
        if (cache.size > SHOPS_KEPT) {
          for (const [id, entry] of cache) if (cached.loadedAt - entry.loadedAt >= SHOWN_CACHE_MS) cache.delete(id);
        }
        return cached;
      })
      .finally(() => loading.delete(shopId));
    loading.set(shopId, pending);
  }
  return pending;
}

const SHOWN_VIDEO_SELECT = { platform: true, mirror: { select: { durationMs: true } } } as const;

function shownVideo(video: { platform: string; mirror: { durationMs: number | null } | null }): ShownVideo {
  const lengthMs = video.mirror?.durationMs;
  return {
    platform: video.platform,
    // A copy's length rounds to whole milliseconds; a play's watching stops at its end.
    watchCapMs: lengthMs && lengthMs > 0 ? Math.ceil(lengthMs) : SHOPPER_COUNTING.unknownLengthWatchMaxMs,
  };
}

async function read(shopId: string): Promise<ShopStorefront> {
  const [widgets, links, tagged] = await Promise.all([
    prisma.widget.findMany({ where: { shopId }, select: { id: true } }),
    prisma.widgetVideo.findMany({
      where: { shopId, video: { enabled: true } },
      select: { widgetId: true, videoId: true, video: { select: SHOWN_VIDEO_SELECT } },
    }),
    prisma.video.findMany({ where: { shopId, enabled: true, productTags: { some: {} } }, select: { id: true, ...SHOWN_VIDEO_SELECT } }),
  ]);
  const shown = new Map<string, Map<string, ShownVideo>>();
  for (const link of links) {
    let videos = shown.get(link.widgetId);
    if (!videos) shown.set(link.widgetId, (videos = new Map()));
    videos.set(link.videoId, shownVideo(link.video));
  }
  shown.set(PRODUCT_GALLERY_WIDGET_ID, new Map(tagged.map((video) => [video.id, shownVideo(video)])));
  return { widgets: new Set([...widgets.map((widget) => widget.id), PRODUCT_GALLERY_WIDGET_ID]), shown };
}

/** Forgets the shop's cached storefront (a failed write may have been caused by a change since it was read). */
export function forgetShopStorefront(shopId: string) {
  cache.delete(shopId);
}
