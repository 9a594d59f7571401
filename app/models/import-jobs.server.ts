/**
 * Imports run as jobs: an ImportJob row the merchant can watch (progress,
 * result, failure), run in this process by a small runner, so the request that
 * started it answers at once and the import survives the merchant leaving the
 * page (docs/decisions/008-video-library-jobs-and-free-limit.md).
 *
 * - At most RUNNER_CONCURRENCY imports run at a time per process; the others
 *   wait in the queue (an actor run can take a minute or more).
 * - A job saves what it fetched as it goes; a failure part-way keeps those
 *   videos and records the importer's failure kind and message.
 * - A job whose process died (a crash or a deploy) stays "running" in the
 *   database. Each process touches its jobs' rows every HEARTBEAT_MS; a
 *   queued/running job not touched for STALE_AFTER_MS is marked failed with
 *   INTERRUPTED_MESSAGE, when a process starts and whenever the job is read.
 *   We fail instead of re-queuing: re-running could bill another actor run
 *   for an import the merchant may already have retried, and a job that kills
 *   its process would loop. The merchant retries with one click; it is
 *   idempotent.
 * - After the videos are saved, Shopify is asked to keep a copy of each
 *   thumbnail (fileCreate from the platform's URL), polled briefly for the CDN
 *   URL; copies still processing are resolved by the shop's next job. A
 *   thumbnail that cannot be copied never fails the import.
 */
import { prisma, type ImportJob } from "~/db.server";
import type { ImportJobDto, ImportJobKind, ImportJobStatus } from "~/lib/api-types";
import { safeHttpUrl } from "~/lib/embeds";
import { LIBRARY_TEXT } from "~/messages";
import { CHANNEL_IMPORT_LIMIT } from "~/platforms/config";
import { importerSettings } from "~/platforms/endpoints.server";
import { getImporter } from "~/platforms/index.server";
import { ImportError, type ImportedVideo, type ImportFailure, type ImportFailureKind, type PlatformId, type PlatformImporter } from "~/platforms/types";
import { unauthenticated } from "~/shopify.server";
import { scheduleStorefrontPublish } from "~/models/storefront.server";
import { createFilesFromUrls, fetchFileStates, type AdminGraphql, type CreatedFile } from "~/shopify/admin-gateway.server";
import { channelUsernameKey, recordChannelSync, upsertChannelFromImport } from "~/models/channels.server";
import { ImportUnavailableError, RecordNotFoundError } from "~/models/errors.server";
import { saveImportedVideos } from "~/models/videos.server";

export const RUNNER_CONCURRENCY = 2;
export const HEARTBEAT_MS = 15_000;
export const STALE_AFTER_MS = 60_000;
/** Finished jobs stay in the active list this long, so the page shows the result after navigating back. */
export const RECENTLY_FINISHED_MS = 60_000;
/** A job gives up after this long; the importers' own limits (APIFY_WAIT_SECS) are shorter. */
export const JOB_TIME_LIMIT_MS = 10 * 60_000;
/** Videos saved per progress update. */
const SAVE_CHUNK = 10;
/** fileCreate inputs per call. */
const FILE_BATCH = 25;

export const INTERRUPTED_MESSAGE = "The import was interrupted because the app restarted. Please try again.";
const UNEXPECTED_MESSAGE = "The import failed unexpectedly. Please try again.";

const ACTIVE_STATUSES: ImportJobStatus[] = ["queued", "running"];

// ---------------------------------------------------------------- dependencies

export interface ImportRunnerOptions {
  /** The platform's importer (tests inject a fake). */
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** Admin GraphQL for a shop outside any request: the shop's offline session. */
  adminGraphqlFor: (shopDomain: string) => Promise<AdminGraphql>;
  /**
   * A failure that stops every import of this importer before it is queued;
   * by default: the importer runs an Apify actor and no APIFY_TOKEN is set.
   */
  readinessOf: (importer: PlatformImporter) => ImportFailure | null;
  concurrency: number;
  /** Waits between polls for the thumbnail copies' CDN URLs. */
  thumbnailPollDelaysMs: readonly number[];
}

