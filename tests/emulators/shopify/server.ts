/**
 * Local Shopify: one node:http server standing in for every Shopify host the
 * app talks to (admin, Admin API, OAuth, billing, CDN, storefronts). The app
 * reaches it by rewriting `https://<shop>/...` to `<baseUrl>/...`, so shops are
 * identified by access token or session token, never by Host (except
 * storefronts, which browsers address as `<handle>.localhost`). The platform
 * emulators (Apify API, oEmbed, image CDNs: tests/emulators/platforms) are
 * mounted here too, so the demo and the tests run one emulator process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAdminRequest } from "./admin/index.js";
import { handleConfirmPage, CONFIRM_PATH } from "./billing.js";
import { productSvg } from "./catalogue.js";
import { readLocalShopifyConfig, type LocalShopifyConfig } from "./config.js";
import type { LocalShopifyContext } from "./context.js";
import {
  configureFiles,
  controlRouter,
  failNextFileProcessing,
  holdVideoProcessing,
  listShopFiles,
  mintIdTokenFor,
  resetAll,
  resetShop,
  seedShop,
  shopSnapshot,
  uninstallShop,
  type FileFailureInput,
  type FilesSettings,
  type SeedInput,
} from "./control.js";
import { filesCdnRoutes } from "./files-cdn.js";
import { pendingFiles, resumeFileProcessing } from "./graphql/files.js";
import { handleGraphql } from "./graphql/index.js";
import { Router, sendJson, sendText } from "./http.js";
import { handleAccessToken } from "./oauth.js";
import { loadAdminSchema } from "./schema/index.js";
import { handleStagedUpload } from "./staged-uploads.js";
import { createPlatformEmulators, type PlatformEmulators } from "../platforms/index.js";
import { handleSisterProduct } from "../sister-product/emulator.js";
import { createSaver, getShop, loadState, type LocalShopifyState } from "./state.js";
import { handleStorefront, storefrontTarget } from "./storefront.js";
import { handleThemeCdn } from "./real-themes/shopify-head.js";
import { deliverWebhook } from "./webhooks.js";

export interface LocalShopify {
  url: string;
  config: LocalShopifyConfig;
  state: LocalShopifyState;
  ctx: LocalShopifyContext;
  /** The Apify, oEmbed and platform CDN emulators (tests/emulators/platforms). */
  platforms: PlatformEmulators;
  close(): Promise<void>;
  /** The control operations, in process (same as the /__local/ endpoints). */
  reset(): void;
  resetShop(shop: string): void;
  seed(shop: string, seed: SeedInput): ReturnType<typeof seedShop>;
  snapshot(shop: string): ReturnType<typeof shopSnapshot>;
  uninstall(shop: string): ReturnType<typeof uninstallShop>;
  sendWebhook(shop: string, topic: string, payload?: unknown): ReturnType<typeof deliverWebhook>;
  mintIdToken(shop: string, options?: { userId?: string; expiresInSeconds?: number }): Promise<string>;
  /** A shop's files and staged uploads (same as GET /__local/shops/<shop>/files). */
  files(shop: string): ReturnType<typeof listShopFiles>;
  /** Makes the next processing of a file fail (same as POST /__local/shops/<shop>/files/fail-next). */
  failNextFileProcessing(shop: string, input: FileFailureInput): ReturnType<typeof failNextFileProcessing>;
  /** Holds or releases a shop's videos in PROCESSING (same as POST /__local/shops/<shop>/files/hold). */
  holdVideoProcessing(shop: string, held: boolean): ReturnType<typeof holdVideoProcessing>;
  /** Video processing's step and size limit (same as POST /__local/files/config). */
  configureFiles(settings: FilesSettings): ReturnType<typeof configureFiles>;
  /** Resolves when background file processing (fileCreate: downloads, videos turning READY) has finished. */
  settled(): Promise<void>;
}

