import { z } from "zod";
import { webhookAction } from "~/http/webhooks.server";
import { markShopUninstalled } from "~/models/lifecycle.server";

/**
 * app/uninstalled. Deliveries can repeat and can arrive after the shop is gone:
 * the delivery is recorded with the update, and the update matches zero rows harmlessly.
 */
export const action = webhookAction({
  topic: "app/uninstalled",
  payload: z.object({ myshopify_domain: z.string() }),
  payloadShop: (payload) => payload.myshopify_domain,
  once: "in-transaction",
  handle: ({ shop }, db) => markShopUninstalled(shop, db),
});
