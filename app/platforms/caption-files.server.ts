/**
 * Reads a caption file a platform links to (decision 084): untrusted bytes
 * from a signed, expiring URL. At most CAPTIONS.maxBytes are read (the rest is
 * never downloaded), decoded as UTF-8 (a broken sequence becomes U+FFFD, which
 * the caption reader refuses as not text); redirects are followed only to
 * http(s). The caller parses and re-writes the text; nothing passes through.
 */
import { CAPTIONS } from "~/constants";
import { safeHttpUrl } from "~/rules/embeds";

export type CaptionFileReading = { ok: true; text: string } | { ok: false; failure: "expired" | "too_large" | "unreachable" };

/** How long one caption file may take to arrive. */
const CAPTION_FETCH_TIMEOUT_MS = 20_000;

export async function fetchCaptionFile(url: string, signal?: AbortSignal): Promise<CaptionFileReading> {
  const safe = safeHttpUrl(url);
  if (!safe) return { ok: false, failure: "unreachable" };
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(CAPTION_FETCH_TIMEOUT_MS);
    response = await fetch(safe, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { Accept: "text/vtt, text/plain;q=0.9, */*;q=0.1" },
    });
  } catch {
    return { ok: false, failure: "unreachable" };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    // A signed link refused or gone: it expired, or the post was removed.
    return { ok: false, failure: [401, 403, 404, 410].includes(response.status) ? "expired" : "unreachable" };
  }
  if (Number(response.headers.get("content-length")) > CAPTIONS.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    return { ok: false, failure: "too_large" };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > CAPTIONS.maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, failure: "too_large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, failure: "unreachable" };
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { ok: true, text: new TextDecoder("utf-8", { fatal: false }).decode(bytes) };
}
