/**
 * Shopify Billing for Premium through the library's billing API (decision 017):
 * request a charge (the merchant approves it on Shopify's page), and check
 * what Shopify says is active before believing a `charge_id` in a URL.
 */
import type { authenticate } from "~/shopify.server";
import { APP_HANDLE } from "~/shopify/app-handle.server";
import { PREMIUM_PLAN } from "~/constants";
import { serverEnv, type ServerEnv } from "~/env.server";
import { prisma } from "~/db.server";
import { cancelAppSubscription, type AdminGraphql } from "~/shopify/admin-gateway.server";
import { adminAppUrl, localShopify } from "~/shopify/local-shopify.server";
import { confirmCharge, downgradeToFree } from "./plan.server";

type BillingContext = Awaited<ReturnType<typeof authenticate.admin>>["billing"];

/** Test charges everywhere but a real production deployment (Shopify never bills a test charge). */
function isTestCharge(env: Pick<ServerEnv, "SHOPIFY_BILLING_TEST" | "NODE_ENV"> = serverEnv): boolean {
  if (env.SHOPIFY_BILLING_TEST) return env.SHOPIFY_BILLING_TEST === "true";
  return Boolean(localShopify) || env.NODE_ENV !== "production";
}

/** Creates the Premium subscription and answers Shopify's confirmation URL (the merchant approves there). */
export async function requestPremium(billing: BillingContext, shopDomain: string): Promise<string> {
  try {
    await billing.request({ plan: PREMIUM_PLAN.name, isTest: isTestCharge(), returnUrl: adminAppUrl(shopDomain, APP_HANDLE, "/plan") });
  } catch (thrown) {
    // The library answers with a response that sends the browser to the confirmation page.
    if (thrown instanceof Response) {
      const url = thrown.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? thrown.headers.get("Location");
      if (url) return url;
    }
    throw thrown;
  }
  throw new Error("Shopify did not answer with a confirmation URL");
}

/**
 * Back from Shopify with `charge_id`: Premium only if Shopify lists an active
 * Premium subscription (the parameter alone proves nothing).
 */
export async function confirmPremium(billing: BillingContext, shopId: string, chargeId: string): Promise<boolean> {
  const { appSubscriptions } = await billing.check({ plans: [PREMIUM_PLAN.name], isTest: isTestCharge() });
  const active =
    appSubscriptions.find((subscription) => subscription.id.endsWith(`/${chargeId}`) && subscription.status === "ACTIVE") ??
    appSubscriptions.find((subscription) => subscription.status === "ACTIVE");
  if (!active) return false;
  await confirmCharge(shopId, { id: active.id, name: active.name, status: active.status });
  return true;
}

/** Premium unlocked by the sister product's verification: there is no Shopify charge to cancel. */
export class PremiumWithoutChargeError extends Error {
  constructor() {
    super("Premium comes from the sister product's verification, not from a Shopify charge");
    this.name = "PremiumWithoutChargeError";
  }
}

/**
 * The merchant downgrades on the Plan page (App Store 1.2.3: in-app, without
 * support). The charge is cancelled on Shopify first, so a failure there leaves
 * the shop on Premium rather than on Free and still billed; then the shop
 * returns to Free as on every downgrade (the first 5 approved videos stay
 * published). Shopify's app_subscriptions/update that follows changes nothing
 * more. A shop already on Free: nothing to do.
 */
export async function downgradeFromPremium(shopId: string, graphql: AdminGraphql): Promise<{ unpublished: number }> {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true, premiumSource: true, subscriptionId: true } });
  if (shop.plan !== "premium") return { unpublished: 0 };
  if (shop.premiumSource !== "billing") throw new PremiumWithoutChargeError();
  if (shop.subscriptionId) {
    const { status } = await cancelAppSubscription(graphql, shop.subscriptionId);
    await prisma.shop.updateMany({ where: { id: shopId, subscriptionId: shop.subscriptionId }, data: { subscriptionStatus: status } });
  }
  return downgradeToFree(shopId);
}
