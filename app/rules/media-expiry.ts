/**
 * When the platforms' signed media URLs stop working (decision 083), and
 * whether the app may still use one. Pure and client-safe.
 *
 * A URL that says when it expires is believed: TikTok's CDN signs
 * `x-expires=<unix seconds>`, Instagram's and Facebook's CDNs
 * `oe=<unix seconds in hex>`. Otherwise the platform's observed lifetime
 * (PLATFORM_IMPORTS[platform].mediaLifetimes) counts from when the URL was
 * read; a platform whose URLs never expire, or a source we do not know,
 * gives null: not signed, or not known to expire.
 */
import { MEDIA_REFRESH } from "~/constants";
import { PLATFORM_IMPORTS, type MediaKind, type PlatformId } from "~/contracts/platforms";
import { HOUR_MS } from "~/rules/time";

const MINUTE_MS = 60_000;
/** An expiry outside these years is not one (a garbled parameter). */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

function plausible(ms: number): Date | null {
  return Number.isFinite(ms) && ms >= EARLIEST && ms < LATEST ? new Date(ms) : null;
}

/** The expiry a signed URL carries itself (TikTok `x-expires`, Instagram/Facebook `oe`); null when it carries none. */
export function signedUrlExpiry(url: string | null | undefined): Date | null {
  if (!url) return null;
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  const xExpires = params.get("x-expires");
  if (xExpires && /^\d{9,11}$/.test(xExpires)) return plausible(Number(xExpires) * 1000);
  const oe = params.get("oe");
  if (oe && /^[0-9A-Fa-f]{8,9}$/.test(oe)) return plausible(parseInt(oe, 16) * 1000);
  return null;
}

/**
 * When `url`, a `kind` of media of `platform` read at `readAt`, stops
 * working: its own expiry, else the platform's lifetime from `readAt`; null
 * for no URL, or one that does not expire.
 */
export function mediaUrlExpiry(platform: string, kind: MediaKind, url: string | null | undefined, readAt: Date): Date | null {
  if (!url) return null;
  const own = signedUrlExpiry(url);
  if (own) return own;
  const lifetimes = (PLATFORM_IMPORTS as Partial<Record<string, { mediaLifetimes: Record<MediaKind, number | null> }>>)[platform as PlatformId]?.mediaLifetimes;
  const seconds = lifetimes?.[kind] ?? null;
  return seconds === null ? null : new Date(readAt.getTime() + seconds * 1000);
}

/** Whether a URL expiring at `expiresAt` still works `marginMs` after `now` (null: not known to expire). */
export function stillLive(expiresAt: Date | null | undefined, now: Date, marginMs = 0): boolean {
  return !expiresAt || expiresAt.getTime() > now.getTime() + marginMs;
}

/**
 * The URL while it works, else null: what the admin shows instead of a broken
 * picture (the platform's tile). Without a stored expiry (rows saved before
 * expiries were), the URL's own counts.
 */
export function liveMediaUrl<T extends string | null>(url: T, expiresAt: Date | null | undefined, now = new Date()): T | null {
  return url && stillLive(expiresAt ?? signedUrlExpiry(url), now) ? url : null;
}

/**
 * The expiries the refresher looks after at `now`: those due (expiring within
 * the margin) but not expired so long ago that the post is likely gone.
 */
export function refreshWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - MEDIA_REFRESH.giveUpHours * HOUR_MS),
    to: new Date(now.getTime() + MEDIA_REFRESH.marginMinutes * MINUTE_MS),
  };
}

/** Whether the mirror must fetch the file again before asking Shopify to copy it: the stored URL is gone or about to go. */
export function sourceTooOld(expiresAt: Date | null | undefined, now: Date): boolean {
  return !stillLive(expiresAt, now, MEDIA_REFRESH.mirrorSourceMarginMinutes * MINUTE_MS);
}
