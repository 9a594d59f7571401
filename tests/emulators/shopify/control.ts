/**
 * Test controls under /__local/ (and the same operations as functions for
 * in-process use): reset, seed, inspect, send webhooks, uninstall, mint
 * session tokens, cancel orders and refund their lines. Nothing here exists on Shopify; it stands in for what a
 * developer does by hand in a dev store.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { normalizeProduct, demoCatalogue, type Product } from "./catalogue.js";
import { shopDomainOf } from "./config.js";
import type { LocalShopifyContext } from "./context.js";
import { fileGidType, installationId } from "./graphql/views.js";
import { gid, parseGid } from "./gid.js";
import { readParams, Router, sendJson } from "./http.js";
import { revokeTokens } from "./oauth.js";
import { adminApiCalls } from "./graphql/index.js";
import { mintSessionToken } from "./session-token.js";
import { emptyState, nextId, type FileRecord, type OrderRecord, type ThemeKind } from "./state.js";
import { fileUrl, genericFileUrl, videoOriginalUrl, videoPreviewUrl } from "./urls.js";
import { stagedResourceUrl } from "./staged-uploads.js";
import { deliverWebhook, redeliverWebhook } from "./webhooks.js";
import { cancelOrder, refundOrder, type CancelInput, type RefundInput } from "./orders.js";
import { createProduct, deleteProduct, updateProduct, type ProductInput } from "./product-changes.js";
import { REAL_THEME_NAMES, isRealThemeName, realThemesMissing, type RealThemeName } from "./real-themes/theme-source.js";

export interface SeedInput {
  theme?: ThemeKind;
  /** Replaces the merchant's edits of a theme (filename -> content). */
  themeEdits?: Partial<Record<ThemeKind, Record<string, string>>>;
  products?: Array<Partial<Product> & { title: string; price?: string | number }>;
  productCount?: number;
  orders?: Array<Partial<OrderRecord>>;
  /** The storefront asks shoppers for consent (a cookie banner and Shopify's Customer Privacy API, as where the law requires it). */
  consentBanner?: boolean;
  /**
   * Publishes one of Shopify's own themes (../shared/themes/<name>) instead of
   * the built-in ones; null goes back to the built-in theme of `theme`.
   */
  realTheme?: RealThemeName | null;
  /** The merchant's theme settings on the real theme, over config/settings_data.json (e.g. { cart_type: "drawer" }); replaces earlier ones. */
  themeSettings?: Record<string, unknown>;
  /** Replaces the merchant's edits of a real theme (filename -> content), as the theme editor saves them. */
  realThemeEdits?: Partial<Record<RealThemeName, Record<string, string>>>;
}

export function resetAll(ctx: LocalShopifyContext): void {
  // Mutate in place: callers hold references to ctx.state.
  Object.assign(ctx.state, emptyState());
  ctx.save();
}

export function resetShop(ctx: LocalShopifyContext, shop: string): void {
  const domain = shopDomainOf(shop);
  revokeTokens(ctx.state, domain);
  delete ctx.state.shops[domain];
  ctx.save();
}

export function seedShop(ctx: LocalShopifyContext, shopName: string, seed: SeedInput) {
  const shop = ctx.shop(shopName);
  if (seed.theme) {
    if (seed.theme !== "json" && seed.theme !== "liquid") throw new Error(`theme must be "json" or "liquid"`);
    shop.theme = seed.theme;
  }
  if (seed.themeEdits) shop.themeEdits = { ...shop.themeEdits, ...seed.themeEdits };
  if (seed.realTheme !== undefined) {
    if (seed.realTheme !== null && !isRealThemeName(seed.realTheme)) throw new Error(`realTheme must be one of ${REAL_THEME_NAMES.join(", ")} (or null)`);
    const missing = seed.realTheme ? realThemesMissing([seed.realTheme]) : null;
    if (missing) throw Object.assign(new Error(missing), { status: 503 });
    shop.realTheme = seed.realTheme ? { name: seed.realTheme, settings: seed.themeSettings ?? {} } : null;
  } else if (seed.themeSettings && shop.realTheme) shop.realTheme = { ...shop.realTheme, settings: seed.themeSettings };
  if (seed.realThemeEdits) shop.realThemeEdits = { ...shop.realThemeEdits, ...seed.realThemeEdits };
  if (seed.consentBanner !== undefined) shop.consentBanner = seed.consentBanner === true;
  if (seed.productCount != null) shop.products = demoCatalogue(seed.productCount);
  if (seed.products) shop.products = seed.products.map((p, i) => normalizeProduct(p, i));
  if (seed.orders) {
    shop.orders = seed.orders.map((o, i) => {
      // Refunds name lines by id, as on Shopify: every seeded line gets one.
      const lineItems = (o.lineItems ?? []).map((li) => ({ ...li, id: li.id ?? nextId(ctx.state), price: String(li.price) }));
      return {
        ...o,
        id: o.id ?? nextId(ctx.state),
        name: o.name ?? `#${1001 + i}`,
        createdAt: o.createdAt ?? new Date().toISOString(),
        totalPrice: String(o.totalPrice ?? lineItems.reduce((sum, li) => sum + Number(li.price) * li.quantity, 0).toFixed(2)),
        lineItems,
      };
    });
  }
  ctx.save();
  return shopSnapshot(ctx, shop.domain);
}

