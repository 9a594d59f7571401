import { describe, expect, it } from "vitest";
import { AUTO_SYNC_INTERVAL_MS, autoSyncRetryDelayMs, isAutoSyncDue, nextAutoSyncAt } from "./auto-sync";

const HOUR = 60 * 60 * 1000;
const now = new Date("2026-11-23T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
const premium = { plan: "premium", uninstalledAt: null };

describe("the 3-hour auto-sync rule (spec 6, 9)", () => {
  it("is every 3 hours after the last good sync, for Premium shops only", () => {
    expect(AUTO_SYNC_INTERVAL_MS).toBe(3 * HOUR);
    expect(isAutoSyncDue({ createdAt: ago(100), lastSyncedAt: ago(3), nextSyncAt: null }, premium, now)).toBe(true);
    expect(isAutoSyncDue({ createdAt: ago(100), lastSyncedAt: ago(2.99), nextSyncAt: null }, premium, now)).toBe(false);
    expect(isAutoSyncDue({ createdAt: ago(3), lastSyncedAt: null, nextSyncAt: null }, premium, now)).toBe(true);
    expect(nextAutoSyncAt({ createdAt: ago(100), lastSyncedAt: ago(30), nextSyncAt: null }, { plan: "free", uninstalledAt: null })).toBeNull();
    expect(nextAutoSyncAt({ createdAt: ago(100), lastSyncedAt: ago(30), nextSyncAt: null }, { plan: "premium", uninstalledAt: ago(1) })).toBeNull();
  });

  it("follows a claimed or retried date when there is one", () => {
    expect(isAutoSyncDue({ createdAt: ago(100), lastSyncedAt: ago(10), nextSyncAt: ago(-0.5) }, premium, now)).toBe(false);
    expect(isAutoSyncDue({ createdAt: ago(100), lastSyncedAt: ago(1), nextSyncAt: ago(0) }, premium, now)).toBe(true);
  });

  it("retries a failed sync after 10, 20, 40 minutes..., never later than 3 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map((failures) => autoSyncRetryDelayMs(failures) / 60_000)).toEqual([10, 20, 40, 80, 160, 180, 180]);
  });
});
