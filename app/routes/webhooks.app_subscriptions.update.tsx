import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { applySubscriptionUpdate, claimWebhookDelivery } from "~/models/lifecycle.server";

interface AppSubscriptionPayload {
  app_subscription?: { admin_graphql_api_id?: string; name?: string; status?: string };
}

/** app_subscriptions/update: Shopify tells us a Premium subscription was approved, cancelled, declined, frozen... */
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  const subscription = (payload as AppSubscriptionPayload).app_subscription;
  if (!subscription?.admin_graphql_api_id || !subscription.status) {
    return new Response("app_subscription with admin_graphql_api_id and status is required", { status: 400 });
  }
  if (await claimWebhookDelivery(webhookId, shop, topic)) {
    await applySubscriptionUpdate(shop, {
      id: subscription.admin_graphql_api_id,
      name: subscription.name ?? "",
      status: subscription.status.toUpperCase(),
    });
  }
  return new Response();
}
