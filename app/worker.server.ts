/**
 * `npm run worker`: a process that schedules and runs Premium auto-syncs
 * without serving pages (decision 017). On PostgreSQL it shares the pg-boss
 * queue with the app instances; on SQLite it is an alternative to the app's
 * own scheduler (the claim keeps each sync single either way).
 */
// Configures Shopify: the syncs' thumbnail copies and publishes reach the Admin API through its offline sessions (decision 027).
import "~/shopify.server";
import { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/index.server";
import { databaseKind } from "~/db.server";

// The syncs run in this process's import runner, with its watchdog; syncs publish the storefront data, so
// the publish sweep runs here as well (decisions 023, 025, 027).
const { autoSync } = await startBackgroundJobs();
console.log(`Clipcart worker: auto-sync on ${databaseKind}, ticking every 5 minutes`);
await autoSync?.tick();
// The schedulers' timers are unref'd so they never hold up a test or the app server's exit; this process exists to run them.
// (Without this, on SQLite, where nothing else holds the event loop, the worker exited after its first tick.)
const keepAlive = setInterval(() => undefined, 2 ** 30);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    await stopBackgroundJobs();
    process.exit(0);
  });
}
