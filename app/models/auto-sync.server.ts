/**
 * Premium auto-sync every 3 hours (spec 6, 9; decision 017).
 *
 * Every few minutes a tick claims the accounts that are due: the claim is a
 * conditional update of the account's nextSyncAt (moved 3 hours on), so when
 * several processes tick at once exactly one wins each account. A claimed
 * sync runs the same code as the merchant's Sync button (an ImportJob with
 * trigger "auto", so the library shows it), and its outcome sets the next
 * date: 3 hours after a good sync, sooner with backoff after a failure, with
 * the error shown on the account.
 *
 * - SQLite (the embedded default): one process ticks and runs the syncs in its
 *   import runner.
 * - PostgreSQL: claimed syncs are sent to a pg-boss queue that every app
 *   instance and `npm run worker` process works, so the work is shared and a
 *   job is fetched by one of them only.
 * - Retries: a failed sync (or one that could not start) sets the account's
 *   next date with backoff (auto-sync-rules.ts) and shows the error on it.
 * - Nothing stays "syncing" (decision 023): a sync whose process died or whose
 *   runner is stuck is failed by the import job watchdog, which records it on
 *   the account like any failed sync; a claimed sync waits for its job at most
 *   JOB_OVERDUE_MS and two watchdog passes, less than the queue's expiry, so a
 *   pg-boss job never outlives its sync.
 */
import PgBoss from "pg-boss";
import { endExpiredSisterPremium } from "~/models/plan.server";
import { databaseKind, prisma } from "~/db.server";
import { AUTO_SYNC_INTERVAL_MS } from "./auto-sync-rules";
import { recordChannelSync } from "./channels.server";
import { JOB_OVERDUE_MS, WATCHDOG_INTERVAL_MS, enqueueImport, waitForImportJob } from "./import-jobs.server";
import type { PlatformId } from "~/platforms/types";

export const AUTO_SYNC_TICK_MS = 5 * 60 * 1000;
export const AUTO_SYNC_QUEUE = "channel-auto-sync";
/** A claimed sync's queue job is expired (and retried) after this; longer than waitForImportJob can wait for the sync. */
const AUTO_SYNC_EXPIRE_SECONDS = Math.max(15 * 60, Math.ceil((JOB_OVERDUE_MS + 3 * WATCHDOG_INTERVAL_MS) / 1000));
/** Accounts claimed per tick; the rest wait for the next tick. */
const CLAIM_LIMIT = 100;

export interface ClaimedSync {
  shopId: string;
  channelId: string;
  platform: PlatformId;
}

/** Claims the accounts due at `now`; a process that loses the race for one simply does not get it. */
export async function claimDueSyncs(now = new Date(), limit = CLAIM_LIMIT): Promise<ClaimedSync[]> {
  const cutoff = new Date(now.getTime() - AUTO_SYNC_INTERVAL_MS);
  const candidates = await prisma.channel.findMany({
    where: {
      shop: { plan: "premium", uninstalledAt: null },
      OR: [
        { nextSyncAt: { lte: now } },
        { nextSyncAt: null, lastSyncedAt: { lte: cutoff } },
        { nextSyncAt: null, lastSyncedAt: null, createdAt: { lte: cutoff } },
      ],
    },
    select: { id: true, shopId: true, platform: true, nextSyncAt: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  const claimed: ClaimedSync[] = [];
  for (const candidate of candidates) {
    // Optimistic: only if nobody moved nextSyncAt since we read it.
    const { count } = await prisma.channel.updateMany({
      where: { id: candidate.id, nextSyncAt: candidate.nextSyncAt },
      data: { nextSyncAt: new Date(now.getTime() + AUTO_SYNC_INTERVAL_MS) },
    });
    if (count === 1) claimed.push({ shopId: candidate.shopId, channelId: candidate.id, platform: candidate.platform as PlatformId });
  }
  return claimed;
}

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
    boss = new PgBoss({ connectionString: options.databaseUrl ?? process.env.DATABASE_URL, schema: "pgboss", application_name: "clipcart-auto-sync" });
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

let started: Promise<AutoSyncRunner> | null = null;

/**
 * The app server's scheduler, started once per process unless AUTO_SYNC=off
 * (the tests and benchmarks run without it; `npm run worker` starts its own).
 */
export function startAutoSyncOnce(): void {
  if (started || process.env.AUTO_SYNC === "off") return;
  started = startAutoSync();
  started.catch((error: unknown) => console.error("Auto-sync could not start", error));
}
