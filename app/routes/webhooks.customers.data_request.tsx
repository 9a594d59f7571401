import { z } from "zod";
import { webhookAction } from "~/http/webhooks.server";
import { customerDataReport } from "~/models/lifecycle.server";

const DataRequestPayload = z.object({
  shop_domain: z.string(),
  orders_requested: z.array(z.union([z.number(), z.string()])).default([]),
  data_request: z
    .object({ id: z.union([z.number(), z.string()]) })
    .partial()
    .optional(),
});

/**
 * customers/data_request (mandatory): Shopify forwards a customer's request
 * for their data to the merchant. Clipcart holds no shopper identity; for the
 * customer's orders it holds the sales lines credited to videos and the
 * refunds of those lines, which the merchant can read (net) on the Analytics
 * page. Logged by count only.
 */
export const action = webhookAction({
  topic: "customers/data_request",
  payload: DataRequestPayload,
  payloadShop: (payload) => payload.shop_domain,
  once: "in-transaction",
  handle: async ({ shop, payload }, db) => {
    const orderIds = payload.orders_requested;
    const { orderLines, refundLines } = await customerDataReport({ shopDomain: shop, orderIds }, db);
    console.info(
      `customers/data_request ${payload.data_request?.id ?? ""} for ${shop}: ${orderLines.length} sales line(s) and ${refundLines.length} refund line(s) of ${orderIds.length} order(s) held`,
    );
  },
});
