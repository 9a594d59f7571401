/**
 * Third-party video content is untrusted. We never render a platform's
 * `embed_html`; a player is an iframe whose src this module builds from a
 * validated video id on an allow-list of player hosts, and links or images
 * from a platform pass `safeHttpUrl` first. Client-safe.
 */
import { extractVideoId, VIDEO_ID_PATTERNS } from "~/rules/platform-urls";
import { PLATFORM_PLAYERS, type PlatformId } from "~/contracts/platforms";

/** Origins an iframe may load a player from (also what a frame-src CSP should list): the players' of app/contracts/platforms.ts. */
export function playerOrigins(): string[] {
  return Object.values(PLATFORM_PLAYERS).flatMap((player) => (player ? [new URL(player("0")).origin] : []));
}

/**
 * The iframe src of the platform's player for a video, or null. The id must
 * match the platform's strict pattern (digits, or letters, digits, "_" and
 * "-"); when it does not, the id is taken from `videoUrl` if that is a URL
 * of the platform we recognise. Nothing else ever becomes a src.
 */
export function playerEmbedUrl(platform: PlatformId, platformVideoId: string | null | undefined, videoUrl?: string | null): string | null {
  return playerUrlForId(platform, platformVideoId) ?? (typeof videoUrl === "string" ? playerUrlForId(platform, extractVideoId(platform, videoUrl)) : null);
}

// Kept apart from the URL parsing above so that the storefront bundle, which
// only checks URLs (isAllowedPlayerUrl), does not carry the platforms' URL parsers.
function playerUrlForId(platform: PlatformId, id: string | null | undefined): string | null {
  const build = PLATFORM_PLAYERS[platform];
  const pattern = VIDEO_ID_PATTERNS[platform];
  return build && pattern && typeof id === "string" && pattern.test(id) ? build(id) : null;
}

/**
 * True when `src` is exactly what playerEmbedUrl builds for some platform and
 * id: the id is one of its path segments or query values (whichever it is,
 * only a URL rebuilt character for character from a valid id passes).
 */
export function isAllowedPlayerUrl(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  const candidates = [...url.pathname.split("/"), ...url.searchParams.values()];
  return (Object.keys(PLATFORM_PLAYERS) as PlatformId[]).some((platform) => candidates.some((id) => playerUrlForId(platform, id) === src));
}

/**
 * An http(s) URL in its normalised form, or null: `javascript:`, `data:`,
 * `vbscript:`, relative or malformed URLs and URLs with credentials are refused.
 */
export function safeHttpUrl(url: unknown): string | null {
  if (typeof url !== "string" || url.length > 4096) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (parsed.username || parsed.password || !parsed.hostname) return null;
  return parsed.href;
}
