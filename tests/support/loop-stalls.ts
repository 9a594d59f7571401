/**
 * How long the event loop was held while some work ran: a 1 ms timer notes
 * every gap between its ticks. A gap is measured twice: in wall time, and in
 * the CPU time the main thread spent in it (Linux's per-thread schedstat, in
 * nanoseconds). On a shared machine the scheduler may leave a busy process
 * waiting for tens of milliseconds, which inflates wall-time gaps whatever
 * the code does; the CPU time is what the code held the loop for, what a
 * request waits on an unloaded machine.
 */
import { readFileSync } from "node:fs";

export interface LoopStalls<T> {
  result: T;
  /** The longest gap between two ticks, beyond the timer's 1 ms. */
  longestWallMs: number;
  /** The main thread's CPU time in the gap where it was longest; null where the OS does not say. */
  longestCpuMs: number | null;
}

const schedstatPath = `/proc/self/task/${process.pid}/schedstat`;

/** The main thread's CPU time so far, in ms; null off Linux. */
function mainThreadCpuMs(): number | null {
  try {
    return Number(readFileSync(schedstatPath, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return null;
  }
}

export async function measureLoopStalls<T>(work: () => Promise<T>): Promise<LoopStalls<T>> {
  let lastWall = performance.now();
  let lastCpu = mainThreadCpuMs();
  let longestWallMs = 0;
  let longestCpuMs: number | null = lastCpu === null ? null : 0;
  const note = () => {
    const wall = performance.now();
    const cpu = mainThreadCpuMs();
    longestWallMs = Math.max(longestWallMs, wall - lastWall - 1);
    if (cpu !== null && lastCpu !== null && longestCpuMs !== null) longestCpuMs = Math.max(longestCpuMs, cpu - lastCpu);
    lastWall = wall;
    lastCpu = cpu;
  };
  const probe = setInterval(note, 1);
  try {
    const result = await work();
    note();
    return { result, longestWallMs, longestCpuMs };
  } finally {
    clearInterval(probe);
  }
}
