/**
 * Plans (spec 3, 4, 5, 6): Free (5 approved videos) and Premium, reached by a
 * Shopify charge the merchant approves or by verifying as a customer of the
 * sister review product. Shopify's word on a charge is checked by the caller
 * (the billing API) before confirmCharge; this module keeps the shop's record.
 * Verification (decision 022): a pair unlocks one shop, failed attempts are
 * throttled per shop, only a keyed hash of the pair is kept, and it expires.
 */
import { createHmac } from "node:crypto";
import { Prisma, prisma } from "~/db.server";
import { FREE_PLAN, SISTER_PREMIUM_PLANS, SISTER_PRODUCT_DEFAULTS, SISTER_VERIFICATION } from "~/constants";
import { serverEnv, type ServerEnv } from "~/env.server";
import { localSisterProductUrl } from "~/shopify/local-shopify.server";
import { scheduleStorefrontPublish } from "./storefront-publishing.server";
import { DAY_MS } from "~/rules/time";
import type { PlanInfo, SisterProduct } from "~/rules/api-types";

/** The sister product as this deployment names it. */
export function sisterProduct(env: Pick<ServerEnv, "SISTER_PRODUCT_NAME" | "SISTER_PRODUCT_SLUG"> = serverEnv): SisterProduct {
  return {
    name: env.SISTER_PRODUCT_NAME ?? SISTER_PRODUCT_DEFAULTS.name,
    slug: env.SISTER_PRODUCT_SLUG ?? SISTER_PRODUCT_DEFAULTS.slug,
  };
}

export async function getPlanInfo(shopId: string, now = new Date()): Promise<PlanInfo> {
  await legacyCredentialsHashedOnce();
  await endExpiredSisterPremium({ shopId, now });
  const [shop, approvedCount, verification] = await Promise.all([
    prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true, premiumSource: true } }),
    prisma.video.count({ where: { shopId, enabled: true } }),
    prisma.sisterVerification.findUnique({ where: { shopId }, select: { expiresAt: true } }),
  ]);
  const premium = shop.plan === "premium";
  const current = verification && verification.expiresAt > now ? verification : null;
  return {
    plan: premium ? "premium" : "free",
    approvedCount,
    approvedLimit: FREE_PLAN.approvedVideoLimit,
    premiumSource: premium ? (shop.premiumSource === "verification" ? "verification" : "billing") : null,
    sisterVerified: Boolean(current),
    sisterVerificationExpiresAt: current?.expiresAt.toISOString() ?? null,
    sisterRenewalDue: Boolean(current && current.expiresAt.getTime() - now.getTime() <= SISTER_VERIFICATION.remindDays * DAY_MS),
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
    verificationExpiresAt: info.sisterVerificationExpiresAt,
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
  return { unpublished: (await returnToFree(shopId)) ?? 0 };
}

/** downgradeToFree, only while the shop still matches `onlyIf` (checked in the same write); null when it did not. */
async function returnToFree(shopId: string, onlyIf?: Prisma.ShopWhereInput): Promise<number | null> {
  const result = await prisma.$transaction(async (tx) => {
    const data = { plan: "free", premiumSource: null, planChangedAt: new Date() };
    if (!onlyIf) await tx.shop.update({ where: { id: shopId }, data });
    else if ((await tx.shop.updateMany({ where: { AND: [{ id: shopId }, onlyIf] }, data })).count === 0) return null;
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
  if (!result) return null;
  console.info(`Plan: shop ${shopId} is on Free again; ${result.count} video(s) beyond the first ${FREE_PLAN.approvedVideoLimit} unpublished`);
  if (result.count > 0) scheduleStorefrontPublish(shopId);
  return result.count;
}

export class VerificationFailedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "VerificationFailedError";
  }
}

/** The sister product knows the pair, but it already unlocks Premium on another shop. */
export class SisterCredentialsInUseError extends Error {
  constructor() {
    super("The credential pair is bound to another shop");
    this.name = "SisterCredentialsInUseError";
  }
}

