import { describe, expect, it } from "vitest";
import { formatRate, formatWatchTime } from "./engagement-format";

describe("Analytics' rates and watch times (issue 14)", () => {
  it.each([
    [0.125, "12.5%"],
    [0, "0%"],
    [1, "100%"],
    [1.5, "150%"],
    [2 / 3, "66.7%"],
    [null, "—"],
    [Number.NaN, "—"],
    [Number.POSITIVE_INFINITY, "—"],
  ])("a rate of %s reads %s", (rate, shown) => {
    expect(formatRate(rate)).toBe(shown);
  });

  it.each([
    [12_400, "12.4 s"],
    [12_449, "12.4 s"],
    [0, "0.0 s"],
    [850, "0.9 s"],
    [59_940, "59.9 s"],
    [59_960, "1 min 0 s"],
    [125_000, "2 min 5 s"],
    [3_600_000, "60 min 0 s"],
    [null, "—"],
    [Number.NaN, "—"],
  ])("a watch time of %s ms reads %s", (ms, shown) => {
    expect(formatWatchTime(ms)).toBe(shown);
  });
});
