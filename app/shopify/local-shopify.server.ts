/**
 * The app's only seams for Local Shopify (tests/emulators/shopify), the emulator we
 * run because Shopify is unreachable from our machines. Everything here is off
 * unless LOCAL_SHOPIFY_URL is set, and it refuses to switch on unless both that
 * URL and the app's own URL are loopback addresses, so a deployed app (public
 * https URL) can never send tokens or merchant data to an emulator.
 *
 * The same guard covers the platform importers' seam (`localPlatformEndpoints`):
 * Apify and oEmbed calls go to the emulators mounted in Local Shopify
 * (tests/emulators/platforms) only under the same loopback condition.
 *
 * This module must be imported before "@shopify/shopify-app-remix/adapters/node",
 * which reads APP_BRIDGE_URL once at import time.
 */
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { serverEnv, type ServerEnv } from "~/env.server";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopbackUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

export interface LocalShopify {
  /** Origin of the emulator, e.g. http://localhost:3100 */
  origin: string;
  appBridgeUrl: string;
}

export function readLocalShopify(env: Pick<ServerEnv, "LOCAL_SHOPIFY_URL" | "SHOPIFY_APP_URL">): LocalShopify | null {
  const url = env.LOCAL_SHOPIFY_URL;
  if (!url) return null;
  if (!isLoopbackUrl(url) || !isLoopbackUrl(env.SHOPIFY_APP_URL)) {
    throw new Error(
      "LOCAL_SHOPIFY_URL is set, but Local Shopify only runs when both it and SHOPIFY_APP_URL are loopback URLs. " +
        "Unset LOCAL_SHOPIFY_URL for a real deployment.",
    );
  }
  const origin = new URL(url).origin;
  return { origin, appBridgeUrl: `${origin}/app-bridge.js` };
}

export const localShopify = readLocalShopify(serverEnv);

if (localShopify) {
  // Read by the library's node adapter for its server-rendered bounce and exit pages: a write for the library,
  // not a read of ours.
  // eslint-disable-next-line no-restricted-properties
  process.env.APP_BRIDGE_URL = localShopify.appBridgeUrl;
}

/**
 * Sends the library's calls to https://<shop>.myshopify.com/... to Local Shopify.
 * Only the URL string changes; the shop is known to the emulator from the access
 * token or session token, exactly as on Shopify. globalThis.fetch is looked up at
 * call time, so a test's stand-in for fetch is seen too.
 * Must run after "@shopify/shopify-app-remix/server" has set its own fetch.
 */
export function installLocalShopifyFetch(local: LocalShopify | null = localShopify): void {
  if (!local) return;
  const origin = local.origin;
  setAbstractFetchFunc((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const rewritten = url.replace(/^https:\/\/[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com(?=\/)/, origin);
    return globalThis.fetch(rewritten, init);
  });
}

/** Extra frame-ancestors origin so the local admin page may frame the app. */
export function withLocalFrameAncestor(headers: Headers): void {
  if (!localShopify) return;
  const csp = headers.get("Content-Security-Policy");
  if (csp?.includes("frame-ancestors")) {
    headers.set("Content-Security-Policy", csp.replace("frame-ancestors", `frame-ancestors ${localShopify.origin}`));
  }
  // The library preloads App Bridge from Shopify's CDN; point the hint at the stand-in.
  if (headers.has("Link")) {
    headers.set("Link", `<${localShopify.appBridgeUrl}>; rel="preload"; as="script";`);
  }
}

/**
 * The app's page inside the merchant's admin, e.g. where Shopify returns the
 * merchant after approving a charge.
 */
export function adminAppUrl(shopDomain: string, appHandle: string, path = ""): string {
  const store = shopDomain.replace(/\.myshopify\.com$/, "");
  const base = localShopify ? localShopify.origin : "https://admin.shopify.com";
  return `${base}/store/${store}/apps/${appHandle}${path}`;
}

/**
 * The shop's own origin, where Shopify serves its storefront and the theme
 * editor deep links (`https://<shop>.myshopify.com`); with Local Shopify, its
 * storefront host for that shop (`http://<handle>.localhost:<port>`).
 */
export function shopOrigin(shopDomain: string, local: LocalShopify | null = localShopify): string {
  if (!local) return `https://${shopDomain}`;
  const handle = shopDomain.replace(/\.myshopify\.com$/, "");
  const origin = new URL(local.origin);
  return `${origin.protocol}//${handle}.localhost${origin.port ? `:${origin.port}` : ""}`;
}

/** Where the platform importers send their calls; null means the real services. */
export interface LocalPlatformEndpoints {
  /** apify-client's `baseUrl` (the client appends /v2). */
  apifyBaseUrl: string;
  /** Stand-in for https://www.pinterest.com/oembed.json */
  pinterestOembedUrl: string;
}

/**
 * The Apify API and oEmbed emulators inside Local Shopify, or null when Local
 * Shopify is off (a deployed app always talks to the real services).
 */
export function localPlatformEndpoints(local: LocalShopify | null = localShopify): LocalPlatformEndpoints | null {
  if (!local) return null;
  return {
    apifyBaseUrl: `${local.origin}/apify`,
    pinterestOembedUrl: `${local.origin}/oembed/pinterest.json`,
  };
}

/** The sister product's API emulator inside Local Shopify, or null when Local Shopify is off. */
export function localSisterProductUrl(local: LocalShopify | null = localShopify): string | null {
  return local ? `${local.origin}/sister-product` : null;
}
