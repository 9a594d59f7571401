/**
 * Premium auto-sync every 3 hours (spec 6, 9; decision 017): which accounts
 * are due, claimed once across processes. The tick, the pg-boss queue and the
 * running of a claimed sync are app/jobs/auto-sync.server.ts.
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
import { prisma } from "~/db.server";
import { AUTO_SYNC_INTERVAL_MS } from "~/rules/auto-sync";
import type { PlatformId } from "~/contracts/platforms";

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