/** What tests assert on: everything the app changed or received, without file bytes. */
export function shopSnapshot(ctx: LocalShopifyContext, shopName: string) {
  const shop = ctx.shop(shopName);
  const tokens = Object.values(ctx.state.tokens).filter((t) => t.shop === shop.domain);
  return {
    shop: shop.domain,
    id: shop.id,
    installed: shop.installed,
    theme: shop.theme,
    themeEdits: shop.themeEdits,
    realTheme: shop.realTheme ?? null,
    realThemeEdits: shop.realThemeEdits ?? {},
    carts: shop.carts,
    appInstallationId: gid("AppInstallation", installationId(shop)),
    productCount: shop.products.length,
    subscriptions: shop.subscriptions,
    metafields: shop.metafields,
    files: shop.files.map(({ data: _data, ...file }) => file),
    orders: shop.orders,
    webhookDeliveries: shop.webhookDeliveries,
    tokens: {
      count: tokens.length,
      offline: tokens.filter((t) => t.kind === "offline").length,
      online: tokens.filter((t) => t.kind === "online").length,
    },
  };
}

// ---------------------------------------------------------------- files

/** A shop's files as a test reads them: ids, statuses, sizes, errors and CDN URLs, without the bytes. */
export function listShopFiles(ctx: LocalShopifyContext, shopName: string) {
  const shop = ctx.shop(shopName);
  const cdnUrlOf = (f: FileRecord) => {
    if (f.status !== "READY") return null;
    if (f.mediaType === "FILE") return genericFileUrl(ctx.config, f.id, f.filename ?? `file-${f.id}`);
    return f.mediaType === "VIDEO" ? videoOriginalUrl(ctx.config, f.id, f.ext ?? "mp4") : fileUrl(ctx.config, f.id, f.ext ?? "bin");
  };
  return {
    files: shop.files.map((f) => ({
      id: gid(fileGidType(f), f.id),
      mediaType: f.mediaType ?? "IMAGE",
      status: f.status,
      filename: f.filename ?? null,
      alt: f.alt,
      originalSource: f.originalSource,
      mimeType: f.contentType ?? null,
      fileSize: f.data ? Buffer.byteLength(f.data, "base64") : null,
      width: f.width ?? null,
      height: f.height ?? null,
      durationMs: f.durationMs ?? null,
      error: f.status === "FAILED" ? { code: f.errorCode ?? "IMAGE_DOWNLOAD_FAILURE", details: f.error ?? null } : null,
      url: cdnUrlOf(f),
      previewUrl: f.mediaType === "VIDEO" && f.status === "READY" ? videoPreviewUrl(ctx.config, f.id) : null,
      createdAt: f.createdAt,
      updatedAt: f.updatedAt,
    })),
    stagedUploads: shop.stagedUploads.map(({ data, ...upload }) => ({
      ...upload,
      resourceUrl: stagedResourceUrl(ctx.config, upload),
      uploadedBytes: data ? Buffer.byteLength(data, "base64") : null,
    })),
    pendingFailures: shop.fileFailures,
  };
}

export interface FileFailureInput {
  /** The file's gid or numeric id: it must not have finished processing yet. */
  id?: string | number;
  /** Or a text the source URL or filename of a file created later contains. */
  source?: string;
  /** A FileErrorCode; by default VIDEO_VALIDATION_ERROR for a video, IMAGE_PROCESSING_FAILURE for an image. */
  code?: string;
  details?: string;
}

