/**
 * Product suggestions for the shop's videos (decision 053), from the
 * catalogue Clipcart keeps (app/models/catalogue.server.ts).
 *
 * The index: each app instance keeps, per shop, a SuggestionIndex in memory,
 * built once from the CatalogueProduct rows and then caught up before every
 * use by reading only the rows whose revision is above the one it has
 * applied (one indexed query when nothing changed). Webhooks write rows, so
 * every instance follows every change, whichever instance received it. The
 * cache is bounded by products held, least recently used shop out first.
 *
 * The stored suggestions (VideoSuggestion, read by the library's "Has
 * suggestions" filter): refreshed by the background runner for the videos
 * whose suggestionsRevision is behind the catalogue's match revision (new
 * videos start at -1), in batches.
 */
import { prisma } from "~/db.server";
import type { ProductSuggestionDto, VideoSuggestionsDto } from "~/rules/api-types";
import { RecordNotFoundError } from "~/rules/domain-errors";
import { SUGGESTION_REVIEW_MAX_VIDEOS } from "~/constants";
import { catalogueCards, catalogueChanges, catalogueState } from "./catalogue.server";
import { SuggestionIndex, SUGGESTIONS_PER_VIDEO, type ProductSuggestion } from "./product-suggestions";
import { addProductTag } from "./tags.server";
import { fetchProductCards, type AdminGraphql } from "~/shopify/admin-gateway.server";

/** Products held in memory across the shops' indexes (about 2 KB each). */
const CACHED_PRODUCTS_MAX = 250_000;

interface CachedIndex {
  index: SuggestionIndex;
  revision: number;
  usedAt: number;
  /** The catch-up in progress: concurrent requests share it. */
  catchingUp: Promise<void> | null;
}

const indexes = new Map<string, CachedIndex>();

async function catchUp(shopId: string, cached: CachedIndex, targetRevision: number): Promise<void> {
  let revision = cached.revision;
  for await (const changes of catalogueChanges(shopId, cached.revision)) {
    for (const change of changes) {
      if (change.deleted) cached.index.remove(change.product.id);
      else cached.index.upsert(change.product);
      revision = Math.max(revision, change.revision);
    }
  }
  // Revisions are taken under the shop's lock and committed in order: once the
  // state said targetRevision, every change up to it was readable.
  cached.revision = Math.max(revision, targetRevision);
}

