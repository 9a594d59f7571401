/**
 * Publishing the storefront's data (decision 009): each widget with its
 * approved videos in order, and the index of widgets, written to app-data
 * metafields so the theme app extension renders without calling us.
 *
 * This module builds that data and writes it (publishStorefront). When it is
 * written is app/models/storefront-publishing.server.ts's business: every change
 * of videos, approvals, tags or widgets calls its scheduleStorefrontPublish.
 */
import { prisma, type Prisma } from "~/db.server";
import { playerEmbedUrl, safeHttpUrl } from "~/rules/embeds";
import { readPageContexts } from "~/rules/widget-rules";
import { WIDGET_VIDEO_ORDER } from "~/rules/widget-order";
import { readLayout, readWidgetSettings, readWidgetSource } from "~/rules/widget-settings";
import type { PlatformId } from "~/contracts/platforms";
import {
  deleteMetafields,
  fetchStorefrontProducts,
  fetchStorefrontTarget,
  setJsonMetafields,
  type AdminGraphql,
  type StorefrontProductDetails,
} from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import {
  PLAYER_MAX_LINES,
  STOREFRONT_DATA_VERSION,
  STOREFRONT_METAFIELD_MAX_BYTES,
  STOREFRONT_METAFIELD_NAMESPACE,
  WIDGET_INDEX_METAFIELD_KEY,
  widgetMetafieldKey,
  type StorefrontProduct,
  type StorefrontMedia,
  type StorefrontVideo,
  type StorefrontWidget,
  type StorefrontWidgetIndex,
} from "~/storefront/widget-data";

// ---------------------------------------------------------------- building the data

