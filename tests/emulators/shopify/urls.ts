/** Where Local Shopify serves what Shopify serves from other hosts (CDN, storefronts, admin). */
import type { LocalShopifyConfig } from "./config.js";

/**
 * A shop's storefront. Browsers get `http://<handle>.localhost:<port>` (Chromium
 * resolves *.localhost to loopback, and the Host names the shop like a real
 * storefront domain); other base URLs fall back to the path form.
 */
export function storefrontUrl(config: LocalShopifyConfig, handle: string): string {
  const base = new URL(config.baseUrl);
  if (base.hostname === "localhost" || base.hostname === "127.0.0.1") {
    return `${base.protocol}//${handle}.localhost${base.port ? `:${base.port}` : ""}`;
  }
  return `${config.baseUrl}/storefront/${handle}`;
}

export function productImageUrl(config: LocalShopifyConfig, handle: string): string {
  return `${config.baseUrl}/cdn/shop/products/${handle}.svg`;
}

export function fileUrl(config: LocalShopifyConfig, id: number, ext: string): string {
  return `${config.baseUrl}/cdn/shop/files/${id}.${ext}`;
}

/** A generic file (GenericFile.url), by its filename, like Shopify's `cdn.shopify.com/s/files/1/.../files/<filename>?v=...`. */
export function genericFileUrl(config: LocalShopifyConfig, id: number, filename: string): string {
  return `${config.baseUrl}/cdn/shop/files/${id}/${encodeURIComponent(filename)}`;
}

/** A video as uploaded (Video.originalSource), laid out like Shopify's `cdn.shopify.com/videos/c/o/v/...`. */
export function videoOriginalUrl(config: LocalShopifyConfig, id: number, ext: string): string {
  return `${config.baseUrl}/cdn/shop/videos/c/o/v/${id}.${ext}`;
}

/** A video rendition (Video.sources), like Shopify's `.../videos/c/vp/<id>/<id>.SD-480p-....mp4`. */
export function videoRenditionUrl(config: LocalShopifyConfig, id: number, label: string, ext: string): string {
  return `${config.baseUrl}/cdn/shop/videos/c/vp/${id}/${id}.${label}.${ext}`;
}

/** A video's poster (Video.preview.image). */
export function videoPreviewUrl(config: LocalShopifyConfig, id: number): string {
  return `${config.baseUrl}/cdn/shop/files/preview_images/${id}.thumbnail.svg`;
}

/** Where stagedUploadsCreate's targets receive uploads (the emulated bucket). */
export function stagedUploadUrl(config: LocalShopifyConfig, key?: string): string {
  return `${config.baseUrl}/staged-uploads${key ? `/${key.split("/").map(encodeURIComponent).join("/")}` : ""}`;
}

/** The app's page in the (local) admin: where Shopify sends merchants back after declining a charge. */
export function appAdminUrl(config: LocalShopifyConfig, handle: string): string {
  return `${config.baseUrl}/store/${handle}/apps/${config.appHandle}`;
}

/**
 * Where a Shopify admin URL lives in Local Shopify: admin.shopify.com/store/<h>/x
 * and https://<h>.myshopify.com/admin/x are both <baseUrl>/store/<h>/x. Other
 * URLs are returned unchanged. (The admin page's script maps the same way.)
 */
export function localAdminUrl(config: LocalShopifyConfig, href: string): string {
  const url = new URL(href);
  if (url.hostname === "admin.shopify.com" && url.pathname.startsWith("/store/")) {
    return `${config.baseUrl}${url.pathname}${url.search}`;
  }
  const shop = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/i.exec(url.hostname);
  const adminPath = /^\/admin(\/.*)?$/.exec(url.pathname);
  if (shop && adminPath) return `${config.baseUrl}/store/${shop[1]}${adminPath[1] ?? ""}${url.search}`;
  return href;
}
