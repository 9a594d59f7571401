import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";

export interface SessionTokenOptions {
  shop: string; // full domain, e.g. demo.myshopify.com
  apiKey: string;
  apiSecret: string;
  /** Staff user id carried in `sub`. */
  userId?: string;
  /** Seconds from now until expiry; negative makes an already expired token. */
  expiresInSeconds?: number;
  /** Override the audience (tests of wrong-audience tokens). */
  audience?: string;
}

/**
 * Mints an App Bridge session token exactly as Shopify does: HS256 signed with
 * the app secret, `iss` the shop's admin URL, `dest` the shop, `aud` the API key,
 * one minute of validity.
 */
export async function mintSessionToken(options: SessionTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const lifetime = options.expiresInSeconds ?? 60;
  const exp = now + lifetime;
  const issuedAt = lifetime < 0 ? exp - 60 : now;
  return new SignJWT({
    iss: `https://${options.shop}/admin`,
    dest: `https://${options.shop}`,
    sid: randomUUID(),
    sig: randomUUID().replace(/-/g, ""),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(options.audience ?? options.apiKey)
    .setSubject(options.userId ?? "1")
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(options.apiSecret));
}
