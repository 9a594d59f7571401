import { webhookAction } from "~/http/webhooks.server";
import { ProductWebhookPayload, applyProductWebhook, productWebhookRefusal } from "~/models/catalogue.server";
import { refreshStorefrontForProduct } from "~/models/storefront-publishing.server";

/**
 * products/update: the product as it now is, written to the catalogue Clipcart
 * keeps for product suggestions (decision 053) with the delivery's record. A
 * version older than the one kept (deliveries arrive out of order) changes
 * nothing. Only a product of this shop is taken: one the catalogue has, or
 * one Shopify says is the shop's (a body signed for another shop and replayed
 * here is ignored; decision 062).
 */
export const action = webhookAction({
  topic: "products/update",
  payload: ProductWebhookPayload,
  admit: ({ shop, payload, graphql }) => productWebhookRefusal(shop, payload.id, graphql),
  once: "in-transaction",
  // The storefront shows the product's title, price and image: its pages and widgets are written again (decision 079).
  afterCommit: ({ shop, payload }) => refreshStorefrontForProduct(shop, payload.id),
  handle: ({ shop, payload }, db) => applyProductWebhook(shop, payload, db),
});