/** Makes the next processing of one file fail (a video's, or an image's once downloaded). */
export function failNextFileProcessing(ctx: LocalShopifyContext, shopName: string, input: FileFailureInput) {
  const shop = ctx.shop(shopName);
  const numericId = input.id === undefined ? undefined : typeof input.id === "number" ? input.id : (parseGid(input.id)?.id ?? Number(input.id));
  if (numericId === undefined && !input.source) throw new Error("id or source is required");
  if (numericId !== undefined) {
    const file = shop.files.find((f) => f.id === numericId);
    if (!file) throw Object.assign(new Error(`no file ${input.id} in ${shop.domain}`), { status: 404 });
    // Fail loudly rather than wait for a processing that will never come.
    if (file.status === "READY" || file.status === "FAILED") throw Object.assign(new Error(`file ${input.id} is already ${file.status}`), { status: 409 });
  }
  shop.fileFailures.push({
    ...(numericId !== undefined ? { fileId: numericId } : { source: input.source }),
    ...(input.code ? { code: input.code } : {}),
    details: input.details ?? "Failed on request (Local Shopify control)",
  });
  ctx.save();
  return { pendingFailures: shop.fileFailures };
}

/**
 * Holds (or releases) one shop's videos in PROCESSING, as a Shopify that is
 * still transcoding: a test sees that state for as long as it needs, whatever
 * the machine's load, instead of racing videoProcessingStepMs.
 */
export function holdVideoProcessing(ctx: LocalShopifyContext, shopName: string, input: { held?: unknown }) {
  if (typeof input.held !== "boolean") throw Object.assign(new Error("held must be true or false"), { status: 400 });
  const shop = ctx.shop(shopName);
  shop.videoProcessingHeld = input.held;
  ctx.save();
  return { held: shop.videoProcessingHeld };
}

/**
 * Makes the shop's next `count` Admin GraphQL requests lose their connection once the request has arrived, before
 * any answer: what a client sees when a kept-alive socket is closed under it or a proxy drops the line (fetch
 * rejects with "fetch failed"). The request is not run, as when a connection breaks before Shopify reads it.
 */
export function dropNextGraphqlConnections(ctx: LocalShopifyContext, shopName: string, input: { count?: unknown }) {
  const count = input.count ?? 1;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0) throw Object.assign(new Error("count must be a whole number"), { status: 400 });
  const shop = ctx.shop(shopName);
  shop.graphqlConnectionsToDrop = count;
  ctx.save();
  return { graphqlConnectionsToDrop: count };
}

export interface FilesSettings {
  videoProcessingStepMs?: number;
  maxVideoBytes?: number;
}

