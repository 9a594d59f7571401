/**
 * State records -> plain objects shaped like Admin GraphQL types. graphql-js's
 * default resolver reads properties (calling functions with the field's
 * arguments) and resolves interfaces/unions by `__typename`, so these objects
 * are the whole resolver layer. A field we don't set resolves to null, or to
 * an error where the schema says non-null: unsupported queries fail loudly.
 */
import { createHash } from "node:crypto";
import { GraphQLError } from "graphql";
import type { Product, Variant } from "../catalogue.js";
import type { LocalShopifyContext } from "../context.js";
import { gid, parseGid } from "../gid.js";
import { escapeHtml } from "../http.js";
import { APP_ID, type FileRecord, type MetafieldRecord, type OrderRecord, type ShopState, type Subscription, type TokenRecord } from "../state.js";
import { shopThemeById, type ShopTheme } from "../published-theme.js";
import { appAdminUrl, fileUrl, productImageUrl, storefrontUrl, videoOriginalUrl, videoPreviewUrl, videoRenditionUrl } from "../urls.js";
import { connection, type PageArgs } from "./connection.js";
import { filterBySearch } from "./search.js";

/** Per-request GraphQL context: who is calling (token) and for which shop. */
export interface GqlContext {
  ctx: LocalShopifyContext;
  shop: ShopState;
  token: TokenRecord;
}

// ---------------------------------------------------------------- access scopes

/** write_x implies read_x, as on Shopify. */
export function hasScope(g: GqlContext, scope: string): boolean {
  const granted = g.token.scope.split(",").map((s) => s.trim());
  return granted.includes(scope) || (scope.startsWith("read_") && granted.includes(scope.replace("read_", "write_")));
}

/** Shopify's answer to a field the token's scopes don't cover. */
export function requireScope(g: GqlContext, scope: string, field: string): void {
  if (hasScope(g, scope)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: `\`${scope}\` access scope.`,
    },
  });
}

// ---------------------------------------------------------------- money

