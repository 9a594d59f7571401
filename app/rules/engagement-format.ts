/**
 * How Analytics writes what shoppers did (issue 14): rates as percentages and
 * watch times as seconds or minutes. A measure over nothing (a rate without
 * impressions, an average without plays) arrives as null and is written as a
 * dash, never as NaN or Infinity. Client-safe.
 */
import { MEASURE_TEXT } from "~/messages";

const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const tenths = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

const isMeasure = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);

/** 0.125 -> "12.5%"; null -> "—". */
export function formatRate(rate: number | null | undefined): string {
  return isMeasure(rate) ? percent.format(rate) : MEASURE_TEXT.none;
}

/**
 * A watch time: "12.4 s" under a minute (short videos are watched in seconds),
 * "2 min 5 s" from a minute on; null -> "—".
 */
export function formatWatchTime(ms: number | null | undefined): string {
  if (!isMeasure(ms)) return MEASURE_TEXT.none;
  // Rounded to tenths first, so 59.96 s reads "1 min 0 s" and not "60.0 s".
  const tenthsOfSecond = Math.round(Math.max(ms, 0) / 100);
  if (tenthsOfSecond < 600) return MEASURE_TEXT.seconds(tenths.format(tenthsOfSecond / 10));
  const seconds = Math.round(tenthsOfSecond / 10);
  return MEASURE_TEXT.minutes(whole.format(Math.floor(seconds / 60)), whole.format(seconds % 60));
}
