import { describe, expect, it } from "vitest";
import { timeAgo } from "./intl-formats";

describe("timeAgo: how long ago a sync was (decision 069)", () => {
  const now = Date.parse("2026-11-27T12:00:00Z");
  const ago = (ms: number) => timeAgo(new Date(now - ms).toISOString(), now);

  it("says the largest unit that fits", () => {
    expect(ago(2 * 3_600_000 + 20 * 60_000)).toBe("2 hours ago");
    expect(ago(5 * 60_000)).toBe("5 minutes ago");
    expect(ago(60 * 60_000)).toBe("1 hour ago");
    expect(ago(30 * 3_600_000)).toBe("yesterday");
    expect(ago(3 * 86_400_000)).toBe("3 days ago");
    expect(ago(15 * 86_400_000)).toBe("2 weeks ago");
    expect(ago(400 * 86_400_000)).toBe("last year");
  });

  it("is null under a minute, for a moment ahead of this clock and for an unreadable date", () => {
    expect(ago(20_000)).toBeNull();
    expect(ago(-60_000)).toBeNull();
    expect(timeAgo("not a date", now)).toBeNull();
  });
});