/** Shopify's Decimal serialisation: "28.0", "5.99" (no padding to two places). */
function decimal(value: string | number): string {
  const n = Number(value);
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

const moneyV2 = (amount: string | number, currencyCode = "USD") => ({ amount: decimal(amount), currencyCode });
const moneyBag = (amount: string | number, currencyCode = "USD") => ({
  shopMoney: moneyV2(amount, currencyCode),
  presentmentMoney: moneyV2(amount, currencyCode),
});

const count = (n: number) => ({ count: n, precision: "EXACT" });
const emptyConnection = (args: PageArgs) =>
  connection(
    [],
    args,
    () => 0,
    () => null,
    { requirePageSize: false },
  );

// ---------------------------------------------------------------- shop & app

export function installationId(shop: ShopState): number {
  return shop.id * 10 + 1;
}

export function shopView(g: GqlContext) {
  const { shop, ctx } = g;
  const url = storefrontUrl(ctx.config, shop.handle);
  return {
    __typename: "Shop",
    id: gid("Shop", shop.id),
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    shopOwnerName: "Local Merchant",
    description: `${shop.name}, a Local Shopify development store`,
    myshopifyDomain: shop.domain,
    url,
    primaryDomain: { __typename: "Domain", id: gid("Domain", shop.id), host: new URL(url).host, url, sslEnabled: url.startsWith("https") },
    currencyCode: "USD",
    enabledPresentmentCurrencies: ["USD"],
    currencyFormats: { moneyFormat: "${{amount}}", moneyWithCurrencyFormat: "${{amount}} USD" },
    ianaTimezone: "America/New_York",
    timezoneAbbreviation: "EST",
    timezoneOffset: "-0500",
    timezoneOffsetMinutes: -300,
    weightUnit: "KILOGRAMS",
    plan: { publicDisplayName: "Development", displayName: "Development", partnerDevelopment: true, shopifyPlus: false },
    createdAt: shop.createdAt,
    updatedAt: shop.createdAt,
    metafield: (args: { namespace?: string; key: string }) => findMetafieldView(g, gid("Shop", shop.id), args),
    metafields: (args: MetafieldsArgs) => metafieldsConnection(g, gid("Shop", shop.id), args),
  };
}

function appView(g: GqlContext) {
  const { config } = g.ctx;
  return {
    __typename: "App",
    id: gid("App", APP_ID),
    apiKey: config.apiKey,
    handle: config.appHandle,
    title: "Clipcart",
    description: "Shoppable short videos for your store",
    developerName: "Clipcart",
    developerType: "PARTNER",
    embedded: true,
    published: false,
    previouslyInstalled: false,
    shopifyDeveloped: false,
    isPostPurchaseAppInUse: false,
    pricingDetailsSummary: "Free plan available. Premium $5.99/month.",
    features: [],
    failedRequirements: [],
    launchUrl: appAdminUrl(config, g.shop.handle),
    webhookApiVersion: config.apiVersion,
    uninstallMessage: "",
    installation: () => installationView(g),
  };
}

export function installationView(g: GqlContext) {
  const { shop, ctx } = g;
  const ownerId = gid("AppInstallation", installationId(shop));
  const byNewest = [...shop.subscriptions].sort((a, b) => a.id - b.id);
  return {
    __typename: "AppInstallation",
    id: ownerId,
    app: appView(g),
    launchUrl: appAdminUrl(ctx.config, shop.handle),
    uninstallUrl: null,
    accessScopes: g.token.scope.split(",").map((handle) => ({ handle: handle.trim(), description: "" })),
    activeSubscriptions: shop.subscriptions.filter((s) => s.status === "ACTIVE").map((s) => subscriptionView(s)),
    subscriptions: shop.subscriptions.filter((s) => s.status === "ACTIVE").map((s) => subscriptionView(s)),
    allSubscriptions: (args: PageArgs) => connection(byNewest, args, (s) => s.id, subscriptionView),
    oneTimePurchases: emptyConnection,
    credits: emptyConnection,
    revenueAttributionRecords: emptyConnection,
    metafield: (args: { namespace?: string; key: string }) => findMetafieldView(g, ownerId, args),
    metafields: (args: MetafieldsArgs) => metafieldsConnection(g, ownerId, args),
  };
}

// ---------------------------------------------------------------- subscriptions

export function subscriptionView(sub: Subscription) {
  return {
    __typename: "AppSubscription",
    id: gid("AppSubscription", sub.id),
    name: sub.name,
    status: sub.status,
    test: sub.test,
    trialDays: sub.trialDays,
    returnUrl: sub.returnUrl,
    createdAt: sub.createdAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    lineItems: sub.lineItems.map((item, index) => ({
      // Shopify's line item ids carry the position as a query string.
      id: `${gid("AppSubscriptionLineItem", sub.id)}?v=1&index=${index}`,
      usageRecords: emptyConnection,
      plan: {
        pricingDetails:
          item.kind === "recurring"
            ? {
                __typename: "AppRecurringPricing",
                price: moneyV2(item.price!.amount, item.price!.currencyCode),
                interval: item.interval,
                planHandle: null,
                discount: item.discount ? discountView(item.price!.amount, item.price!.currencyCode, item.discount) : null,
              }
            : {
                __typename: "AppUsagePricing",
                balanceUsed: moneyV2(0, item.cappedAmount!.currencyCode),
                cappedAmount: moneyV2(item.cappedAmount!.amount, item.cappedAmount!.currencyCode),
                terms: item.terms ?? "",
                interval: item.interval,
              },
      },
    })),
  };
}

function discountView(price: string, currencyCode: string, discount: NonNullable<Subscription["lineItems"][number]["discount"]>) {
  const { amount, percentage } = discount.value;
  const after = amount != null ? Math.max(0, Number(price) - Number(amount)) : Number(price) * (1 - (percentage ?? 0));
  return {
    durationLimitInIntervals: discount.durationLimitInIntervals,
    remainingDurationInIntervals: discount.durationLimitInIntervals,
    priceAfterDiscount: moneyV2(after.toFixed(2), currencyCode),
    value:
      amount != null
        ? { __typename: "AppSubscriptionDiscountAmount", amount: moneyV2(amount, currencyCode) }
        : { __typename: "AppSubscriptionDiscountPercentage", percentage },
  };
}

// ---------------------------------------------------------------- products

const PRODUCT_MEDIA_OFFSET = 30_000_000_000;

function productImageView(g: GqlContext, p: Product) {
  const url = p.imageUrl ?? productImageUrl(g.ctx.config, p.handle);
  return {
    __typename: "Image",
    id: gid("ProductImage", p.id),
    url,
    src: url,
    originalSrc: url,
    transformedSrc: url,
    altText: p.title,
    width: 800,
    height: 800,
    thumbhash: null,
  };
}

function productMediaView(g: GqlContext, p: Product) {
  const image = productImageView(g, p);
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", PRODUCT_MEDIA_OFFSET + p.id),
    alt: p.title,
    mediaContentType: "IMAGE",
    status: "READY",
    fileStatus: "READY",
    fileErrors: [],
    mediaErrors: [],
    mediaWarnings: [],
    mimeType: p.imageUrl ? null : "image/svg+xml",
    image,
    preview: { image, status: "READY" },
    originalSource: { url: image.url, fileSize: null },
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export function productView(g: GqlContext, p: Product): Record<string, unknown> {
  const prices = p.variants.map((v) => Number(v.price));
  const compareAt = p.variants.map((v) => Number(v.compareAtPrice ?? v.price));
  const stock = p.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0);
  const ownerId = gid("Product", p.id);
  const options = productOptions(p);
  const live = p.status === "ACTIVE";
  const url = `${storefrontUrl(g.ctx.config, g.shop.handle)}/products/${p.handle}`;
  return {
    __typename: "Product",
    id: ownerId,
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    description: ({ truncateAt }: { truncateAt?: number }) => (truncateAt ? p.description.slice(0, truncateAt) : p.description),
    descriptionHtml: `<p>${escapeHtml(p.description)}</p>`,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: live ? p.createdAt : null,
    onlineStoreUrl: live ? url : null,
    onlineStorePreviewUrl: url,
    templateSuffix: null,
    isGiftCard: false,
    requiresSellingPlan: false,
    tracksInventory: true,
    totalInventory: stock,
    hasOnlyDefaultVariant: hasOnlyDefaultVariant(p),
    hasOutOfStockVariants: p.variants.some((v) => v.inventoryQuantity <= 0),
    defaultCursor: Buffer.from(JSON.stringify({ last_id: p.id, last_value: String(p.id) })).toString("base64"),
    seo: { title: null, description: null },
    priceRangeV2: { minVariantPrice: moneyV2(Math.min(...prices)), maxVariantPrice: moneyV2(Math.max(...prices)) },
    compareAtPriceRange: p.variants.some((v) => v.compareAtPrice)
      ? { minVariantCompareAtPrice: moneyV2(Math.min(...compareAt)), maxVariantCompareAtPrice: moneyV2(Math.max(...compareAt)) }
      : null,
    featuredMedia: productMediaView(g, p),
    featuredImage: productImageView(g, p),
    images: (args: PageArgs) =>
      connection(
        [p],
        args,
        (x) => x.id,
        () => productImageView(g, p),
      ),
    media: (args: PageArgs) =>
      connection(
        [p],
        args,
        (x) => PRODUCT_MEDIA_OFFSET + x.id,
        () => productMediaView(g, p),
      ),
    mediaCount: count(1),
    variants: (args: PageArgs) =>
      connection(
        p.variants,
        args,
        (v) => v.id,
        (v) => variantView(g, p, v),
      ),
    variantsCount: count(p.variants.length),
    options: ({ first }: { first?: number }) =>
      options.slice(0, first ?? options.length).map((option, index) => ({
        __typename: "ProductOption",
        // Shopify's option ids are their own; the product's id times ten plus the position keeps them unique here.
        id: gid("ProductOption", index === 0 ? p.id : p.id * 10 + index),
        name: option.name,
        position: index + 1,
        values: option.values,
        optionValues: option.values.map((value, valueIndex) => ({
          __typename: "ProductOptionValue",
          id: gid("ProductOptionValue", index === 0 && !p.variants[0]?.options ? p.variants[valueIndex]!.id : p.id * 1000 + index * 100 + valueIndex),
          name: value,
          hasVariants: true,
        })),
      })),
    metafield: (args: { namespace?: string; key: string }) => findMetafieldView(g, ownerId, args),
    metafields: (args: MetafieldsArgs) => metafieldsConnection(g, ownerId, args),
  };
}

/** Shopify's shape for a product without options: one variant, "Default Title", its only option "Title". */
export function hasOnlyDefaultVariant(p: Product): boolean {
  return p.variants.length === 1 && p.variants[0]?.title === "Default Title" && !p.variants[0].options;
}

/**
 * A variant's value of each option: its own when the catalogue gives them,
 * else the demo's one option ("Size", or "Title" for the default variant).
 */
function selectedOptions(p: Product, v: Variant): Array<{ name: string; value: string }> {
  if (v.options) return v.options;
  return [{ name: hasOnlyDefaultVariant(p) ? "Title" : "Size", value: v.title }];
}

/** The product's options in order, each with its values in the order the variants first use them. */
export function productOptions(p: Product): Array<{ name: string; values: string[] }> {
  const options: Array<{ name: string; values: string[] }> = [];
  for (const v of p.variants) {
    for (const [index, selected] of selectedOptions(p, v).entries()) {
      const option = (options[index] ??= { name: selected.name, values: [] });
      if (!option.values.includes(selected.value)) option.values.push(selected.value);
    }
  }
  return options;
}

function variantView(g: GqlContext, p: Product, v: Variant) {
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku,
    barcode: null,
    price: Number(v.price).toFixed(2),
    compareAtPrice: v.compareAtPrice ? Number(v.compareAtPrice).toFixed(2) : null,
    inventoryQuantity: v.inventoryQuantity,
    sellableOnlineQuantity: Math.max(0, v.inventoryQuantity),
    availableForSale: p.status === "ACTIVE" && v.inventoryQuantity > 0,
    inventoryPolicy: "DENY",
    position: p.variants.indexOf(v) + 1,
    taxable: true,
    requiresComponents: false,
    showUnitPrice: false,
    selectedOptions: selectedOptions(p, v).map(({ name, value }) => ({ __typename: "SelectedOption", name, value })),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    image: null,
    product: () => productView(g, p),
  };
}

