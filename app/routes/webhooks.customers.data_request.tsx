import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { claimWebhookDelivery, customerDataReport } from "~/models/lifecycle.server";

interface DataRequestPayload {
  orders_requested?: Array<number | string>;
  data_request?: { id?: number };
}

/**
 * customers/data_request (mandatory): Shopify forwards a customer's request
 * for their data to the merchant. Clipcart holds no shopper identity; for the
 * customer's orders it holds the sales lines credited to videos, which the
 * merchant can read on the Analytics page. Logged by count only.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  if (await claimWebhookDelivery(webhookId, shop, topic)) {
    const body = payload as DataRequestPayload;
    const orderIds = Array.isArray(body.orders_requested) ? body.orders_requested : [];
    const { orderLines } = await customerDataReport({ shopDomain: shop, orderIds });
    console.info(`customers/data_request ${body.data_request?.id ?? ""} for ${shop}: ${orderLines.length} sales line(s) of ${orderIds.length} order(s) held`);
  }
  return new Response();
}
