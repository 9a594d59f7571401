/**
 * The shop's catalogue as Clipcart keeps it for product suggestions (decision
 * 053): one CatalogueProduct row per Shopify product, read in full through
 * the Admin API (a paginated products query, by a background job) and kept
 * fresh by the products/create, products/update and products/delete webhooks.
 *
 * Every change of a row takes the next value of the shop's catalogue revision
 * (CatalogueState.revision) in the same transaction. Taking it locks the
 * shop's CatalogueState row until the transaction commits, so the shop's
 * catalogue writes are serialised and revisions become visible in order: an
 * app instance that has applied everything up to revision N catches up by
 * reading the rows above N (app/models/suggestions.server.ts).
 *
 * A product's updatedAt orders versions: an older one (a late webhook, a page
 * read before an update) never overwrites a newer one, and a deleted product
 * stays as a tombstone so a late update cannot bring it back.
 */
import { setImmediate } from "node:timers/promises";
import { z } from "zod";
import { type Prisma, prisma } from "~/db.server";
import { fetchCataloguePage, shopHasProduct, type AdminGraphql, type CatalogueProductNode } from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import type { IndexChange } from "~/suggestions/product-suggestions";
import { safeHttpUrl } from "~/rules/embeds";
import { untrustedText } from "~/rules/text-input";

type Database = Prisma.TransactionClient;

/** A product as the catalogue stores it, from the Admin API or a webhook. */
export interface CatalogueEntry {
  productId: string;
  title: string;
  handle: string;
  productType: string;
  vendor: string;
  tags: string[];
  optionValues: string[];
  imageUrl: string | null;
  minPrice: string | null;
  maxPrice: string | null;
  currencyCode: string | null;
  updatedAt: Date;
}

const TEXT_MAX = 255;
const LIST_MAX = 250;
const CATALOGUE_TRANSACTION = { maxWait: 20_000, timeout: 30_000 } as const;

/**
 * Product text is third-party text (the merchant's, through Shopify): a NUL
 * fails the write on PostgreSQL and cuts it short on SQLite, a lone surrogate
 * fails it on both. As decision 021 says for such text, those characters are
 * removed, never refused: one product's title must not fail a delivery
 * Shopify retries for hours, nor a page of the full read.
 */
const clip = (text: string | null | undefined) => untrustedText(text ?? "", TEXT_MAX, { multiline: false }) ?? "";
const clipList = (list: readonly string[]) => [...new Set(list.map(clip).filter(Boolean))].slice(0, LIST_MAX);

export function entryFromNode(node: CatalogueProductNode): CatalogueEntry {
  return {
    productId: node.id,
    title: clip(node.title),
    handle: clip(node.handle),
    productType: clip(node.productType),
    vendor: clip(node.vendor),
    tags: clipList(node.tags),
    optionValues: clipList(node.optionValues.filter((value) => value !== "Default Title")),
    // The full read skips images and prices (they cost 4 times the words): shown suggestions ask for them.
    imageUrl: null,
    minPrice: null,
    maxPrice: null,
    currencyCode: null,
    updatedAt: new Date(node.updatedAt),
  };
}

// ---------------------------------------------------------------- webhooks

/** The REST product Shopify sends with products/create and products/update (the fields used). */
export const ProductWebhookPayload = z.object({
  // The product's gid is made from the id (as for products/delete): the payload's admin_graphql_api_id says the same, unchecked.
  id: z.number().int().positive(),
  title: z.string().default(""),
  handle: z.string().default(""),
  product_type: z.string().nullish(),
  vendor: z.string().nullish(),
  // A comma-separated string on REST payloads.
  tags: z.union([z.string(), z.array(z.string())]).nullish(),
  updated_at: z.string(),
  variants: z.array(z.object({ price: z.union([z.string(), z.number()]).nullish() }).passthrough()).default([]),
  options: z.array(z.object({ name: z.string().nullish(), values: z.array(z.string()).default([]) }).passthrough()).default([]),
  image: z.object({ src: z.string().nullish() }).passthrough().nullish(),
});
export type ProductWebhookPayload = z.infer<typeof ProductWebhookPayload>;

export const ProductDeletePayload = z.object({ id: z.number().int().positive() });
export type ProductDeletePayload = z.infer<typeof ProductDeletePayload>;

const productGid = (id: number) => `gid://shopify/Product/${id}`;