type ProductSortKey = (p: Product) => string | number;

/** ID is the fallback for a sort key we do not know, so it is declared apart from the rest. */
const PRODUCT_SORT: { ID: ProductSortKey } & Record<string, ProductSortKey> = {
  ID: (p) => p.id,
  TITLE: (p) => p.title.toLowerCase(),
  CREATED_AT: (p) => p.createdAt,
  UPDATED_AT: (p) => p.updatedAt,
  PUBLISHED_AT: (p) => p.createdAt,
  PRODUCT_TYPE: (p) => p.productType.toLowerCase(),
  VENDOR: (p) => p.vendor.toLowerCase(),
  INVENTORY_TOTAL: (p) => p.variants.reduce((s, v) => s + v.inventoryQuantity, 0),
  RELEVANCE: (p) => p.id,
};

export function searchProducts(products: Product[], query: string | null | undefined, sortKey = "ID"): Product[] {
  const matched = filterBySearch(products, query, {
    text: (p) => `${p.title} ${p.vendor} ${p.productType} ${p.tags.join(" ")} ${p.variants.map((v) => v.sku).join(" ")}`,
    tokenized: ["title"],
    fields: {
      title: (p) => p.title,
      handle: (p) => p.handle,
      id: (p) => p.id,
      status: (p) => p.status,
      product_type: (p) => p.productType,
      vendor: (p) => p.vendor,
      tag: (p) => p.tags,
      tag_not: (p) => p.tags,
      sku: (p) => p.variants.map((v) => v.sku),
      created_at: (p) => p.createdAt,
      updated_at: (p) => p.updatedAt,
      inventory_total: (p) => p.variants.reduce((s, v) => s + v.inventoryQuantity, 0),
      gift_card: () => "false",
    },
  });
  const key = PRODUCT_SORT[sortKey] ?? PRODUCT_SORT.ID;
  return [...matched].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
}

