/**
 * Video mirrors (decision 035): the copy of an approved video's file in the
 * merchant's Shopify Files, which the storefront plays instead of the
 * platform's player. This module is the domain: which videos need a copy, what
 * one step of a copy does, and what the library shows. The runner that takes
 * the steps (timers, leases, the sweep) is app/jobs/video-mirror.server.ts.
 *
 * A mirror moves pending -> processing -> ready | failed:
 * - pending: the next step asks Shopify for a copy (fileCreate from the
 *   video's download URL; the URL the import found while it has more than a
 *   few minutes left (decision 083), else one fetched again from the
 *   platform for this one post);
 * - processing: Shopify downloads and transcodes; each step reads the file's
 *   status, waiting longer between reads (backoff) until READY, FAILED or a
 *   time limit;
 * - a copy that failed because Shopify could not download the source (the
 *   signed URL expired) is tried once more from a freshly fetched URL;
 * - ready: the renditions, poster and duration are stored and the storefront
 *   republished; failed: the reason is stored, the storefront keeps the
 *   platform's player.
 * Unpublishing keeps the copy for a later approval; deleting the video (or
 * its account) queues its file for deletion (FileDeletion).
 */
import { prisma, type Prisma, type VideoMirror } from "~/db.server";
import { cleanText } from "~/platforms/normalize";
import { ImportError, type ImportVideoOptions, type PlatformId, type PlatformImporter } from "~/contracts/platforms";
import type { MirrorFailure, VideoMediaDto } from "~/rules/api-types";
import { safeHttpUrl } from "~/rules/embeds";
import { isUniqueViolation } from "~/rules/domain-errors";
import { mediaUrlExpiry, sourceTooOld } from "~/rules/media-expiry";
import {
  createVideoFile,
  deleteFiles,
  fetchVideoFileStates,
  type AdminCostBudget,
  type AdminGraphql,
  type CreatedFile,
  type VideoFileSource,
  type VideoFileState,
} from "~/shopify/admin-gateway.server";

export type VideoMirrorStatus = "pending" | "processing" | "ready" | "failed";

/** How many times a copy is asked for (fileCreate) before the mirror fails: the first, and one from a fresh URL. */
export const MIRROR_CREATE_ATTEMPTS = 2;
/** Errors (Shopify or the platform not answering) a step may meet before the mirror fails. */
export const MIRROR_ERROR_LIMIT = 5;

export interface MirrorStepDependencies {
  graphql: AdminGraphql;
  /** The platform's importer, to fetch a fresh download URL for one post. */
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** Waits between status reads: the n-th read waits the n-th entry (the last one repeats). */
  pollDelaysMs: readonly number[];
  /** How long Shopify may process a copy before the mirror fails with "timeout". */
  processingTimeoutMs: number;
  /** Bounds a platform fetch (an actor run) so a step never hangs. */
  signal?: AbortSignal;
  /**
   * The files' states read for many mirrors in one call (the runner batches a
   * shop's status reads); a file id missing from the map is read on its own,
   * one mapped to null no longer exists.
   */
  fileStates?: ReadonlyMap<string, VideoFileState | null>;
  /**
   * Fresh download URLs fetched for many videos in one platform run (the
   * runner batches them), by video id; null: the platform has no file for it.
   * A video missing from the map is fetched on its own.
   */
  freshSources?: ReadonlyMap<string, string | null>;
  /** Paces the shop's Admin calls within Shopify's rate limit. */
  budget?: AdminCostBudget;
  /** Asks Shopify for one copy; the runner batches the copies of a round into few fileCreate calls. */
  createFile?: (file: { url: string; alt: string }) => Promise<CreatedFile>;
}

/** What the library shows of a video's copy. */
export function videoMediaDto(mirror: { status: string; failure: string | null } | null, playUrl: string | null = null): VideoMediaDto | null {
  if (!mirror) return null;
  if (mirror.status === "ready") return { status: "ready", failure: null, src: playUrl };
  if (mirror.status === "failed") return { status: "failed", failure: (mirror.failure as MirrorFailure | null) ?? "processing_failed", src: null };
  return { status: "preparing", failure: null, src: null };
}

// ---------------------------------------------------------------- asking for copies

