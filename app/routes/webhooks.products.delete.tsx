import { webhookAction } from "~/http/webhooks.server";
import { ProductDeletePayload, applyProductDeleteWebhook } from "~/models/catalogue.server";

/**
 * products/delete: the product leaves the catalogue Clipcart keeps for
 * product suggestions (decision 053), and is no longer suggested. It stays
 * as a tombstone so a late products/update cannot bring it back. Unlike
 * create and update it is not checked against the shop (decision 062): a
 * replayed body can only mark an id deleted, and another shop's product id is
 * never one of this shop's products (ids are unique across Shopify).
 */
export const action = webhookAction({
  topic: "products/delete",
  payload: ProductDeletePayload,
  once: "in-transaction",
  handle: ({ shop, payload }, db) => applyProductDeleteWebhook(shop, payload, db),
});