// ---------------------------------------------------------------- themes

export function themeView(_g: GqlContext, theme: ShopTheme) {
  const files = theme.files();
  const names = Object.keys(files).sort();
  return {
    __typename: "OnlineStoreTheme",
    id: gid("OnlineStoreTheme", theme.id),
    name: theme.name,
    role: theme.role,
    prefix: `/t/${theme.key === "json" ? 1 : theme.key === "liquid" ? 2 : theme.key}`,
    processing: false,
    processingFailed: false,
    themeStoreId: theme.themeStoreId,
    createdAt: theme.createdAt,
    updatedAt: theme.createdAt,
    files: (args: PageArgs & { filenames?: string[] }) => {
      // Filenames accept `*` wildcards, as on Shopify (e.g. "templates/*.json").
      const patterns = (args.filenames ?? []).map((f) => new RegExp(`^${f.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`));
      const selected = patterns.length ? names.filter((name) => patterns.some((re) => re.test(name))) : names;
      return connection(
        selected,
        { first: 50, ...args },
        (name) => name,
        (name) => themeFileView(name, files[name] ?? "", theme.createdAt),
      );
    },
  };
}

function themeFileView(filename: string, content: string, at: string) {
  return {
    __typename: "OnlineStoreThemeFile",
    filename,
    body: { __typename: "OnlineStoreThemeFileBodyText", content },
    contentType: filename.endsWith(".json") ? "application/json" : "application/x-liquid",
    size: String(Buffer.byteLength(content)),
    checksumMd5: createHash("md5").update(content).digest("hex"),
    createdAt: at,
    updatedAt: at,
  };
}

