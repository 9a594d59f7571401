/**
 * How the models tell this process's background runners (app/jobs) that there
 * is work, without importing them (issue 26 item 1: the jobs use the models,
 * never the other way round). A runner registers when its module loads (the
 * server entry and `npm run worker` load them all, decision 027); a signal
 * sent before its runner is loaded is kept and delivered when it registers.
 */
import type { PlatformId, PlatformImporter, ImportFailure } from "~/contracts/platforms";

/** The runners a model may wake: the video mirror (copies, uploads, media checks) and the catalogue runner. */
export type BackgroundWork = "videoMirror" | "catalogue";

const wakers = new Map<BackgroundWork, () => void>();
const pending = new Set<BackgroundWork>();

/** There is work for `work`'s runner: it runs soon (never waits, never throws). */
export function signalWork(work: BackgroundWork): void {
  const wake = wakers.get(work);
  if (wake) wake();
  else pending.add(work);
}

/**
 * Work a merchant's page asked for, per shop domain, waiting for that merchant's admin to go quiet
 * (decision 086): each request of theirs the app serves pushes it back, up to a cap.
 */
interface QuietWait {
  works: Set<BackgroundWork>;
  quietMs: number;
  latestAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}
const quietWaits = new Map<string, QuietWait>();

function scheduleQuietWait(shopDomain: string, wait: QuietWait): void {
  if (wait.timer) clearTimeout(wait.timer);
  const delay = Math.max(0, Math.min(wait.quietMs, wait.latestAt - Date.now()));
  wait.timer = setTimeout(() => {
    quietWaits.delete(shopDomain);
    for (const work of wait.works) signalWork(work);
  }, delay);
  wait.timer.unref?.();
}

/**
 * There is work for `work`'s runner that a page of `shopDomain` asked for and that can wait: it is told once
 * that merchant's admin has made no request for `quietMs` (a page's load, its hydration, the next page), and
 * at the latest `maxWaitMs` after the first ask. On one machine the runner's writes and the merchant's browser
 * share the CPU; a merchant who pages on through the library should not meet them (decision 086).
 */
export function signalWorkWhenQuiet(work: BackgroundWork, shopDomain: string, { quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number }): void {
  const waiting = quietWaits.get(shopDomain);
  if (waiting) {
    waiting.works.add(work);
    return;
  }
  const wait: QuietWait = { works: new Set([work]), quietMs, latestAt: Date.now() + maxWaitMs, timer: null };
  quietWaits.set(shopDomain, wait);
  scheduleQuietWait(shopDomain, wait);
}

/** The app served a request of this shop's admin: work waiting for it to go quiet waits on (never throws). */
export function noteAdminActivity(shopDomain: string): void {
  const wait = quietWaits.get(shopDomain);
  if (wait) scheduleQuietWait(shopDomain, wait);
}

/** A runner's wake-up, registered by its module. */
export function onWork(work: BackgroundWork, wake: () => void): void {
  wakers.set(work, wake);
  if (pending.delete(work)) wake();
}

/**
 * What this process's import runner (app/jobs/import-runner.server.ts) offers
 * the import model: run and cancel jobs here, and say which it runs (the
 * watchdog and the job reads tell a live job from an orphan by it).
 */
export interface ImportRunnerHere {
  importerFor(platform: PlatformId): PlatformImporter;
  /** A failure that stops every import of this importer before it is queued (no Apify token). */
  readinessOf(importer: PlatformImporter): ImportFailure | null;
  run(jobId: string, channelId: string | null): void;
  cancel(jobId: string): void;
  runs(jobId: string): boolean;
  jobs(): string[];
  /** The account a job run here imports into (null: none yet), or undefined for a job this process does not run. */
  accountOf(jobId: string): string | null | undefined;
}

let importRunner: ImportRunnerHere | null = null;

export function registerImportRunner(runner: ImportRunnerHere): void {
  importRunner = runner;
}

/** This process's import runner; loaded with app/jobs (the server entry, the worker, tests that run imports). */
export function importRunnerHere(): ImportRunnerHere {
  if (!importRunner) throw new Error("The import runner is not loaded in this process: import app/jobs/import-runner.server.ts (startBackgroundJobs does)");
  return importRunner;
}
