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

/**
 * The merchant opened the app with a fresh offline session (token exchange):
 * a reinstall ends the uninstall mark at once, so the storefront data, beacons
 * and auto-syncs work again without waiting for the browser's bootstrap.
 */
export async function markShopReinstalled(shopDomain: string) {
  const { count } = await prisma.shop.updateMany({ where: { shopDomain, uninstalledAt: { not: null } }, data: { uninstalledAt: null } });
  if (count) console.info(`${shopDomain} reinstalled the app`);
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

/**
 * shop/redact: 48 hours after uninstall Shopify asks us to erase the shop.
 * Everything hangs off Shop and cascades (videos, accounts, widgets, events,
 * rollups, sales, views, jobs...); sessions and webhook records are keyed by
 * the domain and go too.
 */
export async function redactShop(shopDomain: string) {
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { shop: shopDomain } }),
    prisma.shop.deleteMany({ where: { shopDomain } }),
    prisma.webhookDelivery.deleteMany({ where: { shopDomain } }),
  ]);
}

/**
 * The per-shopper data Clipcart holds (README, "Shoppers' data"): none that
 * names a shopper. Storefront events carry a random per-browser session key
 * that no customer record links to; a sale (OrderAttribution) carries the
 * order's and line's ids, the product, quantity and amount. So a customer's
 * data is the sales lines of their orders.
 */
export interface CustomerOrders {
  shopDomain: string;
  /** Numeric order ids from the webhook payload (orders_requested / orders_to_redact). */
  orderIds: Array<number | string>;
}

function orderGids(orderIds: CustomerOrders["orderIds"]): string[] {
  return orderIds.map((id) => String(id)).filter((id) => /^\d{1,20}$/.test(id)).map((id) => `gid://shopify/Order/${id}`);
}

/** customers/data_request: what we hold for the customer's orders (reported to the merchant by count, never logged in detail). */
export async function customerDataReport({ shopDomain, orderIds }: CustomerOrders) {
  const shop = await prisma.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { orderLines: [] };
  const orderLines = await prisma.orderAttribution.findMany({
    where: { shopId: shop.id, orderId: { in: orderGids(orderIds) } },
    select: { orderId: true, lineItemId: true, productId: true, videoId: true, quantity: true, amountCents: true, currency: true, occurredAt: true },
  });
  return { orderLines };
}

/** customers/redact: erases the sales lines of the customer's orders. */
export async function redactCustomer({ shopDomain, orderIds }: CustomerOrders): Promise<{ orderLinesDeleted: number }> {
  const shop = await prisma.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { orderLinesDeleted: 0 };
  const { count } = await prisma.orderAttribution.deleteMany({ where: { shopId: shop.id, orderId: { in: orderGids(orderIds) } } });
  return { orderLinesDeleted: count };
}
