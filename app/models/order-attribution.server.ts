/**
 * Sales from real orders (issue 5): an order line a widget added carries the
 * line-item property `_clipcart_video` (and `_clipcart_widget`); when Shopify
 * tells us about the order (orders/create webhook) each such line becomes an
 * OrderAttribution. The unique key (shop, order, line) makes a duplicated,
 * replayed or late delivery count once. The property is shopper-controlled
 * input: only the shop's own videos and widgets are credited. The order
 * carries no shop domain, so "the shop" is the one the delivery names.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Prisma, prisma } from "~/db.server";
import { CART_VIDEO_PROPERTY, CART_WIDGET_PROPERTY } from "~/storefront/widget-data";

const Money = z.union([z.string(), z.number()]).transform((value) => Number(value));
const ShopMoney = z.object({ shop_money: z.object({ amount: Money }) }).partial();

const OrderLine = z.object({
  id: z.union([z.number(), z.string()]),
  admin_graphql_api_id: z.string().optional(),
  product_id: z.union([z.number(), z.string()]).nullish(),
  quantity: z.number().int().nonnegative(),
  price: Money,
  price_set: ShopMoney.optional(),
  discount_allocations: z
    .array(z.object({ amount: Money, amount_set: ShopMoney.optional() }))
    .optional()
    .default([]),
  properties: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
});

/** The part of Shopify's REST order payload (API 2025-10) attribution reads. */
export const OrderPayload = z.object({
  id: z.union([z.number(), z.string()]),
  admin_graphql_api_id: z.string().optional(),
  created_at: z.string(),
  currency: z.string().length(3),
  line_items: z.array(OrderLine),
});
export type OrderPayload = z.infer<typeof OrderPayload>;

const cents = (amount: number) => Math.round(amount * 100);

/**
 * Lines per INSERT: 12 bound values each, well under what one statement may
 * bind (SQLite 32,766; PostgreSQL 65,535), so a wholesale order of thousands
 * of lines is written in several statements of one transaction.
 */
const LINES_PER_INSERT = 500;

/** A few seconds for thousands of lines on a busy database; the delivery's transaction allows the same. */
const ORDER_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

function inChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

function propertyOf(line: z.infer<typeof OrderLine>, name: string): string | null {
  const value = line.properties?.find((property) => property.name === name)?.value;
  return typeof value === "string" && value.length > 0 && value.length <= 64 ? value : null;
}

/**
 * Records the order's widget lines for the shop. Returns how many lines are
 * credited to a video (again on a repeat: the lines were already there).
 * Give it the delivery's transaction so the lines and the delivery's record
 * commit together; alone, the chunks get a transaction of their own.
 */
export async function attributeOrder(shopDomain: string, order: OrderPayload, db?: Prisma.TransactionClient): Promise<{ attributedLines: number }> {
  if (!db) return prisma.$transaction((tx) => attributeOrder(shopDomain, order, tx), ORDER_TRANSACTION);
  const shop = await db.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { attributedLines: 0 };
  const lines = order.line_items
    .map((line) => ({ line, videoId: propertyOf(line, CART_VIDEO_PROPERTY), widgetId: propertyOf(line, CART_WIDGET_PROPERTY) }))
    .filter((entry): entry is typeof entry & { videoId: string } => entry.videoId !== null && entry.line.quantity > 0);
  if (!lines.length) return { attributedLines: 0 };

  const [videos, widgets] = await Promise.all([
    db.video.findMany({ where: { shopId: shop.id, id: { in: [...new Set(lines.map((entry) => entry.videoId))] } }, select: { id: true } }),
    db.widget.findMany({
      where: { shopId: shop.id, id: { in: [...new Set(lines.flatMap((entry) => (entry.widgetId ? [entry.widgetId] : [])))] } },
      select: { id: true },
    }),
  ]);
  const knownVideos = new Set(videos.map((video) => video.id));
  const knownWidgets = new Set(widgets.map((widget) => widget.id));
  const orderId = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  const occurredAt = new Date(order.created_at);
  if (Number.isNaN(occurredAt.getTime())) return { attributedLines: 0 };

  const rows = lines
    .filter((entry) => knownVideos.has(entry.videoId))
    .map(({ line, videoId, widgetId }) => {
      const unitPrice = line.price_set?.shop_money?.amount ?? line.price;
      const discounts = line.discount_allocations.reduce((sum, allocation) => sum + cents(allocation.amount_set?.shop_money?.amount ?? allocation.amount), 0);
      return Prisma.sql`(${randomUUID()}, ${shop.id}, ${orderId}, ${line.admin_graphql_api_id ?? `gid://shopify/LineItem/${line.id}`}, ${videoId}, ${
        widgetId && knownWidgets.has(widgetId) ? widgetId : null
      }, ${line.product_id != null ? `gid://shopify/Product/${line.product_id}` : null}, ${line.quantity}, ${Math.max(0, cents(unitPrice) * line.quantity - discounts)}, ${order.currency.toUpperCase()}, ${occurredAt}, ${new Date()})`;
    });
  if (!rows.length) return { attributedLines: 0 };
  for (const chunk of inChunks(rows, LINES_PER_INSERT)) {
    await db.$executeRaw`INSERT INTO "OrderAttribution" ("id", "shopId", "orderId", "lineItemId", "videoId", "widgetId", "productId", "quantity", "amountCents", "currency", "occurredAt", "createdAt")
      VALUES ${Prisma.join(chunk)} ON CONFLICT ("shopId", "orderId", "lineItemId") DO NOTHING`;
  }
  return { attributedLines: rows.length };
}
