/**
 * The app proxy: Shopify serves `https://<shop>/<prefix>/<subpath>/<rest>` by
 * forwarding to `<app_proxy.url>/<rest>` with the shopper's query plus `shop`,
 * `logged_in_customer_id`, `path_prefix`, `timestamp` and a `signature` the
 * app verifies (authenticate.public.appProxy). Method and body pass through,
 * with X-Forwarded-Host and X-Forwarded-For (the shopper's address) set; the
 * answer comes back with its status and Content-Type, cookies stripped.
 */
import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import { readAppToml } from "./app-toml.js";
import type { LocalShopifyConfig } from "./config.js";
import type { LocalShopifyContext } from "./context.js";
import { readBody, sendText } from "./http.js";

/** Parameters Shopify sets itself; a shopper can't smuggle their own values in. */
const SHOPIFY_PARAMS = ["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature", "hmac"];

/**
 * Shopify's app-proxy signature: hex HMAC-SHA256 over the sorted `key=value`
 * pairs concatenated with no separator, repeated keys' values joined by ",".
 */
export function signProxyQuery(params: URLSearchParams, secret: string): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) if (key !== "signature") grouped.set(key, [...(grouped.get(key) ?? []), value]);
  const message = [...grouped.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, values]) => `${key}=${values.join(",")}`)
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/**
 * The query Shopify gives a request it forwards through the app proxy: the
 * shopper's own parameters (minus any that claim to be Shopify's), then
 * Shopify's, with a timestamp of now and the signature over all of them.
 */
export function signedProxyQuery(shopDomain: string, secret: string, shopperQuery: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const proxy = readAppToml().appProxy!;
  const params = new URLSearchParams();
  for (const [key, value] of shopperQuery) if (!SHOPIFY_PARAMS.includes(key)) params.append(key, value);
  params.set("shop", shopDomain);
  params.set("logged_in_customer_id", "");
  params.set("path_prefix", `/${proxy.prefix}/${proxy.subpath}`);
  params.set("timestamp", String(Math.floor(Date.now() / 1000)));
  params.set("signature", signProxyQuery(params, secret));
  return params;
}

/** The proxied URL on the app for a storefront request (rest = path after /apps/<subpath>). */
export function proxiedUrl(config: LocalShopifyConfig, shopDomain: string, rest: string, query: URLSearchParams): URL {
  const target = new URL(`${readAppToml().appProxy!.path}${rest}`, config.appUrl);
  target.search = signedProxyQuery(shopDomain, config.apiSecret, query).toString();
  return target;
}

/** Returns the rest of the path when `path` is under the app proxy prefix, else null. */
export function appProxyRest(path: string): string | null {
  const proxy = readAppToml().appProxy;
  if (!proxy) return null;
  const base = `/${proxy.prefix}/${proxy.subpath}`;
  if (path !== base && !path.startsWith(`${base}/`)) return null;
  return path.slice(base.length);
}

const HOP_HEADERS = new Set(["host", "connection", "cookie", "content-length", "transfer-encoding", "keep-alive", "upgrade", "accept-encoding"]);

export async function forwardAppProxy(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: LocalShopifyContext,
  shopDomain: string,
  rest: string,
  query: URLSearchParams,
) {
  const target = proxiedUrl(ctx.config, shopDomain, rest, query);
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (!HOP_HEADERS.has(key) && typeof value === "string") headers[key] = value;
  }
  headers["x-forwarded-host"] = shopDomain;
  // Shopify says who asked: the shopper's address, whatever the request itself claimed.
  headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  let response: Response;
  try {
    response = await fetch(target, { method: req.method, headers, body: hasBody ? new Uint8Array(await readBody(req)) : undefined, redirect: "manual" });
  } catch (error) {
    return sendText(res, 502, `Local Shopify: the app proxy could not reach ${target.origin}${target.pathname}: ${(error as Error).message}`);
  }
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    // Shopify strips cookies; the body is re-streamed so length/encoding headers are recomputed.
    if (!["set-cookie", "content-length", "content-encoding", "transfer-encoding", "connection"].includes(key)) out[key] = value;
  });
  res.writeHead(response.status, out);
  if (response.body && req.method !== "HEAD")
    Readable.fromWeb(response.body as ReadableStream<Uint8Array>)
      .on("error", () => res.destroy())
      .pipe(res);
  else res.end();
}