/** Too many failed attempts in the window, of this shop or of all shops together: the sister product was not asked. */
export class VerificationThrottledError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly scope: "shop" | "all shops" = "shop",
  ) {
    super(`Too many failed attempts (${scope}); next one in ${retryAfterSeconds} s`);
    this.name = "VerificationThrottledError";
  }
}

/**
 * Where the sister product's customer API answers: SISTER_PRODUCT_API_URL, else its emulator in Local
 * Shopify. Read at each verification, so the database suite (no Local Shopify) points it at its own emulator.
 */
export const SISTER_PRODUCT_API: { url: string | null } = { url: serverEnv.SISTER_PRODUCT_API_URL ?? localSisterProductUrl() };

/**
 * The key of the credential hashes: SISTER_VERIFICATION_SECRET, else derived
 * from the app's API secret. Without it a stolen database cannot be checked
 * against guessed pairs; a key of its own keeps these hashes from ever being
 * a MAC that Shopify (which shares the API secret) would accept.
 */
function credentialKey(env: Pick<ServerEnv, "SISTER_VERIFICATION_SECRET" | "SHOPIFY_API_SECRET"> = serverEnv): Buffer {
  const secret = env.SISTER_VERIFICATION_SECRET ?? env.SHOPIFY_API_SECRET;
  if (!secret) throw new Error("Sister-product verification needs SHOPIFY_API_SECRET (or SISTER_VERIFICATION_SECRET)");
  return createHmac("sha256", secret).update("clipcart:sister-verification:v1").digest();
}

/** IDs as the sister product would read them: a pair typed in another case or width binds the same. */
const normalisedId = (id: string) => id.normalize("NFKC").trim().toLowerCase();

