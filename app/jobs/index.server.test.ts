import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The pieces startBackgroundJobs starts, recorded instead of run: this is about who starts what, and when.
const started = vi.hoisted(() => ({
  watchdog: { stop: vi.fn() },
  publishSweep: { sweep: vi.fn(), stop: vi.fn() },
  autoSync: { tick: vi.fn(), pending: vi.fn(), stop: vi.fn(async () => undefined) },
  mediaRefresh: { stop: vi.fn(async () => undefined) },
}));
vi.mock("./media-refresh.server", () => ({ startMediaRefreshSweep: vi.fn(() => started.mediaRefresh) }));
vi.mock("./import-job-watchdog.server", () => ({ startImportJobWatchdog: vi.fn(() => started.watchdog) }));
vi.mock("./storefront-publisher.server", () => ({ startStorefrontPublishSweep: vi.fn(() => started.publishSweep) }));
vi.mock("./auto-sync.server", () => ({ startAutoSync: vi.fn(async () => started.autoSync) }));
vi.mock("./storefront-events-writer.server", () => ({
  flushStorefrontEvents: vi.fn(async () => undefined),
  startSessionTallySweep: vi.fn(() => ({ stop: vi.fn() })),
}));

const { startBackgroundJobs, stopBackgroundJobs } = await import("./index.server");
const { startImportJobWatchdog } = await import("./import-job-watchdog.server");
const { startStorefrontPublishSweep } = await import("./storefront-publisher.server");
const { startAutoSync } = await import("./auto-sync.server");
const { flushStorefrontEvents } = await import("./storefront-events-writer.server");
const { startMediaRefreshSweep } = await import("./media-refresh.server");

describe("background jobs", () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => stopBackgroundJobs());

  it("starts nothing on import", () => {
    expect(startImportJobWatchdog).not.toHaveBeenCalled();
    expect(startStorefrontPublishSweep).not.toHaveBeenCalled();
    expect(startAutoSync).not.toHaveBeenCalled();
  });

  it("starts the watchdog, the publish sweep and auto-sync once, however often it is asked (the worker's start)", async () => {
    const jobs = await startBackgroundJobs({ watchdogIntervalMs: 100, publishSweepIntervalMs: 200, autoSync: { tickMs: 300 } });
    const again = await startBackgroundJobs();
    expect(jobs.autoSync).toBe(started.autoSync);
    expect(again.autoSync).toBe(started.autoSync);
    expect(startImportJobWatchdog).toHaveBeenCalledTimes(1);
    expect(startImportJobWatchdog).toHaveBeenCalledWith({ intervalMs: 100 });
    expect(startStorefrontPublishSweep).toHaveBeenCalledTimes(1);
    expect(startStorefrontPublishSweep).toHaveBeenCalledWith(200);
    expect(startAutoSync).toHaveBeenCalledTimes(1);
    expect(startAutoSync).toHaveBeenCalledWith({ tickMs: 300 });
    // The media refresher (decision 083) starts with the others, once.
    expect(startMediaRefreshSweep).toHaveBeenCalledTimes(1);
  });

  it("leaves auto-sync out when asked to (the app server under AUTO_SYNC=off)", async () => {
    const jobs = await startBackgroundJobs({ autoSync: false });
    expect(jobs.autoSync).toBeNull();
    expect(startAutoSync).not.toHaveBeenCalled();
    expect(startImportJobWatchdog).toHaveBeenCalledTimes(1);
  });

  it("stops everything it started and writes the queued storefront events; a later start starts afresh", async () => {
    await startBackgroundJobs();
    await stopBackgroundJobs();
    expect(started.watchdog.stop).toHaveBeenCalledTimes(1);
    expect(started.publishSweep.stop).toHaveBeenCalledTimes(1);
    expect(started.autoSync.stop).toHaveBeenCalledTimes(1);
    expect(started.mediaRefresh.stop).toHaveBeenCalledTimes(1);
    expect(flushStorefrontEvents).toHaveBeenCalledTimes(1);

    await startBackgroundJobs();
    expect(startImportJobWatchdog).toHaveBeenCalledTimes(2);
  });

  it("still writes the queued storefront events when nothing was started", async () => {
    await stopBackgroundJobs();
    expect(flushStorefrontEvents).toHaveBeenCalledTimes(1);
    expect(started.watchdog.stop).not.toHaveBeenCalled();
  });
});
