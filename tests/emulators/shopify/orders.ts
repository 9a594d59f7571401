/**
 * Orders after checkout, as the merchant handles them in Shopify's admin:
 * cancelling an order and refunding some of its lines. Each does what Shopify
 * does for the app: it changes the order and delivers the signed webhook with
 * Shopify's REST payload (API 2025-10), orders/cancelled carrying the whole
 * order with `cancelled_at`, refunds/create the refund with each refunded
 * line and the order's line item it returns. Nothing here takes payments:
 * a refund's transaction is a successful stand-in of its subtotal.
 */
import type { LocalShopifyContext } from "./context.js";
import { parseGid } from "./gid.js";
import { nextId, type OrderLineRecord, type OrderRecord, type RefundRecord, type ShopState } from "./state.js";
import { deliverWebhook } from "./webhooks.js";

const CANCEL_REASONS = ["customer", "fraud", "inventory", "declined", "other"] as const;

export interface CancelInput {
  /** Shopify's cancel reasons; "other" by default. */
  reason?: string;
  /** Also refund every line not refunded yet (Shopify's "Refund payment" when cancelling), delivering refunds/create first. */
  refund?: boolean;
}

export interface RefundInput {
  /** The lines to refund (the line item's numeric id or gid) and how many of each; all that is left when absent. */
  lines?: Array<{ lineItemId: number | string; quantity: number }>;
  note?: string;
}

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

function orderOf(shop: ShopState, orderId: number): OrderRecord {
  const order = shop.orders.find((candidate) => candidate.id === orderId);
  if (!order) throw httpError(404, `no order ${orderId} in ${shop.domain}`);
  return order;
}

const refundedQuantity = (order: OrderRecord, lineId: number) =>
  (order.refunds ?? []).flatMap((refund) => refund.lines).reduce((sum, line) => sum + (line.lineItemId === lineId ? line.quantity : 0), 0);

const remainingQuantity = (order: OrderRecord, line: OrderLineRecord) => line.quantity - (line.id === undefined ? 0 : refundedQuantity(order, line.id));

function moneySet(amount: string, currency: string) {
  return { shop_money: { amount, currency_code: currency }, presentment_money: { amount, currency_code: currency } };
}

function lineItemPayload(order: OrderRecord, line: OrderLineRecord, currency: string) {
  return {
    id: line.id,
    admin_graphql_api_id: `gid://shopify/LineItem/${line.id}`,
    product_id: line.productId ?? null,
    variant_id: line.variantId ?? null,
    title: line.title,
    quantity: line.quantity,
    current_quantity: order.cancelledAt ? 0 : remainingQuantity(order, line),
    price: line.price,
    price_set: moneySet(line.price, currency),
    total_discount: "0.00",
    discount_allocations: [],
    properties: (line.customAttributes ?? []).map(({ key, value }) => ({ name: key, value })),
  };
}

/** Shopify's REST refund payload (refunds/create, and each of an order's `refunds`). */
export function refundPayload(order: OrderRecord, refund: RefundRecord) {
  const currency = order.currencyCode ?? "USD";
  const total = refund.lines.reduce((sum, line) => sum + Number(line.subtotal), 0).toFixed(2);
  return {
    id: refund.id,
    admin_graphql_api_id: `gid://shopify/Refund/${refund.id}`,
    order_id: order.id,
    created_at: refund.createdAt,
    processed_at: refund.createdAt,
    note: refund.note,
    restock: true,
    user_id: null,
    refund_line_items: refund.lines.map((refunded) => {
      const line = order.lineItems.find((candidate) => candidate.id === refunded.lineItemId)!;
      return {
        id: refunded.id,
        line_item_id: refunded.lineItemId,
        location_id: null,
        quantity: refunded.quantity,
        restock_type: "return",
        // The REST resource gives the refund line's subtotal and tax as numbers, their sets as strings.
        subtotal: Number(refunded.subtotal),
        subtotal_set: moneySet(refunded.subtotal, currency),
        total_tax: 0,
        total_tax_set: moneySet("0.00", currency),
        line_item: lineItemPayload(order, line, currency),
      };
    }),
    transactions: [
      {
        id: refund.transactionId,
        admin_graphql_api_id: `gid://shopify/OrderTransaction/${refund.transactionId}`,
        order_id: order.id,
        kind: "refund",
        gateway: "bogus",
        status: "success",
        amount: total,
        currency,
        created_at: refund.createdAt,
        processed_at: refund.createdAt,
      },
    ],
    order_adjustments: [],
    refund_shipping_lines: [],
    duties: [],
  };
}

