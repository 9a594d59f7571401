// Local Shopify's seams first: the node adapter below reads APP_BRIDGE_URL on import.
import { installLocalShopifyFetch } from "./shopify/local-shopify.server";
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, BillingInterval, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { shopifyApi, type BillingConfig } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { prisma } from "./db.server";
import { serverEnv, type ServerEnv } from "./env.server";
import { PREMIUM_PLAN } from "./constants";
import { markShopReinstalled } from "./models/lifecycle.server";
import { provideOfflineAdmin } from "./shopify/offline-admin.server";

installLocalShopifyFetch();

function logLevel(name: ServerEnv["SHOPIFY_LOG_LEVEL"]): LogSeverity {
  const levels: Record<ServerEnv["SHOPIFY_LOG_LEVEL"], LogSeverity> = {
    error: LogSeverity.Error,
    warning: LogSeverity.Warning,
    info: LogSeverity.Info,
    debug: LogSeverity.Debug,
  };
  return levels[name];
}

/**
 * What Shopify bills: Premium's price from app/constants.ts, the figure the Plan
 * page and its FAQ show (app/messages/), so changing it changes both.
 */
export const BILLING_PLANS = {
  [PREMIUM_PLAN.name]: {
    lineItems: [{ amount: PREMIUM_PLAN.priceUsd, currencyCode: "USD", interval: BillingInterval.Every30Days }],
  },
} satisfies BillingConfig;

const shopify = shopifyApp({
  apiKey: serverEnv.SHOPIFY_API_KEY,
  apiSecretKey: serverEnv.SHOPIFY_API_SECRET,
  apiVersion: ApiVersion.October25,
  scopes: serverEnv.SCOPES?.split(","),
  appUrl: serverEnv.SHOPIFY_APP_URL ?? "",
  authPathPrefix: "/auth",
  sessionStorage: new PrismaSessionStorage(prisma),
  distribution: AppDistribution.AppStore,
  billing: BILLING_PLANS,
  hooks: {
    // A new offline session: the first open after installing, or after a reinstall.
    afterAuth: async ({ session }) => {
      await markShopReinstalled(session.shop);
    },
  },
  // SHOPIFY_LOG_LEVEL=error|warning|info|debug; the library's default (info) logs every request.
  logger: { level: logLevel(serverEnv.SHOPIFY_LOG_LEVEL) },
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  ...(serverEnv.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [serverEnv.SHOP_CUSTOM_DOMAIN] } : {}),
});

// Models and jobs reach the Admin API outside requests through app/shopify/offline-admin.server.ts (decision 027).
provideOfflineAdmin(async (shopDomain) => (await shopify.unauthenticated.admin(shopDomain)).admin.graphql);

export default shopify;
export const apiVersion = ApiVersion.October25;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
/**
 * The app proxy signature check that authenticate.public.appProxy makes (the
 * Shopify library's HMAC validation, timestamp included), without the offline
 * session it then loads: storefront beacons never call the Admin API, and that
 * lookup was a database query per beacon (decision 015).
 */
const proxySignatures = shopifyApi({
  apiKey: serverEnv.SHOPIFY_API_KEY,
  apiSecretKey: serverEnv.SHOPIFY_API_SECRET,
  apiVersion: ApiVersion.October25,
  hostName: new URL(serverEnv.SHOPIFY_APP_URL ?? "http://localhost").host,
  isEmbeddedApp: true,
  logger: { level: LogSeverity.Error },
});
export async function isSignedByAppProxy(url: URL): Promise<boolean> {
  return proxySignatures.utils.validateHmac(url.searchParams, { signator: "appProxy" }).catch(() => false);
}

export const sessionStorage = shopify.sessionStorage;
