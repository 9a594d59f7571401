/**
 * What Shopify puts in a real theme's `content_for_header`, as far as themes
 * and apps rely on it: `window.Shopify` (shop, locale, currency, country,
 * theme, routes.root, designMode), the theme's compiled `{% stylesheet %}` and
 * `{% javascript %}` assets, the app blocks' assets, the Customer Privacy API
 * where the shop asks for consent, and the standard storefront actions
 * (Shopify injects them on every Liquid storefront: shopify.dev, "Standard
 * storefront actions", "How actions are loaded").
 *
 * Shopify's CDN (cdn.shopify.com) is not reachable here: Local Shopify serves
 * what themes load from it under /cdn/shopify/ (`shopifyCdnPath`) and rewrites
 * those URLs in the pages it renders, as the app's fetch seam rewrites
 * myshopify.com for the app.
 */
import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { CUSTOMER_PRIVACY_SCRIPT } from "../consent.js";
import { sendText } from "../http.js";
import type { ShopState } from "../state.js";
import { isRealThemeName, realThemeFiles, realThemesMissing, type RealThemeFiles } from "./theme-source.js";

/** Where Local Shopify serves what Shopify serves from https://cdn.shopify.com/. */
export const SHOPIFY_CDN_PATH = "/cdn/shopify/";
const SHOPIFY_CDN_URL = "https://cdn.shopify.com/";

/** The files Local Shopify serves in place of Shopify's CDN ones (ours: storefront-scripts/). */
const CDN_FILES: Record<string, string> = {
  "storefront/standard-events.js": "standard-events.js",
  "storefront/standard-actions.js": "standard-actions.js",
};

export const STANDARD_ACTIONS_SCRIPT = `<script type="module" src="${SHOPIFY_CDN_PATH}storefront/standard-actions.js"></script>`;

/** A page's references to Shopify's CDN, pointed at Local Shopify's stand-ins. */
export function rewriteShopifyCdn(html: string): string {
  return html.split(SHOPIFY_CDN_URL).join(SHOPIFY_CDN_PATH);
}

export function compiledAssetPath(theme: RealThemeFiles, file: "styles.css" | "scripts.js") {
  return `/cdn/shop/t/${theme.name}/compiled_assets/${file}`;
}

export function shopifyHead(input: {
  theme: RealThemeFiles;
  themeInfo: { id: number; name: string; themeStoreId: number };
  shop: ShopState;
  locale: string;
  template: string;
  appAssets: string;
}): string {
  const { theme, themeInfo, shop, locale } = input;
  const [info] = (theme.json("config/settings_schema.json") ?? []) as Array<{ theme_version?: string }>;
  const shopify = {
    shop: shop.domain,
    locale,
    currency: { active: "USD", rate: "1.0" },
    country: "US",
    theme: {
      name: themeInfo.name,
      id: themeInfo.id,
      schema_name: themeInfo.name,
      schema_version: info?.theme_version ?? null,
      theme_store_id: themeInfo.themeStoreId,
      role: "main",
    },
    routes: { root: locale === "en" ? "/" : `/${locale}/` },
    cdnHost: `${SHOPIFY_CDN_PATH}`,
    designMode: false,
  };
  return [
    `<script>window.Shopify = Object.assign(window.Shopify || {}, ${JSON.stringify(shopify)});</script>`,
    ...(shop.consentBanner ? [CUSTOMER_PRIVACY_SCRIPT] : []),
    `<link rel="stylesheet" href="${compiledAssetPath(theme, "styles.css")}">`,
    `<script src="${compiledAssetPath(theme, "scripts.js")}" defer></script>`,
    STANDARD_ACTIONS_SCRIPT,
    input.appAssets,
  ].join("\n");
}

const CONTENT_TYPES: Record<string, string> = {
  js: "application/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  woff2: "font/woff2",
  woff: "font/woff",
};

/**
 * Serves a real theme's assets (/cdn/shop/t/<theme>/assets/<file>), its
 * compiled assets, and Local Shopify's stand-ins for Shopify's CDN files.
 * False when the path is none of those.
 */
export function handleThemeCdn(res: ServerResponse, path: string): boolean {
  const cdn = path.startsWith(SHOPIFY_CDN_PATH) ? CDN_FILES[path.slice(SHOPIFY_CDN_PATH.length)] : undefined;
  if (path.startsWith(SHOPIFY_CDN_PATH)) {
    if (!cdn) return (sendText(res, 404, "Not found"), true);
    const file = join(import.meta.dirname, "storefront-scripts", cdn);
    res.writeHead(200, { "Content-Type": CONTENT_TYPES.js!, "Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*" });
    res.end(readFileSync(file));
    return true;
  }
  const match = /^\/cdn\/shop\/t\/([\w.-]+)\/(assets|compiled_assets)\/([\w.-]+)$/.exec(path);
  if (!match) return false;
  const [, name = "", folder, file = ""] = match;
  if (!isRealThemeName(name) || realThemesMissing([name])) return (sendText(res, 404, "Not found"), true);
  const theme = realThemeFiles(name);
  let body: string | Buffer | undefined;
  if (folder === "compiled_assets") {
    const compiled = theme.compiledAssets();
    body = file === "styles.css" ? compiled.css : file === "scripts.js" ? compiled.js : undefined;
  } else {
    const full = join(theme.dir, "assets", file);
    body = existsSync(full) ? readFileSync(full) : undefined;
  }
  if (body === undefined) return (sendText(res, 404, "Not found"), true);
  const type = CONTENT_TYPES[file.split(".").pop() ?? ""] ?? "application/octet-stream";
  // The themes do not change while Local Shopify runs: browsers may keep them a while.
  res.writeHead(200, { "Content-Type": type, "Cache-Control": "public, max-age=600", "Access-Control-Allow-Origin": "*" });
  res.end(body);
  return true;
}