/**
 * Asks for copies of the shop's approved videos among `videoIds` that have
 * none yet; with `retrySourceFailures` (after a resync found the posts again)
 * also for those whose copy failed for want of a source. Other mirrors are
 * left as they are. Answers the videos for which a mirror was created. Never
 * throws for a concurrent request of the same copy.
 */
export async function requestVideoMirrors(shopId: string, videoIds: readonly string[], { retrySourceFailures = false } = {}): Promise<string[]> {
  if (!videoIds.length) return [];
  const candidates = await prisma.video.findMany({
    where: { shopId, id: { in: [...videoIds] }, enabled: true, mirror: { is: null } },
    select: { id: true },
  });
  const created: string[] = [];
  for (const { id } of candidates) {
    try {
      await prisma.videoMirror.create({ data: { videoId: id, shopId, status: "pending" } });
      created.push(id);
    } catch (error) {
      // Another request (a second instance, a double click) created it a moment ago.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (retrySourceFailures) await prisma.$transaction((tx) => restartFailedMirrors(tx, shopId, videoIds, SOURCE_FAILURES));
  return created;
}

/** Approved videos of any shop that have no mirror yet (approved before copies existed), oldest approval first. */
export async function approvedVideosWithoutMirror(limit: number): Promise<Array<{ shopId: string; videoId: string }>> {
  const rows = await prisma.video.findMany({
    where: { enabled: true, mirror: { is: null }, shop: { uninstalledAt: null } },
    select: { id: true, shopId: true },
    orderBy: { approvedAt: "asc" },
    take: limit,
  });
  return rows.map((row) => ({ shopId: row.shopId, videoId: row.id }));
}

/**
 * Queues the Shopify files of videos about to be deleted (their copies and caption files), inside the
 * transaction that deletes them, so a file is never forgotten: the runner
 * deletes it from Shopify and retries until Shopify confirms.
 */
export async function queueMirrorFileDeletions(tx: Prisma.TransactionClient, shopId: string, where: Prisma.VideoWhereInput): Promise<number> {
  const mirrors = await tx.videoMirror.findMany({ where: { shopId, fileId: { not: null }, video: where }, select: { fileId: true } });
  // Their caption files too (decision 084): the published copy and one being made.
  const captions = await tx.videoCaption.findMany({
    where: { shopId, OR: [{ fileId: { not: null } }, { copyFileId: { not: null } }], video: where },
    select: { fileId: true, copyFileId: true },
  });
  const fileIds = [
    ...new Set([
      ...mirrors.map((mirror) => mirror.fileId!),
      ...captions.flatMap((caption) => [caption.fileId, caption.copyFileId].filter((id): id is string => !!id)),
    ]),
  ];
  for (const fileId of fileIds) {
    await tx.fileDeletion.upsert({ where: { shopId_fileId: { shopId, fileId } }, create: { shopId, fileId }, update: {} });
  }
  return fileIds.length;
}

// ---------------------------------------------------------------- one step

/** What a step changed that others must hear of. */
export interface MirrorStepOutcome {
  status: VideoMirrorStatus;
  /** The mirror became ready or failed: the storefront data changes. */
  settled: boolean;
}

const delayAt = (delays: readonly number[], index: number) => delays[Math.min(index, delays.length - 1)] ?? 1000;
const later = (ms: number) => new Date(Date.now() + ms);

/**
 * Takes one step of a mirror the caller has claimed (the runner holds its
 * lease) and records the result; the caller releases the lease. A step never
 * throws for what Shopify or the platform answer: errors are counted, retried
 * with backoff, and fail the mirror after MIRROR_ERROR_LIMIT.
 */
export async function takeMirrorStep(mirror: VideoMirror, deps: MirrorStepDependencies): Promise<MirrorStepOutcome> {
  const video = await prisma.video.findFirst({
    where: { id: mirror.videoId, shopId: mirror.shopId },
    select: { id: true, shopId: true, platform: true, platformVideoId: true, title: true, videoUrl: true, downloadUrl: true, downloadExpiresAt: true },
  });
  // Deleted meanwhile: the cascade removes the mirror too.
  if (!video) return { status: mirror.status as VideoMirrorStatus, settled: false };
  try {
    if (mirror.status === "pending") return await askForCopy(mirror, video, deps);
    if (mirror.status === "processing") return await followCopy(mirror, deps);
    return { status: mirror.status as VideoMirrorStatus, settled: false };
  } catch (error) {
    const errors = mirror.polls + 1;
    const detail = cleanText((error as Error)?.message, 500) ?? "no answer";
    // Whose error it was: the platform's (fetching the video's file) or Shopify's (the copy).
    if (mirror.status === "pending" && errors >= MIRROR_ERROR_LIMIT)
      return fail(mirror, error instanceof ImportError ? "platform_failed" : "shopify_refused", detail);
    if (mirror.status === "processing" && processingTime(mirror) > deps.processingTimeoutMs) return fail(mirror, "timeout", detail);
    // Only while this runner still holds the row: a lease that ran out may be another instance's step now.
    await prisma.videoMirror.updateMany({
      where: { shopId: mirror.shopId, videoId: mirror.videoId, status: mirror.status, leaseOwner: mirror.leaseOwner },
      data: { polls: errors, failureDetail: detail, nextCheckAt: later(delayAt(deps.pollDelaysMs, errors)) },
    });
    return { status: mirror.status as VideoMirrorStatus, settled: false };
  }
}

interface MirroredVideo {
  id: string;
  shopId: string;
  platform: string;
  platformVideoId: string;
  title: string | null;
  videoUrl: string | null;
  downloadUrl: string | null;
  downloadExpiresAt: Date | null;
}

/**
 * Fails the mirror with why. A file Shopify has for it (failed processing, or
 * still processing past the time limit, which could yet turn READY) is queued
 * for deletion in the same transaction, so no unused copy stays in the
 * merchant's Files; a retry makes a new one.
 */
async function fail(mirror: VideoMirror, failure: MirrorFailure, detail: string | null): Promise<MirrorStepOutcome> {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.videoMirror.updateMany({
      where: { shopId: mirror.shopId, videoId: mirror.videoId, status: mirror.status },
      data: { status: "failed", failure, failureDetail: detail ? cleanText(detail, 500) : null, fileId: null },
    });
    if (count && mirror.fileId) await queueFileDeletion(tx, mirror.shopId, mirror.fileId);
  });
  return { status: "failed", settled: true };
}

