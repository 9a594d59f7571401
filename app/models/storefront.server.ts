/**
 * Publishing the storefront's data (decision 009): each widget with its
 * approved videos in order, and the index of widgets, written to app-data
 * metafields so the theme app extension renders without calling us.
 *
 * This module builds that data and writes it (publishStorefront). When it is
 * written is app/models/storefront-publishing.server.ts's business: every change
 * of videos, approvals, tags or widgets calls its scheduleStorefrontPublish.
 */
import { prisma, type Prisma } from "~/db.server";
import { readPageContexts } from "~/rules/widget-rules";
import { WIDGET_VIDEO_ORDER } from "~/rules/widget-order";
import { readLayout, readWidgetSettings, readWidgetSource } from "~/rules/widget-settings";
import type { ProductPublishFailure } from "~/rules/api-types";
import {
  AdminCostBudget,
  ShopifyGatewayError,
  deleteMetafields,
  fetchStorefrontTarget,
  setJsonMetafields,
  type AdminGraphql,
} from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import {
  STOREFRONT_DATA_VERSION,
  STOREFRONT_METAFIELD_MAX_BYTES,
  STOREFRONT_METAFIELD_NAMESPACE,
  WIDGET_INDEX_METAFIELD_KEY,
  WIDGET_PUBLISH_VIDEOS_MAX,
  widgetMetafieldKey,
  type StorefrontProduct,
  type StorefrontVideo,
  type StorefrontWidget,
  type StorefrontWidgetIndex,
} from "~/storefront/widget-data";
import { STOREFRONT_VIDEO_SELECT, toStorefrontVideo } from "./storefront-videos.server";
import { storefrontProductDetails } from "./storefront-product-details.server";
import { publishProductPages } from "./product-pages.server";

export { storefrontMedia } from "./storefront-videos.server";

// ---------------------------------------------------------------- building the data

const WIDGET_WITH_VIDEOS = {
  videos: {
    where: { video: { enabled: true } },
    orderBy: WIDGET_VIDEO_ORDER,
    take: WIDGET_PUBLISH_VIDEOS_MAX,
    select: { video: { select: STOREFRONT_VIDEO_SELECT } },
  },
} satisfies Prisma.WidgetInclude;

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/** A video whose products keep only what a product without a choice carries: no option names, no variants. */
function withoutVariantPickers(video: StorefrontVideo): StorefrontVideo {
  if (!video.products.some((product) => product.variants || product.options)) return video;
  return { ...video, products: video.products.map(({ options: _options, variants: _variants, ...product }) => product) };
}

/**
 * The widget with as many of its videos as fit Shopify's JSON metafield limit
 * (STOREFRONT_METAFIELD_MAX_BYTES, with room for the metafield's own
 * envelope), rather than the whole publish failing. A handful of videos with
 * full product lists take a few KB each, but a product's variants (up to
 * STOREFRONT_VARIANTS_MAX, about 100 bytes each) repeat in every video that
 * shows it, so a long widget chooses (decision 043): its first videos keep
 * their products' variant pickers within half of the limit, the next ones
 * come without them (their products sell the first available variant,
 * `variantId`) until the limit, the rest are left out; then, in order, the
 * videos without pickers get theirs back while the data still fits.
 */
export function withinMetafieldLimit(widget: StorefrontWidget, maxBytes = STOREFRONT_METAFIELD_MAX_BYTES - 1024): StorefrontWidget {
  if (jsonBytes(widget) <= maxBytes) return widget;
  const pickersBudget = maxBytes / 2;
  const videos: StorefrontVideo[] = [];
  let size = jsonBytes({ ...widget, videos: [] });
  // One comma between videos.
  const added = (video: StorefrontVideo) => jsonBytes(video) + (videos.length ? 1 : 0);
  let withPickers = true;
  for (const video of widget.videos) {
    if (withPickers && size + added(video) <= pickersBudget) {
      size += added(video);
      videos.push(video);
      continue;
    }
    withPickers = false;
    const lighter = withoutVariantPickers(video);
    if (size + added(lighter) > maxBytes) break;
    size += added(lighter);
    videos.push(lighter);
  }
  for (const [index, video] of videos.entries()) {
    const full = widget.videos[index]!;
    if (full === video) continue;
    const extra = jsonBytes(full) - jsonBytes(video);
    if (size + extra > maxBytes) break;
    videos[index] = full;
    size += extra;
  }
  return { ...widget, videos };
}

