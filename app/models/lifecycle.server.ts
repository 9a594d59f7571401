/**
 * What Shopify tells us about a shop's life: uninstall, subscription changes,
 * and the mandatory compliance (GDPR) requests.
 */
import { type Prisma, prisma } from "~/db.server";
import { fetchActiveSubscriptions, type AdminGraphql } from "~/shopify/admin-gateway.server";
import { downgradeToFree } from "./plan.server";
import { requestCatalogueSync } from "./catalogue.server";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";

type Database = Prisma.TransactionClient;

/**
 * One delivery of a webhook. Shopify delivers at least once and retries a
 * delivery that did not answer 2xx with the same X-Shopify-Webhook-Id, so
 * the id is what makes a repeat recognisable.
 */
export interface WebhookDeliveryKey {
  webhookId: string;
  shopDomain: string;
  topic: string;
}

export type DeliveryOutcome = "handled" | "repeat";

/** Long enough for a wholesale order's thousands of lines on a busy SQLite file. */
const DELIVERY_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

/** True when this call recorded the delivery, false when it was recorded before (ON CONFLICT: no error to abort a PostgreSQL transaction). */
async function recordDelivery(db: Database, { webhookId, shopDomain, topic }: WebhookDeliveryKey): Promise<boolean> {
  const inserted = await db.$executeRaw`INSERT INTO "WebhookDelivery" ("webhookId", "shopDomain", "topic", "receivedAt")
    VALUES (${webhookId}, ${shopDomain}, ${topic}, ${new Date()}) ON CONFLICT ("webhookId") DO NOTHING`;
  return inserted > 0;
}

/**
 * A delivery whose work is database writes: the record of the delivery is
 * written in the same transaction as the work, so the delivery is handled
 * once or not at all. A failure rolls both back (Shopify's retry does the
 * work); a repeat finds the record and does nothing. Two deliveries of one
 * event at once: the second waits for the first's record (PostgreSQL's unique
 * index, SQLite's single writer) and sees it committed or rolled back.
 */
export async function handleDeliveryInTransaction(key: WebhookDeliveryKey, work: (db: Database) => Promise<unknown>): Promise<DeliveryOutcome> {
  return prisma.$transaction(async (db) => {
    if (!(await recordDelivery(db, key))) return "repeat";
    await work(db);
    return "handled";
  }, DELIVERY_TRANSACTION);
}

/**
 * A delivery whose work cannot join a database transaction (it asks Shopify,
 * or changes the plan through its own transaction): recorded only once the
 * work succeeded, so a failure or a crash leaves nothing to release and the
 * retry does the work. The work must be idempotent: two deliveries of one
 * event arriving together may both do it.
 */
export async function handleDeliveryThenRecord(key: WebhookDeliveryKey, work: () => Promise<unknown>): Promise<DeliveryOutcome> {
  const recorded = await prisma.webhookDelivery.findUnique({ where: { webhookId: key.webhookId }, select: { webhookId: true } });
  if (recorded) return "repeat";
  await work();
  await recordDelivery(prisma, key);
  return "handled";
}

/** A signed payload about another shop than the one the request names (its headers are not signed). */
export class ForeignWebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ForeignWebhookPayloadError";
  }
}

/**
 * app/uninstalled: the access tokens are dead, so drop the sessions. The shop's
 * videos and widgets stay until shop/redact (48 hours later), so a merchant who
 * reinstalls in between finds everything as it was.
 */
export async function markShopUninstalled(shopDomain: string, db: Database) {
  await db.session.deleteMany({ where: { shop: shopDomain } });
  await db.shop.updateMany({ where: { shopDomain }, data: { uninstalledAt: new Date() } });
  // Shopify deletes the app's app-data metafields with the installation, product pages' entries among them
  // (decision 079): forgetting what was written makes a reinstall write them all again.
  await db.productPublication.deleteMany({ where: { shop: { shopDomain } } });
}

/**
 * The merchant opened the app with a fresh offline session (token exchange):
 * a reinstall ends the uninstall mark at once, so the storefront data, beacons
 * and auto-syncs work again without waiting for the browser's bootstrap.
 */
export async function markShopReinstalled(shopDomain: string) {
  const { count } = await prisma.shop.updateMany({ where: { shopDomain, uninstalledAt: { not: null } }, data: { uninstalledAt: null } });
  if (!count) return;
  console.info(`${shopDomain} reinstalled the app`);
  // Product webhooks were not delivered while uninstalled: a catalogue read once must be read again (decision 053).
  const shop = await prisma.shop.findUnique({ where: { shopDomain }, select: { id: true, catalogueState: { select: { shopId: true } } } });
  if (shop?.catalogueState) await requestCatalogueSync(shop.id, { again: true });
  // The storefront's data went with the installation: widgets and product pages are written again.
  if (shop) scheduleStorefrontPublish(shop.id);
}

