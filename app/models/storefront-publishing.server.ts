/**
 * When the storefront's data is published (decisions 009, 025); what is
 * published is app/models/storefront.server.ts's publishStorefront.
 *
 * Every change of videos, approvals, tags or widgets calls
 * scheduleStorefrontPublish; changes arriving close together (a bulk approve,
 * an import) are coalesced per shop into one publish, and a change during a
 * publish triggers one more afterwards, so the last state always lands. One
 * app instance at a time publishes a shop (a lease on its row), and the sweep
 * (app/jobs/storefront-publisher.server.ts, started by startBackgroundJobs)
 * retries what failed, hung or lost its instance. The coalescing timers exist
 * only while a publish is pending. In app/models, not app/jobs: every model
 * that changes what shoppers see asks for a publish, and models do not reach
 * up into the jobs (issue 26 item 1).
 */
import { prisma } from "~/db.server";
import { publishStorefront } from "./storefront.server";
import { PROCESS_LEASE_HOLDER, leasesOn } from "./leases.server";
import { serverEnv } from "~/env.server";

/** How long a burst of changes may keep arriving before one publish covers them all. */
export const PUBLISH_COALESCE_MS = 300;
/**
 * A publish still unanswered after this long is given up (Shopify accepted the
 * connection and never answered), so the shop's later changes still publish.
 */
export const PUBLISH_TIMEOUT_MS = 60_000;

interface StorefrontPublishingOptions {
  /** Writes one shop's storefront data as publish number `version` (tests inject a Shopify that hangs or records). */
  publish: (shopId: string, version: number) => Promise<unknown>;
  timeoutMs: number;
  /** How long one instance may publish a shop before another may take over. */
  leaseMs: number;
}

const DEFAULT_PUBLISHING: StorefrontPublishingOptions = {
  publish: (shopId, version) => publishStorefront(shopId, undefined, version),
  timeoutMs: PUBLISH_TIMEOUT_MS,
  leaseMs: 2 * PUBLISH_TIMEOUT_MS,
};
let publishing: StorefrontPublishingOptions = { ...DEFAULT_PUBLISHING };

export function configureStorefrontPublishing(overrides: Partial<StorefrontPublishingOptions>): void {
  publishing = { ...publishing, ...overrides };
}

export function resetStorefrontPublishing(): void {
  publishing = { ...DEFAULT_PUBLISHING };
}

interface ShopPublishState {
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  /** A change arrived while publishing: publish again when done. */
  again: boolean;
}

const publishStates = new Map<string, ShopPublishState>();

/**
 * Asks for a publish of the shop's storefront data soon; never throws, never
 * waits. STOREFRONT_PUBLISHING=off turns it off where no Shopify answers (the
 * database suite, benchmarks).
 */
export function scheduleStorefrontPublish(shopId: string): void {
  if (serverEnv.STOREFRONT_PUBLISHING === "off") return;
  const state = publishStates.get(shopId) ?? { timer: null, running: null, again: false };
  publishStates.set(shopId, state);
  if (state.running) {
    state.again = true;
    return;
  }
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void runScheduledPublish(shopId, state), PUBLISH_COALESCE_MS);
}

