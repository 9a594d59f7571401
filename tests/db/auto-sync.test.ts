// Premium auto-sync on whichever database DATABASE_URL names: which accounts
// are due and that a due account is claimed once however many processes try;
// on PostgreSQL, two `npm run worker` processes sharing the pg-boss queue run
// each due sync exactly once.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { databaseKind, prisma } from "../../app/db.server";
import { AUTO_SYNC_INTERVAL_MS, isAutoSyncDue, type SyncSchedule, type SyncShop } from "../../app/rules/auto-sync";
import { claimDueSyncs } from "../../app/models/auto-sync.server";
import { createShop, deleteShopsAfterAll } from "./support";
import { only } from "../support/must";

deleteShopsAfterAll();

const HOUR = 60 * 60 * 1000;

async function shopWithAccounts(
  label: string,
  plan: "free" | "premium",
  accounts: Array<{ username: string; lastSyncedHoursAgo: number | null; createdHoursAgo?: number }>,
  uninstalled = false,
) {
  const shop = await createShop(label);
  await prisma.shop.update({
    where: { id: shop.id },
    data: { plan, premiumSource: plan === "premium" ? "billing" : null, uninstalledAt: uninstalled ? new Date() : null },
  });
  const now = Date.now();
  const channels = [];
  for (const account of accounts) {
    channels.push(
      await prisma.channel.create({
        data: {
          shopId: shop.id,
          platform: "tiktok",
          username: account.username,
          lastSyncedAt: account.lastSyncedHoursAgo === null ? null : new Date(now - account.lastSyncedHoursAgo * HOUR),
          createdAt: new Date(now - (account.createdHoursAgo ?? 24) * HOUR),
        },
      }),
    );
  }
  return { shop, channels };
}

