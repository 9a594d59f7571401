/**
 * The storefront of a shop on a real theme (control: seed { realTheme }):
 * pages rendered from the theme's own files (render.ts), the Ajax cart with
 * bundled section rendering from the same theme, and the Section Rendering
 * API on any page path (shopify.dev, "Section Rendering API"):
 *   ?sections=a,b   a JSON map of each id's HTML, null for an unknown id
 *                   (more than five ids: 400, nothing rendered);
 *   ?section_id=a   that section's HTML alone (404 for an unknown id);
 *   /recommendations/products?product_id=&section_id=  a section with
 *                   `recommendations` filled (Horizon's and Dawn's related products).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalShopifyContext } from "../context.js";
import { CONSENT_BANNER } from "../consent.js";
import { sendJson, sendText } from "../http.js";
import type { CartState, ShopState } from "../state.js";
import { currentCart, handleCart } from "../storefront-cart.js";
import { productImageUrl } from "../urls.js";
import { ThemePageRender, type RealThemeSetup } from "./render.js";
import { rewriteShopifyCdn } from "./shopify-head.js";
import { realThemesMissing } from "./theme-source.js";

/** The storefront's origin as the browser sees it (its Host), for canonical URLs and `request.origin`. */
function originOf(req: IncomingMessage, ctx: LocalShopifyContext): string {
  return req.headers.host ? `http://${req.headers.host}` : ctx.config.baseUrl;
}

function pageRender(
  setup: RealThemeSetup,
  req: IncomingMessage,
  ctx: LocalShopifyContext,
  shop: ShopState,
  cart: CartState,
  pathAndQuery: string,
  locale: string,
) {
  const url = new URL(pathAndQuery, "http://local");
  return new ThemePageRender(setup, { shop, ctx, cart, path: url.pathname, search: url.searchParams, origin: originOf(req, ctx), locale });
}

/** Handles a storefront request of a shop on a real theme (after the app proxy, the theme editor and the extension's assets). */
export async function handleRealThemeStorefront(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: LocalShopifyContext,
  shop: ShopState,
  setup: RealThemeSetup,
  path: string,
  locale: string,
): Promise<void> {
  const missing = realThemesMissing([setup.name]);
  if (missing) return sendText(res, 503, `Local Shopify cannot show ${shop.domain} on ${setup.name}: ${missing}`);
  const renderSections = (ids: readonly string[], cart: CartState, contextPath: string) =>
    pageRender(setup, req, ctx, shop, cart, contextPath, locale).renderSections(ids);
  if (await handleCart(req, res, url, ctx, shop, path, renderSections, (product) => productImageUrl(ctx.config, product.handle))) return;
  if (req.method !== "GET" && req.method !== "HEAD") return sendText(res, 405, "Method not allowed");

  const cart = currentCart(req, shop);
  const search = url.search;
  const sections = url.searchParams.get("sections") ?? url.searchParams.getAll("sections[]").join(",");
  if (sections) {
    const ids = sections
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length > 5) return sendJson(res, 400, { error: "Too many sections: at most 5" });
    return sendJson(res, 200, await pageRender(setup, req, ctx, shop, cart, path + search, locale).renderSections(ids), { "Cache-Control": "no-store" });
  }
  const sectionId = url.searchParams.get("section_id");
  if (path === "/recommendations/products" || path === "/recommendations/products.json") {
    return recommendations(req, res, ctx, shop, setup, cart, url, locale);
  }
  if (sectionId) {
    const html = (await pageRender(setup, req, ctx, shop, cart, path + search, locale).renderSections([sectionId]))[sectionId];
    if (html === null || html === undefined) return sendText(res, 404, "Section not found");
    return sendText(res, 200, rewriteShopifyCdn(html), "text/html; charset=utf-8");
  }

  const render = pageRender(setup, req, ctx, shop, cart, path + search, locale);
  let html = rewriteShopifyCdn(await render.renderPage());
  if (shop.consentBanner) html = html.replace("</body>", `${CONSENT_BANNER}</body>`);
  res.writeHead(render.target.status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : html);
}

/**
 * Product recommendations (shopify.dev, "Product Recommendations API"): the
 * section asked for, rendered on the product's page with `recommendations`
 * holding other products (the same type first); JSON without a section.
 */
async function recommendations(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: LocalShopifyContext,
  shop: ShopState,
  setup: RealThemeSetup,
  cart: CartState,
  url: URL,
  locale: string,
) {
  const productId = Number(url.searchParams.get("product_id"));
  const product = shop.products.find((p) => p.id === productId && p.status === "ACTIVE");
  if (!product) return sendText(res, 404, "Product not found");
  const limit = Math.min(10, Number(url.searchParams.get("limit")) || 4);
  const others = shop.products
    .filter((p) => p.status === "ACTIVE" && p.id !== product.id)
    .sort((a, b) => Number(b.productType === product.productType) - Number(a.productType === product.productType))
    .slice(0, limit);
  const render = pageRender(setup, req, ctx, shop, cart, `/products/${product.handle}`, locale);
  render.setRecommendations(others, url.searchParams.get("intent") ?? "related");
  const sectionId = url.searchParams.get("section_id");
  if (!sectionId) return sendJson(res, 200, { products: others.map((p) => render.factory.product(p).toJSON()) });
  const html = (await render.renderSections([sectionId]))[sectionId];
  if (!html) return sendText(res, 404, "Section not found");
  return sendText(res, 200, rewriteShopifyCdn(html), "text/html; charset=utf-8");
}
