/** Billing: the app subscriptions Shopify holds for the shop. Each Admin GraphQL document sits beside the function that sends it. */
import { type AdminGraphql, runAdminQuery, throwOnUserErrors } from "./client.server";

export const BILLING_DOCUMENTS = {
  activeSubscriptions: `#graphql
    query ClipcartActiveSubscriptions {
      shop {
        id
      }
      currentAppInstallation {
        activeSubscriptions {
          id
          name
          status
        }
      }
    }`,
  appSubscriptionCancel: `#graphql
    mutation ClipcartAppSubscriptionCancel($id: ID!) {
      appSubscriptionCancel(id: $id) {
        appSubscription {
          id
          status
        }
        userErrors {
          field
          message
        }
      }
    }`,
} as const;

export interface ActiveSubscriptions {
  /** gid://shopify/Shop/...: whose installation answered (the token's shop). */
  shopGid: string;
  activeSubscriptions: Array<{ id: string; name: string; status: string }>;
}

interface ActiveSubscriptionsData {
  shop: { id: string };
  currentAppInstallation: { activeSubscriptions: Array<{ id: string; name: string; status: string }> };
}

/** The app's subscriptions Shopify lists as active for the token's shop: what a subscription webhook is checked against. */
export async function fetchActiveSubscriptions(graphql: AdminGraphql): Promise<ActiveSubscriptions> {
  const data = await runAdminQuery<ActiveSubscriptionsData>(graphql, BILLING_DOCUMENTS.activeSubscriptions);
  return { shopGid: data.shop.id, activeSubscriptions: data.currentAppInstallation.activeSubscriptions };
}

interface AppSubscriptionCancelData {
  appSubscriptionCancel: { appSubscription: { id: string; status: string } | null; userErrors: Array<{ field: string[] | null; message: string }> };
}

/**
 * Cancels the app's subscription on Shopify (the merchant downgraded in the
 * app). Answers the subscription's status afterwards; one that had already
 * ended (cancelled in the admin meanwhile) answers its status rather than failing.
 */
export async function cancelAppSubscription(graphql: AdminGraphql, subscriptionId: string): Promise<{ status: string }> {
  const data = await runAdminQuery<AppSubscriptionCancelData>(graphql, BILLING_DOCUMENTS.appSubscriptionCancel, { id: subscriptionId });
  const { appSubscription, userErrors } = data.appSubscriptionCancel;
  const alreadyEnded = appSubscription && appSubscription.status !== "ACTIVE" && appSubscription.status !== "PENDING";
  if (userErrors.length && !alreadyEnded) throwOnUserErrors("appSubscriptionCancel", data.appSubscriptionCancel);
  return { status: appSubscription?.status ?? "CANCELLED" };
}