// ---------------------------------------------------------------- metafields

export interface MetafieldsArgs extends PageArgs {
  namespace?: string | null;
  keys?: string[] | null;
}

/** `$app` and `$app:foo` name the calling app's reserved namespace, as on Shopify. */
export function resolveNamespace(namespace: string | null | undefined): string {
  if (namespace == null || namespace === "$app") return `app--${APP_ID}`;
  if (namespace.startsWith("$app:")) return `app--${APP_ID}--${namespace.slice(5)}`;
  return namespace;
}

/** JSON value of a metafield as the `jsonValue` field returns it. */
function jsonValueOf(m: MetafieldRecord): unknown {
  if (m.type === "json" || m.type.startsWith("list.")) return JSON.parse(m.value);
  if (m.type === "number_integer" || m.type === "number_decimal") return Number(m.value);
  if (m.type === "boolean") return m.value === "true";
  return m.value;
}

export function metafieldView(g: GqlContext, m: MetafieldRecord) {
  const owner = parseGid(m.ownerId)!;
  return {
    __typename: "Metafield",
    id: gid("Metafield", m.id),
    legacyResourceId: String(m.id),
    namespace: m.namespace,
    key: m.key,
    type: m.type,
    value: m.value,
    jsonValue: jsonValueOf(m),
    compareDigest: digestOf(m.value),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    ownerType: { AppInstallation: "API_PERMISSION", Product: "PRODUCT", Shop: "SHOP" }[owner.type] ?? null,
    owner: () => nodeById(g, m.ownerId),
    definition: null,
    description: null,
    reference: null,
    references: null,
  };
}

