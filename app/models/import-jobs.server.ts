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
 * - No job stays "running" (decision 023). Each process touches its jobs' rows
 *   every HEARTBEAT_MS; a queued/running job not touched for STALE_AFTER_MS
 *   (its process died: a crash or a deploy) is failed with INTERRUPTED_MESSAGE,
 *   and one still running JOB_OVERDUE_MS after it started (its runner is stuck)
 *   is failed as timed out. The watchdog of every process that runs jobs (the
 *   app server, `npm run worker`) does this every WATCHDOG_INTERVAL_MS, and
 *   reading a job does it too. We fail instead of re-queuing: re-running could
 *   bill another actor run for an import the merchant may already have
 *   retried, and a job that kills its process would loop. The merchant retries
 *   with one click; it is idempotent.
 * - The runner's writes are conditional: on the job still running (a job the
 *   watchdog failed is left alone) and on the job's account still existing (a
 *   removed account unbinds its jobs: the foreign key sets their channelId to
 *   null), so removing an account while it syncs is never undone. Its end is
 *   written with retries, so a short database lock does not leave it running.
 * - After the videos are saved, Shopify is asked to keep a copy of each
 *   thumbnail (fileCreate from the platform's URL), polled briefly for the CDN
 *   URL; copies still processing are resolved by the shop's next job. A
 *   thumbnail that cannot be copied never fails the import.
 */
import { prisma, type ImportJob, type Prisma } from "~/db.server";
import type { ImportJobDto, ImportJobKind, ImportJobStatus } from "~/rules/api-types";
import { safeHttpUrl } from "~/rules/embeds";
import { LIBRARY_TEXT } from "~/messages";
import { CHANNEL_IMPORT_LIMIT } from "~/platforms/config";
import { importerSettings } from "~/platforms/endpoints.server";
import { getImporter } from "~/platforms/index.server";
import { ImportError, type ImportedVideo, type ImportFailure, type ImportFailureKind, type PlatformId, type PlatformImporter } from "~/platforms/types";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import { scheduleStorefrontPublish } from "~/models/storefront.server";
import { createFilesFromUrls, fetchFileStates, type AdminGraphql, type CreatedFile } from "~/shopify/admin-gateway.server";
import { channelExists, channelUsernameKey, recordChannelSync, refreshChannelFromImport, upsertChannelFromImport } from "~/models/channels.server";
import { ImportUnavailableError, RecordNotFoundError } from "~/models/errors.server";
import { saveImportedVideos } from "~/models/videos.server";

export const RUNNER_CONCURRENCY = 2;
export const HEARTBEAT_MS = 15_000;
export const STALE_AFTER_MS = 60_000;
/** Finished jobs stay in the active list this long, so the page shows the result after navigating back. */
export const RECENTLY_FINISHED_MS = 60_000;
/** A job gives up after this long; the importers' own limits (APIFY_WAIT_SECS) are shorter. */
export const JOB_TIME_LIMIT_MS = 10 * 60_000;
/**
 * A job still running this long after it started has a stuck runner (a hung
 * database or Shopify call): it is failed as timed out, whichever process runs
 * it, and its runner's slot is freed. Well within pg-boss's 15 minutes for an auto-sync.
 */
export const JOB_OVERDUE_MS = JOB_TIME_LIMIT_MS + STALE_AFTER_MS;
/** How often each process that runs jobs fails the jobs nobody will finish. */
export const WATCHDOG_INTERVAL_MS = 30_000;
/** Waits between attempts to record a job's end: about 16 s in all, so a short database lock passes. */
const FINISH_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];
/** Videos saved per progress update. */
const SAVE_CHUNK = 10;
/** fileCreate inputs per call. */
const FILE_BATCH = 25;

