/**
 * How Analytics writes what shoppers did (issue 14): rates as percentages and
 * watch times as seconds or minutes, and the tables' counts and amounts
 * compactly once they are large. A measure over nothing (a rate without
 * impressions, an average without plays) arrives as null and is written as a
 * dash, never as NaN or Infinity. Client-safe.
 */
import { COMPACT_FIGURES_FROM } from "~/constants";
import { MEASURE_TEXT } from "~/messages";
import { numberFormat } from "./intl-formats";

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

/** A figure as the tables show it: in full, and compactly from COMPACT_FIGURES_FROM on; both say the same value. */
export interface TableFigure {
  shown: string;
  /** The exact figure, for a tooltip when `shown` is compact; null when `shown` is exact. */
  exact: string | null;
}

const COMPACT = { notation: "compact", maximumFractionDigits: 1 } as const;

/** 2,520 -> "2,520"; 11,040 -> "11K" (exact "11,040"); 1,250,000 -> "1.3M". Small numbers stay exact: every sale counts. */
export function tableCount(value: number): TableFigure {
  const exact = numberFormat().format(value);
  return Math.abs(value) < COMPACT_FIGURES_FROM ? { shown: exact, exact: null } : { shown: numberFormat(COMPACT).format(value), exact };
}

/**
 * An amount in the shop's currency: "$150.00" to the cent, as the Sales card
 * (spec 2), and from COMPACT_FIGURES_FROM on "$15.3K" (exact "$15,250.00").
 * An unknown currency code is written after the number.
 */
export function tableMoney(amount: number, currency: string): TableFigure {
  let exact: string;
  let compact: string;
  try {
    exact = numberFormat({ style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
    compact = numberFormat({ style: "currency", currency, ...COMPACT }).format(amount);
  } catch {
    exact = `${amount.toFixed(2)} ${currency}`;
    compact = `${numberFormat(COMPACT).format(amount)} ${currency}`;
  }
  return Math.abs(amount) < COMPACT_FIGURES_FROM ? { shown: exact, exact: null } : { shown: compact, exact };
}
