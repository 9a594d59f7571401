import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { claimWebhookDelivery } from "~/models/lifecycle.server";
import { OrderPayload, attributeOrder } from "~/models/order-attribution.server";

/**
 * orders/create: an order placed on the store; its lines added from a widget
 * are credited to their videos. The library verifies the HMAC (401 otherwise);
 * the delivery id and the lines' unique key make repeats count once.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  const order = OrderPayload.safeParse(payload);
  if (!order.success) return new Response("Not an order payload", { status: 400 });
  if (await claimWebhookDelivery(webhookId, shop, topic)) await attributeOrder(shop, order.data);
  return new Response();
}
