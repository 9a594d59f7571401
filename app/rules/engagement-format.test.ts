import { describe, expect, it } from "vitest";
import { formatRate, formatWatchTime, tableCount, tableMoney } from "./engagement-format";

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

describe("the tables' counts and amounts (decision 068)", () => {
  it.each([
    [0, "0", null],
    [2_520, "2,520", null],
    [9_999, "9,999", null],
    [10_000, "10K", "10,000"],
    [11_040, "11K", "11,040"],
    [12_480, "12.5K", "12,480"],
    [1_250_000, "1.3M", "1,250,000"],
  ])("a count of %s reads %s (exact: %s)", (value, shown, exact) => {
    expect(tableCount(value)).toEqual({ shown, exact });
  });

  it.each([
    [0, "USD", "$0.00", null],
    [150, "USD", "$150.00", null],
    [9_999.99, "USD", "$9,999.99", null],
    [15_250, "USD", "$15.3K", "$15,250.00"],
    [15_250, "EUR", "€15.3K", "€15,250.00"],
    [12.5, "XXX1", "12.50 XXX1", null],
  ])("an amount of %s %s reads %s (exact: %s)", (amount, currency, shown, exact) => {
    expect(tableMoney(amount, currency)).toEqual({ shown, exact });
  });
});
