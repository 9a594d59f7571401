/**
 * Sales from real orders (issue 5): an order line a widget added carries the
 * line-item property `_clipcart_video` (and `_clipcart_widget`); when Shopify
 * tells us about the order (orders/create webhook) each such line becomes an
 * OrderAttribution. The unique key (shop, order, line) makes a duplicated,
 * replayed or late delivery count once. The property is shopper-controlled
 * input: only the shop's own videos and widgets are credited. The order
 * carries no shop domain, so "the shop" is the one the delivery names.
 *
 * Sales are net (issue 15 item 19, decision 048): orders/cancelled marks the
 * order's lines cancelled, refunds/create keeps each refunded line as an
 * OrderRefundLine, and netSales takes both off. Each is a fact of its own,
 * so deliveries may come in any order and any number of times.
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
  /** Null until the order is cancelled; orders/cancelled carries the whole order with it set. */
  cancelled_at: z.string().nullish(),
  currency: z.string().length(3),
  line_items: z.array(OrderLine),
});
export type OrderPayload = z.infer<typeof OrderPayload>;

/** orders/cancelled: the order as it is once cancelled. */
export const CancelledOrderPayload = OrderPayload.extend({ cancelled_at: z.string() });
export type CancelledOrderPayload = z.infer<typeof CancelledOrderPayload>;

const RefundLine = z.object({
  id: z.union([z.number(), z.string()]),
  line_item_id: z.union([z.number(), z.string()]),
  quantity: z.number().int().nonnegative(),
  subtotal: Money,
  subtotal_set: ShopMoney.optional(),
  /** The order's line as it was sold, with the properties the widget set. */
  line_item: OrderLine.pick({ id: true, admin_graphql_api_id: true, properties: true }),
});

/** The part of Shopify's REST refund payload (refunds/create, API 2025-10) net sales read. */
export const RefundPayload = z.object({
  id: z.union([z.number(), z.string()]),
  admin_graphql_api_id: z.string().optional(),
  order_id: z.union([z.number(), z.string()]),
  created_at: z.string(),
  refund_line_items: z.array(RefundLine),
});
export type RefundPayload = z.infer<typeof RefundPayload>;

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

