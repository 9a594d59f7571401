import { webhookAction } from "~/http/webhooks.server";
import { OrderPayload, attributeOrder } from "~/models/order-attribution.server";

/**
 * orders/create: an order placed on the store; its lines added from a widget
 * are credited to their videos. The order names no shop: only the delivery's
 * shop's own videos and widgets are credited. The lines are written with the
 * delivery's record, and their unique key makes a second delivery of the same
 * order (another webhook id) count once.
 */
export const action = webhookAction({
  topic: "orders/create",
  payload: OrderPayload,
  once: "in-transaction",
  handle: ({ shop, payload }, db) => attributeOrder(shop, payload, db),
});
