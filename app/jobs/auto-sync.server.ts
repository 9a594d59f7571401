/**
 * Running Premium auto-sync (decision 017): a tick every AUTO_SYNC_TICK_MS
 * claims the accounts that are due (app/models/auto-sync.server.ts) and runs
 * each as an import job with trigger "auto".
 *
 * - SQLite (the embedded default): the ticking process runs the syncs in its
 *   import runner.
 * - PostgreSQL: claimed syncs are sent to a pg-boss queue that every app
 *   instance and `npm run worker` process works, so the work is shared and a
 *   job is fetched by one of them only.
 * - A claimed sync waits for its job at most JOB_OVERDUE_MS and two watchdog
 *   passes, less than the queue's expiry, so a pg-boss job never outlives its sync.
 * Started by startBackgroundJobs (app/jobs/index.server.ts).
 */
import PgBoss from "pg-boss";
import { databaseKind, databaseUrl, prisma } from "~/db.server";
import { claimDueSyncs, type ClaimedSync } from "~/models/auto-sync.server";
import { recordChannelSync } from "~/models/channels.server";
import { enqueueImport } from "~/models/import-jobs.server";
import { endExpiredSisterPremium } from "~/models/plan.server";
import { JOB_OVERDUE_MS, WATCHDOG_INTERVAL_MS } from "~/models/import-job-limits.server";
import { waitForImportJob } from "./import-runner.server";

export const AUTO_SYNC_TICK_MS = 5 * 60 * 1000;
export const AUTO_SYNC_QUEUE = "channel-auto-sync";
/** A claimed sync's queue job is expired (and retried) after this; longer than waitForImportJob can wait for the sync. */
const AUTO_SYNC_EXPIRE_SECONDS = Math.max(15 * 60, Math.ceil((JOB_OVERDUE_MS + 3 * WATCHDOG_INTERVAL_MS) / 1000));

/** Runs one claimed sync to its end (the job records the outcome on the account). */
export async function runClaimedSync(sync: ClaimedSync): Promise<void> {
  const shop = await prisma.shop.findUnique({ where: { id: sync.shopId }, select: { plan: true, uninstalledAt: true } });
  // Downgraded or uninstalled since the claim: nothing to do.
  if (!shop || shop.plan !== "premium" || shop.uninstalledAt) return;
  const job = await enqueueImport({ shopId: sync.shopId, kind: "sync", platform: sync.platform, input: "", channelId: sync.channelId, trigger: "auto" });
  await waitForImportJob(job.id);
}

/**
 * A sync that could not even start (the importer is not configured, the
 * database hiccuped) is recorded on the account like a failed sync, so it is
 * retried with backoff and the merchant sees why.
 */
async function runClaimedSyncReporting(sync: ClaimedSync): Promise<void> {
  try {
    await runClaimedSync(sync);
  } catch (error) {
    console.error(`Auto-sync of account ${sync.channelId} could not run`, error);
    const message = error instanceof Error && error.message ? error.message : "The sync could not run";
    await recordChannelSync(sync.shopId, sync.channelId, { error: message }).catch(() => undefined);
  }
}

// ---------------------------------------------------------------- running it

export interface AutoSyncRunner {
  /** One tick now (tests, the worker's start). */
  tick(): Promise<number>;
  /** Claimed syncs waiting in the queue or running here (0 on SQLite once this process's runner is idle). */
  pending(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the scheduler in this process: ticks every AUTO_SYNC_TICK_MS; on
 * PostgreSQL also works the pg-boss queue (`work: false` for an instance that
 * only schedules).
 */
export async function startAutoSync(options: { tickMs?: number; work?: boolean; databaseUrl?: string } = {}): Promise<AutoSyncRunner> {
  const usePgBoss = databaseKind === "postgresql";
  let boss: PgBoss | null = null;
  if (usePgBoss) {
    boss = new PgBoss({ connectionString: options.databaseUrl ?? databaseUrl, schema: "pgboss", application_name: "clipcart-auto-sync" });
    boss.on("error", (error) => console.error("Auto-sync queue error", error));
    await boss.start();
    await ensureQueue(boss);
    if (options.work !== false) {
      // A few at a time: a sync mostly waits on the platform (an actor run).
      await boss.work<ClaimedSync>(AUTO_SYNC_QUEUE, { batchSize: 4, pollingIntervalSeconds: 1 }, async (jobs) => {
        await Promise.all(jobs.map((job) => runClaimedSyncReporting(job.data)));
      });
    }
  }

  let ticking: Promise<number> = Promise.resolve(0);
  const tick = () => {
    ticking = ticking
      .then(async () => {
        // Premium from a lapsed sister-product verification ends first, so such a shop is not synced as Premium
        // (and ends even if the merchant never opens the Plan page; decision 022).
        await endExpiredSisterPremium().catch((error: unknown) => console.warn("Ending lapsed verifications failed", error));
        const claimed = await claimDueSyncs();
        for (const sync of claimed) {
          if (boss) await boss.send(AUTO_SYNC_QUEUE, sync, { singletonKey: sync.channelId });
          else void runClaimedSyncReporting(sync);
        }
        return claimed.length;
      })
      .catch((error: unknown) => {
        console.error("Auto-sync tick failed", error);
        return 0;
      });
    return ticking;
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? AUTO_SYNC_TICK_MS);
  timer.unref?.();
  return {
    tick,
    async pending() {
      if (!boss) return 0;
      // Created, retrying or active: every state before completed.
      return boss.getQueueSize(AUTO_SYNC_QUEUE, { before: "completed" });
    },
    async stop() {
      clearInterval(timer);
      await ticking;
      await boss?.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

/**
 * Creates the queue unless it exists. Instances starting together race to
 * create it (PostgreSQL may call that a deadlock): the loser waits and looks again.
 */
async function ensureQueue(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(AUTO_SYNC_QUEUE)) return;
    try {
      // The handler records failures itself and never throws; these retries only
      // cover a worker that died mid-sync (its job expires and runs again).
      await boss.createQueue(AUTO_SYNC_QUEUE, {
        name: AUTO_SYNC_QUEUE,
        retryLimit: 3,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: AUTO_SYNC_EXPIRE_SECONDS,
      });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
    }
  }
}
