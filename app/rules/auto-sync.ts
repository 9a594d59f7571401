/**
 * When a connected account syncs by itself (spec 6, 9): Premium shops' accounts
 * every 3 hours; Free shops' never (they sync by hand); an uninstalled shop's
 * never. A failed sync is retried sooner, backing off: 10 minutes, 20, 40...,
 * never later than the regular 3 hours. Pure rules; the scheduler applies them.
 */
import { PREMIUM_PLAN } from "~/constants";
import { HOUR_MS } from "~/rules/time";

export const AUTO_SYNC_INTERVAL_MS = PREMIUM_PLAN.autoSyncEveryHours * HOUR_MS;
const AUTO_SYNC_FIRST_RETRY_MS = 10 * 60 * 1000;

export interface SyncSchedule {
  createdAt: Date;
  lastSyncedAt: Date | null;
  /** Set when a sync was claimed or failed; null means 3 hours after the last good sync. */
  nextSyncAt: Date | null;
}

export interface SyncShop {
  plan: string;
  uninstalledAt: Date | null;
}

/** Whether the shop's connected accounts sync by themselves (a Premium feature; shown disabled on Free). */
export function shopAutoSyncs(shop: SyncShop): boolean {
  return shop.plan === "premium" && !shop.uninstalledAt;
}

/** When the account's next automatic sync is due; null when it never syncs by itself. */
export function nextAutoSyncAt(channel: SyncSchedule, shop: SyncShop): Date | null {
  if (!shopAutoSyncs(shop)) return null;
  if (channel.nextSyncAt) return channel.nextSyncAt;
  return new Date((channel.lastSyncedAt ?? channel.createdAt).getTime() + AUTO_SYNC_INTERVAL_MS);
}

export function isAutoSyncDue(channel: SyncSchedule, shop: SyncShop, now = new Date()): boolean {
  const due = nextAutoSyncAt(channel, shop);
  return due !== null && due.getTime() <= now.getTime();
}

/** The wait before retrying after `failures` failed syncs in a row. */
export function autoSyncRetryDelayMs(failures: number): number {
  return Math.min(AUTO_SYNC_INTERVAL_MS, AUTO_SYNC_FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}
