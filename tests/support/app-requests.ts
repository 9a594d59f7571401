import { randomBytes } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { inject } from "vitest";
import localApp from "../emulators/shopify/local-app.json" with { type: "json" };
import { mintSessionToken, type SessionTokenOptions } from "../emulators/shopify/session-token";

/** Shopify's library answers bots with 410; admin requests come from a desktop browser. */
export const DESKTOP_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A shop of the test's own, e.g. unit-1a2b3c4d.myshopify.com */
export function uniqueShop(prefix = "unit"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}.myshopify.com`;
}

export function sessionToken(shop: string, overrides: Partial<SessionTokenOptions> = {}) {
  return mintSessionToken({ shop, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret, ...overrides });
}

interface ApiRequestOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, for malformed-input tests. */
  rawBody?: string;
  /** Defaults to a fresh valid session token for `shop`; null sends none. */
  token?: string | null;
}

/** A request as the embedded admin sends it through App Bridge's fetch: Bearer session token. */
export async function apiRequest(shop: string, path: string, options: ApiRequestOptions = {}): Promise<Request> {
  const token = options.token === undefined ? await sessionToken(shop) : options.token;
  const headers = new Headers({ "User-Agent": DESKTOP_USER_AGENT, Accept: "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
  }
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`${inject("appUrl")}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

type RouteHandler = (args: LoaderFunctionArgs) => unknown;

/** Calls a Remix loader/action and returns its Response, whether returned or thrown. */
export async function callRoute(handler: RouteHandler, request: Request, params: Record<string, string> = {}) {
  try {
    const result = await handler({ request, params, context: {} });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Local Shopify's control API, for arranging a shop's state. */
export async function localShopify(path: string, body?: unknown) {
  const response = await fetch(`${inject("localShopifyUrl")}/__local${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Local Shopify ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