/** Queues one file of the shop for deletion (idempotent: the runner deletes it and retries until Shopify confirms). */
async function queueFileDeletion(tx: Prisma.TransactionClient, shopId: string, fileId: string): Promise<void> {
  await tx.fileDeletion.upsert({ where: { shopId_fileId: { shopId, fileId } }, create: { shopId, fileId }, update: {} });
}

/** The failures a newly found source may cure: a resync that finds the post again asks for the copy once more. */
const SOURCE_FAILURES: readonly MirrorFailure[] = ["no_source", "download_failed", "platform_failed"];

/**
 * Starts failed copies of the shop's approved videos among `videoIds` again
 * from the beginning (a fresh source, a new file): on approval any failure
 * (the merchant asks again), after a resync only the failures a new source may
 * cure. Runs in the caller's transaction; answers how many restart.
 */
export async function restartFailedMirrors(
  tx: Prisma.TransactionClient,
  shopId: string,
  videoIds: readonly string[],
  only: readonly MirrorFailure[] | null = null,
): Promise<number> {
  if (!videoIds.length) return 0;
  const where: Prisma.VideoMirrorWhereInput = {
    shopId,
    videoId: { in: [...videoIds] },
    status: "failed",
    video: { enabled: true },
    ...(only ? { failure: { in: [...only] } } : {}),
  };
  const failed = await tx.videoMirror.findMany({ where, select: { videoId: true, fileId: true } });
  if (!failed.length) return 0;
  for (const { fileId } of failed) if (fileId) await queueFileDeletion(tx, shopId, fileId);
  const restarted = failed.map((mirror) => mirror.videoId);
  const { count } = await tx.videoMirror.updateMany({
    where: { ...where, videoId: { in: restarted } },
    data: { status: "pending", fileId: null, attempts: 0, polls: 0, failure: null, failureDetail: null, nextCheckAt: new Date() },
  });
  // The media check's "copy failed" no longer holds: the banner stops listing it while the copy is made again.
  await tx.mediaIssue.deleteMany({ where: { shopId, videoId: { in: restarted }, kind: "copy_failed" } });
  return count;
}

