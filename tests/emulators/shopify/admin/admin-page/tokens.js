// @ts-check
/*
 * Session tokens for the app's frames, minted by the server (the app secret
 * never reaches the browser).
 */
import { config } from "./page.js";

/** @returns {Promise<string>} */
export async function freshIdToken() {
  const response = await fetch(config.tokenUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  if (!response.ok) throw new Error(`Local Shopify could not mint a session token (HTTP ${response.status})`);
  return (await response.json()).idToken;
}
export async function embeddedParams() {
  return {
    embedded: "1",
    host: config.host,
    id_token: await freshIdToken(),
    locale: "en",
    session: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(""),
    shop: config.shop,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
}
