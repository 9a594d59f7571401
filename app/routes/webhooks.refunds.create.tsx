import { webhookAction } from "~/http/webhooks.server";
import { RefundPayload, recordRefund } from "~/models/order-attribution.server";

/**
 * refunds/create: the refunded quantity and amount of lines a widget sold
 * come off Sales and revenue (decision 048). Each refund line is kept under
 * its own key, so the same refund delivered again (another webhook id) counts
 * once, and one delivered before its order waits for it.
 */
export const action = webhookAction({
  topic: "refunds/create",
  payload: RefundPayload,
  once: "in-transaction",
  handle: ({ shop, payload }, db) => recordRefund(shop, payload, db),
});
