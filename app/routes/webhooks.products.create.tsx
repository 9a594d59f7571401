import { webhookAction } from "~/http/webhooks.server";
import { ProductWebhookPayload, applyProductWebhook, productWebhookRefusal } from "~/models/catalogue.server";

/**
 * products/create: the product as it now is, written to the catalogue Clipcart
 * keeps for product suggestions (decision 053) with the delivery's record. A
 * version older than the one kept (deliveries arrive out of order) changes
 * nothing. Only a product of this shop is taken: one the catalogue has, or
 * one Shopify says is the shop's (a body signed for another shop and replayed
 * here is ignored; decision 062).
 */
export const action = webhookAction({
  topic: "products/create",
  payload: ProductWebhookPayload,
  admit: ({ shop, payload, graphql }) => productWebhookRefusal(shop, payload.id, graphql),
  once: "in-transaction",
  handle: ({ shop, payload }, db) => applyProductWebhook(shop, payload, db),
});
