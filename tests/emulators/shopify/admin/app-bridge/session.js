// @ts-check
/*
 * Session tokens: `shopify.idToken()`, the fetch wrapper that authenticates
 * the app's same-origin requests with them, and the library's bounce page
 * that reloads with a fresh one.
 */
import { embedded, params, request } from "./channel.js";
import { navigateTop } from "./navigation.js";

// Tokens live one minute; a cached one is reused until 10 s before it expires.
/** @type {{ token: string; expiresAt: number } | null} */
let cachedToken = null;
/** @type {Promise<string> | null} */
let tokenInFlight = null;
/** @param {string} token */
function expiryOf(token) {
  try {
    const payload = token.split(".")[1];
    if (payload === undefined) return 0; // not a JWT
    return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))).exp * 1000;
  } catch (_) {
    return 0;
  }
}
/** @param {string} token */
function keepToken(token) {
  cachedToken = { token, expiresAt: expiryOf(token) };
  return token;
}
if (params.get("id_token")) keepToken(/** @type {string} */ (params.get("id_token")));

/**
 * @param {boolean} fresh whether a cached token will not do
 * @returns {Promise<string>}
 */
export function idToken(fresh) {
  if (!fresh && cachedToken && cachedToken.expiresAt - Date.now() > 10000) return Promise.resolve(cachedToken.token);
  if (!tokenInFlight) {
    tokenInFlight = request("id-token", {}, 10000)
      .then((answer) => keepToken(answer.idToken))
      .finally(() => {
        tokenInFlight = null;
      });
  }
  return tokenInFlight;
}

/** Wraps `window.fetch`. */
export function installFetch() {
  // Same-origin requests carry `Authorization: Bearer <session token>`, which is
  // how authenticate.admin tells data requests from document requests.
  const nativeFetch = window.fetch.bind(window);
  const RETRY_HEADER = "X-Shopify-Retry-Invalid-Session-Request";
  const REAUTHORIZE_HEADER = "X-Shopify-API-Request-Failure-Reauthorize-Url";
  window.fetch = async function localShopifyFetch(input, init) {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
    if (!embedded || new URL(url, location.href).origin !== location.origin) return nativeFetch(input, init);
    const original = new Request(input, init);
    if (original.headers.has("Authorization")) return nativeFetch(original);
    /** @param {boolean} fresh */
    const send = async (fresh) => {
      const attempt = original.clone();
      attempt.headers.set("Authorization", `Bearer ${await idToken(fresh)}`);
      return nativeFetch(attempt);
    };
    let response = await send(false);
    // The library asks for exactly one retry when the token was rejected (e.g. expired).
    if (response.status === 401 && response.headers.get(RETRY_HEADER) === "1") response = await send(true);
    // Billing and re-auth: the library wants the whole admin window to go there.
    const reauthorizeUrl = response.headers.get(REAUTHORIZE_HEADER);
    if (reauthorizeUrl) navigateTop(reauthorizeUrl);
    return response;
  };
}

/** On the bounce page, reloads its target. */
export function reloadFromBouncePage() {
  // The library's bounce page (/auth/session-token?shopify-reload=<url>) expects
  // App Bridge to reload <url> with a fresh id_token.
  const reloadUrl = params.get("shopify-reload");
  if (reloadUrl) {
    const target = new URL(reloadUrl, location.href);
    if (target.origin === location.origin) {
      idToken(true).then((token) => {
        target.searchParams.set("id_token", token);
        location.replace(target.href);
      });
    }
  }
}
