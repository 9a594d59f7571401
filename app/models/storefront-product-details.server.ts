/**
 * What Shopify says of the tagged products the storefront shows (title, price,
 * image, variants), read through a cache of the shop's own (decision 079):
 * every publish of widgets and product pages needs these details for every
 * product it writes, and a store with thousands of tagged products cannot ask
 * Shopify for all of them at each change. A product is asked again when the
 * catalogue (kept current by product webhooks, decision 053) says it changed
 * after the cached read, or when the cached read is STOREFRONT_DETAILS_MAX_AGE_MS
 * old (a change webhooks do not announce, such as stock, is seen within it).
 */
import { prisma } from "~/db.server";
import { safeHttpUrl } from "~/rules/embeds";
import {
  STOREFRONT_PRODUCTS_PER_QUERY,
  fetchStorefrontProducts,
  type AdminCostBudget,
  type AdminGraphql,
  type StorefrontProductDetails,
} from "~/shopify/admin-gateway.server";
import type { StorefrontProduct } from "~/storefront/widget-data";

/** How old a cached product may be before it is read again, whatever the catalogue says. */
export const STOREFRONT_DETAILS_MAX_AGE_MS = 60 * 60_000;

/** Rows per database write or read of the cache (well under SQLite's bound-parameter limit). */
const CACHE_BATCH = 500;

function toStorefrontProduct({ updatedAt: _updatedAt, ...details }: StorefrontProductDetails): StorefrontProduct {
  return { ...details, image: safeHttpUrl(details.image) };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export interface ProductDetailsRead {
  /** The products as the storefront shows them, by id; one deleted or not active is missing (the storefront cannot sell it). */
  products: Map<string, StorefrontProduct>;
  /** False when the deadline came before every product was read: what was read is cached, the rest is for the next slice. */
  complete: boolean;
}

/**
 * The products as the storefront shows them. Reads Shopify only for products
 * not cached, changed since, or cached too long ago, one call at a time, and
 * caches each call's products at once; stops reading at `deadline` (a time in
 * ms; one call at least), so a publish of a large store goes in slices that each answer in time.
 */
export async function storefrontProductDetails(
  shopId: string,
  admin: AdminGraphql,
  productIds: readonly string[],
  { budget, deadline = Infinity }: { budget?: AdminCostBudget; deadline?: number } = {},
): Promise<ProductDetailsRead> {
  const ids = [...new Set(productIds)];
  const found = new Map<string, StorefrontProduct>();
  const stale: string[] = [];
  const oldest = Date.now() - STOREFRONT_DETAILS_MAX_AGE_MS;
  for (const batch of chunks(ids, CACHE_BATCH)) {
    const [cached, catalogue] = await Promise.all([
      prisma.storefrontProductCache.findMany({ where: { shopId, productId: { in: batch } } }),
      prisma.catalogueProduct.findMany({ where: { shopId, productId: { in: batch } }, select: { productId: true, shopifyUpdatedAt: true } }),
    ]);
    const cachedById = new Map(cached.map((row) => [row.productId, row]));
    const changedAt = new Map(catalogue.map((row) => [row.productId, row.shopifyUpdatedAt.getTime()]));
    for (const id of batch) {
      const row = cachedById.get(id);
      const changed = changedAt.get(id);
      const fresh =
        row && row.fetchedAt.getTime() >= oldest && (changed === undefined || (row.productUpdatedAt !== null && row.productUpdatedAt.getTime() >= changed));
      if (!fresh) {
        stale.push(id);
        continue;
      }
      const details = JSON.parse(row.details) as StorefrontProduct | null;
      if (details) found.set(id, details);
    }
  }

  for (const [index, batch] of chunks(stale, STOREFRONT_PRODUCTS_PER_QUERY).entries()) {
    // At least one call per slice, so a slice always moves on.
    if (index > 0 && Date.now() >= deadline) return { products: found, complete: false };
    const read = new Map((await fetchStorefrontProducts(admin, batch, budget)).map((details) => [details.id, details]));
    const now = new Date();
    // Replaced as a whole: two publishes of a shop never run at once (the shop's publishing lease), and a
    // retried write only writes the same read again.
    await prisma.$transaction([
      prisma.storefrontProductCache.deleteMany({ where: { shopId, productId: { in: batch } } }),
      prisma.storefrontProductCache.createMany({
        data: batch.map((productId) => {
          const details = read.get(productId);
          return {
            shopId,
            productId,
            details: JSON.stringify(details ? toStorefrontProduct(details) : null),
            productUpdatedAt: details?.updatedAt ? new Date(details.updatedAt) : null,
            fetchedAt: now,
          };
        }),
      }),
    ]);
    for (const [id, details] of read) found.set(id, toStorefrontProduct(details));
  }
  return { products: found, complete: true };
}