export function entryFromWebhook(payload: ProductWebhookPayload): CatalogueEntry {
  const tags = Array.isArray(payload.tags) ? payload.tags : (payload.tags ?? "").split(",");
  const prices = payload.variants.map((variant) => Number(variant.price)).filter((price) => Number.isFinite(price));
  const updatedAt = new Date(payload.updated_at);
  return {
    productId: productGid(payload.id),
    title: clip(payload.title),
    handle: clip(payload.handle),
    productType: clip(payload.product_type),
    vendor: clip(payload.vendor),
    tags: clipList(tags),
    optionValues: clipList(payload.options.flatMap((option) => option.values).filter((value) => value !== "Default Title")),
    imageUrl: safeHttpUrl(payload.image?.src),
    minPrice: prices.length ? Math.min(...prices).toFixed(2) : null,
    maxPrice: prices.length ? Math.max(...prices).toFixed(2) : null,
    // REST payloads carry no currency: the last full read's stays.
    currencyCode: null,
    updatedAt: Number.isNaN(updatedAt.getTime()) ? new Date() : updatedAt,
  };
}

// ---------------------------------------------------------------- writes

async function shopIdOf(db: Database, shopDomain: string): Promise<string | null> {
  const shop = await db.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  return shop?.id ?? null;
}

/** Creates the shop's catalogue state when missing (safe when two ask at once, on both databases). */
async function ensureState(db: Database | typeof prisma, shopId: string): Promise<void> {
  const now = new Date();
  await db.$executeRaw`INSERT INTO "CatalogueState" ("shopId", "revision", "matchRevision", "createdAt", "updatedAt")
    VALUES (${shopId}, 0, 0, ${now}, ${now}) ON CONFLICT ("shopId") DO NOTHING`;
}

/** The next catalogue revision; holds the shop's CatalogueState row until the transaction ends. */
async function nextRevision(db: Database, shopId: string): Promise<number> {
  await ensureState(db, shopId);
  const state = await db.catalogueState.update({ where: { shopId }, data: { revision: { increment: 1 } }, select: { revision: true } });
  return state.revision;
}

const MATCH_FIELDS = ["title", "handle", "productType", "vendor", "tags", "optionValues"] as const;

/**
 * Writes the products that are newer than what the catalogue has; marks all
 * of them seen. Raises the match revision when words suggestions read
 * changed (a price or image change does not make videos be suggested again).
 * Answers how many rows changed.
 */
export async function applyCatalogueEntries(db: Database, shopId: string, entries: CatalogueEntry[], seenAt = new Date()): Promise<number> {
  if (!entries.length) return 0;
  const revision = await nextRevision(db, shopId);
  const existing = await db.catalogueProduct.findMany({
    where: { shopId, productId: { in: entries.map((entry) => entry.productId) } },
    select: {
      productId: true,
      shopifyUpdatedAt: true,
      deleted: true,
      title: true,
      handle: true,
      productType: true,
      vendor: true,
      tags: true,
      optionValues: true,
    },
  });
  const byId = new Map(existing.map((row) => [row.productId, row]));
  let changed = 0;
  let matchChanged = false;
  const unchanged: string[] = [];
  // Products the catalogue has no row for are written in one statement (the first full read: all of them). The
  // shop's revision taken above keeps other writers of its catalogue out until this transaction ends.
  const created = new Map<string, Prisma.CatalogueProductCreateManyInput>();
  for (const entry of entries) {
    const row = byId.get(entry.productId);
    // Older than what is kept; for a deleted product, not newer than its deletion.
    if (row && (row.shopifyUpdatedAt > entry.updatedAt || (row.deleted && row.shopifyUpdatedAt >= entry.updatedAt))) {
      if (!row.deleted) unchanged.push(entry.productId);
      continue;
    }
    const data = {
      title: entry.title,
      handle: entry.handle,
      productType: entry.productType,
      vendor: entry.vendor,
      tags: JSON.stringify(entry.tags),
      optionValues: JSON.stringify(entry.optionValues),
    };
    const sameWords = row && !row.deleted && MATCH_FIELDS.every((field) => row[field] === data[field]);
    if (row && row.shopifyUpdatedAt.getTime() === entry.updatedAt.getTime() && sameWords) {
      unchanged.push(entry.productId);
      continue;
    }
    if (!sameWords) matchChanged = true;
    const prices = {
      ...(entry.imageUrl ? { imageUrl: entry.imageUrl } : {}),
      ...(entry.minPrice ? { minPrice: entry.minPrice, maxPrice: entry.maxPrice } : {}),
      ...(entry.currencyCode ? { currencyCode: entry.currencyCode } : {}),
    };
    changed += 1;
    if (!row) {
      created.set(entry.productId, { shopId, productId: entry.productId, ...data, ...prices, shopifyUpdatedAt: entry.updatedAt, revision, seenAt });
      continue;
    }
    await db.catalogueProduct.update({
      where: { shopId_productId: { shopId, productId: entry.productId } },
      data: { ...data, ...prices, shopifyUpdatedAt: entry.updatedAt, deleted: false, revision, seenAt },
    });
    // On SQLite every statement answers at once: without a turn of the event loop between them, a page of
    // changed products would hold the server's requests (a page's scripts and styles) until the page is written.
    await setImmediate();
  }
  if (created.size) await db.catalogueProduct.createMany({ data: [...created.values()] });
  if (unchanged.length) await db.catalogueProduct.updateMany({ where: { shopId, productId: { in: unchanged } }, data: { seenAt } });
  if (matchChanged) await db.catalogueState.update({ where: { shopId }, data: { matchRevision: { increment: 1 } } });
  return changed;
}

