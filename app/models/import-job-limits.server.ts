/**
 * How long import jobs may take and how their liveness is judged (decision
 * 023): shared by the runner that runs them, the watchdog that fails the ones
 * nobody will finish, the model that reads them, and the auto-sync queue.
 * A leaf module, so none of those import one another for a number.
 */
import type { ImportJobStatus } from "~/rules/api-types";

/** A job in one of these may still be worked on; the others are finished. */
export const ACTIVE_IMPORT_STATUSES: ImportJobStatus[] = ["queued", "running"];
/** Imports run at a time per process; the others wait in its queue (an actor run can take a minute or more). */
export const RUNNER_CONCURRENCY = 2;
/** How often a process touches the rows of the jobs it runs, to show it is alive. */
export const HEARTBEAT_MS = 15_000;
/** A queued or running job not touched for this long lost its process (a crash or a deploy). */
export const STALE_AFTER_MS = 60_000;
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
