/**
 * How the admin writes a video's reach figures (decision 082): compactly in
 * the merchant's locale ("1.2K", "1,2 k" in French), from the `locale` Shopify
 * opens the app with; an unknown figure is a dash, never "0". Client-safe:
 * the library's rows, the preview and Analytics share it.
 */
import type { VideoFiguresDto } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";

const DEFAULT_LOCALE = "en-US";
const compactFormats = new Map<string, Intl.NumberFormat>();

/** A locale Intl can use (Shopify sends "en", "fr", "pt-BR", ...), else the admin's default. */
export function reachLocale(value: string | null | undefined): string {
  const candidate = (value ?? "").trim();
  if (!candidate || candidate.length > 35) return DEFAULT_LOCALE;
  try {
    return Intl.NumberFormat.supportedLocalesOf([candidate])[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** 1234 -> "1.2K", 12 -> "12" (in `locale`); null (unknown) -> null: the caller shows nothing or a dash. */
export function formatReachCount(value: number | null | undefined, locale: string = DEFAULT_LOCALE): string | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    compactFormats.set(locale, format);
  }
  return format.format(value);
}

/** A length as a clock: 21 -> "0:21", 95 -> "1:35", 3725 -> "1:02:05"; unknown -> null. */
export function formatVideoLength(seconds: number | null | undefined): string | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.round(seconds);
  const two = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours ? `${hours}:${two(minutes)}:${two(total % 60)}` : `${minutes}:${two(total % 60)}`;
}

/** The row's one line: "1.2K plays · 80 likes"; only the figures known; null when neither is (Pinterest, uploads). */
export function reachLine(figures: VideoFiguresDto | undefined, locale?: string): string | null {
  const plays = formatReachCount(figures?.plays, locale);
  const likes = formatReachCount(figures?.likes, locale);
  const parts = [plays === null ? null : LIBRARY_TEXT.reach.plays(plays), likes === null ? null : LIBRARY_TEXT.reach.likes(likes)].filter(
    (part): part is string => part !== null,
  );
  return parts.length ? parts.join(" · ") : null;
}