const DEFAULT_OPTIONS: ImportRunnerOptions = {
  importerFor: getImporter,
  adminGraphqlFor: async (shopDomain) => (await unauthenticated.admin(shopDomain)).admin.graphql,
  readinessOf: (importer) =>
    importer.config.actorId && !importerSettings().apifyToken ? { kind: "missing_token", message: LIBRARY_TEXT.missingApifyToken } : null,
  concurrency: RUNNER_CONCURRENCY,
  thumbnailPollDelaysMs: [500, 1000, 2000, 4000],
};

let options: ImportRunnerOptions = { ...DEFAULT_OPTIONS };

/** Replaces parts of the runner's dependencies (tests: a fake importer, short polls). */
export function configureImportRunner(overrides: Partial<ImportRunnerOptions>): void {
  options = { ...options, ...overrides };
}

export function resetImportRunner(): void {
  options = { ...DEFAULT_OPTIONS };
}

// ---------------------------------------------------------------- DTO

export function toImportJobDto(job: ImportJob): ImportJobDto {
  return {
    id: job.id,
    kind: job.kind as ImportJobKind,
    platform: job.platform as PlatformId,
    input: job.input,
    channel_id: job.channelId,
    status: job.status as ImportJobStatus,
    progress: { fetched: job.progressFetched, saved: job.progressDone, total: job.progressTotal },
    videos_added: job.videosAdded,
    error: job.error,
    error_kind: (job.errorKind as ImportFailureKind | null) ?? null,
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- enqueue

export interface EnqueueImportInput {
  shopId: string;
  kind: ImportJobKind;
  platform: PlatformId;
  /** channel: the username (with or without "@"); single: the video URL; sync: ignored (the channel's username). */
  input: string;
  /** sync: the connected account to refresh. */
  channelId?: string | null;
  trigger?: "manual" | "auto";
}

/**
 * Refuses an import that cannot run at all, before a job exists: an unknown or
 * disabled platform (Coming Soon), a method the platform does not offer
 * (Pinterest accounts), or no Apify token.
 */
export function importerReadyFor(platform: PlatformId, kind: ImportJobKind): PlatformImporter {
  let importer: PlatformImporter;
  try {
    importer = options.importerFor(platform);
  } catch (error) {
    if (error instanceof ImportError) throw new ImportUnavailableError(error.kind, error.message);
    throw error;
  }
  const { config } = importer;
  if (!config.enabled) throw new ImportUnavailableError("invalid_input", `${config.label}: importing from ${config.name} is not available yet`);
  if (kind === "single" ? !config.features.singleVideos : !config.features.channels) {
    const what = kind === "single" ? "single videos" : "accounts";
    throw new ImportUnavailableError("invalid_input", `${config.name} does not support importing ${what}`);
  }
  const failure = options.readinessOf(importer);
  if (failure) throw new ImportUnavailableError(failure.kind, failure.message);
  return importer;
}

/**
 * Creates an ImportJob and starts it in this process without waiting for it.
 * The same import already queued or running (the merchant clicked twice, or
 * resynced an account that is still importing) answers that job instead.
 */
export async function enqueueImport(request: EnqueueImportInput): Promise<ImportJobDto> {
  importerReadyFor(request.platform, request.kind);
  let input = request.input.trim();
  let channelId = request.channelId ?? null;
  if (request.kind === "sync") {
    if (!channelId) throw new RecordNotFoundError("Channel");
    const channel = await prisma.channel.findFirst({ where: { id: channelId, shopId: request.shopId } });
    if (!channel) throw new RecordNotFoundError("Channel");
    input = channel.username;
  } else if (request.kind === "channel") {
    input = channelUsernameKey(input);
  }

  const sameImport = await prisma.importJob.findFirst({
    where: {
      shopId: request.shopId,
      platform: request.platform,
      input,
      kind: request.kind === "single" ? "single" : { in: ["channel", "sync"] },
      status: { in: ACTIVE_STATUSES },
    },
    orderBy: { createdAt: "desc" },
  });
  if (sameImport && !isStale(sameImport)) return toImportJobDto(sameImport);

  const job = await prisma.importJob.create({
    data: {
      shopId: request.shopId,
      kind: request.kind,
      trigger: request.trigger ?? "manual",
      platform: request.platform,
      input,
      channelId,
    },
  });
  startJob(job.id);
  return toImportJobDto(job);
}

// ---------------------------------------------------------------- reading

function isStale(job: Pick<ImportJob, "id" | "status" | "updatedAt">, now = Date.now()): boolean {
  return ACTIVE_STATUSES.includes(job.status as ImportJobStatus) && !owned.has(job.id) && now - job.updatedAt.getTime() > STALE_AFTER_MS;
}

/** Marks the given stale jobs failed (re-checking staleness in the UPDATE, so a live job is never touched). */
async function failStaleJobs(jobs: ImportJob[]): Promise<ImportJob[]> {
  const stale = jobs.filter((job) => isStale(job));
  if (!stale.length) return jobs;
  const now = new Date();
  await prisma.importJob.updateMany({
    where: { id: { in: stale.map((job) => job.id) }, status: { in: ACTIVE_STATUSES }, updatedAt: { lt: new Date(now.getTime() - STALE_AFTER_MS) } },
    data: { status: "failed", error: INTERRUPTED_MESSAGE, errorKind: "failed", finishedAt: now },
  });
  const fresh = await prisma.importJob.findMany({ where: { id: { in: stale.map((job) => job.id) } } });
  return jobs.map((job) => fresh.find((row) => row.id === job.id) ?? job);
}

/** Fails every stale job of every shop; runs once when this module loads (server start). */
export async function failInterruptedImportJobs(): Promise<number> {
  const now = Date.now();
  const { count } = await prisma.importJob.updateMany({
    where: {
      status: { in: ACTIVE_STATUSES },
      updatedAt: { lt: new Date(now - STALE_AFTER_MS) },
      id: { notIn: [...owned] },
    },
    data: { status: "failed", error: INTERRUPTED_MESSAGE, errorKind: "failed", finishedAt: new Date(now) },
  });
  return count;
}

export async function getImportJob(shopId: string, jobId: string): Promise<ImportJobDto> {
  const job = await prisma.importJob.findFirst({ where: { id: jobId, shopId } });
  if (!job) throw new RecordNotFoundError("Import job");
  const [current] = await failStaleJobs([job]);
  return toImportJobDto(current);
}

/** Queued and running jobs, and those that finished in the last minute, newest first. */
export async function listActiveImportJobs(shopId: string): Promise<ImportJobDto[]> {
  const jobs = await prisma.importJob.findMany({
    where: {
      shopId,
      OR: [{ status: { in: ACTIVE_STATUSES } }, { finishedAt: { gte: new Date(Date.now() - RECENTLY_FINISHED_MS) } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
  });
  return (await failStaleJobs(jobs)).map(toImportJobDto);
}

/** The shop's latest jobs, whatever their status. */
export async function listRecentImportJobs(shopId: string, limit = 20): Promise<ImportJobDto[]> {
  const jobs = await prisma.importJob.findMany({ where: { shopId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
  return (await failStaleJobs(jobs)).map(toImportJobDto);
}

// ---------------------------------------------------------------- the runner

/** Jobs this process queued and has not finished (queued or running here). */
const owned = new Set<string>();
const queue: string[] = [];
const running = new Set<string>();
let idleWaiters: Array<() => void> = [];
let heartbeat: ReturnType<typeof setInterval> | null = null;

function startJob(jobId: string) {
  owned.add(jobId);
  queue.push(jobId);
  startHeartbeat();
  pump();
}

function pump() {
  while (running.size < Math.max(1, options.concurrency) && queue.length) {
    const jobId = queue.shift()!;
    running.add(jobId);
    void runImportJob(jobId)
      .catch((error: unknown) => console.error(`Import job ${jobId} could not be run`, error))
      .finally(() => {
        running.delete(jobId);
        owned.delete(jobId);
        for (const resolve of jobWaiters.get(jobId) ?? []) resolve();
        jobWaiters.delete(jobId);
        pump();
        if (!running.size && !queue.length) {
          stopHeartbeat();
          const waiters = idleWaiters;
          idleWaiters = [];
          waiters.forEach((resolve) => resolve());
        }
      });
  }
}

const jobWaiters = new Map<string, Array<() => void>>();

/**
 * Resolves when the job has finished: at once for a job this process runs,
 * by reading its row for one another process runs (the same import started
 * elsewhere), until JOB_TIME_LIMIT_MS.
 */
export async function waitForImportJob(jobId: string): Promise<void> {
  if (owned.has(jobId)) {
    await new Promise<void>((resolve) => jobWaiters.set(jobId, [...(jobWaiters.get(jobId) ?? []), resolve]));
    return;
  }
  const deadline = Date.now() + JOB_TIME_LIMIT_MS;
  while (Date.now() < deadline) {
    const job = await prisma.importJob.findUnique({ where: { id: jobId }, select: { status: true } });
    if (!job || !ACTIVE_STATUSES.includes(job.status as ImportJobStatus)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Resolves when this process has no import queued or running (tests; a graceful shutdown). */
export function waitForImportRunnerIdle(): Promise<void> {
  if (!running.size && !queue.length) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

function startHeartbeat() {
  if (heartbeat) return;
  heartbeat = setInterval(() => {
    if (!owned.size) return;
    prisma.importJob
      .updateMany({ where: { id: { in: [...owned] }, status: { in: ACTIVE_STATUSES } }, data: { updatedAt: new Date() } })
      .catch((error: unknown) => console.warn("Import job heartbeat failed", error));
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
}

function stopHeartbeat() {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
}

function failureOf(error: unknown): ImportFailure {
  if (error instanceof ImportError || error instanceof ImportUnavailableError) return { kind: error.kind, message: error.message };
  console.error("Import failed unexpectedly", error);
  return { kind: "failed", message: UNEXPECTED_MESSAGE };
}

/** Rejects with a timeout ImportError when the job's time is up, whatever the importer does. */
function withTimeLimit<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ImportError("timeout", "Import timeout: the import took too long and was stopped"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

async function runImportJob(jobId: string): Promise<void> {
  const job = await prisma.importJob.update({
    where: { id: jobId },
    data: { status: "running", startedAt: new Date(), attempts: { increment: 1 } },
    include: { shop: { select: { shopDomain: true } } },
  });
  const shopId = job.shopId;
  const platform = job.platform as PlatformId;
  const signal = AbortSignal.timeout(JOB_TIME_LIMIT_MS);
  const progress = { fetched: 0, saved: 0, added: 0 };
  const savedIds: string[] = [];
  let channelId = job.channelId;
  let failure: ImportFailure | null = null;

  // Feeds list newest first; saving from the oldest end keeps that order in the newest-first library.
  const saveAll = async (videos: ImportedVideo[]) => {
    for (let end = videos.length; end > 0; end -= SAVE_CHUNK) {
      const chunk = videos.slice(Math.max(0, end - SAVE_CHUNK), end);
      const saved = await saveImportedVideos(shopId, platform, chunk, channelId);
      savedIds.push(...saved.videoIds);
      progress.saved += chunk.length;
      progress.added += saved.added;
      await prisma.importJob.update({ where: { id: jobId }, data: { progressDone: progress.saved, videosAdded: progress.added } });
    }
  };

  try {
    const importer = options.importerFor(platform);
    if (job.kind === "single") {
      const { video } = await withTimeLimit(importer.importVideo(job.input, { signal }), signal);
      progress.fetched = 1;
      await prisma.importJob.update({ where: { id: jobId }, data: { progressFetched: 1, progressTotal: 1 } });
      await saveAll([video]);
    } else {
      let username = job.input;
      if (job.kind === "sync") {
        const channel = await prisma.channel.findFirst({ where: { id: job.channelId ?? "", shopId } });
        if (!channel) throw new ImportError("not_found", "This account is no longer connected");
        username = channel.username;
      }
      const result = await withTimeLimit(importer.importChannel(username, { limit: CHANNEL_IMPORT_LIMIT, signal }), signal);
      // A failed account import that found nothing creates no account.
      if (result.videos.length || !result.error) {
        const channel = await upsertChannelFromImport(shopId, platform, username, result.channel);
        channelId = channel.id;
      }
      progress.fetched = result.videos.length;
      await prisma.importJob.update({
        where: { id: jobId },
        data: { channelId, progressFetched: progress.fetched, progressTotal: result.videos.length },
      });
      await saveAll(result.videos);
      failure = result.error ?? null;
    }
  } catch (error) {
    failure = failureOf(error);
  }

  await prisma.importJob.update({
    where: { id: jobId },
    data: {
      status: failure ? "failed" : "succeeded",
      error: failure?.message.slice(0, 2000) ?? null,
      errorKind: failure?.kind ?? null,
      progressFetched: progress.fetched,
      progressDone: progress.saved,
      videosAdded: progress.added,
      channelId,
      finishedAt: new Date(),
    },
  });
  if (channelId && job.kind !== "single") {
    await recordChannelSync(shopId, channelId, { error: failure?.message ?? null }).catch((error: unknown) =>
      console.warn("Could not record the account's sync", error),
    );
  }

  // The merchant already sees the result; the copies only make thumbnails last.
  await keepThumbnailCopies(shopId, job.shop.shopDomain, savedIds).catch((error: unknown) =>
    console.warn(`Thumbnail copies for import job ${jobId} failed`, error),
  );
  // Published videos may have new titles or posters.
  if (savedIds.length) scheduleStorefrontPublish(shopId);
}

// ---------------------------------------------------------------- thumbnails

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Platform thumbnail URLs expire (TikTok covers within hours, Instagram's CDN
 * within days), so Shopify keeps a copy: fileCreate from the original URL,
 * then the READY file's CDN URL becomes storedThumbnailUrl, which the library
 * prefers. Copies still processing after the polls are resolved by the shop's
 * next job; a FAILED copy is forgotten, so a later import (with a fresh URL)
 * tries again.
 */
export async function keepThumbnailCopies(shopId: string, shopDomain: string, videoIds: readonly string[]): Promise<void> {
  const toCopy = videoIds.length
    ? await prisma.video.findMany({
        where: { shopId, id: { in: [...videoIds] }, thumbnailFileId: null, storedThumbnailUrl: null, thumbnailUrl: { not: null } },
        select: { id: true, thumbnailUrl: true, platform: true, platformVideoId: true },
      })
    : [];
  const earlier = await prisma.video.findMany({
    where: { shopId, thumbnailFileId: { not: null }, storedThumbnailUrl: null },
    select: { thumbnailFileId: true },
    take: 200,
  });
  const pending = new Set(earlier.map((video) => video.thumbnailFileId!));
  const candidates = toCopy.flatMap((video) => {
    const url = safeHttpUrl(video.thumbnailUrl);
    return url ? [{ videoId: video.id, url, alt: `Thumbnail of ${video.platform} video ${video.platformVideoId}` }] : [];
  });
  if (!candidates.length && !pending.size) return;

  const graphql = await options.adminGraphqlFor(shopDomain);
  for (let i = 0; i < candidates.length; i += FILE_BATCH) {
    const batch = candidates.slice(i, i + FILE_BATCH);
    let files: Array<CreatedFile | null>;
    try {
      files = await createFilesFromUrls(graphql, batch);
    } catch {
      // Shopify refuses a whole batch for one bad input: copy the rest one by one.
      files = [];
      for (const item of batch) files.push(await createFilesFromUrls(graphql, [item]).then((created) => created[0] ?? null, () => null));
    }
    for (const [index, file] of files.entries()) {
      if (!file) continue;
      await prisma.video.updateMany({ where: { id: batch[index].videoId, shopId, thumbnailFileId: null }, data: { thumbnailFileId: file.id } });
      pending.add(file.id);
    }
  }

  for (const delay of options.thumbnailPollDelaysMs) {
    if (!pending.size) break;
    await sleep(delay);
    const ids = [...pending];
    for (let i = 0; i < ids.length; i += 250) {
      const chunk = ids.slice(i, i + 250);
      const states = await fetchFileStates(graphql, chunk);
      for (const id of chunk) {
        const state = states.find((file) => file.id === id);
        const url = state?.status === "READY" ? safeHttpUrl(state.url) : null;
        if (url) {
          await prisma.video.updateMany({ where: { shopId, thumbnailFileId: id }, data: { storedThumbnailUrl: url } });
          pending.delete(id);
        } else if (!state || state.status === "FAILED") {
          // Deleted in the admin, or Shopify could not download it.
          await prisma.video.updateMany({ where: { shopId, thumbnailFileId: id }, data: { thumbnailFileId: null } });
          pending.delete(id);
        }
      }
    }
  }
}

// Server start: jobs a previous process left queued or running are failed once stale.
void failInterruptedImportJobs().catch((error: unknown) => console.warn("Could not check for interrupted import jobs", error));
