// @ts-check
// Preloaded into the app process only, by bench/soak.mjs
// (NODE_OPTIONS="--expose-gc --import <this file>", SOAK_PROBE_FILE=<path>):
// measures what can only be seen from inside the app, its event loop delay,
// and forces a garbage collection so resident memory can be compared without
// garbage. Idle until asked: on SIGUSR2 it writes one JSON report to
// SOAK_PROBE_FILE (atomically) and starts a new measuring window.
import { renameSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const reportFile = process.env.SOAK_PROBE_FILE;

if (reportFile) {
  // Processes the app may start are not probed: none of them is asked, and a
  // second listener would answer SIGUSR2 in their place.
  process.env.NODE_OPTIONS = (process.env.NODE_OPTIONS ?? "").replace(/--import\s+\S*soak-probe\.mjs/, "").trim();
  delete process.env.SOAK_PROBE_FILE;

  const RESOLUTION_MS = 10;
  const loopDelay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loopDelay.enable();
  let sequence = 0;
  let windowStartedAt = Date.now();

  // The monitor records the time between its timer's runs: the delay is what exceeds the timer's period.
  const delayMs = (/** @type {number} */ nanoseconds) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);
  const write = (/** @type {object} */ report) => {
    const temporary = `${reportFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(report));
    renameSync(temporary, reportFile);
  };

  // Written at once, so the bench knows the probe is listening before it signals:
  // without a listener SIGUSR2 ends a Node process.
  write({ sequence, pid: process.pid, ready: true, gcAvailable: typeof globalThis.gc === "function" });

  process.on("SIGUSR2", () => {
    sequence += 1;
    const loop = {
      seconds: (Date.now() - windowStartedAt) / 1000,
      samples: loopDelay.count,
      p50Ms: delayMs(loopDelay.percentile(50)),
      p99Ms: delayMs(loopDelay.percentile(99)),
      maxMs: delayMs(loopDelay.max),
    };
    const before = process.memoryUsage();
    let afterGc = null;
    if (typeof globalThis.gc === "function") {
      globalThis.gc();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      afterGc = { rss, heapUsed, external, arrayBuffers };
    }
    write({ sequence, pid: process.pid, loop, memory: { rss: before.rss, heapUsed: before.heapUsed }, afterGc });
    // The collection just stalled the loop; that stall is recorded when the
    // monitor's next tick runs late, so the new window starts after it.
    setTimeout(() => {
      loopDelay.reset();
      windowStartedAt = Date.now();
    }, RESOLUTION_MS * 3).unref();
  });
}
