/**
 * The Video Library: listing (filtered and paged in the database, so a shop
 * with 10,000 videos stays fast), saving imported videos idempotently, and
 * moderation (approve / unpublish) with the Free plan's limit enforced
 * atomically. Every query carries the shop id.
 */
import { signalWork } from "./background-work.server";
import { type Prisma, prisma } from "~/db.server";
import { FREE_PLAN, VIDEO_LIST_PAGE_SIZE } from "~/constants";
import type { VideoDto, VideoListPage, VideoListQuery } from "~/rules/api-types";
import { playerEmbedUrl, safeHttpUrl } from "~/rules/embeds";
import { liveMediaUrl, mediaUrlExpiry } from "~/rules/media-expiry";
import { untrustedText } from "~/rules/text-input";
import { normalizeSearch } from "~/rules/video-list-query";
import { searchKey, videoSearchText } from "~/rules/video-search";
import type { ImportedVideo, PlatformId, VideoFigures } from "~/contracts/platforms";
import { markShopFirstActive } from "~/models/shop.server";
import { DomainValidationError, FreePlanLimitError, RecordNotFoundError, isUniqueViolation } from "~/rules/domain-errors";
import { UPLOAD_TEXT } from "~/messages";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";
import { queueMirrorFileDeletions, restartFailedMirrors, videoMediaDto } from "~/models/video-mirrors.server";
import { saveImportedCaptions } from "./video-captions.server";
import { storefrontMedia } from "~/models/storefront.server";

// ---------------------------------------------------------------- reading

