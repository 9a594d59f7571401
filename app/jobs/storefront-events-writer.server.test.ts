/**
 * The sweep of ended days' session tallies (decision 060): a session key is
 * kept until its UTC day is over, then deleted at the next look, and looked
 * for again once more early in the day for the events queued before midnight
 * and written after it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("~/models/session-tallies.server", () => ({ deleteEndedSessionTallies: vi.fn(async () => 0) }));
const { deleteEndedSessionTallies } = await import("~/models/session-tallies.server");
const { startSessionTallySweep } = await import("./storefront-events-writer.server");

const MINUTE = 60_000;

describe("startSessionTallySweep", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("deletes past days' tallies when it starts and when a day ends, once more early in a day, and not in between", async () => {
    vi.setSystemTime(new Date("2026-11-27T12:00:00.000Z"));
    const sweep = startSessionTallySweep(10 * MINUTE);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.mocked(deleteEndedSessionTallies).mock.calls).toEqual([["2026-11-27"]]);

    // The rest of the day: nothing to delete.
    await vi.advanceTimersByTimeAsync(12 * 60 * MINUTE - 8 * MINUTE);
    expect(deleteEndedSessionTallies).toHaveBeenCalledTimes(1);

    // 00:02: the day is over; 00:12: once more, for tallies written late; then not until the next day.
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(vi.mocked(deleteEndedSessionTallies).mock.calls).toEqual([["2026-11-27"], ["2026-11-28"], ["2026-11-28"]]);
    sweep.stop();
  });
});
