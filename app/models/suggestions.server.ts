/**
 * Product suggestions for the shop's videos (decision 053), from the
 * catalogue Clipcart keeps (app/models/catalogue.server.ts).
 *
 * The index: each app instance keeps, per shop, a SuggestionIndex in memory,
 * built once from the CatalogueProduct rows and then caught up before every
 * use by reading only the rows whose revision is above the one it has
 * applied (one indexed query when nothing changed). Webhooks write rows, so
 * every instance follows every change, whichever instance received it.
 *
 * What it costs the instance is bounded (decision 059): builds and catch-ups
 * run in time slices shared by every shop (other requests go on in between),
 * one build per shop however many requests ask; a request waits for a first
 * build at most SUGGESTION_INDEX.answerWithinMs, then answers that
 * suggestions are being prepared; the indexes held stay within SUGGESTION_INDEX.budgetBytes
 * (by their own estimate), the least recently used idle shop dropped first
 * (rebuilt on its next use). An index in use or being built is never dropped,
 * so while builds run the budget may be exceeded by what they hold.
 *
 * The stored suggestions (VideoSuggestion, read by the library's "Has
 * suggestions" filter): refreshed by the background runner for the videos
 * whose suggestionsRevision is behind the catalogue's match revision (new
 * videos start at -1), in batches.
 */
import { prisma } from "~/db.server";
import type { ProductSuggestionDto, VideoSuggestionsDto } from "~/rules/api-types";
import { RecordNotFoundError } from "~/rules/domain-errors";
import { strongTopSuggestion } from "~/rules/auto-approve";
import { IMPORT_REVIEW_MAX_VIDEOS, SUGGESTION_INDEX, SUGGESTION_REVIEW_MAX_VIDEOS } from "~/constants";
import { catalogueCards, catalogueChanges, catalogueState } from "./catalogue.server";
import { applyChangesInSlices, SuggestionIndex, SUGGESTIONS_PER_VIDEO, type ProductSuggestion } from "~/suggestions/product-suggestions";
import { TimeSlices } from "~/suggestions/time-slices";
import { addProductTag, settleAutoTag } from "./tags.server";
import { videosByIds } from "./videos.server";
import { fetchProductCards, type AdminGraphql } from "~/shopify/admin-gateway.server";

interface CachedIndex {
  shopId: string;
  index: SuggestionIndex;
  /** The catalogue revision applied; -1 before the first build. */
  revision: number;
  /** Whether the first build has read the whole catalogue: until then nothing is suggested from it. */
  built: boolean;
  /** The number of its latest use. */
  usedAt: number;
  /** Requests waiting on it or answering from it: it is not dropped under them. */
  users: number;
  /** The build or catch-up in progress: concurrent requests share it. */
  work: Promise<void> | null;
  /** Dropped from the cache (budget, uninstall): its work stops at its next slice. */
  dropped: boolean;
}

const indexes = new Map<string, CachedIndex>();
/** Uses are numbered, so "least recently used" is exact even within one millisecond. */
let uses = 0;
/** Every shop's index work shares one slice per turn of the event loop: five builds at once still hold it one slice. */
const indexWork = new TimeSlices({ sliceMs: SUGGESTION_INDEX.sliceMs });
let buildsStarted = 0;

async function catchUp(cached: CachedIndex, targetRevision: number): Promise<void> {
  const changes = catalogueChanges(cached.shopId, cached.revision, SUGGESTION_INDEX.buildPageRows, { deletedAfter: targetRevision });
  const applied = await applyChangesInSlices(cached.index, changes, indexWork, {
    stopped: () => cached.dropped,
    // A build grows page by page: idle shops make room as it does.
    afterPage: keepWithinBudget,
  });
  if (applied === null) return;
  // Revisions are taken under the shop's lock and committed in order: once the
  // state said targetRevision, every change up to it was readable.
  cached.revision = Math.max(cached.revision, applied, targetRevision);
  cached.built = true;
}

const heldBytes = () => [...indexes.values()].reduce((sum, cached) => sum + cached.index.approximateBytes, 0);

/**
 * Drops the least recently used idle indexes while the instance holds more
 * than its budget. The most recently used one stays whatever its size: a shop
 * larger than the whole budget is still served (alone), not rebuilt at every
 * request.
 */
function keepWithinBudget(): void {
  let held = heldBytes();
  if (held <= SUGGESTION_INDEX.budgetBytes) return;
  const oldestFirst = [...indexes.values()].sort((a, b) => a.usedAt - b.usedAt);
  const idleOldestFirst = oldestFirst.slice(0, -1).filter((cached) => !cached.work && cached.users === 0);
  for (const cached of idleOldestFirst) {
    if (held <= SUGGESTION_INDEX.budgetBytes) break;
    drop(cached);
    held -= cached.index.approximateBytes;
  }
}

function drop(cached: CachedIndex): void {
  cached.dropped = true;
  if (indexes.get(cached.shopId) === cached) indexes.delete(cached.shopId);
}