/** What a VideoDto needs, loaded with the page: tags and widget names come in two batched queries, not one per row. */
const VIDEO_DTO_SELECT = {
  id: true,
  platform: true,
  platformVideoId: true,
  uploadFilename: true,
  title: true,
  authorName: true,
  channelUsername: true,
  thumbnailUrl: true,
  thumbnailExpiresAt: true,
  storedThumbnailUrl: true,
  videoUrl: true,
  enabled: true,
  clicks: true,
  createdAt: true,
  publishedAt: true,
  heldWords: true,
  playCount: true,
  likeCount: true,
  commentCount: true,
  shareCount: true,
  saveCount: true,
  durationSeconds: true,
  productTags: { select: { id: true, productId: true, productTitle: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  widgets: { select: { widget: { select: { name: true } } }, orderBy: [{ widget: { displayNumber: "asc" } }] },
  mirror: { select: { status: true, failure: true, sources: true, posterUrl: true, durationMs: true } },
} satisfies Prisma.VideoSelect;

type VideoRow = Prisma.VideoGetPayload<{ select: typeof VIDEO_DTO_SELECT }>;

function toVideoDto(row: VideoRow): VideoDto {
  const platform = row.platform as PlatformId;
  return {
    id: row.id,
    video_id: row.platformVideoId,
    file_name: row.uploadFilename,
    title: row.title,
    author_name: row.authorName,
    channel_username: row.channelUsername,
    // Our copy on Shopify's CDN outlives the platform's signed URL (hours to days).
    // The platform's until it expires (then the platform's tile), never a broken picture (decision 083).
    thumbnail_url: safeHttpUrl(row.storedThumbnailUrl) ?? liveMediaUrl(safeHttpUrl(row.thumbnailUrl), row.thumbnailExpiresAt),
    platform,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    posted_at: (row.publishedAt ?? row.createdAt).toISOString(),
    // Rendered as a link: anything but http(s) (javascript:, data:) is dropped.
    video_url: safeHttpUrl(row.videoUrl) ?? "",
    embed_url: playerEmbedUrl(platform, row.platformVideoId, row.videoUrl),
    clicks: row.clicks,
    product_tags: row.productTags.map((tag) => ({ id: tag.id, product_id: tag.productId, product_title: tag.productTitle })),
    widget_names: row.widgets.map((assignment) => assignment.widget.name),
    media: videoMediaDto(row.mirror, storefrontMedia(row.mirror)?.src ?? null),
    held_words: heldWordsOf(row.heldWords),
    figures: {
      plays: row.playCount,
      likes: row.likeCount,
      comments: row.commentCount,
      shares: row.shareCount,
      saves: row.saveCount,
      duration_seconds: row.durationSeconds,
    },
  };
}

/** The blocked words an import's rules held the video for (decision 054), or null; an unreadable value reads as held for nothing named. */
function heldWordsOf(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((word): word is string => typeof word === "string") : [];
  } catch {
    return [];
  }
}

/** The filters of the library as a Prisma filter; every branch keeps shopId as the leading index column. */
function videoListWhere(shopId: string, query: Omit<VideoListQuery, "page">): Prisma.VideoWhereInput {
  const where: Prisma.VideoWhereInput = { shopId };
  if (query.tab === "active") where.enabled = true;
  if (query.tab === "draft") where.enabled = false;
  if (query.platforms.length === 1) where.platform = query.platforms[0];
  else if (query.platforms.length > 1) where.platform = { in: query.platforms };
  const search = searchKey(normalizeSearch(query.search));
  if (search) where.searchText = { contains: search };
  // "Has suggestions": stored suggestions not tagged yet (tagging removes them).
  if (query.suggested) where.suggestions = { some: {} };
  return where;
}

/**
 * The library's order: newest (or oldest) first, or "Most played" (decision 082): most plays first, videos whose
 * plays are unknown (Pinterest, uploads) after every known figure, 0 included, then newest first ("Least played":
 * fewest first, unknown still last). id breaks ties between
 * videos saved in the same millisecond, so pages never overlap.
 */
function videoListOrder(sort: VideoListQuery["sort"]): Prisma.VideoOrderByWithRelationInput[] {
  const newest: Prisma.VideoOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
  switch (sort) {
    case "oldest":
      return [{ createdAt: "asc" }, { id: "asc" }];
    case "plays":
      return [{ playCount: { sort: "desc", nulls: "last" } }, ...newest];
    case "least_played":
      return [{ playCount: { sort: "asc", nulls: "last" } }, ...newest];
    default:
      return newest;
  }
}

/**
 * One page of the library, newest first (or in the order asked for). The count and the page are read in
 * parallel; a page past the end is clamped to the last page (read again, which
 * only happens when the library shrank under the merchant's feet).
 */
export async function listVideos(shopId: string, query: VideoListQuery): Promise<VideoListPage> {
  const where = videoListWhere(shopId, query);
  const requested = Math.max(1, Math.floor(query.page) || 1);
  const readPage = (page: number) =>
    prisma.video.findMany({
      where,
      select: VIDEO_DTO_SELECT,
      orderBy: videoListOrder(query.sort),
      skip: (page - 1) * VIDEO_LIST_PAGE_SIZE,
      take: VIDEO_LIST_PAGE_SIZE,
    });
  const [total, rows] = await Promise.all([prisma.video.count({ where }), readPage(requested)]);
  const pageCount = Math.max(1, Math.ceil(total / VIDEO_LIST_PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  const videos = page === requested ? rows : await readPage(page);
  return { videos: videos.map(toVideoDto), page, pageCount, total };
}

async function getVideo(shopId: string, videoId: string): Promise<VideoDto> {
  const row = await prisma.video.findFirst({ where: { id: videoId, shopId }, select: VIDEO_DTO_SELECT });
  if (!row) throw new RecordNotFoundError("Video");
  return toVideoDto(row);
}

/** These videos of the shop as the library shows them, by id; another shop's or a deleted one is left out. */
export async function videosByIds(shopId: string, videoIds: readonly string[]): Promise<Map<string, VideoDto>> {
  if (!videoIds.length) return new Map();
  const rows = await prisma.video.findMany({ where: { shopId, id: { in: [...videoIds] } }, select: VIDEO_DTO_SELECT });
  return new Map(rows.map((row) => [row.id, toVideoDto(row)]));
}

// ---------------------------------------------------------------- saving imports

/**
 * Imported text is untrusted and unbounded: characters no database stores out
 * (one caption must not fail the import), NFC, length capped (it is still
 * rendered as text only).
 */
function cleanText(value: string | null | undefined, max: number): string | null {
  return untrustedText(value, max);
}

function cleanUsername(value: string | null | undefined): string | null {
  return cleanText(value?.replace(/^@+/, ""), 100);
}

/**
 * The metadata an import may refresh. Approval, tags, widgets, clicks and our thumbnail copy are the merchant's and never touched.
 * The signed URLs' expiries (decision 083) count from `readAt`, when the importer's run answered.
 */
function importedFields(video: ImportedVideo, platformVideoId: string, platform: PlatformId, readAt: Date) {
  const thumbnailUrl = cleanText(video.thumbnailUrl, 4000);
  const downloadUrl = safeHttpUrl(cleanText(video.downloadUrl, 4000));
  const fields = {
    title: cleanText(video.title, 2000),
    authorName: cleanText(video.authorName, 200),
    channelUsername: cleanUsername(video.channelUsername),
    thumbnailUrl,
    embedHtml: cleanText(video.embedHtml, 20_000),
    videoUrl: cleanText(video.videoUrl, 4000),
    downloadUrl,
    publishedAt: video.publishedAt && !Number.isNaN(video.publishedAt.getTime()) ? video.publishedAt : null,
  };
  return {
    ...fields,
    ...figureColumns(video.figures),
    thumbnailExpiresAt: mediaUrlExpiry(platform, "thumbnail", thumbnailUrl, readAt),
    downloadExpiresAt: mediaUrlExpiry(platform, "video", downloadUrl, readAt),
    searchText: videoSearchText({ ...fields, platformVideoId }),
  };
}

/** Past any real post's count (TikTok's most played is in the billions): keeps a hostile figure inside a 32-bit column. */
const FIGURE_MAX = 2_000_000_000;

/**
 * The reach figures an import read (decision 082), as columns: only the
 * figures the source stated, so a later read that leaves one out (a flat
 * export without shares, an Instagram item with likes hidden) keeps the last
 * known value instead of erasing it; `figuresAt` when any was read.
 */
function figureColumns(figures: VideoFigures | undefined) {
  if (!figures) return {};
  const whole = (value: number | null) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.min(Math.floor(value), FIGURE_MAX) : null);
  const read = {
    playCount: whole(figures.plays),
    likeCount: whole(figures.likes),
    commentCount: whole(figures.comments),
    shareCount: whole(figures.shares),
    saveCount: whole(figures.saves),
    durationSeconds: whole(figures.durationSeconds),
  };
  const stated = Object.fromEntries(Object.entries(read).filter(([, value]) => value !== null)) as Partial<Record<keyof typeof read, number>>;
  return Object.keys(stated).length ? { ...stated, figuresAt: new Date() } : {};
}

export interface SavedImport {
  /** Videos that were not in the library before. */
  added: number;
  /** Every video of the batch, new or refreshed (for the thumbnail copies). */
  videoIds: string[];
  /** The videos this call created, oldest first: the only ones auto-approve rules may touch (decision 054). */
  createdIds: string[];
}

/**
 * Saves what an importer found. The unique key (shop, platform, platform video
 * id) makes a re-import or resync idempotent: known videos only get fresh
 * metadata (a new thumbnail URL, an edited caption); approval, tags and widget
 * assignments stay as the merchant left them. A video imported on its own and
 * later found in a connected account joins that account (channelId was null).
 * A new video keeps the id of the import job that added it (`importJobId`,
 * decision 078); a known one stays with the import that first added it.
 */
export async function saveImportedVideos(
  shopId: string,
  platform: PlatformId,
  videos: readonly ImportedVideo[],
  channelId?: string | null,
  importJobId?: string | null,
): Promise<SavedImport> {
  // One entry per id (a feed may repeat a pinned video), oldest first: new
  // videos get increasing createdAt values, so the newest lands on top.
  const byId = new Map<string, ImportedVideo>();
  for (const video of [...videos].reverse()) {
    const id = video.platformVideoId?.trim();
    if (id && id.length <= 128 && !byId.has(id)) byId.set(id, video);
  }
  if (!byId.size) return { added: 0, videoIds: [], createdIds: [] };
  const readAt = new Date();

  const existing = await prisma.video.findMany({
    where: { shopId, platform, platformVideoId: { in: [...byId.keys()] } },
    select: { id: true, platformVideoId: true, channelId: true },
  });
  const known = new Map(existing.map((row) => [row.platformVideoId, row]));
  const refresh = (id: string, video: ImportedVideo, currentChannelId: string | null) =>
    prisma.video.update({
      where: { id },
      data: { ...importedFields(video, video.platformVideoId.trim(), platform, readAt), ...(channelId && !currentChannelId ? { channelId } : {}) },
      select: { id: true },
    });

  const videoIds: string[] = [];
  /** The caption links found, by the saved video's id (decision 084). */
  const captions: Array<{ videoId: string; captions: NonNullable<ImportedVideo["captions"]> }> = [];
  const keepCaptions = (videoId: string, video: ImportedVideo) => {
    if (video.captions?.length) captions.push({ videoId, captions: video.captions });
  };
  const updates = [...byId.entries()].filter(([id]) => known.has(id));
  if (updates.length) {
    // One transaction: on SQLite one commit instead of one per row.
    const rows = await prisma.$transaction(updates.map(([id, video]) => refresh(known.get(id)!.id, video, known.get(id)!.channelId)));
    videoIds.push(...rows.map((row) => row.id));
    for (const [id, video] of updates) keepCaptions(known.get(id)!.id, video);
  }

  const createdIds: string[] = [];
  for (const [platformVideoId, video] of byId) {
    if (known.has(platformVideoId)) continue;
    try {
      const row = await prisma.video.create({
        data: {
          shopId,
          platform,
          platformVideoId,
          channelId: channelId ?? null,
          importJobId: importJobId ?? null,
          createdAt: nextCreatedAt(),
          ...importedFields(video, platformVideoId, platform, readAt),
        },
        select: { id: true },
      });
      videoIds.push(row.id);
      createdIds.push(row.id);
      keepCaptions(row.id, video);
    } catch (error) {
      // Another import of the same account saved it a moment ago: refresh it instead.
      if (!isUniqueViolation(error)) throw error;
      const row = await prisma.video.findUniqueOrThrow({
        where: { shopId_platform_platformVideoId: { shopId, platform, platformVideoId } },
        select: { id: true, channelId: true },
      });
      await refresh(row.id, video, row.channelId);
      videoIds.push(row.id);
      keepCaptions(row.id, video);
    }
  }
  // Their links expire within hours: the mirror runner reads them now.
  if (captions.length) await saveImportedCaptions(shopId, captions);
  return { added: createdIds.length, videoIds, createdIds };
}

let lastCreatedAt = 0;

/**
 * Strictly increasing creation times within this process, so videos saved in
 * one import (and in its successive batches) keep the feed's order in the
 * newest-first library instead of tying on the same millisecond.
 */
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

/** Saves imported videos; resolves to the number of videos that are new to the library. */
export async function upsertImportedVideos(shopId: string, platform: PlatformId, videos: readonly ImportedVideo[], channelId?: string | null): Promise<number> {
  return (await saveImportedVideos(shopId, platform, videos, channelId)).added;
}

// ---------------------------------------------------------------- moderation

export interface VideoStatusChange {
  enabled: boolean;
  /** On approval: the widgets to show the video in; empty or absent = every widget of the shop (spec 5, "Select All"). */
  widgetIds?: readonly string[];
}

type Tx = Prisma.TransactionClient;

/**
 * Long enough for 50 approvals queued behind one shop's lock on a busy
 * database; each holds it for a few milliseconds.
 */
const APPROVAL_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

/**
 * Approves or unpublishes a video and answers the video as it is now.
 *
 * Approve (enabled true): assigns exactly the chosen widgets (the dialog's
 * choice replaces earlier ones), sets approvedAt, and on a Free shop refuses a
 * 6th approved video with FreePlanLimitError. Approving a video that is
 * already approved changes nothing (not even its widgets) and succeeds.
 *
 * Unpublish (enabled false): the spec sends `enabled=false` only, so only the
 * status changes. Widget assignments are kept: the storefront shows enabled
 * videos only, so they have no effect while the video is a draft, and the
 * preview can still say where the video was shown.
 */
export async function setVideoEnabled(shopId: string, videoId: string, change: VideoStatusChange): Promise<VideoDto> {
  if (!change.enabled) {
    const { count } = await prisma.video.updateMany({ where: { id: videoId, shopId }, data: { enabled: false } });
    if (!count) throw new RecordNotFoundError("Video");
    scheduleStorefrontPublish(shopId);
    return getVideo(shopId, videoId);
  }
  const approvedNow = await approveVideo(shopId, videoId, change.widgetIds ?? []);
  if (approvedNow) await afterApprovals(shopId);
  return getVideo(shopId, videoId);
}

/** What follows approvals, by the merchant or by a rule: the storefront, the copies, the first-active mark. */
export async function afterApprovals(shopId: string): Promise<void> {
  scheduleStorefrontPublish(shopId);
  // The copy of the video's file in Shopify Files is made in the background (decision 035).
  signalWork("videoMirror");
  // Spec 4: the first approval starts the review-prompt clock; failure is ignored.
  await markShopFirstActive(shopId).catch((error: unknown) => console.warn("markShopFirstActive failed", error));
}

/**
 * An auto-approve rule's approval (decision 054): the merchant's own approval
 * path (the shop's lock, the Free plan's limit, widget assignment, the copy in
 * Shopify Files), for a video the merchant has not moderated: never approved,
 * not held. Widgets deleted since the rule was read are skipped; with none of
 * its widgets left the video stays in Draft. Throws FreePlanLimitError at the
 * limit. Resolves true when it approved the video. The caller runs
 * afterApprovals once for its batch. `tagTopSuggestion`: the video is marked,
 * in the approval's own transaction, to be tagged with its top suggested
 * product when the match is strong (decision 078; tagTopSuggestionsOfRules).
 */
export function approveNewVideoByRule(
  shopId: string,
  videoId: string,
  widgetIds: readonly string[],
  { tagTopSuggestion = false }: { tagTopSuggestion?: boolean } = {},
): Promise<boolean> {
  return approveVideo(shopId, videoId, widgetIds, { byRule: true, tagTopSuggestion });
}

/**
 * The Free plan limit, enforced atomically on SQLite and PostgreSQL.
 *
 * Counting approved videos and then approving is a race: 50 concurrent
 * requests would all count 4. So each approval runs in a transaction that
 * first writes the shop's row (a no-op UPDATE), which
 * - on PostgreSQL takes that row's lock until commit: approvals of one shop
 *   queue behind each other, and under READ COMMITTED each statement after the
 *   lock sees every approval committed before it;
 * - on SQLite makes the transaction a writer from its first statement (SQLite
 *   has one writer at a time; within a process the adapter also runs one
 *   transaction at a time), so no two approvals read the count concurrently.
 * Then count, check the plan (read under the same lock), approve. Other shops
 * are not blocked on PostgreSQL.
 *
 * Resolves true when the video became approved, false when it already was.
 */
async function approveVideo(
  shopId: string,
  videoId: string,
  widgetIds: readonly string[],
  options: { byRule?: boolean; tagTopSuggestion?: boolean } = {},
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const [lockedShop] = await tx.$queryRaw<Array<{ plan: string }>>`UPDATE "Shop" SET "plan" = "plan" WHERE "id" = ${shopId} RETURNING "plan"`;
    if (!lockedShop) throw new RecordNotFoundError("Video");
    const video = await tx.video.findFirst({ where: { id: videoId, shopId }, select: { enabled: true, approvedAt: true, heldWords: true } });
    if (!video) throw new RecordNotFoundError("Video");
    if (video.enabled) return false;
    // A rule never touches a video the merchant moderated, or one held for blocked words.
    if (options.byRule && (video.approvedAt || video.heldWords !== null)) return false;
    const widgets = await resolveWidgetIds(tx, shopId, widgetIds, { skipMissing: options.byRule });
    if (options.byRule && widgetIds.length && !widgets.length) return false;
    if (lockedShop.plan !== "premium") {
      const approved = await tx.video.count({ where: { shopId, enabled: true } });
      if (approved >= FREE_PLAN.approvedVideoLimit) throw new FreePlanLimitError();
    }
    // Approving clears the flag of a video held for blocked words: the merchant has looked at it.
    await tx.video.update({
      where: { id: videoId },
      data: { enabled: true, approvedAt: new Date(), heldWords: null, ...(options.byRule && options.tagTopSuggestion ? { autoTagPending: true } : {}) },
    });
    await assignWidgets(tx, shopId, videoId, widgets);
    // The copy in Shopify Files is asked for with the approval itself (decision 035); an existing one is kept, a
    // failed one is made again (the merchant asks anew).
    await tx.videoMirror.upsert({ where: { videoId }, create: { videoId, shopId, status: "pending" }, update: {} });
    await restartFailedMirrors(tx, shopId, [videoId]);
    return true;
  }, APPROVAL_TRANSACTION);
}

