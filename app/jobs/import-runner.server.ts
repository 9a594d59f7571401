/**
 * The import runner of this process (decision 008, 023): schedules the
 * ImportJob rows that app/models/import-jobs.server.ts creates, at most
 * RUNNER_CONCURRENCY at a time, and touches their rows every HEARTBEAT_MS so
 * the watchdog of any process can tell a live job from one whose process died.
 * One job's steps are in import-job-run.server.ts:
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
import { prisma } from "~/db.server";
import { LIBRARY_TEXT } from "~/messages";
import { importerSettings } from "~/platforms/endpoints.server";
import { getImporter } from "~/platforms/index.server";
import type { ImportJobStatus } from "~/rules/api-types";
import { DEFAULT_THUMBNAIL_COPY_OPTIONS } from "~/models/thumbnail-copies.server";
import { registerImportRunner } from "~/models/background-work.server";
import { runImportJob, type ImportRunnerOptions } from "./import-job-run.server";

export type { ImportRunnerOptions };
import { ACTIVE_IMPORT_STATUSES, HEARTBEAT_MS, JOB_OVERDUE_MS, RUNNER_CONCURRENCY, WATCHDOG_INTERVAL_MS } from "~/models/import-job-limits.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- dependencies

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
    void settlesWithin(runImportJob(jobId, { options, bindings, cancellations }), JOB_OVERDUE_MS).then((settled) => {
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

// The import model runs and cancels jobs through this (it does not import the jobs).
registerImportRunner({
  importerFor: (platform) => options.importerFor(platform),
  readinessOf: (importer) => options.readinessOf(importer),
  run: runImportJobHere,
  cancel: cancelImportJobHere,
  runs: runsHere,
  jobs: jobsRunHere,
  accountOf: accountOfJobRunHere,
});