/** Marks products deleted (tombstones newer than any version seen before `at`). */
async function markDeleted(db: Database, shopId: string, productIds: string[], at: Date): Promise<number> {
  if (!productIds.length) return 0;
  const revision = await nextRevision(db, shopId);
  let changed = 0;
  for (const productId of productIds) {
    const row = await db.catalogueProduct.findUnique({ where: { shopId_productId: { shopId, productId } }, select: { deleted: true, shopifyUpdatedAt: true } });
    if (row?.deleted) continue;
    const stamp = row && row.shopifyUpdatedAt > at ? row.shopifyUpdatedAt : at;
    await db.catalogueProduct.upsert({
      where: { shopId_productId: { shopId, productId } },
      create: { shopId, productId, title: "", handle: "", shopifyUpdatedAt: stamp, deleted: true, revision },
      update: { deleted: true, shopifyUpdatedAt: stamp, revision },
    });
    changed += 1;
  }
  if (changed) await db.catalogueState.update({ where: { shopId }, data: { matchRevision: { increment: 1 } } });
  // The product's suggestions go with it.
  await db.videoSuggestion.deleteMany({ where: { shopId, productId: { in: productIds } } });
  return changed;
}

/**
 * Why a products/create or products/update delivery is not taken, or null
 * when it is (decision 062). Shopify's HMAC covers the body only, and a
 * product payload names no shop: a body signed for another shop, replayed
 * with this shop's X-Shopify-Shop-Domain and a new webhook id, would add that
 * shop's product to this one's suggestions. Product ids are unique across
 * Shopify, so a product the shop's catalogue already has is the shop's (no
 * call); any other is asked of Shopify with the shop's token, which answers
 * null for another shop's product (and for one deleted since). Outside the
 * delivery's transaction: it may call Shopify.
 */
export async function productWebhookRefusal(shopDomain: string, numericId: number, graphql: AdminGraphql | undefined): Promise<string | null> {
  const shop = await prisma.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  // No shop: the delivery changes nothing anyway.
  if (!shop) return null;
  const productId = productGid(numericId);
  const known = await prisma.catalogueProduct.findUnique({ where: { shopId_productId: { shopId: shop.id, productId } }, select: { id: true } });
  if (known) return null;
  if (!graphql) return "a product the catalogue does not know, and no token to ask Shopify with";
  return (await shopHasProduct(graphql, productId)) ? null : "not a product of this shop (or deleted since)";
}

/** products/create and products/update: the product as the webhook tells it (run in the delivery's transaction). */
export async function applyProductWebhook(shopDomain: string, payload: ProductWebhookPayload, db: Database): Promise<{ changed: number }> {
  const shopId = await shopIdOf(db, shopDomain);
  if (!shopId) return { changed: 0 };
  return { changed: await applyCatalogueEntries(db, shopId, [entryFromWebhook(payload)]) };
}

/** products/delete: the product leaves the catalogue; a later delivery of an older update cannot bring it back. */
export async function applyProductDeleteWebhook(
  shopDomain: string,
  payload: ProductDeletePayload,
  db: Database,
  at = new Date(),
): Promise<{ changed: number }> {
  const shopId = await shopIdOf(db, shopDomain);
  if (!shopId) return { changed: 0 };
  return { changed: await markDeleted(db, shopId, [productGid(payload.id)], at) };
}

// ---------------------------------------------------------------- full read

/**
 * Asks for a full read of the shop's catalogue unless one was done or is
 * asked for already (install, first open of the library). The background
 * runner does it; nothing waits for it.
 */
export async function requestCatalogueSync(shopId: string, { again = false }: { again?: boolean } = {}): Promise<boolean> {
  // Read first: every load of the library asks, and after the first read nothing is to be asked (a read takes no write lock).
  const state = await prisma.catalogueState.findUnique({ where: { shopId }, select: { syncRequestedAt: true, syncedAt: true } });
  if (state && (state.syncRequestedAt || (!again && state.syncedAt))) return false;
  await ensureState(prisma, shopId);
  const { count } = await prisma.catalogueState.updateMany({
    where: again ? { shopId, syncRequestedAt: null } : { shopId, syncRequestedAt: null, syncedAt: null },
    data: { syncRequestedAt: new Date() },
  });
  return count > 0;
}

