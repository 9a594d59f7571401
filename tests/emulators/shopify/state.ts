/**
 * Local Shopify's in-memory state. Everything is plain JSON so it can be
 * persisted to `config.stateFile` (the demo survives restarts) and returned
 * as is by the control endpoints.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { shopDomainOf, storeHandleOf } from "./config.js";
import { demoCatalogue, type Product } from "./catalogue.js";
import type { RealThemeName } from "./real-themes/theme-source.js";

export type ThemeKind = "json" | "liquid";

export interface TokenRecord {
  shop: string;
  kind: "offline" | "online";
  scope: string;
  /** ms epoch; undefined for non-expiring offline tokens. */
  expiresAt?: number;
  userId?: number;
}

export interface RefreshTokenRecord {
  shop: string;
  expiresAt: number;
}

export interface Money {
  amount: string;
  currencyCode: string;
}

export interface Subscription {
  id: number;
  name: string;
  status: "PENDING" | "ACTIVE" | "DECLINED" | "CANCELLED" | "EXPIRED" | "FROZEN";
  test: boolean;
  trialDays: number;
  returnUrl: string;
  createdAt: string;
  updatedAt: string;
  currentPeriodEnd: string | null;
  lineItems: Array<{
    id: number;
    kind: "recurring" | "usage";
    price?: Money; // recurring
    interval: "EVERY_30_DAYS" | "ANNUAL";
    cappedAmount?: Money; // usage
    terms?: string;
    discount?: { durationLimitInIntervals: number | null; value: { amount?: string; percentage?: number } };
  }>;
}

export interface MetafieldRecord {
  id: number;
  ownerId: string; // gid
  namespace: string; // resolved (app--<id>--x, never $app)
  key: string;
  type: string;
  value: string;
  createdAt: string;
  updatedAt: string;
  /** metafieldsSet calls that wrote it (tests check that the app coalesces its writes). */
  writes?: number;
}

/** A storefront cart line: the same variant with other properties is another line. */
export interface CartLine {
  key: string;
  variantId: number;
  quantity: number;
  properties: Record<string, string>;
}

export interface CartState {
  /** The `cart` cookie's value; "" for a cart not stored yet. */
  token: string;
  lines: CartLine[];
  /** The cart's note and attributes (/cart/update.js). */
  note?: string;
  attributes?: Record<string, string>;
}

export interface FileRecord {
  id: number;
  /** MediaImage, Video or GenericFile; absent in state files written before videos were emulated (they hold images). */
  mediaType?: "IMAGE" | "VIDEO" | "FILE";
  alt: string;
  originalSource: string;
  /** The video's or generic file's filename: the input's, or the source's last path segment. */
  filename?: string;
  status: "UPLOADED" | "PROCESSING" | "READY" | "FAILED";
  /** FileErrorCode of a FAILED file (images without one failed to download). */
  errorCode?: string;
  /** FileError.details of a FAILED file. */
  error?: string;
  contentType?: string;
  ext?: string;
  /** base64 of the fetched bytes. */
  data?: string;
  width?: number;
  height?: number;
  durationMs?: number;
  createdAt: string;
  updatedAt: string;
}

/** A target handed out by stagedUploadsCreate, and what was uploaded to it. */
export interface StagedUploadRecord {
  /** The object's key in the emulated bucket; unique across shops. */
  key: string;
  resource: string;
  filename: string;
  mimeType: string;
  /** The declared fileSize: the upload target refuses anything larger. */
  maxBytes: number | null;
  httpMethod: "POST" | "PUT";
  /** ms epoch after which the target refuses uploads. */
  expiresAt: number;
  createdAt: string;
  /** base64 of the uploaded bytes, once uploaded. */
  data?: string;
  /** VIDEO targets: the number their resourceUrl carries (`?external_video_id=`), as Shopify's do. */
  externalVideoId?: number;
}

/** A test's request that a file's next processing fails (control endpoint `files/fail-next`). */
export interface FileFailureRecord {
  /** The file's numeric id, or a text its original source URL or filename contains. */
  fileId?: number;
  source?: string;
  /** A FileErrorCode; absent: the one a broken file of its kind gets. */
  code?: string;
  details: string;
}

/** Orders: the analytics work will fill these; the shape follows Admin GraphQL. */
export interface OrderRecord {
  id: number;
  name: string;
  createdAt: string;
  totalPrice: string;
  currencyCode?: string;
  customAttributes?: Array<{ key: string; value: string }>;
  lineItems: OrderLineRecord[];
  /** Set when the merchant cancels the order (control endpoint `orders/:id/cancel`). */
  cancelledAt?: string;
  cancelReason?: string;
  /** The order's refunds, oldest first (control endpoint `orders/:id/refunds`). */
  refunds?: RefundRecord[];
  [extra: string]: unknown;
}

export interface OrderLineRecord {
  id?: number;
  title: string;
  quantity: number;
  price: string;
  productId?: number;
  variantId?: number;
  customAttributes?: Array<{ key: string; value: string }>;
}

/** A refund of some of an order's lines, as the merchant issues it in the admin. */
export interface RefundRecord {
  id: number;
  createdAt: string;
  note: string | null;
  lines: Array<{ id: number; lineItemId: number; quantity: number; subtotal: string }>;
  transactionId: number;
}

