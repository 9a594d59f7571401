import { webhookAction } from "~/http/webhooks.server";
import { CancelledOrderPayload, cancelOrder } from "~/models/order-attribution.server";

/**
 * orders/cancelled: the order's sales no longer count (decision 048). The
 * payload is the whole order, so a cancellation delivered before orders/create
 * records the lines already cancelled; a later orders/create cannot revive
 * them. Written with the delivery's record; a repeat changes nothing.
 */
export const action = webhookAction({
  topic: "orders/cancelled",
  payload: CancelledOrderPayload,
  once: "in-transaction",
  handle: ({ shop, payload }, db) => cancelOrder(shop, payload, db),
});
