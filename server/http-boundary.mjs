// @ts-check
/**
 * The production server's rules at the HTTP boundary, as plain functions (the
 * server wires them in server/app.mjs): how much body each address accepts,
 * which headers every answer carries, and what the access log may show.
 * Decision 020 explains the choices.
 */

const KB = 1024;
const MB = 1024 * KB;

/**
 * Body limits by path prefix. A Shopify orders/create payload is about 2-3 KB
 * per line item, so a 3,000-line order stays under 10 MB; /api takes small
 * JSON documents (the same limit as readJsonBody's API_BODY_LIMIT_BYTES); a
 * storefront beacon is a few hundred bytes.
 */
const BODY_LIMITS = [
  { prefix: "/webhooks", bytes: 10 * MB },
  { prefix: "/api", bytes: 1 * MB },
  { prefix: "/proxy", bytes: 16 * KB },
];
const DEFAULT_BODY_LIMIT = 1 * MB;

/**
 * The path as the app's router sees it (decoded, matched case-insensitively),
 * so "/API/..." or "/%61pi/..." cannot slip past a prefix rule.
 * @param {string} pathname
 */
function routedPath(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape never routes anywhere; keep the raw path.
  }
  return decoded.toLowerCase();
}

/**
 * @param {string} pathname
 * @param {string} prefix
 */
function isUnder(pathname, prefix) {
  const path = routedPath(pathname);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** @param {string} pathname */
export function bodyLimitFor(pathname) {
  return BODY_LIMITS.find(({ prefix }) => isUnder(pathname, prefix))?.bytes ?? DEFAULT_BODY_LIMIT;
}

/**
 * "10 MB", "16 KB": how a limit reads in an answer (the same as app/http/api.server.ts formatByteSize).
 * @param {number} bytes
 */
export function formatByteSize(bytes) {
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} bytes`;
}

/**
 * Texts of the server's own answers; the API ones equal app/messages/
 * HTTP_BOUNDARY_TEXT (this file is plain JS and cannot import it; a test keeps
 * them equal).
 */
export const BOUNDARY_TEXT = {
  /** @param {string} limit */
  bodyTooLarge: (limit) => `The request body is too large: this address accepts at most ${limit}.`,
  sessionRequired: "A valid session token is required: open Clipcart from your Shopify admin.",
  unreadableBody: "The request body could not be read.",
};

/**
 * Every /api call carries the admin session token (spec 7). Without one the
 * server answers 401 before reading a byte of the body; the route checks the
 * token itself. A CORS preflight (OPTIONS) never carries it.
 * @param {string} method
 * @param {string} pathname
 * @param {string | undefined} authorization
 */
export function lacksApiSessionToken(method, pathname, authorization) {
  if (method === "OPTIONS" || !isUnder(pathname, "/api")) return false;
  return !/^Bearer\s+\S/i.test(authorization ?? "");
}

/** Sent with every answer: HTTPS only for a year, no MIME sniffing, no full URL (with its id_token) to other sites. */
export const SECURITY_HEADERS = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The Content-Security-Policy an answer must carry, or null to keep it as it
 * is. An HTML answer that names no frame-ancestors (no shop was known, so the
 * Shopify library set none) may not be framed by anyone; an embedded page
 * keeps the library's per-shop value.
 * @param {string | undefined} contentType
 * @param {string | undefined} contentSecurityPolicy
 * @returns {string | null}
 */
export function contentSecurityPolicyFor(contentType, contentSecurityPolicy) {
  if (!contentType || !/^text\/html\b/i.test(contentType)) return null;
  if (contentSecurityPolicy && /(^|;)\s*frame-ancestors\s/i.test(contentSecurityPolicy)) return null;
  const rest = contentSecurityPolicy?.trim().replace(/;$/, "");
  return rest ? `${rest}; frame-ancestors 'none'` : "frame-ancestors 'none'";
}

export const REDACTED = "[redacted]";

/**
 * Query parameters whose values never reach a log: the session token and its
 * id, Shopify's signatures, OAuth's code and state, the admin host, and the
 * storefront customer an app-proxy request names.
 */
const SECRET_QUERY_PARAMETERS = new Set(["id_token", "session", "hmac", "signature", "code", "state", "host", "logged_in_customer_id"]);

/** @param {string} text */
function safeDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The query with secret values replaced, each other pair kept as it was sent.
 * A value that is itself an address with a query (the library's
 * `shopify-reload`, `exitIframe`) is redacted the same way.
 * @param {string} query without the leading "?"
 * @returns {string}
 */
function redactQuery(query) {
  return query
    .split("&")
    .map((pair) => {
      const separator = pair.indexOf("=");
      if (separator < 0) return pair;
      const key = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (SECRET_QUERY_PARAMETERS.has(safeDecode(key).toLowerCase())) return `${key}=${REDACTED}`;
      const decoded = safeDecode(value);
      if (!decoded.includes("?")) return pair;
      const nested = redactUrl(decoded);
      return nested === decoded ? pair : `${key}=${encodeURIComponent(nested)}`;
    })
    .join("&");
}

/**
 * A request URL (path and query) as the access log may show it.
 * @param {string} url
 * @returns {string}
 */
export function redactUrl(url) {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return url;
  const hashStart = url.indexOf("#", queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  return `${url.slice(0, queryStart)}?${redactQuery(query)}`;
}