/** The chosen widgets, or all of the shop's for an empty choice; a widget of another shop is "not found". */
async function resolveWidgetIds(tx: Tx, shopId: string, widgetIds: readonly string[], { skipMissing = false } = {}): Promise<string[]> {
  if (!widgetIds.length) {
    const all = await tx.widget.findMany({ where: { shopId }, select: { id: true } });
    return all.map((widget) => widget.id);
  }
  const wanted = [...new Set(widgetIds)];
  const found = await tx.widget.findMany({ where: { shopId, id: { in: wanted } }, select: { id: true } });
  if (skipMissing) return wanted.filter((id) => found.some((widget) => widget.id === id));
  if (found.length !== wanted.length) throw new RecordNotFoundError("Widget");
  return wanted;
}

/** Makes the video's widgets exactly `widgetIds`; a newly assigned video goes to the end of each widget. */
async function assignWidgets(tx: Tx, shopId: string, videoId: string, widgetIds: string[]) {
  await tx.widgetVideo.deleteMany({ where: { shopId, videoId, widgetId: { notIn: widgetIds } } });
  const current = await tx.widgetVideo.findMany({ where: { shopId, videoId }, select: { widgetId: true } });
  const missing = widgetIds.filter((id) => !current.some((row) => row.widgetId === id));
  if (!missing.length) return;
  const last = await tx.widgetVideo.groupBy({
    by: ["widgetId"],
    where: { shopId, widgetId: { in: missing } },
    _max: { position: true },
  });
  const lastPosition = new Map(last.map((row) => [row.widgetId, row._max.position ?? -1]));
  await tx.widgetVideo.createMany({
    data: missing.map((widgetId) => ({ shopId, widgetId, videoId, position: (lastPosition.get(widgetId) ?? -1) + 1 })),
  });
}

