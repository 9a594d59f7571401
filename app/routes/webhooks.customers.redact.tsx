import { z } from "zod";
import { webhookAction } from "~/http/webhooks.server";
import { redactCustomer } from "~/models/lifecycle.server";

const CustomersRedactPayload = z.object({
  shop_domain: z.string(),
  orders_to_redact: z.array(z.union([z.number(), z.string()])).default([]),
});

/**
 * customers/redact (mandatory): erase what we hold about a shop's customer,
 * the sales lines of their orders and their refunds (see customerDataReport). Idempotent.
 */
export const action = webhookAction({
  topic: "customers/redact",
  payload: CustomersRedactPayload,
  payloadShop: (payload) => payload.shop_domain,
  once: "in-transaction",
  handle: async ({ shop, payload }, db) => {
    const { orderLinesDeleted, refundLinesDeleted } = await redactCustomer({ shopDomain: shop, orderIds: payload.orders_to_redact }, db);
    console.info(`customers/redact for ${shop}: ${orderLinesDeleted} sales line(s) and ${refundLinesDeleted} refund line(s) erased`);
  },
});