export interface WebhookDelivery {
  id: string;
  topic: string;
  url: string;
  status: number;
  at: string;
  payload: unknown;
}

export interface ShopState {
  domain: string; // demo.myshopify.com
  handle: string; // demo
  id: number;
  name: string;
  email: string;
  createdAt: string;
  installed: boolean;
  /** Which theme is published: "json" (Dawn, OS 2.0) or "liquid" (Debut, vintage). */
  theme: ThemeKind;
  /** The storefront asks for consent: a cookie banner and window.Shopify.customerPrivacy (control: seed { consentBanner }). */
  consentBanner?: boolean;
  /** Per-theme file edits over the defaults of theme-files.ts (filename -> content). */
  themeEdits: Partial<Record<ThemeKind, Record<string, string>>>;
  /**
   * A real theme of ../shared/themes published instead of the built-in ones,
   * with the merchant's theme settings over its own (control: seed { realTheme, themeSettings }).
   */
  realTheme?: { name: RealThemeName; settings: Record<string, unknown> } | null;
  /** The theme editor's saves in each real theme (JSON templates, settings data: filename -> content). */
  realThemeEdits?: Partial<Record<RealThemeName, Record<string, string>>>;
  products: Product[];
  subscriptions: Subscription[];
  metafields: MetafieldRecord[];
  files: FileRecord[];
  /** Targets from stagedUploadsCreate (consumed by the fileCreate that uses their resourceUrl). */
  stagedUploads: StagedUploadRecord[];
  /** Failures tests asked for, applied to the next matching file processed. */
  fileFailures: FileFailureRecord[];
  /** While true, videos wait in PROCESSING (a test's hold on Shopify's transcoding; see control.ts holdVideoProcessing). */
  videoProcessingHeld?: boolean;
  /** How many of the shop's next Admin GraphQL requests lose their connection before an answer (see control.ts dropNextGraphqlConnections). */
  graphqlConnectionsToDrop?: number;
  orders: OrderRecord[];
  webhookDeliveries: WebhookDelivery[];
  /** Storefront carts by cookie token. */
  carts: Record<string, CartState>;
}

export interface LocalShopifyState {
  shops: Record<string, ShopState>;
  /** access token -> owner */
  tokens: Record<string, TokenRecord>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  /** Next numeric id for anything created at runtime (subscriptions, metafields, files...). */
  nextId: number;
}

/** The app's numeric id, as in gid://shopify/App/<id> and app--<id>--namespace. */
export const APP_ID = 7700001;

export function emptyState(): LocalShopifyState {
  return { shops: {}, tokens: {}, refreshTokens: {}, nextId: 1000 };
}

export function nextId(state: LocalShopifyState): number {
  return state.nextId++;
}

/** A stable small number per shop handle, so shop ids and ids in gids are deterministic. */
function shopNumber(handle: string): number {
  let h = 7;
  for (const ch of handle) h = (h * 31 + ch.charCodeAt(0)) % 9_000_000;
  return 60_000_000 + h;
}

function newShop(shopOrHandle: string, seed: { theme?: ThemeKind; productCount?: number } = {}): ShopState {
  const domain = shopDomainOf(shopOrHandle);
  const handle = storeHandleOf(domain);
  const name = handle
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  return {
    domain,
    handle,
    id: shopNumber(handle),
    name,
    email: `owner@${handle}.example`,
    createdAt: "2024-01-15T10:00:00Z",
    installed: true,
    theme: seed.theme ?? "json",
    themeEdits: {},
    products: demoCatalogue(seed.productCount),
    subscriptions: [],
    metafields: [],
    files: [],
    stagedUploads: [],
    fileFailures: [],
    orders: [],
    webhookDeliveries: [],
    carts: {},
  };
}

/** Returns the shop, creating it with the demo catalogue on first use. */
export function getShop(state: LocalShopifyState, shopOrHandle: string): ShopState {
  const domain = shopDomainOf(shopOrHandle.toLowerCase());
  return (state.shops[domain] ??= newShop(domain));
}

export function loadState(file: string | undefined): LocalShopifyState {
  if (!file || !existsSync(file)) return emptyState();
  try {
    const saved = { ...emptyState(), ...JSON.parse(readFileSync(file, "utf8")) } as LocalShopifyState;
    // Fields added since the file was written get their defaults.
    for (const [domain, shop] of Object.entries(saved.shops)) saved.shops[domain] = { ...newShop(domain), ...shop };
    return saved;
  } catch (error) {
    console.warn(`Local Shopify: ignoring unreadable state file ${file}: ${String(error)}`);
    return emptyState();
  }
}

/** Debounced writer: many mutations in one request produce one write. */
export function createSaver(file: string | undefined, state: () => LocalShopifyState) {
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    // Write then rename, so a crash never leaves half a file behind.
    writeFileSync(`${file}.tmp`, JSON.stringify(state()));
    renameSync(`${file}.tmp`, file);
  };
  return {
    save() {
      if (!file || timer) return;
      timer = setTimeout(flush, 200);
    },
    flush,
  };
}