export const INTERRUPTED_MESSAGE = LIBRARY_TEXT.importInterrupted;
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
  adminGraphqlFor: offlineAdminGraphql,
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
    // Importing an account that is already connected refreshes it: the job is bound to it, so removing it meanwhile wins.
    const connected = await prisma.channel.findUnique({
      where: { shopId_platform_username: { shopId: request.shopId, platform: request.platform, username: input } },
      select: { id: true },
    });
    channelId = connected?.id ?? null;
  }

  // The check and the create hold the shop's row lock (PostgreSQL) or the write lock (SQLite): the same import
  // asked twice at once, of two app instances, starts one job (decision 025).
  const { job, existing } = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "Shop" SET "plan" = "plan" WHERE "id" = ${request.shopId}`;
    const sameImport = await tx.importJob.findFirst({
      where: {
        shopId: request.shopId,
        platform: request.platform,
        input,
        kind: request.kind === "single" ? "single" : { in: ["channel", "sync"] },
        status: { in: ACTIVE_STATUSES },
      },
      orderBy: { createdAt: "desc" },
    });
    if (sameImport && !abandonmentOf(sameImport) && importsInto(sameImport, channelId)) return { job: sameImport, existing: true };
    const created = await tx.importJob.create({
      data: {
        shopId: request.shopId,
        kind: request.kind,
        trigger: request.trigger ?? "manual",
        platform: request.platform,
        input,
        channelId,
      },
    });
    return { job: created, existing: false };
  });
  if (existing) return toImportJobDto(job);
  startJob(job.id, channelId);
  return toImportJobDto(job);
}

/**
 * Whether an active job still imports into `channelId` (the account connected
 * under that name now, or null): a job whose account was removed since it was
 * asked for will fail, so asking again starts a new one.
 */
function importsInto(job: ImportJob, channelId: string | null): boolean {
  if (job.kind === "single") return true;
  if (job.kind === "sync" && !job.channelId) return false;
  if (bindings.has(job.id) && bindings.get(job.id) !== job.channelId) return false;
  return job.channelId === channelId;
}

// ---------------------------------------------------------------- reading, and the watchdog

/** Why nobody will finish this job, or null while it may still finish: its process died, or its runner is stuck. */
function abandonmentOf(job: Pick<ImportJob, "id" | "status" | "updatedAt" | "startedAt">, now = Date.now()): ImportFailure | null {
  if (!ACTIVE_STATUSES.includes(job.status as ImportJobStatus)) return null;
  if (job.status === "running" && job.startedAt && now - job.startedAt.getTime() > JOB_OVERDUE_MS) {
    return { kind: "timeout", message: LIBRARY_TEXT.importTimedOut };
  }
  if (!owned.has(job.id) && now - job.updatedAt.getTime() > STALE_AFTER_MS) return { kind: "failed", message: INTERRUPTED_MESSAGE };
  return null;
}

/** abandonmentOf as a condition, re-checked by the UPDATE itself, so a job that came back to life meanwhile is never touched. */
function abandonedWhere(failure: ImportFailure, now: number): Prisma.ImportJobWhereInput {
  return failure.kind === "timeout"
    ? { status: "running", startedAt: { lt: new Date(now - JOB_OVERDUE_MS) } }
    : { status: { in: ACTIVE_STATUSES }, updatedAt: { lt: new Date(now - STALE_AFTER_MS) }, id: { notIn: [...owned] } };
}

/**
 * Fails the given jobs that nobody will finish, and records the failure on
 * their account as a failed sync (the merchant sees why, and an auto-sync is
 * retried with backoff instead of waiting out its claim).
 */
async function failAbandonedJobs(jobs: ImportJob[], now = Date.now()): Promise<{ current: ImportJob[]; failedCount: number }> {
  const current = new Map<string, ImportJob>();
  const readAgain: string[] = [];
  for (const job of jobs) {
    const failure = abandonmentOf(job, now);
    if (!failure) continue;
    const data = { status: "failed", error: failure.message, errorKind: failure.kind, finishedAt: new Date(now) } as const;
    const { count } = await prisma.importJob.updateMany({ where: { AND: [{ id: job.id }, abandonedWhere(failure, now)] }, data });
    if (!count) {
      // Touched by its runner, or finished, since it was read.
      readAgain.push(job.id);
      continue;
    }
    current.set(job.id, { ...job, ...data });
    if (job.channelId && job.kind !== "single") {
      await recordChannelSync(job.shopId, job.channelId, { error: failure.message }).catch((error: unknown) =>
        console.warn("Could not record the account's interrupted sync", error),
      );
    }
  }
  const failedCount = current.size;
  if (readAgain.length) for (const row of await prisma.importJob.findMany({ where: { id: { in: readAgain } } })) current.set(row.id, row);
  return { current: jobs.map((job) => current.get(job.id) ?? job), failedCount };
}

/**
 * One pass of the watchdog: fails every job of every shop that nobody will
 * finish (see abandonmentOf). Resolves to the number failed.
 */
export async function failInterruptedImportJobs(now = Date.now()): Promise<number> {
  const candidates = await prisma.importJob.findMany({
    where: { OR: [abandonedWhere({ kind: "timeout", message: "" }, now), abandonedWhere({ kind: "failed", message: "" }, now)] },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  return (await failAbandonedJobs(candidates, now)).failedCount;
}

export interface ImportJobWatchdog {
  stop(): void;
}

/**
 * Runs failInterruptedImportJobs now and every `intervalMs`, so a job nobody
 * will finish is failed without anyone reading it. The timer never keeps the process alive.
 */
export function startImportJobWatchdog(options: { intervalMs?: number } = {}): ImportJobWatchdog {
  const intervalMs = options.intervalMs ?? WATCHDOG_INTERVAL_MS;
  let passStartedAt = 0;
  const pass = () => {
    // One pass at a time; a pass stuck on a hung database call does not stop later ones for long.
    if (Date.now() - passStartedAt < 4 * intervalMs) return;
    const startedAt = (passStartedAt = Date.now());
    failInterruptedImportJobs()
      .catch((error: unknown) => console.warn("The import job watchdog could not check for interrupted jobs", error))
      .finally(() => {
        if (passStartedAt === startedAt) passStartedAt = 0;
      });
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}

let processWatchdog: ImportJobWatchdog | null = null;

/** The watchdog of this process (the app server, `npm run worker`), started once. */
export function startImportJobWatchdogOnce(): ImportJobWatchdog {
  processWatchdog ??= startImportJobWatchdog();
  return processWatchdog;
}

export async function getImportJob(shopId: string, jobId: string): Promise<ImportJobDto> {
  const job = await prisma.importJob.findFirst({ where: { id: jobId, shopId } });
  if (!job) throw new RecordNotFoundError("Import job");
  const [current] = (await failAbandonedJobs([job])).current;
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
  return (await failAbandonedJobs(jobs)).current.map(toImportJobDto);
}

/** The shop's latest jobs, whatever their status. */
export async function listRecentImportJobs(shopId: string, limit = 20): Promise<ImportJobDto[]> {
  const jobs = await prisma.importJob.findMany({ where: { shopId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
  return (await failAbandonedJobs(jobs)).current.map(toImportJobDto);
}

// ---------------------------------------------------------------- the runner

/** Jobs this process queued and has not finished (queued or running here). */
const owned = new Set<string>();
/**
 * The account each job of this process imports into (null: none yet). The job
 * row's channelId is not enough: removing the account sets it to null, and the
 * runner must still know the job was bound to an account, not a new one.
 */
const bindings = new Map<string, string | null>();
const queue: string[] = [];
const running = new Set<string>();
let idleWaiters: Array<() => void> = [];
let heartbeat: ReturnType<typeof setInterval> | null = null;

function startJob(jobId: string, channelId: string | null) {
  owned.add(jobId);
  bindings.set(jobId, channelId);
  queue.push(jobId);
  startHeartbeat();
  pump();
}

/** Resolves to true when `promise` settles within `ms`, to false when it does not; never rejects. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref?.();
  });
  const settled = promise.then(
    () => true,
    (error: unknown) => {
      console.error("An import job could not be run", error);
      return true;
    },
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

function pump() {
  while (running.size < Math.max(1, options.concurrency) && queue.length) {
    const jobId = queue.shift()!;
    running.add(jobId);
    // A runner stuck on a call that never answers frees its slot (and its waiters) once the job is overdue;
    // the watchdog then fails the job, and its runner's late writes are refused (they require a running job).
    void settlesWithin(runImportJob(jobId), JOB_OVERDUE_MS).then((settled) => {
      if (!settled) console.error(`Import job ${jobId} is stuck past its time limit; its place in the runner is freed`);
      running.delete(jobId);
      owned.delete(jobId);
      bindings.delete(jobId);
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
 * Resolves when the job has finished: when this process's runner is done with
 * it, or by reading its row for one another process runs (the same import
 * started elsewhere), until a watchdog must have failed it.
 */
export async function waitForImportJob(jobId: string): Promise<void> {
  if (owned.has(jobId)) {
    await new Promise<void>((resolve) => jobWaiters.set(jobId, [...(jobWaiters.get(jobId) ?? []), resolve]));
    return;
  }
  const deadline = Date.now() + JOB_OVERDUE_MS + 2 * WATCHDOG_INTERVAL_MS;
  while (Date.now() < deadline) {
    const job = await prisma.importJob.findUnique({ where: { id: jobId }, select: { status: true } });
    if (!job || !ACTIVE_STATUSES.includes(job.status as ImportJobStatus)) return;
    await sleep(1000);
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

const timedOut = () => new ImportError("timeout", LIBRARY_TEXT.importTimedOut);
const accountRemoved = (): ImportFailure => ({ kind: "not_found", message: LIBRARY_TEXT.accountRemoved });

/** Rejects with a timeout ImportError when the job's time is up, whatever the importer does. */
function withTimeLimit<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The job is no longer this runner's to write: the watchdog failed it (its process looked dead, or it was overdue). */
class JobTakenOver extends Error {}

/** The account the job imports into was removed: its writes stop, and the job fails saying so. */
class AccountRemoved extends Error {}

type JobEnd = Pick<ImportJob, "status" | "error" | "errorKind" | "progressFetched" | "progressDone" | "videosAdded">;

/**
 * Records the job's end, only while it is still running and still bound to
 * its account (a removal meanwhile turns the end into "account removed").
 * Retried with backoff, so a database locked for a few seconds does not leave
 * the job running; if it still cannot be written, the watchdog of any process
 * fails the job once its heartbeat is stale. Resolves to the end written, or
 * null when the job was no longer this runner's.
 */
async function finishJob(jobId: string, channelId: string | null, end: JobEnd): Promise<JobEnd | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const finishedAt = new Date();
      const bound = await prisma.importJob.updateMany({
        where: { id: jobId, status: "running", ...(channelId ? { channelId } : {}) },
        data: { ...end, finishedAt },
      });
      if (bound.count) return end;
      if (!channelId) return null; // the watchdog failed it
      // Still running but unbound: its account was removed (channelId set to null), and with it the videos the job added.
      const removedEnd = { ...end, status: "failed", error: accountRemoved().message, errorKind: accountRemoved().kind, videosAdded: 0 };
      const unbound = await prisma.importJob.updateMany({ where: { id: jobId, status: "running" }, data: { ...removedEnd, finishedAt } });
      return unbound.count ? removedEnd : null;
    } catch (error) {
      if (attempt >= FINISH_RETRY_DELAYS_MS.length) throw error;
      console.warn(`Could not record the end of import job ${jobId}; trying again`, error);
      await sleep(FINISH_RETRY_DELAYS_MS[attempt]);
    }
  }
}

async function runImportJob(jobId: string): Promise<void> {
  // A job the watchdog failed while it waited here (this process looked dead) does not run.
  const started = await prisma.importJob.updateMany({
    where: { id: jobId, status: "queued" },
    data: { status: "running", startedAt: new Date(), attempts: { increment: 1 } },
  });
  if (!started.count) return;
  const job = await prisma.importJob.findUniqueOrThrow({ where: { id: jobId }, include: { shop: { select: { shopDomain: true } } } });
  const shopId = job.shopId;
  const platform = job.platform as PlatformId;
  const signal = AbortSignal.timeout(JOB_TIME_LIMIT_MS);
  const progress = { fetched: 0, saved: 0, added: 0 };
  const savedIds: string[] = [];
  // Known from the start for a sync or the re-import of a connected account; set once a new account is created.
  let channelId = job.kind === "single" ? null : (bindings.get(jobId) ?? null);
  let failure: ImportFailure | null = null;
  let removed = false;

  /** Writes progress while the job is still this runner's and its account still exists. */
  const recordProgress = async (data: Prisma.ImportJobUpdateManyMutationInput) => {
    const { count } = await prisma.importJob.updateMany({ where: { id: jobId, status: "running", ...(channelId ? { channelId } : {}) }, data });
    if (count) return;
    const row = await prisma.importJob.findUnique({ where: { id: jobId }, select: { status: true } });
    throw row?.status === "running" ? new AccountRemoved() : new JobTakenOver();
  };

  // Feeds list newest first; saving from the oldest end keeps that order in the newest-first library.
  const saveAll = async (videos: ImportedVideo[]) => {
    for (let end = videos.length; end > 0; end -= SAVE_CHUNK) {
      if (signal.aborted) throw timedOut();
      const chunk = videos.slice(Math.max(0, end - SAVE_CHUNK), end);
      // A removed account's id fails these writes (foreign key), so nothing is saved into it.
      const saved = await saveImportedVideos(shopId, platform, chunk, channelId);
      savedIds.push(...saved.videoIds);
      progress.saved += chunk.length;
      progress.added += saved.added;
      await recordProgress({ progressDone: progress.saved, videosAdded: progress.added });
    }
  };

  try {
    const importer = options.importerFor(platform);
    if (job.kind === "single") {
      const { video } = await withTimeLimit(importer.importVideo(job.input, { signal }), signal);
      progress.fetched = 1;
      await recordProgress({ progressFetched: 1, progressTotal: 1 });
      await saveAll([video]);
    } else {
      let username = job.input;
      if (channelId) {
        const channel = await prisma.channel.findFirst({ where: { id: channelId, shopId }, select: { username: true } });
        if (!channel) throw new AccountRemoved();
        username = channel.username;
      }
      const result = await withTimeLimit(importer.importChannel(username, { limit: CHANNEL_IMPORT_LIMIT, signal }), signal);
      if (channelId) {
        // Never re-created: a removal while the platform answered wins.
        if (!(await refreshChannelFromImport(shopId, channelId, result.channel))) throw new AccountRemoved();
      } else if (result.videos.length || !result.error) {
        // A failed account import that found nothing creates no account.
        channelId = (await upsertChannelFromImport(shopId, platform, username, result.channel)).id;
      }
      progress.fetched = result.videos.length;
      // Binds the row to the account; a removal from here on sets it to null (and fails this write: foreign key).
      const { count } = await prisma.importJob.updateMany({
        where: { id: jobId, status: "running" },
        data: { channelId, progressFetched: progress.fetched, progressTotal: result.videos.length },
      });
      if (!count) throw new JobTakenOver();
      bindings.set(jobId, channelId);
      await saveAll(result.videos);
      failure = result.error ?? null;
    }
  } catch (error) {
    if (error instanceof JobTakenOver) return;
    // Whatever failed (a write refused by the foreign key, a video gone with its account), a removed account is the reason.
    removed = error instanceof AccountRemoved || (channelId !== null && !(await channelExists(shopId, channelId).catch(() => true)));
    failure = removed ? accountRemoved() : failureOf(error);
  }

  const end = await finishJob(jobId, channelId, {
    status: failure ? "failed" : "succeeded",
    error: failure?.message.slice(0, 2000) ?? null,
    errorKind: failure?.kind ?? null,
    progressFetched: progress.fetched,
    progressDone: progress.saved,
    // The videos it added went with the account.
    videosAdded: removed ? 0 : progress.added,
  });
  if (!end) return;
  if (channelId && job.kind !== "single") {
    await recordChannelSync(shopId, channelId, { error: end.error }).catch((error: unknown) => console.warn("Could not record the account's sync", error));
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
      for (const item of batch)
        files.push(
          await createFilesFromUrls(graphql, [item]).then(
            (created) => created[0] ?? null,
            () => null,
          ),
        );
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
