/**
 * The Apify key-value store records the emulated actors save video copies to
 * (TikTok's `shouldDownloadVideos`, Instagram's `includeDownloadedVideo`):
 *
 *   GET|HEAD /apify/v2/key-value-stores/{storeId}/records/{key}   ?signature=  or the API token
 *
 * The actors hand out the record's URL signed the way Apify signs record URLs
 * of restricted storages (`?signature=`), with an expiry, so a consumer
 * without the token must fetch the file before the URL expires (or run the
 * actor again). With the token the record reads as long as the run is kept.
 * The bytes are the post's video (videos.ts); when a test removed the post,
 * the copy is gone too (404), a simplification: Apify would keep it until the
 * store's retention ends.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../shopify/http.js";
import { checkSignature, sign } from "./signing.js";
import type { PlatformEmulatorState } from "./state.js";
import { sendVideoFile, videoFileFor } from "./videos.js";

export const RECORD_PATH = /^\/apify\/v2\/key-value-stores\/([A-Za-z0-9]{17})\/records\/([A-Za-z0-9!._'()~-]{1,256})$/;

/** The record's URL, signed until `expiresAt` (ms), or unsigned (token only) when null. */
export function recordUrl(baseUrl: string, storeId: string, key: string, expiresAt: number | null, generation: number): string {
  const url = `${baseUrl}/apify/v2/key-value-stores/${storeId}/records/${key}`;
  if (expiresAt === null) return url;
  const expires = Math.floor(expiresAt / 1000);
  // The expiry travels inside the signature, as in Apify's signed storage URLs: the URL carries one opaque parameter.
  const signature = Buffer.from(`${expires}.${sign(`${storeId}/${key}`, expires, generation)}`).toString("base64url");
  return `${url}?signature=${signature}`;
}

function apiError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { error: { type, message } }, { "Cache-Control": "no-store" });
}

/**
 * Answers a record request; `withToken`: the request carried the emulator's
 * API token (checked by the caller), so the signature does not matter.
 */
export function serveRecord(req: IncomingMessage, res: ServerResponse, url: URL, state: PlatformEmulatorState, withToken: boolean): void {
  const [, storeId = "", key = ""] = RECORD_PATH.exec(url.pathname) ?? [];
  const store = state.keyValueStores.get(storeId);
  const stored = store?.records.get(key);
  const media = stored ? state.mediaOf(stored.platform, stored.postId) : {};
  if (!withToken) {
    const [expires = "", given = ""] = Buffer.from(url.searchParams.get("signature") ?? "", "base64url")
      .toString("utf8")
      .split(".");
    const check = checkSignature(`${storeId}/${key}`, Number(expires || NaN), given, media.videoGeneration ?? 0, state.now());
    if (check === "invalid")
      return apiError(res, 403, "insufficient-permissions", "Insufficient permissions for the key-value store: the signature is not valid for this record");
    if (check === "expired") return apiError(res, 403, "insufficient-permissions", "The signature of this URL has expired");
  }
  if (!store) return apiError(res, 404, "record-not-found", "Key-value store was not found");
  if (!stored || media.removed) return apiError(res, 404, "record-not-found", "Record was not found");
  sendVideoFile(req, res, videoFileFor(stored.platform, stored.postId, media.brokenVideo === true), { "Cache-Control": "private, max-age=3600" });
}
