/**
 * The import job watchdog (decision 023): every WATCHDOG_INTERVAL_MS it fails
 * the jobs nobody will finish (their process died, or their runner is stuck),
 * so an account never shows "syncing" forever even if nobody opens the page.
 * The rule lives in the model (failInterruptedImportJobs); this is its timer.
 * Every process that runs jobs starts one (startBackgroundJobs).
 */
import { failInterruptedImportJobs } from "~/models/import-jobs.server";
import { WATCHDOG_INTERVAL_MS } from "~/models/import-job-limits.server";

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
