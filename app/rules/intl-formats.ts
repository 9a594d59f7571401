// Building an Intl formatter is the costly part of formatting (tens of
// microseconds, far more on a slow laptop); formatting with one is cheap. The
// library formats a date for every row on every render, so formatters are built
// once per set of options and reused.

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** An en-US date formatter for these options, built once. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    dateFormats.set(key, format);
  }
  return format;
}

/** An en-US number formatter for these options, built once; throws as Intl does for an unknown currency. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", options);
    numberFormats.set(key, format);
  }
  return format;
}

let relativeTimeFormat: Intl.RelativeTimeFormat | null = null;

/** Steps of a relative time: the largest unit that fits is said ("2 hours ago", not "127 minutes ago"). */
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/**
 * How long ago a moment was, in the admin's English ("2 hours ago",
 * "yesterday", "3 weeks ago"); null under a minute (the caller says "just
 * now") and for an unreadable date. A moment a little ahead of this clock
 * (another machine's) counts as now.
 */
export function timeAgo(iso: string, now: number = Date.now()): string | null {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return null;
  const elapsed = Math.max(0, now - at);
  const [unit, length] = RELATIVE_UNITS.find(([, size]) => elapsed >= size) ?? [null, 0];
  if (!unit) return null;
  relativeTimeFormat ??= new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  return relativeTimeFormat.format(-Math.floor(elapsed / length), unit);
}
