/**
 * Product pages' storefront data (issue 27, decision 079): for every product
 * tagged to an approved video, one app-data metafield holding its approved
 * videos and, per widget showing "Videos tagged with this product", which of
 * them in the widget's order. The theme app extension reads the page's
 * product's entry, so a product page shows its own videos without a request
 * to our server.
 *
 * Publishing writes only what changed: each product's entry is summed up from
 * the database (its videos, their products, the widgets' orders, and when the
 * catalogue last saw those products change), and only products whose sum
 * differs from the one written last are built and written; products left with
 * nothing to show lose their metafield. It runs inside the shop's storefront
 * publish (app/models/storefront.server.ts), so it takes turns with the
 * widgets' publish across instances.
 */
import { createHash } from "node:crypto";
import { prisma } from "~/db.server";
import { WIDGET_VIDEO_ORDER } from "~/rules/widget-order";
import { deleteMetafields, setJsonMetafields, type AdminCostBudget, type AdminGraphql } from "~/shopify/admin-gateway.server";
import {
  PRODUCT_METAFIELD_NAMESPACE,
  STOREFRONT_DATA_VERSION,
  STOREFRONT_METAFIELD_MAX_BYTES,
  productMetafieldKey,
  type StorefrontProduct,
  type StorefrontProductVideos,
  type StorefrontVideo,
} from "~/storefront/widget-data";
import { STOREFRONT_VIDEO_SELECT, toStorefrontVideo, type VideoForStorefront } from "./storefront-videos.server";
import { storefrontProductDetails } from "./storefront-product-details.server";

/** Products whose catalogue rows one query reads (well under SQLite's bound-parameter limit). */
const CATALOGUE_READ_BATCH = 500;

/** Products written per round: one metafieldsSet call (Shopify takes 25 per call). */
const PRODUCTS_PER_ROUND = 25;

interface ProductPlan {
  productId: string;
  /** The product's approved videos, newest approval first. */
  videos: VideoForStorefront[];
  /** Per product-sourced widget (by display number): positions in `videos`, in the widget's order. */
  widgets: Record<string, number[]>;
  /** Every product the entry shows (its videos' products). */
  productIds: string[];
}

/** Every tagged product's plan: what its entry holds, without Shopify's product details. */
async function planProductPages(shopId: string): Promise<Map<string, ProductPlan>> {
  const [videos, widgets] = await Promise.all([
    prisma.video.findMany({
      where: { shopId, enabled: true, productTags: { some: {} } },
      orderBy: [{ approvedAt: "desc" }, { createdAt: "desc" }, { id: "asc" }],
      select: STOREFRONT_VIDEO_SELECT,
    }),
    prisma.widget.findMany({
      where: { shopId, sourceType: "product" },
      orderBy: { displayNumber: "asc" },
      select: { displayNumber: true, videos: { where: { video: { enabled: true } }, orderBy: WIDGET_VIDEO_ORDER, select: { videoId: true } } },
    }),
  ]);
  const plans = new Map<string, ProductPlan>();
  for (const video of videos) {
    const productIds = video.productTags.map((tag) => tag.productId);
    for (const productId of new Set(productIds)) {
      const plan = plans.get(productId) ?? { productId, videos: [], widgets: {}, productIds: [] };
      plan.videos.push(video);
      plan.productIds.push(...productIds);
      plans.set(productId, plan);
    }
  }
  for (const plan of plans.values()) {
    plan.productIds = [...new Set(plan.productIds)];
    const positionOf = new Map(plan.videos.map((video, index) => [video.id, index]));
    for (const widget of widgets) {
      const positions = widget.videos.flatMap(({ videoId }) => positionOf.get(videoId) ?? []);
      if (positions.length) plan.widgets[String(widget.displayNumber)] = positions;
    }
  }
  return plans;
}