/** Rejects when `promise` has not settled within `ms`; the timer never keeps the process alive. */
function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms, given up`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runScheduledPublish(shopId: string, state: ShopPublishState) {
  state.timer = null;
  state.running = publishStorefrontInTurn(shopId).then(
    () => undefined,
    // The request stays recorded (storefrontRequested): the next change or the sweep publishes it.
    (error: unknown) => console.error(`Publishing the storefront data of shop ${shopId} failed`, error),
  );
  await state.running;
  state.running = null;
  if (state.again) {
    state.again = false;
    scheduleStorefrontPublish(shopId);
  } else if (!state.timer) {
    publishStates.delete(shopId);
  }
}

// ---------------------------------------------------------------- one publisher per shop, across instances

class PublishLeaseLostError extends Error {
  constructor(shopId: string) {
    super(`The publishing lease of shop ${shopId} passed to another instance; it publishes from here`);
    this.name = "PublishLeaseLostError";
  }
}

/** One instance at a time publishes a shop; the lease outlives a hung publish (publishing.leaseMs). */
const publishLeases = () => leasesOn(prisma.shop, { owner: "storefrontLeaseOwner", until: "storefrontLeaseUntil" }, publishing.leaseMs);

/**
 * Publishes the shop's storefront data, whichever app instance asks and
 * however many ask at once (decision 025):
 * 1. the request is recorded in the database (storefrontRequested + 1);
 * 2. one instance at a time holds the shop's lease; one that cannot take it
 *    is done, because the holder publishes every request before it lets go;
 * 3. the holder publishes as number N = the latest request, reading the shop's
 *    data after N was recorded, so a later number always carries later data,
 *    then records N as published (only ever upwards, only while it still
 *    holds the lease), and repeats while newer requests arrived;
 * 4. after letting go it looks once more, for a request that arrived just then.
 * A publish that fails or hangs (given up after PUBLISH_TIMEOUT_MS) leaves
 * its request unpublished: the sweep (startStorefrontPublishSweep) or the
 * next change retries it. A lease outlives a hung publish (2x the timeout),
 * so a given-up publish cannot race its successor.
 */
export async function publishStorefrontInTurn(shopId: string): Promise<void> {
  await prisma.shop.updateMany({ where: { id: shopId }, data: { storefrontRequested: { increment: 1 } } });
  const leases = publishLeases();
  const lease = { id: shopId };
  for (;;) {
    const held = await leases.holding(lease, async () => {
      for (;;) {
        const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { storefrontRequested: true, storefrontPublished: true } });
        if (!shop || shop.storefrontPublished >= shop.storefrontRequested) return true;
        const version = shop.storefrontRequested;
        // The lease is renewed for this publish; losing it means another instance took over after a hang.
        if (!(await leases.take(lease, PROCESS_LEASE_HOLDER))) throw new PublishLeaseLostError(shopId);
        await withinTime(publishing.publish(shopId, version), publishing.timeoutMs, `Publishing the storefront data of shop ${shopId}`);
        const recorded = await prisma.shop.updateMany({
          where: { id: shopId, storefrontLeaseOwner: PROCESS_LEASE_HOLDER, storefrontPublished: { lt: version } },
          data: { storefrontPublished: version },
        });
        if (!recorded.count) throw new PublishLeaseLostError(shopId);
      }
    });
    if (held === null) return;
    const after = await prisma.shop.findUnique({ where: { id: shopId }, select: { storefrontRequested: true, storefrontPublished: true } });
    if (!after || after.storefrontPublished >= after.storefrontRequested) return;
  }
}

/** Shops with a request newer than their last publish that no live instance is publishing. */
export async function sweepCandidates(limit = 100): Promise<string[]> {
  const shops = await prisma.shop.findMany({
    where: {
      uninstalledAt: null,
      storefrontRequested: { gt: prisma.shop.fields.storefrontPublished },
      ...publishLeases().free(),
    },
    select: { id: true },
    take: limit,
  });
  return shops.map((shop) => shop.id);
}

/** Resolves once no publish is pending or running for the shop (tests, graceful shutdown). */
export async function storefrontPublishSettled(shopId: string): Promise<void> {
  for (;;) {
    const state = publishStates.get(shopId);
    if (!state) return;
    if (state.running) await state.running;
    else await new Promise((resolve) => setTimeout(resolve, PUBLISH_COALESCE_MS / 3));
  }
}

/**
 * A product changed on Shopify (products/update, products/delete, after the
 * catalogue took it): when the storefront shows it (tagged to an approved
 * video), the shop's storefront is published again, and the entries showing
 * it are rewritten (their sum holds when the catalogue last saw it change).
 * Never throws, never waits: a webhook's answer does not wait for Shopify.
 */
export function refreshStorefrontForProduct(shopDomain: string, numericProductId: number): void {
  const productId = `gid://shopify/Product/${numericProductId}`;
  void prisma.productTag
    .findFirst({ where: { productId, video: { enabled: true, shop: { shopDomain } } }, select: { shopId: true } })
    .then((shown) => {
      if (shown) scheduleStorefrontPublish(shown.shopId);
    })
    .catch((error: unknown) => console.error(`Could not ask for a storefront publish after ${productId} changed on ${shopDomain}`, error));
}
