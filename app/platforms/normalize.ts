/**
 * Helpers the normalizers share: reading fields from actor items (nested or
 * flattened as "authorMeta.name"), and the untrusted-text policy. Text from a
 * platform is kept as the creator wrote it (it is rendered as text, never as
 * HTML), minus the characters no database stores (controls, lone surrogates:
 * app/rules/text-input.ts), composed (NFC) and cut at a safety length; URLs
 * must be http(s), anything else becomes null.
 */
import { safeHttpUrl } from "~/rules/embeds";
import { untrustedText } from "~/rules/text-input";

/** Longest text we keep from a platform (TikTok captions allow 4,000 characters, Instagram 2,200). */
const MAX_TEXT_LENGTH = 5000;

/** Longest failure reason we keep from a platform or Apify (it is shown to the merchant and stored with the job). */
export const FAILURE_TEXT_MAX = 500;

export type Item = Record<string, unknown>;

export function isItem(value: unknown): value is Item {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

/**
 * A field by dotted path: `item["authorMeta.name"]` (datasets exported
 * flattened) or `item.authorMeta.name` (the actors' own shape).
 */
export function field(item: Item, path: string): unknown {
  if (path in item) return item[path];
  let value: unknown = item;
  for (const key of path.split(".")) {
    if (!isItem(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** Untrusted text: a string, unstorable characters removed (line breaks kept), NFC, trimmed, capped; empty -> null. */
export function cleanText(value: unknown, maxLength = MAX_TEXT_LENGTH): string | null {
  return untrustedText(value, maxLength);
}

export function cleanUrl(value: unknown): string | null {
  return safeHttpUrl(value);
}

/** A non-negative integer count, or null. */
export function count(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/** The first of `paths` that holds a count: a figure an actor may name more than one way. */
export function firstCount(item: Item, ...paths: string[]): number | null {
  for (const path of paths) {
    const value = count(field(item, path));
    if (value !== null) return value;
  }
  return null;
}

/** A length in seconds (actors give fractions: 15.466), rounded to whole seconds; null when unreadable or not positive. */
export function durationSeconds(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.max(1, Math.round(n)) : null;
}

/** A date from an ISO string or a Unix time in seconds (or milliseconds); null when unreadable. */
export function toDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (typeof value === "string" && value.trim()) {
    date = /^\d+$/.test(value.trim()) ? toDate(Number(value)) : new Date(value);
  } else if (typeof value === "number" && Number.isFinite(value) && value > 0) {
    date = new Date(value < 1e12 ? value * 1000 : value);
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** A string id (actors sometimes give numbers) that matches `pattern`, else null. */
export function idMatching(value: unknown, pattern: RegExp): string | null {
  const id = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  return typeof id === "string" && pattern.test(id) ? id : null;
}

/** Newest first; undated last; otherwise the source's order. */
export function newestFirst<T extends { publishedAt: Date | null }>(videos: T[]): T[] {
  return videos
    .map((video, index) => ({ video, index }))
    .sort((a, b) => {
      const ta = a.video.publishedAt?.getTime() ?? -Infinity;
      const tb = b.video.publishedAt?.getTime() ?? -Infinity;
      return ta === tb ? a.index - b.index : tb - ta;
    })
    .map(({ video }) => video);
}