/** HMAC-SHA256 of the normalised pair: what binds it to one shop, and all that is kept of it. */
function sisterCredentialHash(
  credentials: { clientId: string; businessId: string },
  env: Pick<ServerEnv, "SISTER_VERIFICATION_SECRET" | "SHOPIFY_API_SECRET"> = serverEnv,
): string {
  const pair = JSON.stringify([normalisedId(credentials.clientId), normalisedId(credentials.businessId)]);
  return createHmac("sha256", credentialKey(env)).update(pair).digest("hex");
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Rows from before decision 022 hold the plain pair. The migration could not
 * hash them (the key is the app's secret), so the app does, then clears them.
 * Oldest first: the earliest shop keeps the pair; a later shop that used the
 * same pair keeps its Premium until its verification expires, unbound.
 */
async function hashLegacySisterCredentials(): Promise<number> {
  const legacy = await prisma.sisterVerification.findMany({
    where: { OR: [{ clientId: { not: null } }, { businessId: { not: null } }] },
    orderBy: [{ verifiedAt: "asc" }, { id: "asc" }],
    select: { id: true, clientId: true, businessId: true },
  });
  const plainGone = { clientId: null, businessId: null };
  for (const row of legacy) {
    const credentialHash = sisterCredentialHash({ clientId: row.clientId ?? "", businessId: row.businessId ?? "" });
    try {
      await prisma.sisterVerification.updateMany({ where: { id: row.id, credentialHash: null }, data: { credentialHash, ...plainGone } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    await prisma.sisterVerification.updateMany({ where: { id: row.id }, data: plainGone });
  }
  if (legacy.length) console.info(`Plan: ${legacy.length} earlier sister-product verification(s) now keep only a hash of their credentials`);
  return legacy.length;
}

let legacyHashing: Promise<number> | null = null;
/** Once per process for readers; verification itself always checks (another instance may be older). */
function legacyCredentialsHashedOnce(): Promise<number> {
  legacyHashing ??= hashLegacySisterCredentials().catch((error: unknown) => {
    legacyHashing = null;
    throw error;
  });
  return legacyHashing;
}

const ATTEMPT_WINDOW_MS = SISTER_VERIFICATION.failedAttemptWindowMinutes * 60_000;

/** Seconds until the oldest of these attempts leaves the window: then a slot frees up. */
function secondsUntilSlot(oldest: Date, now: Date): number {
  return Math.max(1, Math.ceil((oldest.getTime() + ATTEMPT_WINDOW_MS - now.getTime()) / 1000));
}

/** The oldest attempts after `windowStart`, of one shop or of all, one more than `max` at most. */
function attemptsInWindow(windowStart: Date, max: number, shopId?: string) {
  return prisma.sisterVerificationAttempt.findMany({
    where: { ...(shopId ? { shopId } : {}), attemptedAt: { gt: windowStart } },
    orderBy: { attemptedAt: "asc" },
    take: max + 1,
    select: { attemptedAt: true },
  });
}

/**
 * Takes one of the shop's attempts in the window, or throws when they are used
 * up: the shop's own (maxFailedAttempts), or all shops' together
 * (maxFailedAttemptsAllShops, decision 061: guesses spread over many shops
 * must not multiply the limit). Insert first, then count: each attempt sees
 * every attempt inserted before it, so however many arrive at once (on
 * however many instances), at most the limit get through; counting first
 * would let a burst all pass.
 */
async function reserveAttempt(shopId: string, now: Date): Promise<string> {
  const windowStart = new Date(now.getTime() - ATTEMPT_WINDOW_MS);
  await prisma.sisterVerificationAttempt.deleteMany({ where: { attemptedAt: { lte: windowStart } } });
  const { id } = await prisma.sisterVerificationAttempt.create({ data: { shopId, attemptedAt: now }, select: { id: true } });
  const limits = [
    { scope: "shop", max: SISTER_VERIFICATION.maxFailedAttempts, shopId },
    { scope: "all shops", max: SISTER_VERIFICATION.maxFailedAttemptsAllShops },
  ] as const;
  for (const limit of limits) {
    const inWindow = await attemptsInWindow(windowStart, limit.max, "shopId" in limit ? limit.shopId : undefined);
    const [oldest] = inWindow;
    if (!oldest || inWindow.length <= limit.max) continue;
    await releaseAttempt(id);
    throw new VerificationThrottledError(secondsUntilSlot(oldest.attemptedAt, now), limit.scope);
  }
  return id;
}

/** The attempt does not count against the shop: it succeeded, or the sister product did not answer. */
async function releaseAttempt(id: string) {
  await prisma.sisterVerificationAttempt.deleteMany({ where: { id } });
}

type SisterAnswer = { kind: "customer"; plan: string } | { kind: "refused"; reason: string } | { kind: "unanswered" };

/** Why a call failed, without anything of the request: the error's name and its network code. */
function failureOf(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  return `${(error as Error)?.name ?? "Error"}${typeof code === "string" ? ` (${code})` : ""}`;
}

/** The credentials go to the sister product only: never logged, never in errors. */
async function askSisterProduct(base: string, credentials: { clientId: string; businessId: string }): Promise<SisterAnswer> {
  const signal = AbortSignal.timeout(SISTER_VERIFICATION.timeoutMs);
  const request = () =>
    fetch(`${base}/api/v1/customers/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(credentials),
      signal,
    });
  let answer: { verified?: unknown; plan?: unknown };
  try {
    // One retry when no answer came at all (a kept-alive connection the server had just closed); never after a timeout.
    const response = await request().catch((error: unknown) => {
      if (!(error instanceof TypeError) || signal.aborted) throw error;
      console.warn(`Sister product verification: retrying once after ${failureOf(error)}`);
      return request();
    });
    if (response.status >= 500) return { kind: "unanswered" };
    if (!response.ok) return { kind: "refused", reason: "Unknown Client ID or Business ID" };
    answer = await response.json();
  } catch (error) {
    console.warn(`Sister product verification unreachable: ${failureOf(error)}`);
    return { kind: "unanswered" };
  }
  const plan = String(answer.plan ?? "").toLowerCase();
  if (answer.verified !== true || !(SISTER_PREMIUM_PLANS as readonly string[]).includes(plan)) {
    return { kind: "refused", reason: "Not a customer on a plan that includes Premium" };
  }
  return { kind: "customer", plan };
}

/**
 * Records the verification and makes the shop Premium. The unique key on the
 * hash decides between shops racing for one pair (no read-then-write): the
 * loser's insert fails. A pair held by a verification that has expired is
 * released and taken; one held by a current one is refused.
 */
async function bindVerification(shopId: string, credentialHash: string, productPlan: string, now: Date) {
  const expiresAt = new Date(now.getTime() + SISTER_VERIFICATION.validDays * DAY_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      await prisma.$transaction(async (tx) => {
        await tx.sisterVerification.upsert({
          where: { shopId },
          create: { shopId, credentialHash, productPlan, verifiedAt: now, expiresAt },
          update: { credentialHash, clientId: null, businessId: null, productPlan, verifiedAt: now, expiresAt },
        });
        const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true } });
        await tx.shop.update({
          where: { id: shopId },
          data: { plan: "premium", premiumSource: "verification", ...(shop.plan === "premium" ? {} : { planChangedAt: now }) },
        });
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
    const holder = await prisma.sisterVerification.findUnique({ where: { credentialHash }, select: { shopId: true, expiresAt: true } });
    // Held by this shop: its own concurrent verification created the row first; the retry updates it.
    if (holder && holder.shopId !== shopId) {
      if (holder.expiresAt > now) throw new SisterCredentialsInUseError();
      await prisma.sisterVerification.updateMany({ where: { credentialHash, expiresAt: { lte: now } }, data: { credentialHash: null } });
    }
  }
}

/**
 * Verifies the merchant as a customer of the sister product; a Lunch or
 * Dinner plan makes the shop Premium without a Shopify charge, for
 * SISTER_VERIFICATION.validDays. Throws VerificationThrottledError (the sister
 * product is not asked), VerificationFailedError or SisterCredentialsInUseError.
 */
export async function verifySisterCustomer(
  shopId: string,
  credentials: { clientId: string; businessId: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<PlanInfo> {
  const base = SISTER_PRODUCT_API.url;
  if (!base) throw new VerificationFailedError("The sister product's API is not configured (SISTER_PRODUCT_API_URL)");
  const credentialHash = sisterCredentialHash(credentials);
  await hashLegacySisterCredentials();
  const attemptId = await reserveAttempt(shopId, now);
  const answer = await askSisterProduct(base, credentials);
  if (answer.kind === "unanswered") {
    await releaseAttempt(attemptId);
    throw new VerificationFailedError("The verification service did not answer");
  }
  if (answer.kind === "refused") throw new VerificationFailedError(answer.reason);
  await bindVerification(shopId, credentialHash, answer.plan, now);
  await releaseAttempt(attemptId);
  return getPlanInfo(shopId, now);
}

/**
 * "Never checked again" (decision 022): Premium granted by a verification ends
 * when it expires (or its row is gone). A shop that also pays through Shopify
 * keeps Premium on its charge; the others go back to Free as on a downgrade.
 * Runs for one shop on every plan read, or for all shops from a periodic tick.
 */
export async function endExpiredSisterPremium({ shopId, now = new Date() }: { shopId?: string; now?: Date } = {}): Promise<number> {
  const lapsed: Prisma.ShopWhereInput = {
    ...(shopId ? { id: shopId } : {}),
    plan: "premium",
    premiumSource: "verification",
    OR: [{ sisterVerification: { is: null } }, { sisterVerification: { is: { expiresAt: { lte: now } } } }],
  };
  // Read first: on every plan read there is usually nothing to do, and a write would take SQLite's write lock.
  const shops = await prisma.shop.findMany({ where: lapsed, select: { id: true, subscriptionStatus: true } });
  let ended = 0;
  // Each write checks `lapsed` again: a verification renewed meanwhile keeps its Premium.
  for (const shop of shops) {
    if (shop.subscriptionStatus === "ACTIVE") {
      await prisma.shop.updateMany({ where: { AND: [lapsed, { id: shop.id, subscriptionStatus: "ACTIVE" }] }, data: { premiumSource: "billing" } });
    } else if ((await returnToFree(shop.id, lapsed)) !== null) {
      ended++;
    }
  }
  return ended;
}