function propertyOf(line: Pick<z.infer<typeof OrderLine>, "properties">, name: string): string | null {
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
  const cancelledAt = dateOrNull(order.cancelled_at);

  const rows = lines
    .filter((entry) => knownVideos.has(entry.videoId))
    .map(({ line, videoId, widgetId }) => {
      const unitPrice = line.price_set?.shop_money?.amount ?? line.price;
      const discounts = line.discount_allocations.reduce((sum, allocation) => sum + cents(allocation.amount_set?.shop_money?.amount ?? allocation.amount), 0);
      return Prisma.sql`(${randomUUID()}, ${shop.id}, ${orderId}, ${line.admin_graphql_api_id ?? `gid://shopify/LineItem/${line.id}`}, ${videoId}, ${
        widgetId && knownWidgets.has(widgetId) ? widgetId : null
      }, ${line.product_id != null ? `gid://shopify/Product/${line.product_id}` : null}, ${line.quantity}, ${Math.max(0, cents(unitPrice) * line.quantity - discounts)}, ${order.currency.toUpperCase()}, ${occurredAt}, ${cancelledAt}, ${new Date()})`;
    });
  if (!rows.length) return { attributedLines: 0 };
  // DO NOTHING on a line already there: a cancellation recorded first stays when orders/create comes after it.
  for (const chunk of inChunks(rows, LINES_PER_INSERT)) {
    await db.$executeRaw`INSERT INTO "OrderAttribution" ("id", "shopId", "orderId", "lineItemId", "videoId", "widgetId", "productId", "quantity", "amountCents", "currency", "occurredAt", "cancelledAt", "createdAt")
      VALUES ${Prisma.join(chunk)} ON CONFLICT ("shopId", "orderId", "lineItemId") DO NOTHING`;
  }
  return { attributedLines: rows.length };
}

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * orders/cancelled: the order no longer counts. The payload is the whole
 * order, so its widget lines are recorded (already cancelled) if orders/create
 * has not come yet; lines credited before are marked, even those whose video
 * has since been deleted. A repeat changes nothing (the first date stays).
 */
export async function cancelOrder(shopDomain: string, order: CancelledOrderPayload, db?: Prisma.TransactionClient): Promise<{ cancelledLines: number }> {
  if (!db) return prisma.$transaction((tx) => cancelOrder(shopDomain, order, tx), ORDER_TRANSACTION);
  const cancelledAt = dateOrNull(order.cancelled_at) ?? new Date();
  await attributeOrder(shopDomain, { ...order, cancelled_at: cancelledAt.toISOString() }, db);
  const shop = await db.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { cancelledLines: 0 };
  const orderId = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  await db.orderAttribution.updateMany({ where: { shopId: shop.id, orderId, cancelledAt: null }, data: { cancelledAt } });
  return { cancelledLines: await db.orderAttribution.count({ where: { shopId: shop.id, orderId } }) };
}

/**
 * refunds/create: keeps each refunded line a widget sold (its line item names
 * one of the shop's videos, the rule attributeOrder applies), keyed by the
 * refund and its refund line, whether or not the order has arrived yet.
 * Returns how many refund lines concern the shop's sales.
 */
export async function recordRefund(shopDomain: string, refund: RefundPayload, db?: Prisma.TransactionClient): Promise<{ refundLines: number }> {
  if (!db) return prisma.$transaction((tx) => recordRefund(shopDomain, refund, tx), ORDER_TRANSACTION);
  const shop = await db.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { refundLines: 0 };
  const refundedAt = dateOrNull(refund.created_at);
  if (!refundedAt) return { refundLines: 0 };
  const lines = refund.refund_line_items
    .map((line) => ({ line, videoId: propertyOf(line.line_item, CART_VIDEO_PROPERTY) }))
    .filter((entry): entry is typeof entry & { videoId: string } => entry.videoId !== null && entry.line.quantity > 0);
  if (!lines.length) return { refundLines: 0 };
  const videos = await db.video.findMany({
    where: { shopId: shop.id, id: { in: [...new Set(lines.map((entry) => entry.videoId))] } },
    select: { id: true },
  });
  const knownVideos = new Set(videos.map((video) => video.id));
  const refundId = refund.admin_graphql_api_id ?? `gid://shopify/Refund/${refund.id}`;
  const orderId = `gid://shopify/Order/${refund.order_id}`;
  const rows = lines
    .filter((entry) => knownVideos.has(entry.videoId))
    .map(({ line }) => {
      const lineItemId = line.line_item.admin_graphql_api_id ?? `gid://shopify/LineItem/${line.line_item_id}`;
      const amountCents = Math.max(0, cents(line.subtotal_set?.shop_money?.amount ?? line.subtotal));
      return Prisma.sql`(${randomUUID()}, ${shop.id}, ${refundId}, ${String(line.id)}, ${orderId}, ${lineItemId}, ${line.quantity}, ${amountCents}, ${refundedAt}, ${new Date()})`;
    });
  for (const chunk of inChunks(rows, LINES_PER_INSERT)) {
    await db.$executeRaw`INSERT INTO "OrderRefundLine" ("id", "shopId", "refundId", "refundLineId", "orderId", "lineItemId", "quantity", "amountCents", "refundedAt", "createdAt")
      VALUES ${Prisma.join(chunk)} ON CONFLICT ("shopId", "refundId", "refundLineId") DO NOTHING`;
  }
  return { refundLines: rows.length };
}

export interface NetSales {
  /** Orders with at least one credited line neither cancelled nor wholly refunded. */
  orders: number;
  /** What those lines earned less what was refunded of them, in hundredths of the shop's currency. */
  amountCents: number;
}

/**
 * Each credited line still counting: of an order not cancelled (placed from
 * `since` on, when given), its quantity and amount less its refund lines',
 * with `key` (the line's video or widget, or nothing). The one definition of
 * a net line for the totals and the per-video and per-widget figures, so
 * they cannot disagree.
 */
