/**
 * The import runner of this process (decision 008, 023): runs the ImportJob
 * rows that app/models/import-jobs.server.ts creates, at most
 * RUNNER_CONCURRENCY at a time, and touches their rows every HEARTBEAT_MS so
 * the watchdog of any process can tell a live job from one whose process died.
 *
 * - A job saves what it fetched as it goes; a failure part-way keeps those
 *   videos and records the importer's failure kind and message.
 * - The runner's writes are conditional: on the job still running (a job the
 *   watchdog failed is left alone) and on the job's account still existing (a
 *   removed account unbinds its jobs: the foreign key sets their channelId to
 *   null), so removing an account while it syncs is never undone. Its end is
 *   written with retries, so a short database lock does not leave it running.
 * - Each call of an importer that runs an Apify actor first takes one of the
 *   shop's actor run slots (app/models/actor-run-slots.server.ts, decision
 *   061), shared by every process, and waits for one when they are taken.
 * - After the videos are saved, thumbnails get their copies
 *   (app/models/thumbnail-copies.server.ts) and the storefront is republished.
 *
 * It holds no timer until a job is queued: the heartbeat runs while jobs do.
 */
import { prisma, type ImportJob, type Prisma } from "~/db.server";
import { IMPORT_JOB_TEXT, LIBRARY_TEXT } from "~/messages";
import { CHANNEL_IMPORT_LIMIT } from "~/constants";
import { importerSettings } from "~/platforms/endpoints.server";
import { getImporter } from "~/platforms/index.server";
import { ImportError, type ImportedVideo, type ImportFailure, type PlatformId, type PlatformImporter } from "~/platforms/types";
import type { ImportJobStatus } from "~/rules/api-types";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";
import { channelExists, recordChannelSync, refreshChannelFromImport, upsertChannelFromImport } from "~/models/channels.server";
import { ImportUnavailableError } from "~/rules/domain-errors";
import { DEFAULT_THUMBNAIL_COPY_OPTIONS, keepThumbnailCopies } from "~/models/thumbnail-copies.server";
import { saveImportedVideos } from "~/models/videos.server";
import { applyAutoApproveRules } from "~/models/auto-approve-rules.server";
import { withActorRunSlot } from "~/models/actor-run-slots.server";
import { NO_RULES_OUTCOME, addRulesOutcomes } from "~/rules/auto-approve";
import { parseLinkResults } from "~/rules/link-list";
import { importLinks } from "./link-import.server";
import { scheduleStorefrontPublish } from "./storefront-publisher.server";
import { mirrorApprovedVideos } from "./video-mirror.server";
import { ACTIVE_IMPORT_STATUSES, HEARTBEAT_MS, JOB_OVERDUE_MS, JOB_TIME_LIMIT_MS, RUNNER_CONCURRENCY, WATCHDOG_INTERVAL_MS } from "./import-job-limits.server";

/** Waits between attempts to record a job's end: about 16 s in all, so a short database lock passes. */
const FINISH_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];
/** Videos saved per progress update. */
const SAVE_CHUNK = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  adminGraphqlFor: DEFAULT_THUMBNAIL_COPY_OPTIONS.adminGraphqlFor,
  readinessOf: (importer) =>
    importer.config.actorId && !importerSettings().apifyToken ? { kind: "missing_token", message: LIBRARY_TEXT.missingApifyToken } : null,
  concurrency: RUNNER_CONCURRENCY,
  thumbnailPollDelaysMs: DEFAULT_THUMBNAIL_COPY_OPTIONS.pollDelaysMs,
};

let options: ImportRunnerOptions = { ...DEFAULT_OPTIONS };

/** Replaces parts of the runner's dependencies (tests: a fake importer, short polls). */
export function configureImportRunner(overrides: Partial<ImportRunnerOptions>): void {
  options = { ...options, ...overrides };
}

/** The runner's dependencies now; the model checks an import against the same importers before it queues it. */
export function importRunnerOptions(): Readonly<ImportRunnerOptions> {
  return options;
}