/**
 * Renames one of the merchant's own uploads (issue 13): an imported video
 * keeps its platform's title, which every resync refreshes.
 */
export async function renameUpload(shopId: string, videoId: string, title: string): Promise<VideoDto> {
  const video = await prisma.video.findFirst({
    where: { id: videoId, shopId },
    select: { platform: true, platformVideoId: true, uploadFilename: true, enabled: true },
  });
  if (!video) throw new RecordNotFoundError("Video");
  if (video.platform !== "upload") throw new DomainValidationError(UPLOAD_TEXT.onlyUploadsRenamed);
  await prisma.video.updateMany({
    where: { id: videoId, shopId },
    data: { title, searchText: videoSearchText({ title, platformVideoId: video.platformVideoId, uploadFilename: video.uploadFilename }) },
  });
  if (video.enabled) scheduleStorefrontPublish(shopId);
  return getVideo(shopId, videoId);
}

/** Deletes a video with its tags and widget assignments (the schema cascades); its copy in Shopify Files is deleted too. */
export async function deleteVideo(shopId: string, videoId: string): Promise<void> {
  const { count, files } = await prisma.$transaction(async (tx) => {
    const files = await queueMirrorFileDeletions(tx, shopId, { id: videoId, shopId });
    return { files, ...(await tx.video.deleteMany({ where: { id: videoId, shopId } })) };
  });
  if (!count) throw new RecordNotFoundError("Video");
  scheduleStorefrontPublish(shopId);
  if (files) signalWork("videoMirror");
}