/** A fresh download URL for the one post, saved on the video; null when the platform gives none. */
async function fetchFreshSource(video: MirroredVideo, deps: MirrorStepDependencies): Promise<string | null> {
  if (!video.videoUrl) return null;
  const importer = deps.importerFor(video.platform as PlatformId);
  let url: string | null;
  if (importer.fetchVideoFiles) {
    const files = await importer.fetchVideoFiles([{ platformVideoId: video.platformVideoId, videoUrl: video.videoUrl }], { signal: deps.signal });
    url = safeHttpUrl(files.get(video.platformVideoId) ?? null);
  } else {
    const options: ImportVideoOptions = { withVideoFile: true, ...(deps.signal ? { signal: deps.signal } : {}) };
    url = safeHttpUrl((await importer.importVideo(video.videoUrl, options)).video.downloadUrl ?? null);
  }
  await saveFreshSource(video, url);
  return url;
}

/** A freshly fetched file URL on its video, with when it expires (decision 083). */
async function saveFreshSource(video: { id: string; shopId: string; platform: string }, url: string | null): Promise<void> {
  const downloadExpiresAt = mediaUrlExpiry(video.platform, "video", url, new Date());
  await prisma.video.updateMany({ where: { id: video.id, shopId: video.shopId }, data: { downloadUrl: url, downloadExpiresAt } });
}

/**
 * Whether the mirror's next fileCreate needs a URL fetched again: none from
 * the import, the last one failed, or the stored one expires before Shopify
 * would have fetched it (a Draft approved days after its import, decision 083).
 */
const needsFreshSource = (mirror: Pick<VideoMirror, "attempts">, video: { downloadUrl: string | null; downloadExpiresAt: Date | null }) =>
  mirror.attempts > 0 || !safeHttpUrl(video.downloadUrl) || sourceTooOld(video.downloadExpiresAt, new Date());

/** Posts per platform run when fetching fresh URLs for many copies at once. */
const SOURCES_PER_RUN = 50;

/**
 * Fresh download URLs for the pending mirrors that need one, one platform run
 * per platform (and per SOURCES_PER_RUN posts) instead of one per video; saved
 * on the videos and answered by video id. A platform whose run fails is left
 * out: its steps fetch on their own, with their own retries.
 */
export async function prefetchFreshSources(
  mirrors: ReadonlyArray<Pick<VideoMirror, "videoId" | "shopId" | "status" | "attempts">>,
  importerFor: (platform: PlatformId) => PlatformImporter,
  signal?: AbortSignal,
): Promise<Map<string, string | null>> {
  const pending = new Map(mirrors.filter((mirror) => mirror.status === "pending").map((mirror) => [mirror.videoId, mirror]));
  const sources = new Map<string, string | null>();
  if (pending.size < 2) return sources;
  const videos = await prisma.video.findMany({
    where: { OR: [...pending.values()].map((mirror) => ({ id: mirror.videoId, shopId: mirror.shopId })) },
    select: { id: true, shopId: true, platform: true, platformVideoId: true, videoUrl: true, downloadUrl: true, downloadExpiresAt: true },
  });
  const byPlatform = new Map<string, typeof videos>();
  for (const video of videos) {
    const mirror = pending.get(video.id);
    if (!mirror || !video.videoUrl || !needsFreshSource(mirror, video)) continue;
    byPlatform.set(video.platform, [...(byPlatform.get(video.platform) ?? []), video]);
  }
  for (const [platform, group] of byPlatform) {
    const importer = importerFor(platform as PlatformId);
    if (!importer.fetchVideoFiles) continue;
    for (let start = 0; start < group.length; start += SOURCES_PER_RUN) {
      const chunk = group.slice(start, start + SOURCES_PER_RUN);
      let files: Map<string, string | null>;
      try {
        files = await importer.fetchVideoFiles(
          chunk.map((video) => ({ platformVideoId: video.platformVideoId, videoUrl: video.videoUrl! })),
          { signal },
        );
      } catch (error) {
        console.warn(`Fetching ${chunk.length} ${platform} video files at once failed; each copy fetches its own`, error);
        continue;
      }
      for (const video of chunk) {
        const url = safeHttpUrl(files.get(video.platformVideoId) ?? null);
        await saveFreshSource(video, url);
        sources.set(video.id, url);
      }
    }
  }
  return sources;
}