function startWork(cached: CachedIndex, targetRevision: number): Promise<void> {
  if (cached.revision < 0) buildsStarted += 1;
  const work = catchUp(cached, targetRevision).finally(() => {
    cached.work = null;
    keepWithinBudget();
  });
  // A request that stopped waiting does not see a failure: the log does (the next request starts again).
  work.catch((error: unknown) => console.error(`The suggestion index of shop ${cached.shopId} could not be brought up to date`, error));
  return work;
}

/** Whether `work` ended within `ms` (rethrowing its failure). */
async function endsWithin(work: Promise<void>, ms: number): Promise<boolean> {
  if (ms === Number.POSITIVE_INFINITY) {
    await work;
    return true;
  }
  if (ms <= 0) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ShopSuggestionIndex {
  index: SuggestionIndex;
  matchRevision: number;
}

/**
 * The shop's index, caught up with the catalogue; null when the shop has no
 * catalogue yet; "building" while this instance builds it for the first time
 * and the build did not end within `waitMs` (it goes on: ask again). Once
 * built, the index is caught up before it answers, however long that takes.
 */
export async function shopSuggestionIndex(
  shopId: string,
  { waitMs = SUGGESTION_INDEX.answerWithinMs }: { waitMs?: number } = {},
): Promise<ShopSuggestionIndex | "building" | null> {
  const state = await catalogueState(shopId);
  if (!state) return null;
  const deadline = performance.now() + waitMs;
  for (;;) {
    let cached = indexes.get(shopId);
    if (!cached) {
      cached = { shopId, index: new SuggestionIndex(), revision: -1, built: false, usedAt: 0, users: 0, work: null, dropped: false };
      indexes.set(shopId, cached);
    }
    cached.usedAt = ++uses;
    if (cached.revision >= state.revision) {
      keepWithinBudget();
      return { index: cached.index, matchRevision: state.matchRevision };
    }
    cached.work ??= startWork(cached, state.revision);
    cached.users += 1;
    let ended: boolean;
    try {
      // A catch-up is waited for: it is as long as the changes since the index's last use (a webhook or two).
      ended = await endsWithin(cached.work, cached.built ? Number.POSITIVE_INFINITY : deadline - performance.now());
    } finally {
      cached.users -= 1;
    }
    // Dropped meanwhile (forgotten): the next round starts a fresh index.
    if (cached.dropped) continue;
    if (!ended) return "building";
  }
}

/** Forgets this instance's indexes (tests; a shop's uninstall); a build in progress stops. */
export function forgetSuggestionIndexes(shopId?: string): void {
  for (const cached of [...indexes.values()]) if (!shopId || cached.shopId === shopId) drop(cached);
}

export interface SuggestionIndexesHeld {
  shops: Array<{ shopId: string; products: number; bytes: number; building: boolean }>;
  bytes: number;
  budgetBytes: number;
  /** First builds started by this instance since it began (a shop dropped and used again builds again). */
  buildsStarted: number;
}

/** What this instance holds (tests, benchmarks). */
export function suggestionIndexesHeld(): SuggestionIndexesHeld {
  const shops = [...indexes.values()].map((cached) => ({
    shopId: cached.shopId,
    products: cached.index.size,
    bytes: cached.index.approximateBytes,
    building: !cached.built,
  }));
  return { shops, bytes: shops.reduce((sum, shop) => sum + shop.bytes, 0), budgetBytes: SUGGESTION_INDEX.budgetBytes, buildsStarted };
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

/**
 * The products suggested for one video, best first, without those already
 * tagged; none before the catalogue is read, nor while this instance builds
 * the shop's index (`indexBuilding`: the dialog says so and asks again).
 */
export async function suggestionsForVideo(
  shopId: string,
  videoId: string,
  graphql?: AdminGraphql,
): Promise<{ suggestions: ProductSuggestionDto[]; indexBuilding: boolean }> {
  const video = await prisma.video.findFirst({ where: { id: videoId, shopId }, select: VIDEO_TEXT_SELECT });
  if (!video) throw new RecordNotFoundError("Video");
  const shopIndex = await shopSuggestionIndex(shopId);
  if (shopIndex === "building") return { suggestions: [], indexBuilding: true };
  if (!shopIndex) return { suggestions: [], indexBuilding: false };
  return { suggestions: await toDtos(shopId, suggestFor(shopIndex.index, video), graphql), indexBuilding: false };
}

/** The bulk review: each chosen video (of this shop) with its suggestions, in the order given; none while the index is built. */
export async function suggestionsForVideos(
  shopId: string,
  videoIds: string[],
  graphql?: AdminGraphql,
): Promise<{ videos: VideoSuggestionsDto[]; indexBuilding: boolean }> {
  const ids = [...new Set(videoIds)].slice(0, SUGGESTION_REVIEW_MAX_VIDEOS);
  const videos = await prisma.video.findMany({ where: { shopId, id: { in: ids } }, select: VIDEO_TEXT_SELECT });
  const byId = new Map(videos.map((video) => [video.id, video]));
  const chosen = ids.flatMap((id) => byId.get(id) ?? []);
  return reviewOf(shopId, chosen, graphql);
}

/**
 * "Tag suggested products" for a whole import (decision 078): the videos the
 * import job added that are still in the library (its newest
 * IMPORT_REVIEW_MAX_VIDEOS, as many as one import adds), newest first, those
 * with suggestions each with the video as the library shows it; `imported`
 * counts them all, with suggestions or not. None while the index is built.
 * A job of another shop is not found.
 */
export async function suggestionsForImport(
  shopId: string,
  importJobId: string,
  graphql?: AdminGraphql,
): Promise<{ videos: VideoSuggestionsDto[]; imported: number; indexBuilding: boolean }> {
  const job = await prisma.importJob.findFirst({ where: { id: importJobId, shopId }, select: { id: true } });
  if (!job) throw new RecordNotFoundError("Import job");
  const rows = await prisma.video.findMany({
    where: { shopId, importJobId },
    select: VIDEO_TEXT_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: IMPORT_REVIEW_MAX_VIDEOS,
  });
  const review = await reviewOf(shopId, rows, graphql);
  const withSuggestions = review.videos.filter((video) => video.suggestions.length > 0);
  const ids = withSuggestions.map((video) => video.video_id);
  const library = await videosByIds(shopId, ids);
  return {
    videos: withSuggestions.flatMap((entry) => {
      const video = library.get(entry.video_id);
      return video ? [{ ...entry, video }] : [];
    }),
    imported: rows.length,
    indexBuilding: review.indexBuilding,
  };
}

/** Each video with its suggestions, in the order given, their cards read in one Admin call; none while the index is built. */
async function reviewOf(
  shopId: string,
  videos: VideoText[],
  graphql: AdminGraphql | undefined,
): Promise<{ videos: VideoSuggestionsDto[]; indexBuilding: boolean }> {
  const shopIndex = videos.length ? await shopSuggestionIndex(shopId) : null;
  const index = shopIndex && shopIndex !== "building" ? shopIndex.index : null;
  const chosen = videos.map((video) => ({ id: video.id, suggestions: index ? suggestFor(index, video) : [] }));
  // One Admin call for every product shown.
  const unique = [...new Map(chosen.flatMap((video) => video.suggestions).map((suggestion) => [suggestion.productId, suggestion])).values()];
  const cards = new Map((await toDtos(shopId, unique, graphql)).map((card) => [card.id, card]));
  return {
    videos: chosen.map((video) => ({
      video_id: video.id,
      suggestions: video.suggestions.flatMap((suggestion) => {
        const card = cards.get(suggestion.productId);
        return card ? [{ ...card, score: suggestion.score }] : [];
      }),
    })),
    indexBuilding: shopIndex === "building",
  };
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
 * Tags the videos an auto-approve rule approved and marked to be tagged
 * (decision 078) with their top suggested product when the match is strong
 * (strongTopSuggestion): `videoIds` limits it to those (the rules' own batch,
 * right after approving), else up to `batch` of the shop's marked videos (the
 * catalogue runner). Each video is settled once whoever runs this at the same
 * time (settleAutoTag): tagged, or its mark cleared when nothing matches
 * strongly. Nothing is decided before the catalogue's first full read, nor
 * while the index is built past `waitMs`: the marks stay for the catalogue
 * runner. Resolves to how many videos were settled and how many tagged.
 */
export async function tagTopSuggestionsOfRules(
  shopId: string,
  { videoIds, waitMs = SUGGESTION_INDEX.answerWithinMs, batch = 200 }: { videoIds?: readonly string[]; waitMs?: number; batch?: number } = {},
): Promise<{ settled: number; tagged: number }> {
  const none = { settled: 0, tagged: 0 };
  if (videoIds && !videoIds.length) return none;
  // A partly read catalogue may lack the product the video shows, and tag a weaker one.
  if (!(await catalogueState(shopId))?.syncedAt) return none;
  const shopIndex = await shopSuggestionIndex(shopId, { waitMs });
  if (!shopIndex || shopIndex === "building") return none;
  const videos = await prisma.video.findMany({
    where: { shopId, autoTagPending: true, ...(videoIds ? { id: { in: [...videoIds] } } : {}) },
    select: VIDEO_TEXT_SELECT,
    orderBy: { id: "asc" },
    take: batch,
  });
  const tops = videos.map((video) => ({ videoId: video.id, top: strongTopSuggestion(suggestFor(shopIndex.index, video)) }));
  const cards = await catalogueCards(shopId, [...new Set(tops.flatMap(({ top }) => (top ? [top.productId] : [])))]);
  let tagged = 0;
  for (const { videoId, top } of tops) {
    const card = top ? cards.get(top.productId) : undefined;
    if (await settleAutoTag(shopId, videoId, card ? { productId: card.productId, productTitle: card.title } : null)) tagged += 1;
  }
  return { settled: videos.length, tagged };
}

/**
 * Stores suggestions for up to `batch` of the shop's videos that are behind
 * the catalogue. Answers how many videos were done (0: none is behind).
 */
export async function refreshStoredSuggestions(shopId: string, batch = 200): Promise<number> {
  // The runner is in the background: it waits for the build however long it takes.
  const shopIndex = await shopSuggestionIndex(shopId, { waitMs: Number.POSITIVE_INFINITY });
  if (!shopIndex || shopIndex === "building") return 0;
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
