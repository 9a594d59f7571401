import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { claimWebhookDelivery, redactCustomer } from "~/models/lifecycle.server";

interface CustomersRedactPayload {
  orders_to_redact?: Array<number | string>;
}

/**
 * customers/redact (mandatory): erase what we hold about a shop's customer,
 * the sales lines of their orders (see customerDataReport). Idempotent.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  if (await claimWebhookDelivery(webhookId, shop, topic)) {
    const orderIds = (payload as CustomersRedactPayload).orders_to_redact ?? [];
    const { orderLinesDeleted } = await redactCustomer({ shopDomain: shop, orderIds: Array.isArray(orderIds) ? orderIds : [] });
    console.info(`customers/redact for ${shop}: ${orderLinesDeleted} sales line(s) erased`);
  }
  return new Response();
}
