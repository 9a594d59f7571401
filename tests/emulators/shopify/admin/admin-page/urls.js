// @ts-check
/*
 * The app's URLs and Shopify's, as this admin's.
 */
import { config } from "./page.js";

/**
 * App URL (absolute or relative to the app) -> this admin's URL for it.
 * @param {string} appHref
 */
export function adminPathFor(appHref) {
  const url = new URL(appHref, config.appOrigin + config.appBasePath + "/");
  if (url.origin !== config.appOrigin) return null;
  let path = url.pathname;
  if (config.appBasePath && path.startsWith(config.appBasePath)) path = path.slice(config.appBasePath.length);
  path = path.replace(/^\/*/, "/");
  const query = new URLSearchParams(url.search);
  for (const name of config.embedParams) query.delete(name);
  const search = query.toString();
  return { path, href: config.adminBasePath + (path === "/" ? "" : path) + (search ? `?${search}` : "") + url.hash };
}

// Shopify URLs the app sends the merchant to -> the same page in Local Shopify
// (admin.shopify.com/store/<h>/x, <h>.myshopify.com/admin/x and App Bridge's
// shopify://admin/x are all /store/<h>/x).
/** @param {string} href */
export function toLocalUrl(href) {
  const url = new URL(href, location.href);
  if (url.protocol === "shopify:" && url.hostname === "admin") {
    const storeBase = config.adminBasePath.replace(/\/apps\/[^/]+$/, "");
    return new URL(storeBase + url.pathname.replace(/\/+$/, "") + url.search + url.hash, location.origin);
  }
  const admin = /^\/store\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (url.hostname === "admin.shopify.com" && admin) return new URL(url.pathname + url.search + url.hash, location.origin);
  const shop = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/i.exec(url.hostname);
  const shopAdmin = /^\/admin(\/.*)?$/.exec(url.pathname);
  if (shop && shopAdmin) {
    return new URL(`/store/${shop[1]}${shopAdmin[1] || ""}${url.search}${url.hash}`, location.origin);
  }
  return url;
}