/** A sum of everything the product's entry shows: equal sums, equal entries (given the same product details). */
function planDigest(plan: ProductPlan, productChangedAt: ReadonlyMap<string, number>): string {
  const shape = {
    videos: plan.videos.map((video) => toStorefrontVideo(video, new Map())).map((video) => ({ ...video, products: undefined })),
    products: plan.videos.map((video) => video.productTags.map((tag) => tag.productId)),
    widgets: plan.widgets,
    changed: plan.productIds.map((id) => productChangedAt.get(id) ?? null),
    v: STOREFRONT_DATA_VERSION,
  };
  return createHash("sha256").update(JSON.stringify(shape)).digest("base64url");
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/**
 * The entry, keeping its newest videos when all would not fit Shopify's JSON
 * metafield limit (with room for the metafield's envelope): a best-selling
 * product with a hundred videos shows its newest ones.
 */
export function productEntryWithinLimit(entry: StorefrontProductVideos, maxBytes = STOREFRONT_METAFIELD_MAX_BYTES - 1024): StorefrontProductVideos {
  if (jsonBytes(entry) <= maxBytes) return entry;
  let size = jsonBytes({ ...entry, videos: [] });
  let kept = 0;
  for (const video of entry.videos) {
    const added = jsonBytes(video) + (kept ? 1 : 0);
    // The widgets' positions shrink as videos go, never grow: counting them whole keeps on the safe side.
    if (size + added > maxBytes - jsonBytes(entry.widgets)) break;
    size += added;
    kept++;
  }
  const widgets = Object.fromEntries(
    Object.entries(entry.widgets)
      .map(([number, positions]) => [number, positions.filter((position) => position < kept)] as const)
      .filter(([, positions]) => positions.length > 0),
  );
  return { ...entry, videos: entry.videos.slice(0, kept), widgets };
}

function buildEntry(plan: ProductPlan, products: ReadonlyMap<string, StorefrontProduct>): StorefrontProductVideos {
  const videos: StorefrontVideo[] = plan.videos.map((video) => toStorefrontVideo(video, products));
  return productEntryWithinLimit({ v: STOREFRONT_DATA_VERSION, videos, widgets: plan.widgets });
}

export interface ProductPagesOutcome {
  /** Products whose entry was written. */
  written: number;
  /** Products whose entry was deleted (nothing left to show). */
  removed: number;
  /** Products whose entry was already up to date. */
  unchanged: number;
  /** Products left for the next slice: the deadline came first. */
  remaining: number;
}

/**
 * Writes the entries that changed since the last publish and deletes those of
 * products with nothing left to show, PRODUCTS_PER_ROUND at a time; each round
 * records what it wrote, so a publish that fails half-way resumes where it
 * stopped. No round starts after `deadline` (ms): what is left is counted in
 * `remaining` for the next slice. `installationId` owns the metafields
 * (app-data, decision 079).
 */
export async function publishProductPages(
  shopId: string,
  admin: AdminGraphql,
  installationId: string,
  { budget, deadline = Infinity }: { budget?: AdminCostBudget; deadline?: number } = {},
): Promise<ProductPagesOutcome> {
  const [plans, published] = await Promise.all([
    planProductPages(shopId),
    prisma.productPublication.findMany({ where: { shopId }, select: { productId: true, digest: true } }),
  ]);
  const shownIds = [...new Set([...plans.values()].flatMap((plan) => plan.productIds))];
  const productChangedAt = new Map<string, number>();
  // In batches: a store's thousands of products would pass the database's limit on one query's parameters.
  for (let start = 0; start < shownIds.length; start += CATALOGUE_READ_BATCH) {
    const rows = await prisma.catalogueProduct.findMany({
      where: { shopId, productId: { in: shownIds.slice(start, start + CATALOGUE_READ_BATCH) } },
      select: { productId: true, shopifyUpdatedAt: true },
    });
    for (const row of rows) productChangedAt.set(row.productId, row.shopifyUpdatedAt.getTime());
  }
  const writtenDigest = new Map(published.map((row) => [row.productId, row.digest]));

  const changed = [...plans.values()].flatMap((plan) => {
    const digest = planDigest(plan, productChangedAt);
    return writtenDigest.get(plan.productId) === digest ? [] : [{ plan, digest }];
  });
  const gone = published.filter((row) => !plans.has(row.productId)).map((row) => row.productId);
  const outcome: ProductPagesOutcome = { written: 0, removed: 0, unchanged: plans.size - changed.length, remaining: changed.length + gone.length };

  // At least one round per slice, so a slice always moves on.
  let progressed = false;
  const inTime = () => !progressed || Date.now() < deadline;
  // Deletions first: they are cheap, and a product that lost its last video should not keep showing it.
  for (let start = 0; start < gone.length && inTime(); start += PRODUCTS_PER_ROUND) {
    const round = gone.slice(start, start + PRODUCTS_PER_ROUND);
    await deleteMetafields(admin, installationId, PRODUCT_METAFIELD_NAMESPACE, round.map(productMetafieldKey), budget);
    await prisma.productPublication.deleteMany({ where: { shopId, productId: { in: round } } });
    outcome.removed += round.length;
    outcome.remaining -= round.length;
    progressed = true;
  }
  for (let start = 0; start < changed.length && inTime(); start += PRODUCTS_PER_ROUND) {
    const round = changed.slice(start, start + PRODUCTS_PER_ROUND);
    const details = await storefrontProductDetails(
      shopId,
      admin,
      round.flatMap(({ plan }) => plan.productIds),
      // Past the deadline the reading stops after one call at least: what it read is cached for the next slice.
      { budget, deadline },
    );
    if (!details.complete) break;
    await setJsonMetafields(
      admin,
      installationId,
      PRODUCT_METAFIELD_NAMESPACE,
      round.map(({ plan }) => ({ key: productMetafieldKey(plan.productId), value: buildEntry(plan, details.products) })),
      budget,
    );
    const now = new Date();
    await prisma.$transaction(
      round.map(({ plan, digest }) =>
        prisma.productPublication.upsert({
          where: { shopId_productId: { shopId, productId: plan.productId } },
          create: { shopId, productId: plan.productId, digest, publishedAt: now },
          update: { digest, publishedAt: now },
        }),
      ),
    );
    outcome.written += round.length;
    outcome.remaining -= round.length;
    progressed = true;
  }
  return outcome;
}