export function digestOf(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function findMetafieldView(g: GqlContext, ownerId: string, args: { namespace?: string; key: string }) {
  const namespace = resolveNamespace(args.namespace);
  const m = g.shop.metafields.find((x) => x.ownerId === ownerId && x.namespace === namespace && x.key === args.key);
  return m ? metafieldView(g, m) : null;
}

function metafieldsConnection(g: GqlContext, ownerId: string, args: MetafieldsArgs) {
  const namespace = args.namespace ? resolveNamespace(args.namespace) : undefined;
  // `keys` are "namespace.key"; the namespace part may be $app too.
  const keys = args.keys?.map((k) => `${resolveNamespace(k.slice(0, k.lastIndexOf(".")))}.${k.slice(k.lastIndexOf(".") + 1)}`);
  const list = g.shop.metafields.filter(
    (m) => m.ownerId === ownerId && (!namespace || m.namespace === namespace) && (!keys || keys.includes(`${m.namespace}.${m.key}`)),
  );
  return connection(
    list,
    args,
    (m) => m.id,
    (m) => metafieldView(g, m),
  );
}

// ---------------------------------------------------------------- files

/** The type in a file's gid: gid://shopify/MediaImage/N or gid://shopify/Video/N. */
export function fileGidType(f: FileRecord): "MediaImage" | "Video" {
  return f.mediaType === "VIDEO" ? "Video" : "MediaImage";
}

/** FileError.message by code; the emulator's own wording. */
const FILE_ERROR_MESSAGES: Record<string, string> = {
  GENERIC_FILE_DOWNLOAD_FAILURE: "The source could not be downloaded.",
  GENERIC_FILE_INVALID_SIZE: "The file is too large.",
  VIDEO_INVALID_FILETYPE_ERROR: "The file is not a supported video.",
  VIDEO_METADATA_READ_ERROR: "The video's metadata could not be read.",
};

function fileErrorsOf(f: FileRecord, fallbackCode: string) {
  if (f.status !== "FAILED") return [];
  const code = f.errorCode ?? fallbackCode;
  return [{ code, message: FILE_ERROR_MESSAGES[code] ?? "File could not be processed.", details: f.error ?? null }];
}

export function fileView(g: GqlContext, f: FileRecord) {
  return f.mediaType === "VIDEO" ? videoView(g, f) : imageFileView(g, f);
}

function imageFileView(g: GqlContext, f: FileRecord) {
  const ready = f.status === "READY";
  const image = ready
    ? {
        __typename: "Image",
        id: gid("ImageSource", f.id),
        url: fileUrl(g.ctx.config, f.id, f.ext ?? "bin"),
        altText: f.alt,
        width: f.width ?? null,
        height: f.height ?? null,
        thumbhash: null,
      }
    : null;
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", f.id),
    alt: f.alt,
    fileStatus: f.status,
    status: f.status,
    mediaContentType: "IMAGE",
    mimeType: f.contentType ?? null,
    image,
    preview: { image, status: ready ? "READY" : f.status === "FAILED" ? "FAILED" : "PROCESSING" },
    originalSource: { url: f.originalSource, fileSize: f.data ? Buffer.byteLength(f.data, "base64") : null },
    fileErrors: fileErrorsOf(f, "IMAGE_DOWNLOAD_FAILURE"),
    mediaErrors: [],
    mediaWarnings: [],
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

/** Shopify names renditions by quality and height ("HD-1080p", "SD-480p"); the short side is the "p". */
function renditionLabel(width: number, height: number): string {
  const lines = Math.min(width, height);
  return `${lines >= 720 ? "HD" : "SD"}-${lines}p`;
}

/**
 * A Video as the Admin API shows it. Until READY, duration and originalSource are null and sources is
 * empty (the schema's VideoSource has non-null sizes, known only once processed). Local Shopify does not
 * transcode: the one rendition is the uploaded file itself, listed as Shopify lists its renditions (MP4; a WebM's
 * bytes stay WebM, which browsers play by their content, and the CDN serves them as video/webm),
 * and the poster is an SVG it draws at the video's size.
 */
function videoView(g: GqlContext, f: FileRecord) {
  const { config } = g.ctx;
  const ready = f.status === "READY" && !!f.data && !!f.width && !!f.height;
  const width = f.width ?? 0;
  const height = f.height ?? 0;
  const fileSize = f.data ? Buffer.byteLength(f.data, "base64") : null;
  const ext = f.ext ?? "mp4";
  // Shopify's renditions are always MP4 (and HLS), whatever was uploaded: the app only ever sees those.
  const rendition = { format: "mp4", mimeType: "video/mp4" };
  const poster = ready
    ? { __typename: "Image", id: gid("ImageSource", f.id), url: videoPreviewUrl(config, f.id), altText: f.alt, width, height, thumbhash: null }
    : null;
  const errors = fileErrorsOf(f, "VIDEO_VALIDATION_ERROR");
  return {
    __typename: "Video",
    id: gid("Video", f.id),
    alt: f.alt,
    filename: f.filename ?? `${f.id}.${ext}`,
    fileStatus: f.status,
    status: f.status,
    mediaContentType: "VIDEO",
    duration: ready ? (f.durationMs ?? null) : null,
    originalSource: ready ? { url: videoOriginalUrl(config, f.id, ext), width, height, fileSize, format: ext, mimeType: f.contentType ?? "video/mp4" } : null,
    sources: ready ? [{ url: videoRenditionUrl(config, f.id, renditionLabel(width, height), rendition.format), width, height, fileSize, ...rendition }] : [],
    preview: { status: f.status, image: poster },
    fileErrors: errors,
    mediaErrors: errors,
    mediaWarnings: [],
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

// ---------------------------------------------------------------- orders

export function orderView(g: GqlContext, o: OrderRecord) {
  const currency = o.currencyCode ?? "USD";
  const attributes = (list?: Array<{ key: string; value: string }>) => (list ?? []).map(({ key, value }) => ({ key, value }));
  return {
    __typename: "Order",
    id: gid("Order", o.id),
    legacyResourceId: String(o.id),
    name: o.name,
    createdAt: o.createdAt,
    processedAt: o.createdAt,
    updatedAt: o.createdAt,
    cancelledAt: null,
    test: false,
    currencyCode: currency,
    displayFinancialStatus: "PAID",
    totalPriceSet: moneyBag(o.totalPrice, currency),
    currentTotalPriceSet: moneyBag(o.totalPrice, currency),
    subtotalPriceSet: moneyBag(o.totalPrice, currency),
    customAttributes: attributes(o.customAttributes),
    lineItems: (args: PageArgs) =>
      connection(
        o.lineItems,
        args,
        (li) => li.id ?? o.lineItems.indexOf(li),
        (li) => {
          const product = li.productId ? g.shop.products.find((p) => p.id === li.productId) : undefined;
          const variant = product?.variants.find((v) => v.id === li.variantId);
          return {
            __typename: "LineItem",
            id: gid("LineItem", li.id ?? o.id * 100 + o.lineItems.indexOf(li)),
            title: li.title,
            name: li.title,
            quantity: li.quantity,
            currentQuantity: li.quantity,
            customAttributes: attributes(li.customAttributes),
            originalUnitPriceSet: moneyBag(li.price, currency),
            discountedUnitPriceSet: moneyBag(li.price, currency),
            originalTotalSet: moneyBag(Number(li.price) * li.quantity, currency),
            discountedTotalSet: moneyBag(Number(li.price) * li.quantity, currency),
            product: product ? productView(g, product) : null,
            variant: product && variant ? variantView(g, product, variant) : null,
            sku: variant?.sku ?? null,
          };
        },
      ),
  };
}

/** Orders older than 60 days need read_all_orders on Shopify. */
export function visibleOrders(g: GqlContext): OrderRecord[] {
  if (hasScope(g, "read_all_orders")) return g.shop.orders;
  const cutoff = new Date(Date.now() - 60 * 86_400_000).toISOString();
  return g.shop.orders.filter((o) => o.createdAt >= cutoff);
}

// ---------------------------------------------------------------- node(id)

export function nodeById(g: GqlContext, id: string): unknown {
  const parsed = parseGid(id);
  if (!parsed) {
    throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: "argumentLiteralsIncompatible", typeName: "CoercionError" } });
  }
  const { shop } = g;
  switch (parsed.type) {
    case "Shop":
      return parsed.id === shop.id ? shopView(g) : null;
    case "App":
      return parsed.id === APP_ID ? appView(g) : null;
    case "AppInstallation":
      return parsed.id === installationId(shop) ? installationView(g) : null;
    case "AppSubscription": {
      const sub = shop.subscriptions.find((s) => s.id === parsed.id);
      return sub ? subscriptionView(sub) : null;
    }
    case "Product": {
      requireScope(g, "read_products", "node");
      const p = shop.products.find((x) => x.id === parsed.id);
      return p ? productView(g, p) : null;
    }
    case "ProductVariant": {
      requireScope(g, "read_products", "node");
      for (const p of shop.products) {
        const v = p.variants.find((x) => x.id === parsed.id);
        if (v) return variantView(g, p, v);
      }
      return null;
    }
    case "MediaImage":
    case "Video": {
      const f = shop.files.find((x) => x.id === parsed.id && fileGidType(x) === parsed.type);
      if (f) return fileView(g, f);
      if (parsed.type === "Video") return null;
      const p = shop.products.find((x) => x.id === parsed.id - PRODUCT_MEDIA_OFFSET);
      return p ? productMediaView(g, p) : null;
    }
    case "OnlineStoreTheme": {
      requireScope(g, "read_themes", "node");
      const theme = shopThemeById(shop, parsed.id);
      return theme ? themeView(g, theme) : null;
    }
    case "Metafield": {
      const m = shop.metafields.find((x) => x.id === parsed.id);
      return m ? metafieldView(g, m) : null;
    }
    case "Order": {
      requireScope(g, "read_orders", "node");
      const o = visibleOrders(g).find((x) => x.id === parsed.id);
      return o ? orderView(g, o) : null;
    }
    default:
      return null;
  }
}
