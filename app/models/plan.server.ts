/**
 * Plans (spec 3, 4, 5, 6): Free (5 approved videos) and Premium, reached by a
 * Shopify charge the merchant approves or by verifying as a customer of the
 * sister review product. Shopify's word on a charge is checked by the caller
 * (the billing API) before confirmCharge; this module keeps the shop's record.
 */
import { prisma } from "~/db.server";
import { FREE_PLAN, SISTER_PREMIUM_PLANS, SISTER_PRODUCT_DEFAULTS } from "~/constants";
import { localSisterProductUrl } from "~/shopify/local-shopify.server";
import { scheduleStorefrontPublish } from "./storefront.server";

export interface SisterProduct {
  name: string;
  slug: string;
}

/** The sister product as this deployment names it. */
export function sisterProduct(env: Record<string, string | undefined> = process.env): SisterProduct {
  const slug = (env.SISTER_PRODUCT_SLUG ?? "").toLowerCase();
  return {
    name: env.SISTER_PRODUCT_NAME || SISTER_PRODUCT_DEFAULTS.name,
    slug: /^[a-z][a-z0-9]{1,30}$/.test(slug) ? slug : SISTER_PRODUCT_DEFAULTS.slug,
  };
}

export interface PlanInfo {
  plan: "free" | "premium";
  approvedCount: number;
  approvedLimit: number;
  /** How Premium was obtained; null on Free. */
  premiumSource: "billing" | "verification" | null;
  /** Also sent as `{slug}Verified` (spec 3). */
  sisterVerified: boolean;
}

export async function getPlanInfo(shopId: string): Promise<PlanInfo> {
  const [shop, approvedCount, verification] = await Promise.all([
    prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true, premiumSource: true } }),
    prisma.video.count({ where: { shopId, enabled: true } }),
    prisma.sisterVerification.findUnique({ where: { shopId }, select: { id: true } }),
  ]);
  const premium = shop.plan === "premium";
  return {
    plan: premium ? "premium" : "free",
    approvedCount,
    approvedLimit: FREE_PLAN.approvedVideoLimit,
    premiumSource: premium ? (shop.premiumSource === "verification" ? "verification" : "billing") : null,
    sisterVerified: Boolean(verification),
  };
}

/** The answer of GET /api/billing/plan: plan, approvedCount and `{slug}Verified`. */
export function planResponse(info: PlanInfo, product: SisterProduct = sisterProduct()) {
  return {
    plan: info.plan,
    approvedCount: info.approvedCount,
    approvedLimit: info.approvedLimit,
    premiumSource: info.premiumSource,
    [`${product.slug}Verified`]: info.sisterVerified,
  };
}

/** The merchant approved the charge and Shopify says the subscription is active. */
export async function confirmCharge(shopId: string, subscription: { id: string; name: string; status: string }) {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true, planChangedAt: true, premiumSource: true } });
  await prisma.shop.update({
    where: { id: shopId },
    data: {
      plan: "premium",
      // Verification already granted Premium: a charge on top does not take that away.
      premiumSource: shop.premiumSource === "verification" ? "verification" : "billing",
      planChangedAt: shop.plan === "premium" ? shop.planChangedAt : new Date(),
      subscriptionId: subscription.id,
      subscriptionName: subscription.name,
      subscriptionStatus: subscription.status,
    },
  });
}

/**
 * Back to Free (spec 4 and the FAQ): the first 5 approved videos, by approval
 * time, stay published; the others are unpublished (kept in the library, with
 * their tags and widgets), then the storefront data is published again.
 * Running it twice changes nothing the second time.
 */
export async function downgradeToFree(shopId: string): Promise<{ unpublished: number }> {
  const result = await prisma.$transaction(async (tx) => {
    await tx.shop.update({ where: { id: shopId }, data: { plan: "free", premiumSource: null, planChangedAt: new Date() } });
    const keep = await tx.video.findMany({
      where: { shopId, enabled: true },
      orderBy: [{ approvedAt: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      take: FREE_PLAN.approvedVideoLimit,
      select: { id: true },
    });
    return tx.video.updateMany({
      where: { shopId, enabled: true, id: { notIn: keep.map((video) => video.id) } },
      data: { enabled: false },
    });
  });
  console.info(`Plan: shop ${shopId} is on Free again; ${result.count} video(s) beyond the first ${FREE_PLAN.approvedVideoLimit} unpublished`);
  if (result.count > 0) scheduleStorefrontPublish(shopId);
  return { unpublished: result.count };
}

export class VerificationFailedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "VerificationFailedError";
  }
}

/** Where the sister product's customer API answers (its emulator in Local Shopify). */
function sisterApiUrl(env: Record<string, string | undefined> = process.env): string | null {
  return env.SISTER_PRODUCT_API_URL || localSisterProductUrl();
}

/**
 * Verifies the merchant as a customer of the sister product; a Lunch or
 * Dinner plan makes the shop Premium without a Shopify charge. The
 * credentials go to the sister product only: never logged, never in errors.
 */
export async function verifySisterCustomer(shopId: string, credentials: { clientId: string; businessId: string }): Promise<PlanInfo> {
  const base = sisterApiUrl();
  if (!base) throw new VerificationFailedError("The sister product's API is not configured (SISTER_PRODUCT_API_URL)");
  let answer: { verified?: boolean; plan?: string };
  try {
    const response = await fetch(`${base}/api/v1/customers/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(credentials),
      signal: AbortSignal.timeout(10_000),
    });
    answer = response.ok ? await response.json() : { verified: false };
  } catch (error) {
    console.warn(`Sister product verification unreachable: ${(error as Error).name}`);
    throw new VerificationFailedError("The verification service did not answer");
  }
  const plan = String(answer.plan ?? "").toLowerCase();
  if (!answer.verified || !(SISTER_PREMIUM_PLANS as readonly string[]).includes(plan)) {
    throw new VerificationFailedError("Not a customer on a plan that includes Premium");
  }
  await prisma.$transaction(async (tx) => {
    await tx.sisterVerification.upsert({
      where: { shopId },
      create: { shopId, clientId: credentials.clientId, businessId: credentials.businessId, productPlan: plan },
      update: { clientId: credentials.clientId, businessId: credentials.businessId, productPlan: plan, verifiedAt: new Date() },
    });
    const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true } });
    await tx.shop.update({
      where: { id: shopId },
      data: { plan: "premium", premiumSource: "verification", ...(shop.plan === "premium" ? {} : { planChangedAt: new Date() }) },
    });
  });
  return getPlanInfo(shopId);
}