function financialStatus(order: OrderRecord): string {
  const refunds = order.refunds ?? [];
  if (!refunds.length) return order.cancelledAt ? "voided" : "paid";
  return order.lineItems.every((line) => remainingQuantity(order, line) <= 0) ? "refunded" : "partially_refunded";
}

/** Shopify's REST order payload (orders/create, orders/cancelled): the fields apps read. */
export function orderPayload(order: OrderRecord) {
  const currency = order.currencyCode ?? "USD";
  return {
    id: order.id,
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    created_at: order.createdAt,
    cancelled_at: order.cancelledAt ?? null,
    cancel_reason: order.cancelReason ?? null,
    currency,
    presentment_currency: currency,
    financial_status: financialStatus(order),
    total_price: order.totalPrice,
    total_price_set: moneySet(order.totalPrice, currency),
    line_items: order.lineItems.map((line) => lineItemPayload(order, line, currency)),
    refunds: (order.refunds ?? []).map((refund) => refundPayload(order, refund)),
  };
}

/** Refunds lines of an order (none beyond what is left of each) and delivers refunds/create. */
export async function refundOrder(ctx: LocalShopifyContext, shopName: string, orderId: number, input: RefundInput = {}) {
  const shop = ctx.shop(shopName);
  const order = orderOf(shop, orderId);
  const requested =
    input.lines ??
    order.lineItems.flatMap((line) =>
      line.id !== undefined && remainingQuantity(order, line) > 0 ? [{ lineItemId: line.id, quantity: remainingQuantity(order, line) }] : [],
    );
  if (!Array.isArray(requested) || !requested.length) throw httpError(422, "nothing to refund");
  const lines = requested.map((entry) => {
    const lineItemId = typeof entry.lineItemId === "string" ? (parseGid(entry.lineItemId)?.id ?? Number(entry.lineItemId)) : entry.lineItemId;
    const line = order.lineItems.find((candidate) => candidate.id === lineItemId);
    if (!line || line.id === undefined) throw httpError(404, `no line ${entry.lineItemId} in order ${orderId}`);
    const quantity = Number(entry.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) throw httpError(422, `quantity of line ${line.id} must be a whole number of at least 1`);
    if (quantity > remainingQuantity(order, line)) throw httpError(422, `line ${line.id} has only ${remainingQuantity(order, line)} left to refund`);
    return { id: nextId(ctx.state), lineItemId: line.id, quantity, subtotal: (Number(line.price) * quantity).toFixed(2) };
  });
  const refund: RefundRecord = {
    id: nextId(ctx.state),
    createdAt: new Date().toISOString(),
    note: input.note ?? null,
    lines,
    transactionId: nextId(ctx.state),
  };
  order.refunds = [...(order.refunds ?? []), refund];
  ctx.save();
  const delivery = await deliverWebhook(ctx, { shop: shop.domain, topic: "refunds/create", payload: refundPayload(order, refund) });
  return { refund: refundPayload(order, refund), delivery };
}

/** Cancels an order (once) and delivers orders/cancelled; with `refund`, refunds what is left first, as Shopify does. */
export async function cancelOrder(ctx: LocalShopifyContext, shopName: string, orderId: number, input: CancelInput = {}) {
  const shop = ctx.shop(shopName);
  const order = orderOf(shop, orderId);
  if (order.cancelledAt) throw httpError(422, `order ${orderId} is already cancelled`);
  const reason = input.reason ?? "other";
  if (!(CANCEL_REASONS as readonly string[]).includes(reason)) throw httpError(422, `reason must be one of ${CANCEL_REASONS.join(", ")}`);
  const refunded = input.refund && order.lineItems.some((line) => remainingQuantity(order, line) > 0) ? await refundOrder(ctx, shop.domain, orderId) : null;
  order.cancelledAt = new Date().toISOString();
  order.cancelReason = reason;
  ctx.save();
  const delivery = await deliverWebhook(ctx, { shop: shop.domain, topic: "orders/cancelled", payload: orderPayload(order) });
  return { order: orderPayload(order), delivery, refundDelivery: refunded?.delivery ?? null };
}