describe(`auto-sync on ${databaseKind}`, () => {
  it("the scheduler's query claims exactly the accounts the rule isAutoSyncDue calls due", async () => {
    // The rule (used to show when an account syncs next) and the Prisma query
    // (what the scheduler actually claims) are written twice: on the same
    // schedules, including the exact boundaries, they must agree.
    const now = new Date(Date.now() - 60_000);
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const interval = AUTO_SYNC_INTERVAL_MS / HOUR;
    const schedules: Array<Omit<SyncSchedule, "nextSyncAt"> & { nextSyncAt: Date | null }> = [
      { createdAt: at(100), lastSyncedAt: at(interval), nextSyncAt: null },
      { createdAt: at(100), lastSyncedAt: at(interval - 0.01), nextSyncAt: null },
      { createdAt: at(interval), lastSyncedAt: null, nextSyncAt: null },
      { createdAt: at(interval - 0.01), lastSyncedAt: null, nextSyncAt: null },
      { createdAt: at(100), lastSyncedAt: at(50), nextSyncAt: at(0) },
      { createdAt: at(100), lastSyncedAt: at(50), nextSyncAt: at(-0.5) },
      { createdAt: at(100), lastSyncedAt: null, nextSyncAt: at(1) },
    ];
    const shops: Array<SyncShop & { label: string }> = [
      { label: "rule-premium", plan: "premium", uninstalledAt: null },
      { label: "rule-free", plan: "free", uninstalledAt: null },
      { label: "rule-gone", plan: "premium", uninstalledAt: at(1) },
    ];
    const expectedDue: string[] = [];
    const created: string[] = [];
    for (const shopState of shops) {
      const shop = await createShop(shopState.label);
      await prisma.shop.update({
        where: { id: shop.id },
        data: { plan: shopState.plan, premiumSource: shopState.plan === "premium" ? "billing" : null, uninstalledAt: shopState.uninstalledAt },
      });
      for (const [index, schedule] of schedules.entries()) {
        const channel = await prisma.channel.create({ data: { shopId: shop.id, platform: "tiktok", username: `rule_${index}`, ...schedule } });
        created.push(channel.id);
        if (isAutoSyncDue(schedule, shopState, now)) expectedDue.push(channel.id);
      }
    }

    const claimed = (await claimDueSyncs(now, 10_000)).map((sync) => sync.channelId).filter((id) => created.includes(id));
    expect(claimed.sort()).toEqual(expectedDue.sort());
    // The table covers both answers, so agreement is not vacuous.
    expect(expectedDue.length).toBeGreaterThan(0);
    expect(expectedDue.length).toBeLessThan(created.length);
  });

  it("claims Premium accounts 3 hours after their last sync, never Free or uninstalled shops' accounts", async () => {
    const premium = await shopWithAccounts("sync-premium", "premium", [
      { username: "due", lastSyncedHoursAgo: 3.1 },
      { username: "recent", lastSyncedHoursAgo: 2.9 },
      { username: "never_synced_old", lastSyncedHoursAgo: null, createdHoursAgo: 4 },
      { username: "never_synced_new", lastSyncedHoursAgo: null, createdHoursAgo: 1 },
    ]);
    const free = await shopWithAccounts("sync-free", "free", [{ username: "free_due", lastSyncedHoursAgo: 30 }]);
    const gone = await shopWithAccounts("sync-gone", "premium", [{ username: "gone_due", lastSyncedHoursAgo: 30 }], true);

    const claimed = await claimDueSyncs(new Date(), 10_000);
    const mine = (shopId: string) => claimed.filter((sync) => sync.shopId === shopId);
    const names = (shopId: string, list = mine(shopId)) =>
      list.map((sync) => premium.channels.concat(free.channels, gone.channels).find((c) => c.id === sync.channelId)!.username).sort();
    expect(names(premium.shop.id)).toEqual(["due", "never_synced_old"]);
    expect(mine(free.shop.id)).toEqual([]);
    expect(mine(gone.shop.id)).toEqual([]);

    // Claimed: not due again for 3 hours.
    const due = await prisma.channel.findFirstOrThrow({ where: { shopId: premium.shop.id, username: "due" } });
    expect(due.nextSyncAt!.getTime() - Date.now()).toBeGreaterThan(AUTO_SYNC_INTERVAL_MS - 60_000);
    expect((await claimDueSyncs(new Date(), 10_000)).filter((sync) => sync.shopId === premium.shop.id)).toEqual([]);
    // ...and 3 hours later it is.
    const later = await claimDueSyncs(new Date(Date.now() + AUTO_SYNC_INTERVAL_MS + 1000), 10_000);
    expect(
      names(
        premium.shop.id,
        later.filter((sync) => sync.shopId === premium.shop.id),
      ),
    ).toEqual(["due", "never_synced_new", "never_synced_old", "recent"]);
  });

  it("gives each due account to exactly one of many claimers racing for it", async () => {
    const { shop, channels } = await shopWithAccounts(
      "sync-race",
      "premium",
      Array.from({ length: 20 }, (_, i) => ({ username: `race_${i}`, lastSyncedHoursAgo: 5 })),
    );
    const rounds = await Promise.all(Array.from({ length: 8 }, () => claimDueSyncs(new Date(), 10_000)));
    const claimedIds = rounds
      .flat()
      .filter((sync) => sync.shopId === shop.id)
      .map((sync) => sync.channelId);
    expect(claimedIds.sort()).toEqual(channels.map((c) => c.id).sort());
  });

  it.runIf(databaseKind === "postgresql")(
    "two worker processes on one PostgreSQL database run each due sync exactly once",
    async () => {
      const accounts = Array.from({ length: 12 }, (_, i) => ({ username: i === 0 ? "fail_offline" : `creator_${i}`, lastSyncedHoursAgo: 4 }));
      const { shop, channels } = await shopWithAccounts("sync-workers", "premium", accounts);
      const free = await shopWithAccounts("sync-workers-free", "free", [{ username: "free_creator", lastSyncedHoursAgo: 10 }]);

      const run = promisify(execFile);
      const worker = () =>
        run(process.execPath, ["--import", "tsx", "tests/db/sync-worker.ts", "3"], { env: { ...process.env, AUTO_SYNC: "on" }, timeout: 60_000 });
      await Promise.all([worker(), worker()]);

      const jobs = await prisma.importJob.findMany({ where: { shopId: { in: [shop.id, free.shop.id] }, trigger: "auto" } });
      const perChannel = new Map<string, number>();
      for (const job of jobs) perChannel.set(job.channelId!, (perChannel.get(job.channelId!) ?? 0) + 1);
      expect(channels.map((c) => perChannel.get(c.id) ?? 0)).toEqual(channels.map(() => 1));
      expect(perChannel.get(only(free.channels, "free shop's channel").id)).toBeUndefined();

      const after = await prisma.channel.findMany({ where: { shopId: shop.id }, orderBy: { username: "asc" } });
      const failed = after.find((c) => c.username === "fail_offline")!;
      expect(failed.lastSyncError).toBe("@fail_offline could not be reached");
      expect(failed.syncFailures).toBe(1);
      // Retried sooner than the regular 3 hours (10 minutes after the first failure).
      expect(failed.nextSyncAt!.getTime() - Date.now()).toBeLessThan(11 * 60_000);
      expect(after.filter((c) => c.username !== "fail_offline").every((c) => c.lastSyncError === null && c.lastSyncedAt!.getTime() > Date.now() - 60_000)).toBe(
        true,
      );
      // Two processes starting (tsx) and draining the queue: well over the suite's 20 s default on a busy machine.
    },
    90_000,
  );
});
