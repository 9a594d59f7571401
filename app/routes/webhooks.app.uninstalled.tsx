import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { claimWebhookDelivery, markShopUninstalled } from "~/models/lifecycle.server";

/**
 * app/uninstalled. Deliveries can repeat and can arrive after the shop is gone:
 * the handler claims the webhook id and its updates match zero rows harmlessly.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId } = await authenticate.webhook(request);
  if (await claimWebhookDelivery(webhookId, shop, topic)) await markShopUninstalled(shop);
  return new Response();
}