function evictBeyondLimit(keep: string): void {
  let held = [...indexes.values()].reduce((sum, entry) => sum + entry.index.size, 0);
  const oldestFirst = [...indexes.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
  for (const [shopId, entry] of oldestFirst) {
    if (held <= CACHED_PRODUCTS_MAX) break;
    if (shopId === keep) continue;
    indexes.delete(shopId);
    held -= entry.index.size;
  }
}

/** The shop's index, caught up with the catalogue; null when the shop has no catalogue yet. */
export async function shopSuggestionIndex(shopId: string): Promise<{ index: SuggestionIndex; matchRevision: number } | null> {
  const state = await catalogueState(shopId);
  if (!state) return null;
  let cached = indexes.get(shopId);
  if (!cached) {
    cached = { index: new SuggestionIndex(), revision: -1, usedAt: Date.now(), catchingUp: null };
    indexes.set(shopId, cached);
  }
  cached.usedAt = Date.now();
  while (cached.revision < state.revision) {
    const entry: CachedIndex = cached;
    entry.catchingUp ??= catchUp(shopId, entry, state.revision).finally(() => {
      entry.catchingUp = null;
    });
    await entry.catchingUp;
  }
  evictBeyondLimit(shopId);
  return { index: cached.index, matchRevision: state.matchRevision };
}

/** Forgets this instance's indexes (tests; a shop's uninstall). */
export function forgetSuggestionIndexes(shopId?: string): void {
  if (shopId) indexes.delete(shopId);
  else indexes.clear();
}

interface VideoText {
  id: string;
  title: string | null;
  authorName: string | null;
  channelUsername: string | null;
  productTags: Array<{ productId: string }>;
}

const VIDEO_TEXT_SELECT = { id: true, title: true, authorName: true, channelUsername: true, productTags: { select: { productId: true } } } as const;

function suggestFor(index: SuggestionIndex, video: VideoText, limit = SUGGESTIONS_PER_VIDEO): ProductSuggestion[] {
  return index.suggest(
    { caption: video.title, authorName: video.authorName, username: video.channelUsername },
    { limit, exclude: new Set(video.productTags.map((tag) => tag.productId)) },
  );
}

/**
 * The suggestions as the merchant sees them: title, image and price asked
 * from the Admin API (fresh, and the full read skips them); when Shopify
 * cannot answer, what the catalogue knows. A product Shopify no longer has is
 * left out.
 */
async function toDtos(shopId: string, suggestions: ProductSuggestion[], graphql: AdminGraphql | undefined): Promise<ProductSuggestionDto[]> {
  if (!suggestions.length) return [];
  const ids = suggestions.map((suggestion) => suggestion.productId);
  let fromShopify: Map<string, ProductSuggestionDto> | null = null;
  if (graphql) {
    try {
      const hits = await fetchProductCards(graphql, ids);
      fromShopify = new Map(
        hits.map((hit) => [
          hit.id,
          {
            id: hit.id,
            title: hit.title,
            image_url: hit.imageUrl,
            min_price: hit.price?.min ?? null,
            max_price: hit.price?.max ?? null,
            currency_code: hit.price?.currencyCode ?? null,
            score: 0,
          },
        ]),
      );
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error("Suggested products' images and prices could not be read; showing the catalogue's", error);
    }
  }
  const cards = fromShopify ? null : await catalogueCards(shopId, ids);
  return suggestions.flatMap((suggestion) => {
    if (fromShopify) {
      const card = fromShopify.get(suggestion.productId);
      return card ? [{ ...card, score: suggestion.score }] : [];
    }
    const card = cards?.get(suggestion.productId);
    if (!card) return [];
    return [
      {
        id: card.productId,
        title: card.title,
        image_url: card.imageUrl,
        min_price: card.minPrice,
        max_price: card.maxPrice,
        currency_code: card.currencyCode,
        score: suggestion.score,
      },
    ];
  });
}

/** The products suggested for one video, best first, without those already tagged; [] before the catalogue is read. */
export async function suggestionsForVideo(shopId: string, videoId: string, graphql?: AdminGraphql): Promise<ProductSuggestionDto[]> {
  const video = await prisma.video.findFirst({ where: { id: videoId, shopId }, select: VIDEO_TEXT_SELECT });
  if (!video) throw new RecordNotFoundError("Video");
  const shopIndex = await shopSuggestionIndex(shopId);
  if (!shopIndex) return [];
  return toDtos(shopId, suggestFor(shopIndex.index, video), graphql);
}

/** The bulk review: each chosen video (of this shop) with its suggestions, in the order given. */
export async function suggestionsForVideos(shopId: string, videoIds: string[], graphql?: AdminGraphql): Promise<VideoSuggestionsDto[]> {
  const ids = [...new Set(videoIds)].slice(0, SUGGESTION_REVIEW_MAX_VIDEOS);
  const videos = await prisma.video.findMany({ where: { shopId, id: { in: ids } }, select: VIDEO_TEXT_SELECT });
  const shopIndex = await shopSuggestionIndex(shopId);
  const byId = new Map(videos.map((video) => [video.id, video]));
  const chosen = ids.flatMap((id) => {
    const video = byId.get(id);
    return video ? [{ id, suggestions: shopIndex ? suggestFor(shopIndex.index, video) : [] }] : [];
  });
  // One Admin call for every product shown.
  const unique = [...new Map(chosen.flatMap((video) => video.suggestions).map((suggestion) => [suggestion.productId, suggestion])).values()];
  const cards = new Map((await toDtos(shopId, unique, graphql)).map((card) => [card.id, card]));
  return chosen.map((video) => ({
    video_id: video.id,
    suggestions: video.suggestions.flatMap((suggestion) => {
      const card = cards.get(suggestion.productId);
      return card ? [{ ...card, score: suggestion.score }] : [];
    }),
  }));
}

export interface SuggestedTag {
  videoId: string;
  productId: string;
}

/**
 * Tags the products the merchant confirmed in the review. Only products of
 * the shop's catalogue are tagged (their title from it); each tag is
 * idempotent, so a retried confirmation tags nothing twice. Answers how many
 * tags were new.
 */
export async function tagSuggestedProducts(shopId: string, picks: SuggestedTag[]): Promise<{ tagged: number }> {
  const cards = await catalogueCards(shopId, [...new Set(picks.map((pick) => pick.productId))]);
  let tagged = 0;
  for (const pick of picks) {
    const card = cards.get(pick.productId);
    if (!card) continue;
    try {
      const { created } = await addProductTag(shopId, pick.videoId, { productId: card.productId, productTitle: card.title });
      if (created) tagged += 1;
    } catch (error) {
      if (!(error instanceof RecordNotFoundError)) throw error; // a video deleted meanwhile is skipped
    }
  }
  return { tagged };
}

/**
 * Stores suggestions for up to `batch` of the shop's videos that are behind
 * the catalogue. Answers how many videos were done (0: none is behind).
 */
export async function refreshStoredSuggestions(shopId: string, batch = 200): Promise<number> {
  const shopIndex = await shopSuggestionIndex(shopId);
  if (!shopIndex) return 0;
  const { index, matchRevision } = shopIndex;
  const videos = await prisma.video.findMany({
    where: { shopId, suggestionsRevision: { lt: matchRevision } },
    select: VIDEO_TEXT_SELECT,
    orderBy: { id: "asc" },
    take: batch,
  });
  if (!videos.length) return 0;
  const rows = videos.flatMap((video) =>
    suggestFor(index, video).map((suggestion, rank) => ({ shopId, videoId: video.id, productId: suggestion.productId, score: suggestion.score, rank })),
  );
  const ids = videos.map((video) => video.id);
  await prisma.$transaction(async (db) => {
    await db.videoSuggestion.deleteMany({ where: { shopId, videoId: { in: ids } } });
    // A video deleted meanwhile takes its rows with it (cascade); insert only for those still there.
    const still = await db.video.findMany({ where: { shopId, id: { in: ids } }, select: { id: true } });
    const present = new Set(still.map((video) => video.id));
    const kept = rows.filter((row) => present.has(row.videoId));
    if (kept.length) await db.videoSuggestion.createMany({ data: kept });
    await db.video.updateMany({ where: { shopId, id: { in: ids }, suggestionsRevision: { lt: matchRevision } }, data: { suggestionsRevision: matchRevision } });
  });
  return videos.length;
}
