import { webhookAction } from "~/http/webhooks.server";
import { ProductDeletePayload, applyProductDeleteWebhook } from "~/models/catalogue.server";
import { refreshStorefrontForProduct } from "~/models/storefront-publishing.server";

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
  // The storefront shows the product's title, price and image: its pages and widgets are written again (decision 079).
  afterCommit: ({ shop, payload }) => refreshStorefrontForProduct(shop, payload.id),
  handle: ({ shop, payload }, db) => applyProductDeleteWebhook(shop, payload, db),
});