export function resetImportRunner(): void {
  options = { ...DEFAULT_OPTIONS };
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
/** Stops the importer of a job run here when the merchant cancels it. */
const cancellations = new Map<string, AbortController>();

/** The merchant cancelled this job (its row says so already): its importer stops now if it runs here. */
export function cancelImportJobHere(jobId: string): void {
  cancellations.get(jobId)?.abort();
}
const running = new Set<string>();
let idleWaiters: Array<() => void> = [];
let heartbeat: ReturnType<typeof setInterval> | null = null;

/** Whether this process runs the job (queued or running here). */
export function runsHere(jobId: string): boolean {
  return owned.has(jobId);
}

/** The jobs this process runs; the watchdog leaves them alone, their heartbeat says they are alive. */
export function jobsRunHere(): string[] {
  return [...owned];
}

/** The account a job run here imports into (null: none yet), or undefined for a job this process does not run. */
export function accountOfJobRunHere(jobId: string): string | null | undefined {
  return bindings.get(jobId);
}

/** Queues a new job in this process's runner and starts it as soon as a slot is free; never waits. */
export function runImportJobHere(jobId: string, channelId: string | null): void {
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
      cancellations.delete(jobId);
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
    if (!job || !ACTIVE_IMPORT_STATUSES.includes(job.status as ImportJobStatus)) return;
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
      .updateMany({ where: { id: { in: [...owned] }, status: { in: ACTIVE_IMPORT_STATUSES } }, data: { updatedAt: new Date() } })
      .catch((error: unknown) => console.warn("Import job heartbeat failed", error));
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
}

function stopHeartbeat() {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
}

function failureOf(error: unknown): ImportFailure {
  if (error instanceof ImportError) return { kind: error.kind, message: error.message, detail: error.detail };
  if (error instanceof ImportUnavailableError) return { kind: error.kind, message: error.message };
  console.error("Import failed unexpectedly", error);
  return { kind: "failed", message: IMPORT_JOB_TEXT.unexpectedFailure };
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
      const delayMs = FINISH_RETRY_DELAYS_MS[attempt];
      if (delayMs === undefined) throw error;
      console.warn(`Could not record the end of import job ${jobId}; trying again`, error);
      await sleep(delayMs);
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
  const cancel = new AbortController();
  cancellations.set(jobId, cancel);
  const signal = AbortSignal.any([AbortSignal.timeout(JOB_TIME_LIMIT_MS), cancel.signal]);
  const progress = { fetched: 0, saved: 0, added: 0, rules: NO_RULES_OUTCOME };
  const savedIds: string[] = [];
  // Known from the start for a sync or the re-import of a connected account; set once a new account is created.
  let channelId = job.kind === "single" ? null : (bindings.get(jobId) ?? null);
  let failure: ImportFailure | null = null;
  let removed = false;
  /** One call of an importer: an actor run waits for one of the shop's slots (decision 061); oEmbed calls do not. */
  const actorRun = <T>(importer: PlatformImporter, run: () => Promise<T>): Promise<T> =>
    importer.config.actorId ? withActorRunSlot(shopId, jobId, signal, run) : run();

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
      // The merchant's auto-approve rules see the videos this job created, as soon as they are saved (decision 054).
      progress.rules = addRulesOutcomes(progress.rules, await applyAutoApproveRules(shopId, saved.createdIds));
      await recordProgress({
        progressDone: progress.saved,
        videosAdded: progress.added,
        rulesApproved: progress.rules.approved,
        rulesHeld: progress.rules.held,
        rulesOverLimit: progress.rules.overLimit,
      });
    }
  };

  try {
    const importer = job.kind === "links" ? null : options.importerFor(platform);
    if (job.kind === "links") {
      const links = parseLinkResults(job.links);
      await withTimeLimit(
        importLinks({
          shopId,
          links,
          signal,
          importerFor: options.importerFor,
          actorRun,
          onSaved: async (ids, createdIds) => {
            savedIds.push(...ids);
            // The auto-approve rules see each link's new video as it is saved, as saveAll does for the other kinds (decision 054).
            progress.rules = addRulesOutcomes(progress.rules, await applyAutoApproveRules(shopId, createdIds));
          },
          record: (results, linkProgress) => {
            progress.fetched = progress.saved = linkProgress.done;
            progress.added = linkProgress.added;
            return recordProgress({
              links: JSON.stringify(results),
              progressFetched: linkProgress.done,
              progressDone: linkProgress.done,
              videosAdded: linkProgress.added,
              rulesApproved: progress.rules.approved,
              rulesHeld: progress.rules.held,
              rulesOverLimit: progress.rules.overLimit,
            });
          },
        }),
        signal,
      );
    } else if (job.kind === "single") {
      const { video } = await withTimeLimit(
        actorRun(importer!, () => importer!.importVideo(job.input, { signal })),
        signal,
      );
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
      const result = await withTimeLimit(
        actorRun(importer!, () => importer!.importChannel(username, { limit: CHANNEL_IMPORT_LIMIT, signal })),
        signal,
      );
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
    // Cancelled by the merchant (the row says so) or failed by the watchdog: no longer this runner's to write.
    if (error instanceof JobTakenOver || cancel.signal.aborted) return;
    // Whatever failed (a write refused by the foreign key, a video gone with its account), a removed account is the reason.
    removed = error instanceof AccountRemoved || (channelId !== null && !(await channelExists(shopId, channelId).catch(() => true)));
    failure = removed ? accountRemoved() : failureOf(error);
  }

  if (failure?.detail) console.warn(`Import job ${jobId} (${platform}) failed: ${failure.detail}`);
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
  await keepThumbnailCopies(shopId, job.shop.shopDomain, savedIds, {
    adminGraphqlFor: options.adminGraphqlFor,
    pollDelaysMs: options.thumbnailPollDelaysMs,
  }).catch((error: unknown) => console.warn(`Thumbnail copies for import job ${jobId} failed`, error));
  // Published videos may have new titles or posters.
  if (savedIds.length) scheduleStorefrontPublish(shopId);
  // A resync found fresh download URLs: approved videos still without a copy get one now (decision 035).
  if (savedIds.length) await mirrorApprovedVideos(shopId, savedIds);
}
