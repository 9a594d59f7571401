/**
 * The background machinery of a process (decision 027): the import job
 * watchdog, the storefront publish sweep, Premium auto-sync's tick (and, on
 * PostgreSQL, its pg-boss queue), the video mirror sweep, the media refresh
 * sweep (decision 083), the sweep of
 * ended days' session tallies, and the storefront events writer's last flush. Nothing here starts on import: the app server's entry
 * (app/entry.server.tsx) and `npm run worker` (app/worker.server.ts) start
 * it, once, and stop it on their way out.
 *
 * Two pieces start themselves when given work and stop when idle, so they
 * need no starting: the import runner (a job is queued), the publish
 * coalescer (a change is scheduled), the video mirror runner (a video is
 * approved or deleted); the events writer (a beacon arrives).
 */
// Loaded for what it registers: the import model runs jobs through this process's runner (background-work).
import "./import-runner.server";
import { startAutoSync, type AutoSyncRunner } from "./auto-sync.server";
import { startCatalogueSweep } from "./catalogue-sync.server";
import { startImportJobWatchdog, type ImportJobWatchdog } from "./import-job-watchdog.server";
import { flushStorefrontEvents, startSessionTallySweep } from "./storefront-events-writer.server";
import { startStorefrontPublishSweep } from "./storefront-publisher.server";
import { startVideoMirrorSweep, stopVideoMirror } from "./video-mirror.server";
import { startMediaRefreshSweep } from "./media-refresh.server";

export interface BackgroundJobsOptions {
  /**
   * Premium auto-sync: false for none (the app server under AUTO_SYNC=off:
   * tests and benchmarks); `work: false` schedules without working the
   * pg-boss queue.
   */
  autoSync?: false | { tickMs?: number; work?: boolean };
  watchdogIntervalMs?: number;
  publishSweepIntervalMs?: number;
  mirrorSweepIntervalMs?: number;
}

export interface BackgroundJobs {
  /** Null when auto-sync was not asked for. */
  autoSync: AutoSyncRunner | null;
}

interface Running {
  watchdog: ImportJobWatchdog;
  publishSweep: ReturnType<typeof startStorefrontPublishSweep>;
  mirrorSweep: ReturnType<typeof startVideoMirrorSweep>;
  catalogueSweep: ReturnType<typeof startCatalogueSweep>;
  mediaRefreshSweep: ReturnType<typeof startMediaRefreshSweep>;
  tallySweep: ReturnType<typeof startSessionTallySweep>;
  autoSync: Promise<AutoSyncRunner | null>;
}

let running: Running | null = null;

/**
 * Starts this process's background jobs; a second call while they run answers
 * the running ones. Resolves once auto-sync has started (on PostgreSQL, once
 * its queue is ready); the watchdog and the sweep run from the call on.
 */
export async function startBackgroundJobs(options: BackgroundJobsOptions = {}): Promise<BackgroundJobs> {
  if (!running) {
    const autoSyncOptions = options.autoSync ?? {};
    running = {
      // No import, sync or publish job stays "running": this process fails the ones nobody will finish (decision 023).
      watchdog: startImportJobWatchdog({ intervalMs: options.watchdogIntervalMs }),
      // Storefront publishes that failed, hung or lost their instance are retried (decision 025).
      publishSweep: startStorefrontPublishSweep(options.publishSweepIntervalMs),
      // Copies of approved videos in Shopify Files that no runner is making (decision 035).
      mirrorSweep: startVideoMirrorSweep(options.mirrorSweepIntervalMs),
      // Catalogue full reads and the stored suggestions of videos behind it (decision 053).
      catalogueSweep: startCatalogueSweep(),
      // Signed platform media URLs still needed are read again before they expire (decision 083).
      mediaRefreshSweep: startMediaRefreshSweep(),
      // Session keys kept to count a session once a day go when the day is over (decision 060).
      tallySweep: startSessionTallySweep(),
      // Premium accounts sync every 3 hours (decision 017).
      autoSync: autoSyncOptions === false ? Promise.resolve(null) : startAutoSync(autoSyncOptions),
    };
  }
  return { autoSync: await running.autoSync };
}

/**
 * Stops what startBackgroundJobs started and writes the storefront events
 * still in memory, so a deploy loses none. Safe to call when nothing runs.
 */
export async function stopBackgroundJobs(): Promise<void> {
  const stopping = running;
  running = null;
  if (stopping) {
    stopping.watchdog.stop();
    stopping.publishSweep.stop();
    stopping.mirrorSweep.stop();
    stopping.catalogueSweep.stop();
    await stopping.mediaRefreshSweep.stop();
    stopping.tallySweep.stop();
    await stopVideoMirror();
    const autoSync = await stopping.autoSync.catch(() => null);
    await autoSync?.stop();
  }
  await flushStorefrontEvents();
}
