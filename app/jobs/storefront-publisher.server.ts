/**
 * The storefront publishing sweep (decision 025): retries the publishes that
 * failed, hung or lost their instance. Publishing itself, in turn across
 * instances, is app/models/storefront-publishing.server.ts.
 */
import { scheduleStorefrontPublish, sweepCandidates } from "~/models/storefront-publishing.server";
import { serverEnv } from "~/env.server";

/** How often the sweep looks for publishes that failed, hung or whose instance died. */
export const PUBLISH_SWEEP_MS = 60_000;

/**
 * Retries what no instance is publishing: shops with a request newer than
 * their last publish and no live lease (a failed publish, a crashed instance).
 * Started by startBackgroundJobs (app server, worker); stop() for tests and shutdown.
 */
export function startStorefrontPublishSweep(intervalMs = PUBLISH_SWEEP_MS): { sweep: () => Promise<number>; stop: () => void } {
  const sweep = async () => {
    if (serverEnv.STOREFRONT_PUBLISHING === "off") return 0;
    const shopIds = await sweepCandidates();
    for (const shopId of shopIds) scheduleStorefrontPublish(shopId);
    return shopIds.length;
  };
  const timer = setInterval(() => void sweep().catch((error: unknown) => console.warn("Storefront publish sweep failed", error)), intervalMs);
  timer.unref?.();
  return { sweep, stop: () => clearInterval(timer) };
}
