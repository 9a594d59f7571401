/**
 * The session tallies' sweep (decision 060): the tallies of ended UTC days are
 * deleted. The storefront events queue and its writer are
 * app/models/storefront-events-queue.server.ts.
 */
import { deleteEndedSessionTallies } from "~/models/session-tallies.server";
import { utcDay } from "~/models/storefront-events.server";
import { DAY_MS } from "~/rules/time";

export { flushStorefrontEvents } from "~/models/storefront-events-queue.server";

/** How often the sweep looks whether a UTC day has ended. */
const TALLY_SWEEP_EVERY_MS = 10 * 60_000;
/**
 * Events queued before midnight may still be written this long after it
 * (the queue, the writer's retries): a sweep this early in the day runs again
 * at the next look, for their tallies.
 */
const TALLY_STRAGGLERS_MS = 5 * 60_000;

/**
 * Deletes the session tallies of ended UTC days (decision 060): once when it
 * starts, then whenever the day has changed since the last sweep, looking
 * every TALLY_SWEEP_EVERY_MS. Every instance sweeps; a sweep that finds
 * nothing costs one query. Returns how to stop it.
 */
export function startSessionTallySweep(intervalMs = TALLY_SWEEP_EVERY_MS): { stop: () => void } {
  let sweptDay = "";
  let sweeping = false;
  const sweep = async () => {
    const now = new Date();
    const today = utcDay(now);
    if (sweeping || today === sweptDay) return;
    sweeping = true;
    try {
      await deleteEndedSessionTallies(today);
      if (now.getTime() % DAY_MS >= TALLY_STRAGGLERS_MS) sweptDay = today;
    } catch (error) {
      // Tried again at the next look; past days' tallies count nothing meanwhile.
      console.error("Deleting ended session tallies failed", error);
    } finally {
      sweeping = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
