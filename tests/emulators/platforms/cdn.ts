/**
 * Stand-ins for the platforms' image CDNs. TikTok and Instagram hand out
 * signed URLs that stop working after a while (TikTok `x-expires` /
 * `x-signature`, Instagram `oe` (hex expiry) / `oh`); after the expiry the
 * CDN answers 403 "URL signature expired", so the app must keep its own copy.
 * Pinterest's pin images (i.pinimg.com) do not expire. Images are SVGs.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import { hash, type EmulatedPlatform } from "./fixtures.js";

/** Fixed, so URLs handed out before a restart of the demo keep working until they expire. */
const SECRET = "clipcart-local-platform-cdn";

export type CdnKind = "cover" | "avatar" | "pin" | "video";
const CDN_PATH = /^\/platform-cdn\/(tiktok|instagram|pinterest)\/(cover|avatar|pin|video)\/([A-Za-z0-9._-]{1,80})\.(svg|mp4)$/;

const COLORS: Record<EmulatedPlatform, string> = { tiktok: "#000000", instagram: "#E1306C", pinterest: "#E60023" };
const NAMES: Record<EmulatedPlatform, string> = { tiktok: "TikTok", instagram: "Instagram", pinterest: "Pinterest" };

function sign(path: string, expires: number): string {
  return createHmac("sha256", SECRET).update(`${path}|${expires}`).digest("base64url").slice(0, 27);
}

/** A CDN URL for `key`; `expiresAt` (ms) null for URLs that never expire. */
export function cdnUrl(baseUrl: string, platform: EmulatedPlatform, kind: CdnKind, key: string, expiresAt: number | null): string {
  const ext = kind === "video" ? "mp4" : "svg";
  const path = `/platform-cdn/${platform}/${kind}/${key}.${ext}`;
  if (expiresAt === null) return `${baseUrl}${path}`;
  const expires = Math.floor(expiresAt / 1000);
  const signature = sign(path, expires);
  return platform === "instagram"
    ? `${baseUrl}${path}?stp=dst-jpg_e35&_nc_cat=1&oh=${signature}&oe=${expires.toString(16).toUpperCase()}`
    : `${baseUrl}${path}?x-expires=${expires}&x-signature=${signature}`;
}

export type CdnCheck = { ok: true } | { ok: false; status: number; message: string };

/** Checks a request's signature and expiry the way the platform's CDN does. */
function checkCdnUrl(platform: EmulatedPlatform, path: string, query: URLSearchParams, now: number): CdnCheck {
  if (platform === "pinterest") return { ok: true };
  const expires = platform === "instagram" ? parseInt(query.get("oe") ?? "", 16) : Number(query.get("x-expires"));
  const given = (platform === "instagram" ? query.get("oh") : query.get("x-signature")) ?? "";
  const expected = Number.isFinite(expires) ? sign(path, expires) : "";
  const valid = given.length === expected.length && expected !== "" && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!valid) return { ok: false, status: 403, message: platform === "instagram" ? "Bad URL hash" : "Access Denied" };
  if (now > expires * 1000) return { ok: false, status: 403, message: "URL signature expired" };
  return { ok: true };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A portrait video cover or a round avatar: the platform's colour, a hue from the key, a label. */
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
    `<text x="20" y="608" font-family="sans-serif" font-size="20" fill="#ffffff">${label}</text></svg>`
  );
}

export function serveCdn(res: ServerResponse, url: URL, now: number): void {
  const match = CDN_PATH.exec(url.pathname);
  if (!match) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
    return;
  }
  const [, platform, kind, key, ext] = match as unknown as [string, EmulatedPlatform, CdnKind, string, string];
  const check = checkCdnUrl(platform, url.pathname, url.searchParams, now);
  if (!check.ok) {
    res.writeHead(check.status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(check.message);
    return;
  }
  if (ext === "mp4") {
    // Video bytes are not emulated; the app never downloads them.
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Video files are not emulated");
    return;
  }
  const body = svgFor(platform, kind, key);
  res.writeHead(200, { "Content-Type": "image/svg+xml", "Content-Length": Buffer.byteLength(body), "Cache-Control": "private, max-age=3600" });
  res.end(body);
}