function keptLines(shopId: string, key: Prisma.Sql | null, since: Date | undefined): Prisma.Sql {
  // Orders placed from `since` on (the Performance Overview's window), net of their refunds whenever those came.
  const placedSince = since ? Prisma.sql`AND sale."occurredAt" >= ${since}` : Prisma.empty;
  // PostgreSQL refuses a constant in GROUP BY: without a key, there is nothing more to group by.
  const groupedByKey = key ? Prisma.sql`, ${key}` : Prisma.empty;
  return Prisma.sql`
      SELECT ${key ?? Prisma.sql`NULL`} AS "key", sale."orderId",
             sale."quantity" - COALESCE(SUM(refund."quantity"), 0) AS "keptQuantity",
             sale."amountCents" - COALESCE(SUM(refund."amountCents"), 0) AS "keptCents"
      FROM "OrderAttribution" sale
      LEFT JOIN "OrderRefundLine" refund
        ON refund."shopId" = sale."shopId" AND refund."orderId" = sale."orderId" AND refund."lineItemId" = sale."lineItemId"
      WHERE sale."shopId" = ${shopId} AND sale."cancelledAt" IS NULL ${placedSince}
      GROUP BY sale."id"${groupedByKey}, sale."orderId", sale."quantity", sale."amountCents"`;
}

/** A line whose whole quantity came back counts for nothing; what is left of its amount never goes below zero. */
const NET_FIGURES = Prisma.sql`
    COUNT(DISTINCT CASE WHEN line."keptQuantity" > 0 THEN line."orderId" END) AS "orders",
    SUM(CASE WHEN line."keptQuantity" > 0 AND line."keptCents" > 0 THEN line."keptCents" ELSE 0 END) AS "amountCents"`;

type NetFiguresRow = { orders: number | bigint | null; amountCents: number | bigint | null };
const netFiguresOf = (row: NetFiguresRow | undefined): NetSales => ({ orders: Number(row?.orders ?? 0), amountCents: Number(row?.amountCents ?? 0) });

/**
 * The shop's sales net of cancellations and refunds, in one query however
 * many orders: each credited line of an order not cancelled keeps its
 * quantity and amount less its refund lines'. A line whose whole quantity
 * came back earns nothing (refund subtotals are rounded per refund, so the
 * cents left over are noise, not revenue); an order none of whose lines is
 * left is not a sale. A refund of a line never credited counts for nothing.
 * With `since`, only orders placed from then on count (a window's sales),
 * each still net of every refund and cancellation of it, whenever it came.
 */
export async function netSales(shopId: string, options: { since?: Date; db?: Prisma.TransactionClient } = {}): Promise<NetSales> {
  const db = options.db ?? prisma;
  const [totals] = await db.$queryRaw<NetFiguresRow[]>`
    SELECT ${NET_FIGURES}
    FROM (${keptLines(shopId, null, options.since)}) AS line`;
  return netFiguresOf(totals);
}

/** The order line's column naming what sold it; fixed SQL, never built from input. */
const SOLD_THROUGH = { video: Prisma.sql`sale."videoId"`, widget: Prisma.sql`sale."widgetId"` } as const;

/**
 * netSales per video or per widget, in one query: the same net lines, grouped
 * by the video or the widget their line names (lines of a widget that is not
 * the shop's have none, and count in the totals only). An order with lines
 * from two videos is a sale of each, so the orders of the videos can add up
 * to more than the shop's orders; the amounts add up to the total.
 */
export async function netSalesBy(shopId: string, soldThrough: keyof typeof SOLD_THROUGH, options: { since?: Date } = {}): Promise<Map<string, NetSales>> {
  const rows = await prisma.$queryRaw<Array<NetFiguresRow & { key: string | null }>>`
    SELECT line."key", ${NET_FIGURES}
    FROM (${keptLines(shopId, SOLD_THROUGH[soldThrough], options.since)}) AS line
    WHERE line."key" IS NOT NULL
    GROUP BY line."key"`;
  return new Map(rows.flatMap((row) => (row.key === null ? [] : [[row.key, netFiguresOf(row)] as const])));
}
