/**
 * Shops' storefronts. A storefront is addressed by host, `<handle>.localhost:<port>`
 * (what a browser uses; the shop is the Host's first label), or by path,
 * `/storefront/<handle>/...` (for Node clients that can't set Host). For now it
 * serves the app proxy and a placeholder home page; theme rendering comes later.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { appProxyRest, forwardAppProxy } from "./app-proxy.js";
import type { LocalShopifyContext } from "./context.js";
import { escapeHtml, sendText } from "./http.js";

/** The storefront a request is for, and the path within it; null for admin/API requests. */
export function storefrontTarget(req: IncomingMessage, url: URL): { handle: string; path: string } | null {
  const host = (req.headers.host ?? "").split(":")[0].toLowerCase();
  const byHost = /^([a-z0-9][a-z0-9-]*)\.localhost$/.exec(host);
  if (byHost) return { handle: byHost[1], path: url.pathname };
  const byPath = /^\/storefront\/([a-z0-9][a-z0-9-]*)(\/.*)?$/.exec(url.pathname);
  if (byPath) return { handle: byPath[1], path: byPath[2] ?? "/" };
  return null;
}

export async function handleStorefront(req: IncomingMessage, res: ServerResponse, url: URL, ctx: LocalShopifyContext, target: { handle: string; path: string }) {
  const shop = ctx.shop(target.handle);
  const rest = appProxyRest(target.path);
  if (rest !== null) return forwardAppProxy(req, res, ctx, shop.domain, rest, url.searchParams);
  if (target.path === "/" && (req.method === "GET" || req.method === "HEAD")) {
    return sendText(res, 200, `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(shop.name)}</title></head><body><h1>Local storefront of ${escapeHtml(shop.domain)}</h1></body></html>`, "text/html; charset=utf-8");
  }
  sendText(res, 404, `Local storefront of ${shop.domain}: ${target.path} not found`);
}
