/**
 * Stand-ins for the platforms' media CDNs. TikTok and Instagram hand out
 * signed URLs that stop working after a while (TikTok `x-expires` /
 * `x-signature`, Instagram `oe` (hex expiry) / `oh`); after the expiry the
 * CDN answers 403 "URL signature expired", so the app must keep its own copy.
 * Pinterest's media (i.pinimg.com, v1.pinimg.com) do not expire.
 *
 * Covers, avatars and pin images are SVGs; videos are the small MP4s of
 * videos.ts, with byte ranges; TikTok's subtitles are WebVTT files
 * (subtitles.ts), signed and expiring like the post's video. A removed post's media answer 404; a post's
 * video URLs can be made to expire at once (signing.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { hash, type EmulatedPlatform } from "./fixtures.js";
import { checkSignature, sign } from "./signing.js";
import type { PlatformEmulatorState } from "./state.js";
import { sendVideoFile, videoFileFor } from "./videos.js";
import { subtitleKey, subtitleVtt } from "./subtitles.js";

export type CdnKind = "cover" | "avatar" | "pin" | "video" | "subtitle";
const CDN_PATH = /^\/platform-cdn\/(tiktok|instagram|pinterest)\/(cover|avatar|pin|video|subtitle)\/([A-Za-z0-9._-]{1,80})\.(svg|mp4|vtt)$/;
const EXTENSIONS: Record<CdnKind, string> = { cover: "svg", avatar: "svg", pin: "svg", video: "mp4", subtitle: "vtt" };

const COLORS: Record<EmulatedPlatform, string> = { tiktok: "#000000", instagram: "#E1306C", pinterest: "#E60023" };
const NAMES: Record<EmulatedPlatform, string> = { tiktok: "TikTok", instagram: "Instagram", pinterest: "Pinterest" };

/**
 * A CDN URL for `key` (a post id, an account name for avatars); `expiresAt`
 * (ms) null for URLs that never expire; `generation`: the post's video
 * generation, for video URLs.
 */
export function cdnUrl(baseUrl: string, platform: EmulatedPlatform, kind: CdnKind, key: string, expiresAt: number | null, generation = 0): string {
  const ext = EXTENSIONS[kind];
  const path = `/platform-cdn/${platform}/${kind}/${key}.${ext}`;
  if (expiresAt === null) return `${baseUrl}${path}`;
  const expires = Math.floor(expiresAt / 1000);
  const signature = sign(path, expires, generation);
  if (platform !== "instagram") return `${baseUrl}${path}?x-expires=${expires}&x-signature=${signature}`;
  // Instagram's image URLs name a JPEG rendition (stp); its video URLs do not.
  const rendition = kind === "video" ? "" : "stp=dst-jpg_e35&";
  return `${baseUrl}${path}?${rendition}_nc_cat=1&oh=${signature}&oe=${expires.toString(16).toUpperCase()}`;
}

export type CdnCheck = { ok: true } | { ok: false; status: number; message: string };

/** Checks a request's signature and expiry the way the platform's CDN does. */
function checkCdnUrl(platform: EmulatedPlatform, path: string, query: URLSearchParams, now: number, generation: number): CdnCheck {
  if (platform === "pinterest") return { ok: true };
  const expires = platform === "instagram" ? parseInt(query.get("oe") ?? "", 16) : Number(query.get("x-expires"));
  const given = (platform === "instagram" ? query.get("oh") : query.get("x-signature")) ?? "";
  const check = checkSignature(path, expires, given, generation, now);
  if (check === "invalid") return { ok: false, status: 403, message: platform === "instagram" ? "Bad URL hash" : "Access Denied" };
  if (check === "expired") return { ok: false, status: 403, message: "URL signature expired" };
  return { ok: true };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A portrait video cover or a round avatar: the platform's colour, a hue from the key, a label. The
 * cover's label sits at the top, where platforms put their own marks; widgets write the title over
 * the bottom of a poster (under a scrim that also keeps words a real cover carries there legible).
 */
function svgFor(platform: EmulatedPlatform, kind: CdnKind, key: string): string {
  const hue = hash(`${platform}:${key}`) % 360;
  const color = COLORS[platform];
  if (kind === "avatar") {
    const initial = escapeXml((key.replace(/[^A-Za-z0-9]/g, "")[0] ?? "?").toUpperCase());
    return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><circle cx="80" cy="80" r="80" fill="hsl(${hue},60%,45%)"/><text x="80" y="100" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  }
  const label = escapeXml(`${NAMES[platform]} · ${key}`.slice(0, 40));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="${color}"/></linearGradient></defs>` +
    `<rect width="360" height="640" fill="url(#g)"/>` +
    `<circle cx="180" cy="320" r="44" fill="#ffffff" fill-opacity="0.85"/><path d="M166 296 L204 320 L166 344 Z" fill="#111111"/>` +
    `<text x="20" y="44" font-family="sans-serif" font-size="20" fill="#ffffff">${label}</text></svg>`
  );
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not Found");
}

export function serveCdn(req: IncomingMessage, res: ServerResponse, url: URL, state: PlatformEmulatorState): void {
  const match = CDN_PATH.exec(url.pathname);
  if (!match) return notFound(res);
  const [, platform, kind, key, ext] = match as unknown as [string, EmulatedPlatform, CdnKind, string, string];
  if (EXTENSIONS[kind] !== ext) return notFound(res);
  // Avatars belong to accounts; a subtitle is keyed by its post and language (subtitles.ts); every other kind by its post (or pin) id.
  const subtitle = kind === "subtitle" ? subtitleKey(key) : null;
  if (kind === "subtitle" && !subtitle) return notFound(res);
  const media = kind === "avatar" ? {} : state.mediaOf(platform, subtitle?.postId ?? key);
  const signedWithVideo = kind === "video" || kind === "subtitle";
  const check = checkCdnUrl(platform, url.pathname, url.searchParams, state.now(), signedWithVideo ? (media.videoGeneration ?? 0) : 0);
  if (!check.ok) {
    res.writeHead(check.status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(check.message);
    return;
  }
  if (media.removed) return notFound(res);
  if (subtitle) {
    const body = subtitleVtt(subtitle);
    if (body === null) return notFound(res);
    res.writeHead(200, { "Content-Type": "text/vtt; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "private, max-age=3600" });
    res.end(req.method === "HEAD" ? undefined : body);
    return;
  }
  if (kind === "video") {
    sendVideoFile(req, res, videoFileFor(platform, key, media.brokenVideo === true), { "Cache-Control": "private, max-age=3600" });
    return;
  }
  const body = svgFor(platform, kind, key);
  res.writeHead(200, { "Content-Type": "image/svg+xml", "Content-Length": Buffer.byteLength(body), "Cache-Control": "private, max-age=3600" });
  res.end(body);
}
