import { describe, expect, it } from "vitest";
import { formatReachCount, formatVideoLength, reachLine, reachLocale } from "./reach-figures";

const figures = (plays: number | null, likes: number | null) => ({ plays, likes, comments: null, shares: null, saves: null, duration_seconds: null });

describe("reach figures as the admin writes them (decision 082)", () => {
  it("writes counts compactly, in the merchant's locale", () => {
    expect(formatReachCount(12)).toBe("12");
    expect(formatReachCount(1234)).toBe("1.2K");
    expect(formatReachCount(2_540_000)).toBe("2.5M");
    expect(formatReachCount(0)).toBe("0");
    expect(formatReachCount(1234, reachLocale("fr"))).toBe("1,2\u00a0k");
    expect(formatReachCount(1234, reachLocale("de"))).toBe("1234");
  });

  it("never writes an unknown figure as 0", () => {
    expect(formatReachCount(null)).toBeNull();
    expect(formatReachCount(undefined)).toBeNull();
    expect(formatReachCount(Number.NaN)).toBeNull();
    expect(reachLine(figures(null, null))).toBeNull();
    expect(reachLine(undefined)).toBeNull();
    expect(reachLine(figures(null, 80))).toBe("80 likes");
    expect(reachLine(figures(1234, 0))).toBe("1.2K plays · 0 likes");
  });

  it("falls back to en-US for a missing or unusable locale", () => {
    expect(reachLocale(null)).toBe("en-US");
    expect(reachLocale("")).toBe("en-US");
    expect(reachLocale("not a locale!")).toBe("en-US");
    expect(reachLocale("pt-BR")).toBe("pt-BR");
  });

  it("writes a length as a clock", () => {
    expect(formatVideoLength(21)).toBe("0:21");
    expect(formatVideoLength(95)).toBe("1:35");
    expect(formatVideoLength(3725)).toBe("1:02:05");
    expect(formatVideoLength(null)).toBeNull();
    expect(formatVideoLength(0)).toBeNull();
  });
});