function ownRoutes(ctx: LocalShopifyContext): Router {
  return (
    new Router()
      .on("POST", /^\/admin\/oauth\/access_token$/, (req, res) => handleAccessToken(req, res, ctx))
      .on("POST", /^\/admin\/api\/([^/]+)\/graphql\.json$/, (req, res, _url, [version = ""]) => handleGraphql(req, res, ctx, version))
      .on("GET", /^\/cdn\/shop\/products\/([^/]+)\.svg$/, (_req, res, _url, [handle = ""]) => {
        // Stand-in for Shopify's CDN: the product's title on a colour derived from it.
        const product = Object.values(ctx.state.shops)
          .flatMap((s) => s.products)
          .find((p) => p.handle === handle);
        const title = product?.title ?? handle.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
        res.setHeader("Cache-Control", "public, max-age=3600");
        sendText(res, 200, productSvg(title), "image/svg+xml");
      })
      .on("*", /^\/staged-uploads(?:\/(.+))?$/, (req, res, url, [key = ""]) => handleStagedUpload(req, res, url, ctx, key))
      .on("*", CONFIRM_PATH, (req, res, url, params) => handleConfirmPage(req, res, url, ctx, params))
      // Real themes' assets and Local Shopify's stand-ins for Shopify's CDN files, also outside a storefront's host.
      .on("GET", /^\/cdn\/(shop\/t|shopify)\//, (_req, res, url) => void handleThemeCdn(res, url.pathname))
  );
}

export async function startLocalShopify(overrides: Partial<LocalShopifyConfig> = {}): Promise<LocalShopify> {
  const defaults = readLocalShopifyConfig();
  const config: LocalShopifyConfig = { ...defaults, ...overrides };
  if (overrides.port !== undefined && overrides.baseUrl === undefined) config.baseUrl = `http://localhost:${overrides.port}`;

  loadAdminSchema(); // build once, up front: the first GraphQL call should not pay for it
  const state = loadState(config.stateFile);
  const saver = createSaver(config.stateFile, () => state);
  const ctx: LocalShopifyContext = {
    config,
    state,
    mintIdToken: (shop) => mintIdTokenFor(ctx, shop),
    shop: (shop) => getShop(state, shop),
    save: () => saver.save(),
    deliverWebhook: (input) => deliverWebhook(ctx, input),
  };
  resumeFileProcessing(ctx);
  const control = controlRouter(ctx);
  const routes = ownRoutes(ctx);
  const filesCdn = filesCdnRoutes(ctx);
  const platforms = createPlatformEmulators({ baseUrl: () => config.baseUrl });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", config.baseUrl);
    // Storefront hosts (<handle>.localhost) are a different site from the admin: they go first.
    const storefront = storefrontTarget(req, url);
    if (storefront && !url.pathname.startsWith("/storefront/")) return handleStorefront(req, res, url, ctx, storefront);
    if (await handleAdminRequest(req, res, url, ctx)) return;
    if (storefront) return handleStorefront(req, res, url, ctx, storefront);
    if (await control.handle(req, res, url)) return;
    if (await routes.handle(req, res, url)) return;
    if (await filesCdn.handle(req, res, url)) return;
    if (await platforms.handle(req, res, url)) return;
    if (await handleSisterProduct(req, res, url)) return;
    sendJson(res, 404, { errors: "Not Found" });
  }

  const server = createServer((req, res) => {
    dispatch(req, res).catch((error) => {
      console.error("Local Shopify:", error);
      if (!res.headersSent) sendJson(res, 500, { errors: `Local Shopify internal error: ${(error as Error).message}` });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  if (config.port === 0 && overrides.baseUrl === undefined) config.baseUrl = `http://localhost:${port}`;
  config.port = port;

  const settled = async () => {
    while (pendingFiles.size) await Promise.allSettled([...pendingFiles]);
  };
  return {
    url: config.baseUrl,
    config,
    state,
    ctx,
    platforms,
    async close() {
      platforms.close();
      await settled();
      saver.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    reset: () => resetAll(ctx),
    resetShop: (shop) => resetShop(ctx, shop),
    seed: (shop, seed) => seedShop(ctx, shop, seed),
    snapshot: (shop) => shopSnapshot(ctx, shop),
    uninstall: (shop) => uninstallShop(ctx, shop),
    sendWebhook: (shop, topic, payload) => deliverWebhook(ctx, { shop, topic, payload }),
    mintIdToken: (shop, options) => mintIdTokenFor(ctx, shop, options),
    files: (shop) => listShopFiles(ctx, shop),
    failNextFileProcessing: (shop, input) => failNextFileProcessing(ctx, shop, input),
    holdVideoProcessing: (shop, held) => holdVideoProcessing(ctx, shop, { held }),
    configureFiles: (settings) => configureFiles(ctx, settings),
    settled,
  };
}
