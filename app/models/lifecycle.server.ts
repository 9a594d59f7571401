/**
 * What Shopify tells us about a shop's life: uninstall, subscription changes,
 * and the mandatory compliance (GDPR) requests.
 */
import { prisma } from "~/db.server";
import { downgradeToFree } from "./plan.server";

/**
 * Webhooks are delivered at least once, so each handler first claims the
 * delivery id; a repeat delivery is acknowledged and does nothing.
 */
export async function claimWebhookDelivery(webhookId: string, shopDomain: string, topic: string): Promise<boolean> {
  try {
    await prisma.webhookDelivery.create({ data: { webhookId, shopDomain, topic } });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
}

/**
 * app/uninstalled: the access tokens are dead, so drop the sessions. The shop's
 * videos and widgets stay until shop/redact (48 hours later), so a merchant who
 * reinstalls in between finds everything as it was.
 */
export async function markShopUninstalled(shopDomain: string) {
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { shop: shopDomain } }),
    prisma.shop.updateMany({ where: { shopDomain }, data: { uninstalledAt: new Date() } }),
  ]);
}

export interface SubscriptionUpdate {
  /** gid://shopify/AppSubscription/... */
  id: string;
  name: string;
  status: string;
}

/**
 * app_subscriptions/update: an ACTIVE subscription makes the shop Premium; when
 * the subscription that made it Premium ends (cancelled, declined, expired,
 * frozen), it returns to Free. Premium granted by verification is not touched.
 */
export async function applySubscriptionUpdate(shopDomain: string, update: SubscriptionUpdate) {
  const shop = await prisma.shop.findUnique({ where: { shopDomain } });
  if (!shop) return null;
  const now = new Date();
  if (update.status === "ACTIVE") {
    return prisma.shop.update({
      where: { id: shop.id },
      data: {
        plan: "premium",
        // Premium from verification stays so: cancelling the charge later must not end it.
        premiumSource: shop.plan === "premium" && shop.premiumSource === "verification" ? "verification" : "billing",
        planChangedAt: shop.plan === "premium" ? shop.planChangedAt : now,
        subscriptionId: update.id,
        subscriptionName: update.name,
        subscriptionStatus: update.status,
      },
    });
  }
  const endsBillingPremium = shop.plan === "premium" && shop.premiumSource === "billing" && shop.subscriptionId === update.id;
  const updated = await prisma.shop.update({
    where: { id: shop.id },
    data: shop.subscriptionId === update.id ? { subscriptionStatus: update.status } : {},
  });
  if (!endsBillingPremium) return updated;
  // Cancelled, declined, expired or frozen: Free again, with only the first 5 approved videos published.
  await downgradeToFree(shop.id);
  return prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
}

/** shop/redact: 48 hours after uninstall Shopify asks us to erase the shop; rows cascade from Shop. */
export async function redactShop(shopDomain: string) {
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { shop: shopDomain } }),
    prisma.shop.deleteMany({ where: { shopDomain } }),
  ]);
}