export interface SubscriptionUpdate {
  /** gid://shopify/AppSubscription/... */
  id: string;
  name: string;
  status: string;
  /** gid://shopify/Shop/...: the shop the signed payload says the subscription is of. */
  shopGid?: string;
}

/**
 * app_subscriptions/update, believed only as far as Shopify confirms it: the
 * signed body may be another shop's, re-sent with this shop's (unsigned)
 * domain. An ACTIVE subscription makes the shop Premium only when Shopify
 * lists it among the shop's active subscriptions (with the shop's offline
 * token); a payload naming another shop is refused. An ACTIVE that Shopify no
 * longer lists (cancelled since, or never the shop's) changes nothing. An
 * ending subscription needs no check: it only ends the Premium of the
 * subscription the shop holds (see applySubscriptionUpdate), and after an
 * uninstall there is no token to ask with. Idempotent.
 */
export async function applyConfirmedSubscriptionUpdate(shopDomain: string, update: SubscriptionUpdate, graphql: AdminGraphql | undefined) {
  if (update.status !== "ACTIVE") return applySubscriptionUpdate(shopDomain, update);
  if (!graphql) {
    console.info(`app_subscriptions/update for ${shopDomain}: no offline session to confirm an ACTIVE subscription with; ignored`);
    return null;
  }
  const shopify = await fetchActiveSubscriptions(graphql);
  if (update.shopGid && update.shopGid !== shopify.shopGid) {
    throw new ForeignWebhookPayloadError("The subscription belongs to another shop");
  }
  const active = shopify.activeSubscriptions.find((subscription) => subscription.id === update.id);
  if (!active) {
    console.info(`app_subscriptions/update for ${shopDomain}: ${update.id} is not active on Shopify; ignored`);
    return null;
  }
  return applySubscriptionUpdate(shopDomain, { id: active.id, name: active.name, status: active.status });
}

/**
 * app_subscriptions/update: an ACTIVE subscription makes the shop Premium; when
 * the subscription that made it Premium ends (cancelled, declined, expired,
 * frozen), it returns to Free. Premium granted by verification is not touched.
 */
async function applySubscriptionUpdate(shopDomain: string, update: SubscriptionUpdate) {
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
 * rollups, sales and their refunds, views, jobs...); sessions and webhook records are keyed by
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
 * order's and line's ids, the product, quantity and amount, and a refund of
 * it (OrderRefundLine) the refund's ids, quantity and amount. So a customer's
 * data is the sales lines of their orders and the refunds of those lines.
 */
export interface CustomerOrders {
  shopDomain: string;
  /** Numeric order ids from the webhook payload (orders_requested / orders_to_redact). */
  orderIds: Array<number | string>;
}

function orderGids(orderIds: CustomerOrders["orderIds"]): string[] {
  return orderIds
    .map((id) => String(id))
    .filter((id) => /^\d{1,20}$/.test(id))
    .map((id) => `gid://shopify/Order/${id}`);
}

/** customers/data_request: what we hold for the customer's orders (reported to the merchant by count, never logged in detail). */
export async function customerDataReport({ shopDomain, orderIds }: CustomerOrders, db: Database = prisma) {
  const shop = await db.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { orderLines: [], refundLines: [] };
  const orderLines = await db.orderAttribution.findMany({
    where: { shopId: shop.id, orderId: { in: orderGids(orderIds) } },
    select: {
      orderId: true,
      lineItemId: true,
      productId: true,
      videoId: true,
      quantity: true,
      amountCents: true,
      currency: true,
      occurredAt: true,
      cancelledAt: true,
    },
  });
  const refundLines = await db.orderRefundLine.findMany({
    where: { shopId: shop.id, orderId: { in: orderGids(orderIds) } },
    select: { orderId: true, lineItemId: true, refundId: true, quantity: true, amountCents: true, refundedAt: true },
  });
  return { orderLines, refundLines };
}

/** customers/redact: erases the sales lines of the customer's orders and their refunds (kept even when the order never came). */
export async function redactCustomer(
  { shopDomain, orderIds }: CustomerOrders,
  db: Database = prisma,
): Promise<{ orderLinesDeleted: number; refundLinesDeleted: number }> {
  const shop = await db.shop.findUnique({ where: { shopDomain }, select: { id: true } });
  if (!shop) return { orderLinesDeleted: 0, refundLinesDeleted: 0 };
  const orders = { shopId: shop.id, orderId: { in: orderGids(orderIds) } };
  const { count: orderLinesDeleted } = await db.orderAttribution.deleteMany({ where: orders });
  const { count: refundLinesDeleted } = await db.orderRefundLine.deleteMany({ where: orders });
  return { orderLinesDeleted, refundLinesDeleted };
}
