/**
 * The signatures of the emulated platforms' expiring URLs (CDN media, Apify
 * key-value store records). One fixed secret, so URLs handed out before a
 * restart of the demo keep working until they expire.
 *
 * A post's video URLs are also signed with the post's video generation: the
 * control "expire now" bumps it, so every URL handed out before answers like
 * an expired one while URLs from a fresh run work.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const SECRET = "clipcart-local-platform-cdn";

/** `generation` 0 signs exactly as before generations existed, so image URLs are unchanged. */
export function sign(material: string, expiresSeconds: number, generation = 0): string {
  const input = generation === 0 ? `${material}|${expiresSeconds}` : `${material}|${expiresSeconds}|${generation}`;
  return createHmac("sha256", SECRET).update(input).digest("base64url").slice(0, 27);
}

function same(given: string, expected: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export type SignatureCheck = "valid" | "expired" | "invalid";

/** Valid for the current generation and not yet expired; a genuine signature of an older generation counts as expired. */
export function checkSignature(material: string, expiresSeconds: number, given: string, generation: number, now: number): SignatureCheck {
  if (!Number.isFinite(expiresSeconds) || !given) return "invalid";
  if (same(given, sign(material, expiresSeconds, generation))) return now > expiresSeconds * 1000 ? "expired" : "valid";
  for (let older = 0; older < generation; older++) if (same(given, sign(material, expiresSeconds, older))) return "expired";
  return "invalid";
}
