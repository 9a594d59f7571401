import { webhookAction } from "~/http/webhooks.server";
import { ProductWebhookPayload, applyProductWebhook } from "~/models/catalogue.server";

/**
 * products/create: the product as it now is, written to the catalogue Clipcart
 * keeps for product suggestions (decision 053) with the delivery's record. A
 * version older than the one kept (deliveries arrive out of order) changes
 * nothing.
 */
export const action = webhookAction({
  topic: "products/create",
  payload: ProductWebhookPayload,
  once: "in-transaction",
  handle: ({ shop, payload }, db) => applyProductWebhook(shop, payload, db),
});