/**
 * The shop's widgets as the storefront receives them. `products` holds what
 * Shopify says of each tagged product; a product missing from it (deleted,
 * draft) is left out of the videos' product lists.
 */
export async function buildStorefrontWidgets(shopId: string, currency: string, products: ReadonlyMap<string, StorefrontProduct>): Promise<StorefrontWidget[]> {
  const widgets = await prisma.widget.findMany({
    where: { shopId },
    orderBy: [{ displayNumber: "asc" }],
    include: WIDGET_WITH_VIDEOS,
  });
  return widgets.map((widget) =>
    withinMetafieldLimit({
      v: STOREFRONT_DATA_VERSION,
      id: widget.id,
      number: widget.displayNumber,
      name: widget.name,
      layout: readLayout(widget.layoutType),
      pageContexts: readPageContexts(widget.pageContexts),
      priority: widget.priority,
      settings: readWidgetSettings(widget),
      currency,
      videos: widget.videos.map(({ video }) => toStorefrontVideo(video, products)),
      ...(readWidgetSource(widget.sourceType) === "product" ? { source: "product" as const, fallback: widget.productFallback } : {}),
    }),
  );
}

/**
 * The shop's approved videos as the storefront would show them, newest first,
 * for the Customize preview (no product details: the preview is not a shop);
 * with `productId`, only the videos tagged with that product (a product page's).
 */
