import { z } from "zod";
import { webhookAction } from "~/http/webhooks.server";
import { applyConfirmedSubscriptionUpdate } from "~/models/lifecycle.server";

const AppSubscriptionPayload = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string().min(1),
    status: z.string().min(1),
    name: z.string().optional(),
    admin_graphql_api_shop_id: z.string().optional(),
  }),
});

/**
 * app_subscriptions/update: Shopify tells us a Premium subscription was approved, cancelled, declined, frozen...
 * An ACTIVE one is confirmed with Shopify for the shop before it counts (the body may be another shop's).
 */
export const action = webhookAction({
  topic: "app_subscriptions/update",
  payload: AppSubscriptionPayload,
  once: "then-record",
  handle: ({ shop, payload: { app_subscription: subscription }, graphql }) =>
    applyConfirmedSubscriptionUpdate(
      shop,
      {
        id: subscription.admin_graphql_api_id,
        name: subscription.name ?? "",
        status: subscription.status.toUpperCase(),
        shopGid: subscription.admin_graphql_api_shop_id,
      },
      graphql,
    ),
});
