/**
 * Recognisers for the platforms' public URLs and usernames. Client-safe and
 * pure: the Import modal uses them to validate before sending, the importers
 * to validate again (the server never trusts the browser), the embeds module
 * to find a video id. Anything not recognised is refused rather than guessed.
 */
import type { PlatformId } from "~/contracts/platforms";

/** Ids as each platform writes them; only these ever reach an embed URL. */
export const VIDEO_ID_PATTERNS: Record<PlatformId, RegExp> = {
  tiktok: /^\d{1,25}$/,
  instagram: /^[A-Za-z0-9_-]{1,64}$/,
  pinterest: /^\d{1,25}$/,
  youtube_shorts: /^[A-Za-z0-9_-]{11}$/,
  snapchat: /^[A-Za-z0-9_-]{1,128}$/,
};

/**
 * Usernames as each platform allows them (TikTok: letters, digits, "_" and
 * "."; Instagram: the same, at most 30; YouTube handles also allow "-").
 */
export const USERNAME_PATTERNS: Record<PlatformId, RegExp> = {
  tiktok: /^[A-Za-z0-9._]{1,32}$/,
  instagram: /^[A-Za-z0-9._]{1,30}$/,
  pinterest: /^[A-Za-z0-9_]{1,30}$/,
  youtube_shorts: /^[A-Za-z0-9._-]{1,64}$/,
  snapchat: /^[A-Za-z0-9._-]{1,32}$/,
};

const HOSTS: Record<PlatformId, RegExp> = {
  tiktok: /^(?:www\.|m\.|vm\.|vt\.)?tiktok\.com$/,
  instagram: /^(?:www\.|m\.)?instagram\.com$/,
  // pinterest.com with its country subdomains (uk.pinterest.com) and country domains (pinterest.co.uk).
  pinterest: /^(?:www\.|[a-z]{2}\.)?pinterest\.(?:com|ca|co\.uk|com\.au|com\.mx|de|fr|es|it|pt|ch|at|ie|nz|se|dk|jp|cl|ph)$/,
  youtube_shorts: /^(?:(?:www\.|m\.)?youtube\.com|youtu\.be)$/,
  snapchat: /^(?:www\.)?snapchat\.com$/,
};

/** Parses an https URL of the platform's own hosts; anything else is null. */
function platformUrl(platform: PlatformId, value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  return HOSTS[platform].test(url.hostname.toLowerCase()) ? url : null;
}

interface UrlParts {
  /** The video's id, when the URL carries it (short links do not). */
  videoId: string | null;
  /** The account in the URL, when it carries one. */
  username: string | null;
}

/** Recognises a URL of one video (reel, pin, short) on the platform; null if it is not one. */
export function parseVideoUrl(platform: PlatformId, value: string): UrlParts | null {
  const url = platformUrl(platform, value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  let m: RegExpExecArray | null;
  switch (platform) {
    case "tiktok":
      if (host === "vm.tiktok.com" || host === "vt.tiktok.com") {
        return /^\/[A-Za-z0-9]{5,16}\/?$/.test(path) ? { videoId: null, username: null } : null;
      }
      if ((m = /^\/@([A-Za-z0-9._]{1,32})\/video\/(\d{1,25})\/?$/.exec(path))) return { videoId: m[2] ?? null, username: m[1] ?? null };
      if ((m = /^\/(?:v\/(\d{1,25})\.html|embed\/(?:v2\/)?(\d{1,25})|player\/v1\/(\d{1,25}))\/?$/.exec(path))) {
        return { videoId: m[1] ?? m[2] ?? m[3] ?? null, username: null };
      }
      if (/^\/t\/[A-Za-z0-9]{5,16}\/?$/.test(path)) return { videoId: null, username: null };
      return null;
    case "instagram":
      if ((m = /^\/(?:([A-Za-z0-9._]{1,30})\/)?(?:reels?|p|tv)\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path))) {
        return { videoId: m[2] ?? null, username: m[1] ?? null };
      }
      return null;
    case "pinterest":
      // /pin/<id>/ or /pin/<slug>--<id>/
      if ((m = /^\/pin\/(?:[A-Za-z0-9_-]*--)?(\d{1,25})\/?$/.exec(path))) return { videoId: m[1] ?? null, username: null };
      return null;
    case "youtube_shorts":
      if (host === "youtu.be") {
        m = /^\/([A-Za-z0-9_-]{11})\/?$/.exec(path);
        return m ? { videoId: m[1] ?? null, username: null } : null;
      }
      if ((m = /^\/shorts\/([A-Za-z0-9_-]{11})\/?$/.exec(path))) return { videoId: m[1] ?? null, username: null };
      if (path === "/watch") {
        const v = url.searchParams.get("v") ?? "";
        return VIDEO_ID_PATTERNS.youtube_shorts.test(v) ? { videoId: v, username: null } : null;
      }
      return null;
    case "snapchat":
      if ((m = /^\/spotlight\/([A-Za-z0-9_-]{1,128})\/?$/.exec(path))) return { videoId: m[1] ?? null, username: null };
      return null;
  }
}

/**
 * Which platform a link belongs to, from its host alone (any path): the
 * platform whose importer should judge it. Null for other websites and for
 * anything that is not an https URL.
 */
export function platformOfLink(value: string): PlatformId | null {
  for (const platform of Object.keys(HOSTS) as PlatformId[]) if (platformUrl(platform, value)) return platform;
  return null;
}

/** True when `url` is an https URL of one video (or pin) on that platform. */
export function isPlatformUrl(platform: PlatformId, url: string): boolean {
  return parseVideoUrl(platform, url) !== null;
}

/** The video id carried by a platform URL (null for short links and anything unrecognised). */
export function extractVideoId(platform: PlatformId, url: string): string | null {
  return parseVideoUrl(platform, url)?.videoId ?? null;
}

/**
 * What the merchant typed in the username field, as the platform's username:
 * trimmed, without "@", and taken from a pasted profile URL
 * (https://www.tiktok.com/@name, https://www.instagram.com/name/), in lower
 * case where the platform ignores case (TikTok and Instagram), so one account
 * is one channel however it was typed. Null when it is not a valid username
 * of that platform.
 */
export function normalizeUsername(platform: PlatformId, input: string): string | null {
  let value = input.trim();
  const url = platformUrl(platform, value);
  if (url) {
    const pathUsername = /^\/@?([^/]+)\/?$/.exec(url.pathname)?.[1];
    if (!pathUsername) return null;
    value = pathUsername;
  }
  value = value.replace(/^@+/, "");
  if (platform === "tiktok" || platform === "instagram") value = value.toLowerCase();
  return USERNAME_PATTERNS[platform].test(value) ? value : null;
}

/** The public page of a video, built from validated parts (used when a source gives none we can trust). */
export function canonicalVideoUrl(platform: PlatformId, videoId: string, username?: string | null): string | null {
  if (!VIDEO_ID_PATTERNS[platform].test(videoId)) return null;
  const user = username && USERNAME_PATTERNS[platform].test(username) ? username : null;
  switch (platform) {
    case "tiktok":
      return user ? `https://www.tiktok.com/@${user}/video/${videoId}` : `https://www.tiktok.com/embed/v2/${videoId}`;
    case "instagram":
      return `https://www.instagram.com/reel/${videoId}/`;
    case "pinterest":
      return `https://www.pinterest.com/pin/${videoId}/`;
    case "youtube_shorts":
      return `https://www.youtube.com/shorts/${videoId}`;
    case "snapchat":
      return `https://www.snapchat.com/spotlight/${videoId}`;
  }
}