export async function previewVideos(shopId: string, limit: number, productId?: string): Promise<StorefrontVideo[]> {
  const videos = await prisma.video.findMany({
    where: { shopId, enabled: true, ...(productId === undefined ? {} : { productTags: { some: { shopId, productId } } }) },
    orderBy: [{ approvedAt: "desc" }, { createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: STOREFRONT_VIDEO_SELECT,
  });
  return videos.map((video) => toStorefrontVideo(video, new Map()));
}

export function storefrontIndex(widgets: readonly StorefrontWidget[]): StorefrontWidgetIndex {
  return {
    v: STOREFRONT_DATA_VERSION,
    widgets: widgets.map(({ id, number, name, layout, pageContexts, priority }) => ({ id, number, name, layout, pageContexts, priority })),
  };
}

/** Products tagged to the videos the widgets' data may carry (only those reach the storefront through widgets). */
async function publishedProductIds(shopId: string): Promise<string[]> {
  const widgets = await prisma.widget.findMany({
    where: { shopId },
    select: {
      videos: {
        where: { video: { enabled: true } },
        orderBy: WIDGET_VIDEO_ORDER,
        take: WIDGET_PUBLISH_VIDEOS_MAX,
        select: { video: { select: { productTags: { select: { productId: true } } } } },
      },
    },
  });
  return [...new Set(widgets.flatMap((widget) => widget.videos.flatMap(({ video }) => video.productTags.map((tag) => tag.productId))))];
}

// ---------------------------------------------------------------- publishing

/** Shopify's codes that mean the app may not write (its access is gone or narrowed). */
const DENIED_CODES = new Set(["ACCESS_DENIED", "APP_NOT_AUTHORIZED", "UNAUTHORIZED", "FORBIDDEN"]);
/** Shopify's codes that mean a limit refused the data. */
const LIMIT_CODES = new Set(["LESS_THAN_OR_EQUAL_TO", "TOO_LONG", "TOO_LARGE", "CAPACITY_EXCEEDED", "LIMIT_EXCEEDED", "MAX_COST_EXCEEDED"]);

/** Why product pages could not be published, as the Widgets page tells it (decision 079): from Shopify's codes, else "api". */
export function productPublishFailureOf(error: unknown): ProductPublishFailure {
  const status = (error as { response?: { code?: number; status?: number } } | null)?.response;
  if ([401, 403].includes(status?.code ?? status?.status ?? 0)) return "denied";
  if (!(error instanceof ShopifyGatewayError) || !Array.isArray(error.details)) return "api";
  const codes = (error.details as Array<{ code?: string; extensions?: { code?: string } }>).map((detail) => detail.code ?? detail.extensions?.code ?? "");
  if (codes.some((code) => DENIED_CODES.has(code))) return "denied";
  if (codes.some((code) => LIMIT_CODES.has(code))) return "limit";
  return "api";
}

/**
 * How long one publish may spend reading products and writing product pages
 * before it hands the rest to the next one (well inside PUBLISH_TIMEOUT_MS,
 * with room for one call's wait on Shopify's bucket).
 */
export const PUBLISH_SLICE_MS = 20_000;

/**
 * One budget per shop for its publishes in this process: a large store's
 * slices follow each other closely, and each starting from a full bucket would
 * be throttled. Shopify's smallest bucket to start with; its answers say the
 * shop's own.
 */
const publishBudgets = new Map<string, AdminCostBudget>();
function publishBudgetOf(shopId: string): AdminCostBudget {
  let budget = publishBudgets.get(shopId);
  if (!budget) publishBudgets.set(shopId, (budget = new AdminCostBudget()));
  return budget;
}

/** Another publish of the shop is to follow this one (the rest of a large store): the publishing loop or the sweep runs it. */
async function askForNextSlice(shopId: string): Promise<void> {
  await prisma.shop.updateMany({ where: { id: shopId }, data: { storefrontRequested: { increment: 1 } } });
}

/**
 * Writes the shop's storefront data: every widget's metafield, the index, and
 * deletes the metafields of widgets that no longer exist; then the product
 * pages' entries that changed (decision 079). A large store goes in slices of
 * PUBLISH_SLICE_MS: products read and entries written are kept, and the next
 * publish (asked for here) goes on from there. A failure of the product pages
 * is recorded on the shop for the Widgets page, and thrown: the publish is
 * retried (the sweep, the next change) and resumes where it stopped.
 */
export async function publishStorefront(
  shopId: string,
  graphql?: AdminGraphql,
  version?: number,
  sliceMs = PUBLISH_SLICE_MS,
): Promise<{ widgets: number; productsLeft: number }> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { shopDomain: true, uninstalledAt: true } });
  if (!shop || shop.uninstalledAt) return { widgets: 0, productsLeft: 0 };
  const deadline = Date.now() + sliceMs;
  const admin = graphql ?? (await offlineAdminGraphql(shop.shopDomain));
  const budget = publishBudgetOf(shopId);
  const target = await fetchStorefrontTarget(admin, STOREFRONT_METAFIELD_NAMESPACE, budget);
  const details = await storefrontProductDetails(shopId, admin, await publishedProductIds(shopId), { budget, deadline });
  if (!details.complete) {
    // The widgets are written once their products are all read: a widget never shows a product without its card.
    await askForNextSlice(shopId);
    return { widgets: 0, productsLeft: -1 };
  }
  const widgets = await buildStorefrontWidgets(shopId, target.currencyCode, details.products);

  const values = [
    ...widgets.map((widget) => ({ key: widgetMetafieldKey(widget.number), value: widget })),
    { key: WIDGET_INDEX_METAFIELD_KEY, value: { ...storefrontIndex(widgets), ...(version === undefined ? {} : { publish: version }) } },
  ];
  await setJsonMetafields(admin, target.installationId, STOREFRONT_METAFIELD_NAMESPACE, values, budget);
  const published = new Set(values.map((value) => value.key));
  await deleteMetafields(
    admin,
    target.installationId,
    STOREFRONT_METAFIELD_NAMESPACE,
    target.existingKeys.filter((key) => !published.has(key)),
    budget,
  );

  let productsLeft: number;
  try {
    ({ remaining: productsLeft } = await publishProductPages(shopId, admin, target.installationId, { budget, deadline }));
  } catch (error) {
    await prisma.shop.updateMany({ where: { id: shopId }, data: { productPublishError: productPublishFailureOf(error), productPublishFailedAt: new Date() } });
    throw error;
  }
  if (productsLeft > 0) await askForNextSlice(shopId);
  else
    await prisma.shop.updateMany({
      where: { id: shopId, productPublishError: { not: null } },
      data: { productPublishError: null, productPublishFailedAt: null },
    });
  return { widgets: widgets.length, productsLeft };
}
