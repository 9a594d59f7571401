/**
 * Import jobs the merchant started or came back to, followed until they end.
 * The store lives outside React so a job keeps being followed while the
 * merchant closes the Import modal or moves to another page of the app. When
 * one ends its result is said once, where the merchant is looking (decision
 * 069): in the Import dialog that follows it, when open; else on the page, when
 * the page lists results (the library); else in a toast. The pages that listen
 * reload their data whoever said it.
 */
import { useEffect, useSyncExternalStore } from "react";
import type { ImportJobDto } from "~/rules/api-types";
import { cancelImportJob, fetchImportJob } from "~/browser/api-client";
import { describeError } from "~/rules/error-mapper";
import { showToast } from "~/browser/toast";
import { importErrorContext, isJobRunning, jobOutcome, type JobOutcome } from "~/rules/import-flow";

const JOB_POLL_MS = 1000;
/** Consecutive failed polls before the job is reported as failed to follow. */
const MAX_POLL_FAILURES = 5;

export interface FinishedImport {
  job: ImportJobDto;
  outcome: JobOutcome;
}

type Listener = () => void;
/**
 * Called when a job ends. `shown`: a listener before it (an open Import dialog) already shows the
 * result. A listener that shows the result answers true; then no toast is shown.
 */
export type FinishListener = (finished: FinishedImport, shown: boolean) => boolean | void;
/** Where a listener sits: an Import dialog is asked before the page around it. */
export type ResultPlace = "dialog" | "page";

const active = new Map<string, ImportJobDto>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const failures = new Map<string, number>();
const listeners = new Set<Listener>();
const finishListeners: Record<ResultPlace, Set<FinishListener>> = { dialog: new Set(), page: new Set() };
let snapshot: ImportJobDto[] = [];
const EMPTY: ImportJobDto[] = [];

function emit() {
  snapshot = [...active.values()];
  for (const listener of listeners) listener();
}

/**
 * Jobs whose result this browser has shown (decision 046). The server lists a
 * finished job for a minute after it ends, so every tab opened in that minute
 * would report it again; the record lives in localStorage, which all tabs of
 * the browser share and which outlives the tab, so a result is toasted once
 * per browser. Entries are dropped once the server no longer lists their job.
 */
const REPORTED_KEY = "clipcart:reported-import-jobs";
const REPORTED_KEEP_MS = 60 * 60 * 1000;
const REPORTED_KEEP = 200;

type ReportedJobs = Record<string, number>;

function reportedJobs(now = Date.now()): ReportedJobs {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? "{}");
    if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === "number" && now - entry[1] < REPORTED_KEEP_MS),
    );
  } catch {
    return {};
  }
}

/** Records the job as reported; false when this browser had reported it already (another tab, an earlier visit). */
function claimReport(jobId: string): boolean {
  const now = Date.now();
  const reported = reportedJobs(now);
  if (jobId in reported) return false;
  const kept = Object.entries({ ...reported, [jobId]: now })
    .sort((a, b) => a[1] - b[1])
    .slice(-REPORTED_KEEP);
  try {
    localStorage.setItem(REPORTED_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage refused (privacy mode): the result may then show again in another tab.
  }
  return true;
}

function finish(job: ImportJobDto) {
  const firstReport = claimReport(job.id);
  stopPolling(job.id);
  active.delete(job.id);
  failures.delete(job.id);
  emit();
  const finished = { job, outcome: jobOutcome(job) };
  let shown = false;
  for (const place of ["dialog", "page"] as const) {
    for (const listener of [...finishListeners[place]]) if (listener(finished, shown) === true) shown = true;
  }
  // Another tab following the same job may have shown it already: the page still updates, without a second toast.
  if (!shown && firstReport) showToast(finished.outcome.message, { isError: finished.outcome.tone === "critical" });
}

function stopPolling(jobId: string) {
  const timer = timers.get(jobId);
  if (timer) clearTimeout(timer);
  timers.delete(jobId);
}

function schedule(jobId: string) {
  stopPolling(jobId);
  timers.set(
    jobId,
    setTimeout(() => void poll(jobId), JOB_POLL_MS),
  );
}

async function poll(jobId: string) {
  timers.delete(jobId);
  const known = active.get(jobId);
  if (!known) return;
  try {
    const job = await fetchImportJob(jobId);
    failures.delete(jobId);
    if (!active.has(jobId)) return;
    if (isJobRunning(job)) {
      active.set(jobId, job);
      emit();
      schedule(jobId);
    } else {
      finish(job);
    }
  } catch (error) {
    console.error(error);
    const count = (failures.get(jobId) ?? 0) + 1;
    failures.set(jobId, count);
    if (count < MAX_POLL_FAILURES) {
      schedule(jobId);
      return;
    }
    // The job may still finish on the server; the merchant sees why we stopped following it.
    finish({ ...known, status: "failed", error: describeError(error, importErrorContext(known.kind)) });
  }
}

/** Stops a running job; its end (cancelled, or an end it reached meanwhile) is reported like any other. Throws when the server refuses. */
export async function cancelTrackedImportJob(jobId: string): Promise<void> {
  const job = await cancelImportJob(jobId);
  if (active.has(jobId)) trackImportJob(job);
}

/** Follows a job (just started, or still running on the server); an ended one is reported at once. */
export function trackImportJob(job: ImportJobDto) {
  if (!isJobRunning(job)) {
    finish(job);
    return;
  }
  const isNew = !active.has(job.id);
  active.set(job.id, job);
  emit();
  if (isNew || !timers.has(job.id)) schedule(job.id);
}

/**
 * Jobs the server lists as active (page loader, or GET /api/import-jobs?active=1):
 * running ones are followed; ones that ended while the merchant was away are
 * reported, once.
 */
export function resumeImportJobs(jobs: readonly ImportJobDto[]) {
  const reported = reportedJobs();
  for (const job of jobs) {
    if (active.has(job.id)) continue;
    if (isJobRunning(job)) trackImportJob(job);
    else if (!(job.id in reported)) finish(job);
  }
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Running jobs, re-rendering as their progress changes. */
export function useActiveImportJobs(): ImportJobDto[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
}

/** Calls `listener` for each job that ends while the component is mounted; Import dialogs (`place` "dialog") first. */
export function useImportJobFinished(listener: FinishListener, place: ResultPlace = "page") {
  useEffect(() => {
    finishListeners[place].add(listener);
    return () => {
      finishListeners[place].delete(listener);
    };
  }, [listener, place]);
}