/** Changes how long videos take and how large they may be, for the whole emulator. */
export function configureFiles(ctx: LocalShopifyContext, settings: FilesSettings): Required<FilesSettings> {
  for (const name of ["videoProcessingStepMs", "maxVideoBytes"] as const) {
    const value = settings[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
    ctx.config[name] = value;
  }
  return { videoProcessingStepMs: ctx.config.videoProcessingStepMs, maxVideoBytes: ctx.config.maxVideoBytes };
}

/**
 * Uninstalling, as Shopify does it: tokens stop working, the subscription ends,
 * app-owned data on the installation goes, and app/uninstalled is delivered.
 */
export async function uninstallShop(ctx: LocalShopifyContext, shopName: string) {
  const shop = ctx.shop(shopName);
  shop.installed = false;
  revokeTokens(ctx.state, shop.domain);
  for (const sub of shop.subscriptions) if (sub.status === "ACTIVE" || sub.status === "PENDING") sub.status = "CANCELLED";
  const installation = gid("AppInstallation", installationId(shop));
  shop.metafields = shop.metafields.filter((m) => m.ownerId !== installation);
  ctx.save();
  return deliverWebhook(ctx, { shop: shop.domain, topic: "app/uninstalled" });
}

export async function mintIdTokenFor(ctx: LocalShopifyContext, shop: string, options: { userId?: string; expiresInSeconds?: number } = {}) {
  return mintSessionToken({ shop: shopDomainOf(shop), apiKey: ctx.config.apiKey, apiSecret: ctx.config.apiSecret, ...options });
}

/** A shop in a control URL: a handle or a *.myshopify.com domain, nothing else. */
function shopParam(value: string): string {
  if (!/^[a-z0-9][a-z0-9-]*(\.myshopify\.com)?$/i.test(value)) throw Object.assign(new Error(`not a shop: ${value}`), { status: 400 });
  return shopDomainOf(value.toLowerCase());
}

export function controlRouter(ctx: LocalShopifyContext): Router {
  const json = (fn: (req: IncomingMessage, params: string[]) => unknown) => async (req: IncomingMessage, res: ServerResponse, _url: URL, params: string[]) => {
    try {
      sendJson(res, 200, await fn(req, params));
    } catch (error) {
      sendJson(res, (error as { status?: number }).status ?? 400, { error: (error as Error).message });
    }
  };
  const SHOP = "/__local/shops/([^/]+)";
  return new Router()
    .on(
      "GET",
      /^\/__local\/health$/,
      json(() => ({ ok: true, baseUrl: ctx.config.baseUrl, appUrl: ctx.config.appUrl })),
    )
    .on(
      "POST",
      /^\/__local\/reset$/,
      json(() => (resetAll(ctx), { ok: true })),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/reset$`),
      json((_req, [shop = ""]) => (resetShop(ctx, shopParam(shop)), { ok: true })),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/seed$`),
      json(async (req, [shop = ""]) => seedShop(ctx, shopParam(shop), (await readParams(req)) as SeedInput)),
    )
    .on(
      "GET",
      new RegExp(`^${SHOP}/state$`),
      json((_req, [shop = ""]) => shopSnapshot(ctx, shopParam(shop))),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/webhooks$`),
      json(async (req, [shop = ""]) => {
        const { topic, payload } = await readParams(req);
        if (typeof topic !== "string" || !topic) throw new Error("topic is required");
        return deliverWebhook(ctx, { shop: shopParam(shop), topic, payload });
      }),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/webhooks/([\\w-]+)/redeliver$`),
      json((_req, [shop = "", webhookId = ""]) => redeliverWebhook(ctx, shopParam(shop), webhookId)),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/products$`),
      json(async (req, [shop = ""]) => {
        const input = (await readParams(req)) as ProductInput;
        if (typeof input.title !== "string" || !input.title) throw new Error("title is required");
        return createProduct(ctx, shopParam(shop), { ...input, title: input.title });
      }),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/products/(\\d+)$`),
      json(async (req, [shop = "", id = ""]) => updateProduct(ctx, shopParam(shop), Number(id), (await readParams(req)) as ProductInput)),
    )
    .on(
      "DELETE",
      new RegExp(`^${SHOP}/products/(\\d+)$`),
      json((_req, [shop = "", id = ""]) => deleteProduct(ctx, shopParam(shop), Number(id))),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/orders/(\\d+)/cancel$`),
      json(async (req, [shop = "", orderId = ""]) => cancelOrder(ctx, shopParam(shop), Number(orderId), (await readParams(req)) as CancelInput)),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/orders/(\\d+)/refunds$`),
      json(async (req, [shop = "", orderId = ""]) => refundOrder(ctx, shopParam(shop), Number(orderId), (await readParams(req)) as RefundInput)),
    )
    .on(
      "GET",
      new RegExp(`^${SHOP}/files$`),
      json((_req, [shop = ""]) => listShopFiles(ctx, shopParam(shop))),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/files/fail-next$`),
      json(async (req, [shop = ""]) => failNextFileProcessing(ctx, shopParam(shop), (await readParams(req)) as FileFailureInput)),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/files/hold$`),
      json(async (req, [shop = ""]) => holdVideoProcessing(ctx, shopParam(shop), (await readParams(req)) as { held?: unknown })),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/graphql/drop-next$`),
      json(async (req, [shop = ""]) => dropNextGraphqlConnections(ctx, shopParam(shop), (await readParams(req)) as { count?: unknown })),
    )
    .on(
      "GET",
      /^\/__local\/files\/config$/,
      json(() => configureFiles(ctx, {})),
    )
    .on(
      "POST",
      /^\/__local\/files\/config$/,
      json(async (req) => configureFiles(ctx, (await readParams(req)) as FilesSettings)),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/uninstall$`),
      json((_req, [shop = ""]) => uninstallShop(ctx, shopParam(shop))),
    )
    .on(
      "GET",
      new RegExp(`^${SHOP}/api-calls$`),
      json((req, [shop = ""]) => {
        const clear = new URL(req.url ?? "/", "http://local").searchParams.get("clear") === "1";
        return { calls: adminApiCalls(ctx.shop(shopParam(shop)).domain, { clear }) };
      }),
    )
    .on(
      "POST",
      new RegExp(`^${SHOP}/id-token$`),
      json(async (req, [shop = ""]) => {
        const { userId, expiresInSeconds } = await readParams(req);
        return {
          idToken: await mintIdTokenFor(ctx, shopParam(shop), {
            userId: userId ? String(userId) : undefined,
            expiresInSeconds: expiresInSeconds ? Number(expiresInSeconds) : undefined,
          }),
        };
      }),
    );
}