async function askForCopy(mirror: VideoMirror, video: MirroredVideo, deps: MirrorStepDependencies): Promise<MirrorStepOutcome> {
  // The import's URL on the first attempt while it lives; a retry (the first download failed) always fetches a fresh one,
  // which is used whatever its expiry: it is the freshest the platform gives.
  let source = needsFreshSource(mirror, video) ? null : safeHttpUrl(video.downloadUrl);
  const prefetched = deps.freshSources?.get(video.id);
  if (!source && prefetched !== undefined) {
    source = prefetched;
  } else if (!source) {
    try {
      source = await fetchFreshSource(video, deps);
    } catch (error) {
      // The post is gone or private at the source, or the platform refused: nothing to copy.
      const kind = (error as { kind?: string })?.kind;
      if (kind === "not_found" || kind === "private" || kind === "invalid_input") return fail(mirror, "no_source", (error as Error).message);
      throw error;
    }
  }
  if (!source) return fail(mirror, "no_source", "The platform gave no video file for this post");
  const alt = cleanText(video.title, 500) ?? `${video.platform} video ${video.platformVideoId}`;
  const file = deps.createFile ? await deps.createFile({ url: source, alt }) : await createVideoFile(deps.graphql, { url: source, alt }, deps.budget);
  const { count } = await prisma.videoMirror.updateMany({
    where: { shopId: mirror.shopId, videoId: mirror.videoId, status: "pending" },
    data: {
      status: "processing",
      fileId: file.id,
      copyRequestedAt: new Date(),
      attempts: mirror.attempts + 1,
      polls: 0,
      failureDetail: null,
      nextCheckAt: later(delayAt(deps.pollDelaysMs, 0)),
    },
  });
  // The video was deleted or the mirror restarted meanwhile: the new file is not needed.
  if (!count) {
    await prisma.fileDeletion.upsert({
      where: { shopId_fileId: { shopId: mirror.shopId, fileId: file.id } },
      create: { shopId: mirror.shopId, fileId: file.id },
      update: {},
    });
  }
  return { status: "processing", settled: false };
}

/** Files read per status call: Shopify takes 250 ids, but 50 keep one call's cost at a quarter of the smallest bucket. */
const FILE_READS_PER_CALL = 50;

/**
 * The states of many files in few calls: the runner reads all of a shop's
 * due copies at once.
 */
export async function readFileStates(graphql: AdminGraphql, fileIds: readonly string[], budget?: AdminCostBudget): Promise<Map<string, VideoFileState | null>> {
  const states = new Map<string, VideoFileState | null>();
  for (let start = 0; start < fileIds.length; start += FILE_READS_PER_CALL) {
    const chunk = fileIds.slice(start, start + FILE_READS_PER_CALL);
    const found = await fetchVideoFileStates(graphql, chunk, budget);
    for (const id of chunk) states.set(id, found.find((state) => state.id === id) ?? null);
  }
  return states;
}

/** Shopify's error codes for a source it could not download (an expired signed URL answers 403). */
const DOWNLOAD_FAILURES = /DOWNLOAD_FAILURE|DOWNLOAD_ERROR/;

