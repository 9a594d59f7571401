import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteAdminActivity, onWork, signalWorkWhenQuiet } from "./background-work.server";

// Work the library's load asks for waits for the merchant's admin to go quiet (decision 086).
describe("work that waits for a merchant's admin to go quiet", () => {
  const wait = { quietMs: 3_000, maxWaitMs: 20_000 };
  let woken: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    woken = [];
    onWork("videoMirror", () => woken.push("videoMirror"));
    onWork("catalogue", () => woken.push("catalogue"));
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it("starts once the shop has made no request for the quiet time", () => {
    signalWorkWhenQuiet("catalogue", "quiet.myshopify.com", wait);
    vi.advanceTimersByTime(2_999);
    expect(woken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(woken).toEqual(["catalogue"]);
  });

  it("waits on while the merchant pages on, each request pushing it back", () => {
    signalWorkWhenQuiet("videoMirror", "paging.myshopify.com", wait);
    vi.advanceTimersByTime(2_500);
    noteAdminActivity("paging.myshopify.com"); // the page's hydration
    vi.advanceTimersByTime(2_500);
    noteAdminActivity("paging.myshopify.com"); // Next
    vi.advanceTimersByTime(2_999);
    expect(woken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(woken).toEqual(["videoMirror"]);
  });

  it("does not wait for another shop's merchant", () => {
    signalWorkWhenQuiet("catalogue", "one.myshopify.com", wait);
    vi.advanceTimersByTime(2_000);
    noteAdminActivity("other.myshopify.com");
    vi.advanceTimersByTime(1_000);
    expect(woken).toEqual(["catalogue"]);
  });

  it("starts at the latest the longest wait after the ask, however busy the merchant", () => {
    signalWorkWhenQuiet("catalogue", "busy.myshopify.com", wait);
    for (let elapsed = 0; elapsed < 19_000; elapsed += 1_000) {
      vi.advanceTimersByTime(1_000);
      noteAdminActivity("busy.myshopify.com");
    }
    expect(woken).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(woken).toEqual(["catalogue"]);
  });

  it("wakes each runner asked for while waiting, once", () => {
    signalWorkWhenQuiet("videoMirror", "both.myshopify.com", wait);
    vi.advanceTimersByTime(1_000);
    signalWorkWhenQuiet("catalogue", "both.myshopify.com", wait);
    signalWorkWhenQuiet("catalogue", "both.myshopify.com", wait);
    vi.advanceTimersByTime(3_000);
    expect(woken.sort()).toEqual(["catalogue", "videoMirror"]);
    noteAdminActivity("both.myshopify.com");
    vi.advanceTimersByTime(30_000);
    expect(woken).toHaveLength(2);
  });
});
