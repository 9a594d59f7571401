/**
 * One approved video as the storefront shows it (decision 009): what a publish
 * reads of it and the shape it is written in, for the widgets' data and the
 * product pages' (app/models/storefront.server.ts, product-pages.server.ts).
 */
import type { Prisma } from "~/db.server";
import { playerEmbedUrl, safeHttpUrl } from "~/rules/embeds";
import type { PlatformId } from "~/contracts/platforms";
import { PLAYER_MAX_LINES, type StorefrontCaption, type StorefrontMedia, type StorefrontProduct, type StorefrontVideo } from "~/storefront/widget-data";

export const STOREFRONT_VIDEO_SELECT = {
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
  // Only captions with a copy in Shopify Files (decision 084): the video's own language first.
  captions: {
    where: { fileUrl: { not: null } },
    select: { lang: true, fileUrl: true },
    orderBy: [{ spoken: "desc" as const }, { lang: "asc" as const }],
  },
  productTags: { select: { productId: true }, orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
} satisfies Prisma.VideoSelect;

export type VideoForStorefront = Prisma.VideoGetPayload<{ select: typeof STOREFRONT_VIDEO_SELECT }>;

export function toStorefrontVideo(video: VideoForStorefront, products: ReadonlyMap<string, StorefrontProduct>): StorefrontVideo {
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
    ...storefrontCaptions(video.captions),
    products: video.productTags.flatMap((tag) => products.get(tag.productId) ?? []),
  };
}

/** The published captions, when the video has any (absent otherwise: no bytes spent in the metafield). */
function storefrontCaptions(rows: VideoForStorefront["captions"]): { captions?: StorefrontCaption[] } {
  const captions = rows.flatMap((row) => {
    const src = safeHttpUrl(row.fileUrl);
    return src ? [{ lang: row.lang, src }] : [];
  });
  return captions.length ? { captions } : {};
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
