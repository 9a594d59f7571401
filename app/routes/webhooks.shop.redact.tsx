import { z } from "zod";
import { webhookAction } from "~/http/webhooks.server";
import { redactShop } from "~/models/lifecycle.server";

/**
 * shop/redact (mandatory): erase everything of the shop, its webhook records
 * included, so nothing is recorded; a repeat finds nothing to erase.
 */
export const action = webhookAction({
  topic: "shop/redact",
  payload: z.object({ shop_domain: z.string() }),
  payloadShop: (payload) => payload.shop_domain,
  once: "idempotent",
  handle: ({ shop }) => redactShop(shop),
});