const STOREFRONT_VIDEO_SELECT = {
  id: true,
  platform: true,
  platformVideoId: true,
  title: true,
  authorName: true,
  storedThumbnailUrl: true,
  videoUrl: true,
  publishedAt: true,
  createdAt: true,
  mirror: { select: { status: true, sources: true, posterUrl: true, durationMs: true } },
  productTags: { select: { productId: true }, orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
} satisfies Prisma.VideoSelect;

const WIDGET_WITH_VIDEOS = {
  videos: {
    where: { video: { enabled: true } },
    orderBy: WIDGET_VIDEO_ORDER,
    select: { video: { select: STOREFRONT_VIDEO_SELECT } },
  },
} satisfies Prisma.WidgetInclude;

type VideoForStorefront = Prisma.VideoGetPayload<{ select: typeof STOREFRONT_VIDEO_SELECT }>;

function toStorefrontVideo(video: VideoForStorefront, products: ReadonlyMap<string, StorefrontProduct>): StorefrontVideo {
  const platform = video.platform as PlatformId;
  return {
    id: video.id,
    platform,
    videoId: video.platformVideoId,
    title: video.title ?? "",
    author: video.authorName,
    // Only our durable copies: the platform's signed URL would expire on the storefront.
    poster: safeHttpUrl(video.storedThumbnailUrl) ?? (video.mirror?.status === "ready" ? safeHttpUrl(video.mirror.posterUrl) : null),
    embedUrl: playerEmbedUrl(platform, video.platformVideoId, video.videoUrl),
    url: safeHttpUrl(video.videoUrl),
    uploadDate: (video.publishedAt ?? video.createdAt).toISOString(),
    media: storefrontMedia(video.mirror),
    products: video.productTags.flatMap((tag) => products.get(tag.productId) ?? []),
  };
}

/** The renditions the storefront plays from a ready mirror; null while it is not ready (the platform's player stays). */
export function storefrontMedia(mirror: VideoForStorefront["mirror"]): StorefrontMedia | null {
  if (mirror?.status !== "ready" || !mirror.sources) return null;
  let sources: MirrorSource[];
  try {
    sources = (JSON.parse(mirror.sources) as MirrorSource[]).filter(
      (source) => source.format === "mp4" && safeHttpUrl(source.url) && source.width > 0 && source.height > 0,
    );
  } catch {
    return null;
  }
  const lines = (source: MirrorSource) => Math.min(source.width, source.height);
  const bySize = [...sources].sort((a, b) => lines(a) - lines(b));
  const smallest = bySize[0];
  const player = bySize.filter((source) => lines(source) <= PLAYER_MAX_LINES).at(-1) ?? smallest;
  if (!smallest || !player) return null;
  return {
    preview: smallest.url,
    src: player.url,
    width: player.width,
    height: player.height,
    duration: mirror.durationMs === null ? null : Math.round(mirror.durationMs / 100) / 10,
  };
}

interface MirrorSource {
  url: string;
  format: string;
  width: number;
  height: number;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/** A video whose products keep only what a product without a choice carries: no option names, no variants. */
function withoutVariantPickers(video: StorefrontVideo): StorefrontVideo {
  if (!video.products.some((product) => product.variants || product.options)) return video;
  return { ...video, products: video.products.map(({ options: _options, variants: _variants, ...product }) => product) };
}

/**
 * The widget with as many of its videos as fit Shopify's JSON metafield limit
 * (STOREFRONT_METAFIELD_MAX_BYTES, with room for the metafield's own
 * envelope), rather than the whole publish failing. A handful of videos with
 * full product lists take a few KB each, but a product's variants (up to
 * STOREFRONT_VARIANTS_MAX, about 100 bytes each) repeat in every video that
 * shows it, so a long widget chooses (decision 043): its first videos keep
 * their products' variant pickers within half of the limit, the next ones
 * come without them (their products sell the first available variant,
 * `variantId`) until the limit, the rest are left out; then, in order, the
 * videos without pickers get theirs back while the data still fits.
 */
export function withinMetafieldLimit(widget: StorefrontWidget, maxBytes = STOREFRONT_METAFIELD_MAX_BYTES - 1024): StorefrontWidget {
  if (jsonBytes(widget) <= maxBytes) return widget;
  const pickersBudget = maxBytes / 2;
  const videos: StorefrontVideo[] = [];
  let size = jsonBytes({ ...widget, videos: [] });
  // One comma between videos.
  const added = (video: StorefrontVideo) => jsonBytes(video) + (videos.length ? 1 : 0);
  let withPickers = true;
  for (const video of widget.videos) {
    if (withPickers && size + added(video) <= pickersBudget) {
      size += added(video);
      videos.push(video);
      continue;
    }
    withPickers = false;
    const lighter = withoutVariantPickers(video);
    if (size + added(lighter) > maxBytes) break;
    size += added(lighter);
    videos.push(lighter);
  }
  for (const [index, video] of videos.entries()) {
    const full = widget.videos[index]!;
    if (full === video) continue;
    const extra = jsonBytes(full) - jsonBytes(video);
    if (size + extra > maxBytes) break;
    videos[index] = full;
    size += extra;
  }
  return { ...widget, videos };
}

/**
 * The shop's widgets as the storefront receives them. `products` holds what
 * Shopify says of each tagged product; a product missing from it (deleted,
 * draft) is left out of the videos' product lists.
 */
export async function buildStorefrontWidgets(shopId: string, currency: string, products: ReadonlyMap<string, StorefrontProduct>): Promise<StorefrontWidget[]> {
  const widgets = await prisma.widget.findMany({
    where: { shopId },
    orderBy: [{ displayNumber: "asc" }],
    include: WIDGET_WITH_VIDEOS,
  });
  return widgets.map((widget) =>
    withinMetafieldLimit({
      v: STOREFRONT_DATA_VERSION,
      id: widget.id,
      number: widget.displayNumber,
      name: widget.name,
      layout: readLayout(widget.layoutType),
      pageContexts: readPageContexts(widget.pageContexts),
      priority: widget.priority,
      settings: readWidgetSettings(widget),
      currency,
      videos: widget.videos.map(({ video }) => toStorefrontVideo(video, products)),
      ...(readWidgetSource(widget.sourceType) === "product" ? { source: "product" as const, fallback: widget.productFallback } : {}),
    }),
  );
}

/**
 * The shop's approved videos as the storefront would show them, newest first,
 * for the Customize preview (no product details: the preview is not a shop).
 */
export async function previewVideos(shopId: string, limit: number): Promise<StorefrontVideo[]> {
  const videos = await prisma.video.findMany({
    where: { shopId, enabled: true },
    orderBy: [{ approvedAt: "desc" }, { createdAt: "desc" }],
    take: limit,
    select: STOREFRONT_VIDEO_SELECT,
  });
  return videos.map((video) => toStorefrontVideo(video, new Map()));
}

export function storefrontIndex(widgets: readonly StorefrontWidget[]): StorefrontWidgetIndex {
  return {
    v: STOREFRONT_DATA_VERSION,
    widgets: widgets.map(({ id, number, name, layout, pageContexts, priority }) => ({ id, number, name, layout, pageContexts, priority })),
  };
}

/** Products tagged to videos that some widget shows (only those reach the storefront). */
async function publishedProductIds(shopId: string): Promise<string[]> {
  const tags = await prisma.productTag.findMany({
    where: { shopId, video: { enabled: true, widgets: { some: {} } } },
    select: { productId: true },
    distinct: ["productId"],
  });
  return tags.map((tag) => tag.productId);
}

function toStorefrontProduct(details: StorefrontProductDetails): StorefrontProduct {
  return { ...details, image: safeHttpUrl(details.image) };
}

// ---------------------------------------------------------------- publishing

/**
 * Writes the shop's storefront data now: every widget's metafield, the index,
 * and deletes the metafields of widgets that no longer exist.
 */
export async function publishStorefront(shopId: string, graphql?: AdminGraphql, version?: number): Promise<{ widgets: number }> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { shopDomain: true, uninstalledAt: true } });
  if (!shop || shop.uninstalledAt) return { widgets: 0 };
  const admin = graphql ?? (await offlineAdminGraphql(shop.shopDomain));
  const target = await fetchStorefrontTarget(admin, STOREFRONT_METAFIELD_NAMESPACE);
  const details = await fetchStorefrontProducts(admin, await publishedProductIds(shopId));
  const products = new Map(details.map((product) => [product.id, toStorefrontProduct(product)]));
  const widgets = await buildStorefrontWidgets(shopId, target.currencyCode, products);

  const values = [
    ...widgets.map((widget) => ({ key: widgetMetafieldKey(widget.number), value: widget })),
    { key: WIDGET_INDEX_METAFIELD_KEY, value: { ...storefrontIndex(widgets), ...(version === undefined ? {} : { publish: version }) } },
  ];
  await setJsonMetafields(admin, target.installationId, STOREFRONT_METAFIELD_NAMESPACE, values);
  const published = new Set(values.map((value) => value.key));
  await deleteMetafields(
    admin,
    target.installationId,
    STOREFRONT_METAFIELD_NAMESPACE,
    target.existingKeys.filter((key) => !published.has(key)),
  );
  return { widgets: widgets.length };
}