/**
 * Reads every product of the shop through the Admin API, a page at a time
 * (each page written in its own transaction, so a failure keeps what was
 * read), then marks deleted the products no page named and no webhook
 * touched since the read began.
 */
export async function syncCatalogue(shopId: string, { pageSize }: { pageSize?: number } = {}): Promise<{ products: number; removed: number }> {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { shopDomain: true } });
  const graphql = await offlineAdminGraphql(shop.shopDomain);
  const startedAt = new Date();
  let cursor: string | null = null;
  let products = 0;
  do {
    const page: Awaited<ReturnType<typeof fetchCataloguePage>> = await fetchCataloguePage(graphql, cursor, pageSize);
    const entries = page.products.map(entryFromNode);
    await prisma.$transaction((db) => applyCatalogueEntries(db, shopId, entries, new Date()), CATALOGUE_TRANSACTION);
    products += entries.length;
    cursor = page.nextCursor;
  } while (cursor);
  const removed = await prisma.$transaction(async (db) => {
    const gone = await db.catalogueProduct.findMany({ where: { shopId, deleted: false, seenAt: { lt: startedAt } }, select: { productId: true } });
    return markDeleted(
      db,
      shopId,
      gone.map((row) => row.productId),
      startedAt,
    );
  }, CATALOGUE_TRANSACTION);
  return { products, removed };
}

// ---------------------------------------------------------------- reads

export interface CatalogueStateRecord {
  revision: number;
  matchRevision: number;
  syncedAt: Date | null;
  syncRequestedAt: Date | null;
}

export async function catalogueState(shopId: string): Promise<CatalogueStateRecord | null> {
  return prisma.catalogueState.findUnique({ where: { shopId }, select: { revision: true, matchRevision: true, syncedAt: true, syncRequestedAt: true } });
}

export type CatalogueChange = IndexChange;

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

/**
 * Rows changed after `afterRevision` (all live rows when it is -1), in pages,
 * oldest revision first. A first build reading from -1 names the revision it
 * set out to reach as `deletedAfter`: the rows deleted after it come too, so
 * a product deleted while the pages are read (slowly, in slices: decision
 * 059) still leaves the index, though its live version was read before.
 */
export async function* catalogueChanges(
  shopId: string,
  afterRevision: number,
  pageSize = 5_000,
  { deletedAfter }: { deletedAfter?: number } = {},
): AsyncGenerator<CatalogueChange[]> {
  const which: Prisma.CatalogueProductWhereInput =
    afterRevision >= 0 ? {} : deletedAfter === undefined ? { deleted: false } : { OR: [{ deleted: false }, { revision: { gt: deletedAfter } }] };
  let after: { revision: number; id: string } | null = null;
  for (;;) {
    const where: Prisma.CatalogueProductWhereInput = {
      shopId,
      AND: [
        which,
        after ? { OR: [{ revision: { gt: after.revision } }, { revision: after.revision, id: { gt: after.id } }] } : { revision: { gt: afterRevision } },
      ],
    };
    const rows = await prisma.catalogueProduct.findMany({
      where,
      orderBy: [{ revision: "asc" }, { id: "asc" }],
      take: pageSize,
      select: {
        id: true,
        revision: true,
        deleted: true,
        productId: true,
        title: true,
        handle: true,
        productType: true,
        vendor: true,
        tags: true,
        optionValues: true,
      },
    });
    if (!rows.length) return;
    yield rows.map((row) => ({
      revision: row.revision,
      deleted: row.deleted,
      product: {
        id: row.productId,
        title: row.title,
        handle: row.handle,
        productType: row.productType,
        vendor: row.vendor,
        tags: parseList(row.tags),
        optionValues: parseList(row.optionValues),
      },
    }));
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    after = { revision: last.revision, id: last.id };
  }
}

export interface CatalogueCard {
  productId: string;
  title: string;
  imageUrl: string | null;
  minPrice: string | null;
  maxPrice: string | null;
  currencyCode: string | null;
}

/** Title, image and price of live catalogue products, for showing suggestions. */
export async function catalogueCards(shopId: string, productIds: string[]): Promise<Map<string, CatalogueCard>> {
  if (!productIds.length) return new Map();
  const rows = await prisma.catalogueProduct.findMany({
    where: { shopId, deleted: false, productId: { in: productIds } },
    select: { productId: true, title: true, imageUrl: true, minPrice: true, maxPrice: true, currencyCode: true },
  });
  return new Map(rows.map((row) => [row.productId, row]));
}
