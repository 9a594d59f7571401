import localApp from "./local-app.json" with { type: "json" };

/**
 * Local Shopify's configuration. The same values are handed to the app by
 * scripts/demo.mjs and the Playwright set-up, so both sides agree on the app
 * credentials without anything being hard-coded in app code.
 */
export interface LocalShopifyConfig {
  /** Port Local Shopify listens on. */
  port: number;
  /** Public base URL of Local Shopify, e.g. http://localhost:3100 */
  baseUrl: string;
  /** Where the app under test is served, e.g. http://localhost:3000 */
  appUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The app's handle in the admin URL: /store/<shop>/apps/<appHandle>/... */
  appHandle: string;
  /** Admin API version the app speaks (and the schema file served). */
  apiVersion: string;
  /** Scopes granted on token exchange. */
  scopes: string;
  /** Optional JSON file where the emulator keeps its state between runs (demo). */
  stateFile?: string;
  /**
   * How long a video created by fileCreate stays UPLOADED, then PROCESSING, before it turns READY or
   * FAILED: long enough that a client has to poll, as with Shopify's transcoder. 0 still answers
   * asynchronously.
   */
  videoProcessingStepMs: number;
  /** Larger videos fail processing (GENERIC_FILE_INVALID_SIZE); Local Shopify keeps every byte in memory. */
  maxVideoBytes: number;
}

export const LOCAL_DEFAULTS = {
  port: 3100,
  appPort: 3000,
  apiKey: localApp.apiKey,
  apiSecret: localApp.apiSecret,
  appHandle: localApp.appHandle,
  apiVersion: localApp.apiVersion,
  scopes: localApp.scopes,
  videoProcessingStepMs: 250,
  maxVideoBytes: 64 * 1024 * 1024,
} as const;

export function readLocalShopifyConfig(env: NodeJS.ProcessEnv = process.env): LocalShopifyConfig {
  const port = Number(env.LOCAL_SHOPIFY_PORT ?? LOCAL_DEFAULTS.port);
  const appPort = Number(env.PORT ?? LOCAL_DEFAULTS.appPort);
  return {
    port,
    baseUrl: env.LOCAL_SHOPIFY_URL ?? `http://localhost:${port}`,
    appUrl: env.SHOPIFY_APP_URL ?? `http://localhost:${appPort}`,
    apiKey: env.SHOPIFY_API_KEY ?? LOCAL_DEFAULTS.apiKey,
    apiSecret: env.SHOPIFY_API_SECRET ?? LOCAL_DEFAULTS.apiSecret,
    appHandle: env.SHOPIFY_APP_HANDLE ?? LOCAL_DEFAULTS.appHandle,
    apiVersion: env.SHOPIFY_API_VERSION ?? LOCAL_DEFAULTS.apiVersion,
    scopes: env.SCOPES ?? LOCAL_DEFAULTS.scopes,
    stateFile: env.LOCAL_SHOPIFY_STATE_FILE || undefined,
    videoProcessingStepMs: Number(env.LOCAL_SHOPIFY_VIDEO_STEP_MS ?? LOCAL_DEFAULTS.videoProcessingStepMs),
    maxVideoBytes: Number(env.LOCAL_SHOPIFY_MAX_VIDEO_BYTES ?? LOCAL_DEFAULTS.maxVideoBytes),
  };
}

/** "demo" -> "demo.myshopify.com"; a full domain is kept as is. */
export function shopDomainOf(shopOrHandle: string): string {
  return shopOrHandle.includes(".") ? shopOrHandle : `${shopOrHandle}.myshopify.com`;
}

/** "demo.myshopify.com" -> "demo" (the store handle used in admin URLs). */
export function storeHandleOf(shopDomain: string): string {
  return shopDomain.replace(/\.myshopify\.com$/, "");
}

/** The `host` query parameter Shopify adds: base64 of the shop's admin host. */
export function hostParamOf(shopDomain: string): string {
  return Buffer.from(`admin.shopify.com/store/${storeHandleOf(shopDomain)}`)
    .toString("base64")
    .replace(/=+$/, "");
}
