/**
 * `npm run worker`: a process that schedules and runs Premium auto-syncs
 * without serving pages (decision 017). On PostgreSQL it shares the pg-boss
 * queue with the app instances; on SQLite it is an alternative to the app's
 * own scheduler (the claim keeps each sync single either way).
 */
import { startAutoSync } from "~/models/auto-sync.server";
import { startImportJobWatchdogOnce } from "~/models/import-jobs.server";
import { startStorefrontPublishSweepOnce } from "~/models/storefront.server";
import { databaseKind } from "~/db.server";

// The syncs run in this process's import runner: its watchdog fails the jobs nobody will finish (decision 023).
const watchdog = startImportJobWatchdogOnce();
// Syncs publish the storefront data too; publishes nobody finished are retried here as well (decision 025).
const publishSweep = startStorefrontPublishSweepOnce();
const runner = await startAutoSync();
console.log(`Clipcart worker: auto-sync on ${databaseKind}, ticking every 5 minutes`);
await runner.tick();
// The schedulers' timers are unref'd so they never hold up a test or the app server's exit; this process exists to run them.
// (Without this, on SQLite, where nothing else holds the event loop, the worker exited after its first tick.)
const keepAlive = setInterval(() => undefined, 2 ** 30);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    watchdog.stop();
    publishSweep.stop();
    await runner.stop();
    process.exit(0);
  });
}