async function followCopy(mirror: VideoMirror, deps: MirrorStepDependencies): Promise<MirrorStepOutcome> {
  const fileId = mirror.fileId;
  const known = fileId ? deps.fileStates?.get(fileId) : undefined;
  const state = known !== undefined ? known : fileId ? (await fetchVideoFileStates(deps.graphql, [fileId], deps.budget))[0] : undefined;
  if (!state) {
    // Deleted in Shopify's admin while processing (or not yet readable): a new copy, within the attempts; the old
    // file is queued for deletion in case it shows up after all.
    if (mirror.attempts >= MIRROR_CREATE_ATTEMPTS) return fail(mirror, "file_deleted", "The copy was not found in Shopify Files while it was processed");
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.videoMirror.updateMany({
        where: { shopId: mirror.shopId, videoId: mirror.videoId, status: "processing" },
        data: { status: "pending", fileId: null, polls: 0, nextCheckAt: new Date() },
      });
      if (count && fileId) await queueFileDeletion(tx, mirror.shopId, fileId);
    });
    return { status: "pending", settled: false };
  }
  if (state.status === "READY") return recordReady(mirror, state);
  if (state.status === "FAILED") {
    const code = state.error?.code ?? "";
    const detail = [code, state.error?.details].filter(Boolean).join(": ") || null;
    if (DOWNLOAD_FAILURES.test(code) && mirror.attempts < MIRROR_CREATE_ATTEMPTS) {
      // Most likely the signed URL expired before Shopify fetched it: once more from a fresh one; the failed file goes.
      await prisma.$transaction([
        prisma.videoMirror.updateMany({
          where: { shopId: mirror.shopId, videoId: mirror.videoId, status: "processing" },
          data: { status: "pending", fileId: null, polls: 0, failureDetail: detail, nextCheckAt: new Date() },
        }),
        prisma.fileDeletion.upsert({
          where: { shopId_fileId: { shopId: mirror.shopId, fileId: state.id } },
          create: { shopId: mirror.shopId, fileId: state.id },
          update: {},
        }),
      ]);
      return { status: "pending", settled: false };
    }
    return fail(mirror, DOWNLOAD_FAILURES.test(code) ? "download_failed" : "processing_failed", detail);
  }
  // UPLOADED or PROCESSING: read again later, waiting longer each time, within the time limit.
  const processingFor = processingTime(mirror);
  if (processingFor > deps.processingTimeoutMs) return fail(mirror, "timeout", `Still ${state.status} after ${Math.round(processingFor / 1000)} s`);
  await prisma.videoMirror.updateMany({
    where: { shopId: mirror.shopId, videoId: mirror.videoId, status: "processing" },
    data: { polls: mirror.polls + 1, nextCheckAt: later(delayAt(deps.pollDelaysMs, mirror.polls + 1)) },
  });
  return { status: "processing", settled: false };
}

/** How long Shopify has had the current copy. */
const processingTime = (mirror: VideoMirror) => Date.now() - (mirror.copyRequestedAt ?? mirror.updatedAt).getTime();

/** The renditions to keep: MP4 and HLS (what browsers and Shopify's player play), smallest first. */
export function playableSources(sources: readonly VideoFileSource[]): VideoFileSource[] {
  return sources
    .filter((source) => safeHttpUrl(source.url) && (source.format === "mp4" || source.format === "m3u8" || source.mimeType === "video/mp4"))
    .map((source) => ({ url: source.url, format: source.format, mimeType: source.mimeType, width: source.width, height: source.height }))
    .sort((a, b) => a.width * a.height - b.width * b.height);
}

async function recordReady(mirror: VideoMirror, state: VideoFileState): Promise<MirrorStepOutcome> {
  const sources = playableSources(state.sources);
  if (!sources.some((source) => source.format !== "m3u8")) return fail(mirror, "processing_failed", "Shopify made no MP4 rendition of the video");
  await prisma.videoMirror.updateMany({
    where: { shopId: mirror.shopId, videoId: mirror.videoId, status: "processing" },
    data: {
      status: "ready",
      sources: JSON.stringify(sources),
      posterUrl: safeHttpUrl(state.posterUrl),
      durationMs: state.durationMs === null ? null : Math.round(state.durationMs),
      failure: null,
      failureDetail: null,
    },
  });
  return { status: "ready", settled: true };
}

// ---------------------------------------------------------------- deleting files

/** Deletes one queued file from Shopify; answers whether it is gone (else it is retried later). */
export async function deleteQueuedFile(
  deletion: { id: string; fileId: string; attempts: number },
  graphql: AdminGraphql,
  retryDelayMs: number,
  budget?: AdminCostBudget,
): Promise<boolean> {
  try {
    await deleteFiles(graphql, [deletion.fileId], budget);
    await prisma.fileDeletion.deleteMany({ where: { id: deletion.id } });
    return true;
  } catch (error) {
    console.warn(`Deleting Shopify file ${deletion.fileId} failed; retrying later`, error);
    await prisma.fileDeletion.updateMany({
      where: { id: deletion.id },
      data: { attempts: deletion.attempts + 1, nextCheckAt: later(retryDelayMs * 2 ** Math.min(deletion.attempts, 6)) },
    });
    return false;
  }
}
