/**
 * How many storefront events a browser session or a source may send one shop
 * (decision 060): no more than a shopper can. Counting once per session,
 * video and widget (SessionTally) bounds what one session key adds; but the
 * key is the sender's to choose, and consent-declined beacons carry none, so
 * what one sender sends is bounded too, before anything is queued.
 *
 * A token bucket per (shop, session key) and per (shop, source): a minute's
 * worth of events at once, refilled at that rate. A key that asks for more
 * than it has left gets what is left and is then cut off for a while, so a
 * flood costs its sender everything, not just the excess. Keys include the
 * shop: a flood against one shop never cuts off another shop's shoppers, even
 * behind the same address.
 *
 * The counters live in this process's memory only (a source is a client
 * address: it is never stored or logged), so with several app instances
 * behind a load balancer each allows the rate: what one sender gets counted
 * is still bounded by the session tallies, and a sender's total by the
 * number of instances. Memory is bounded: keys whose bucket is full again
 * are forgotten, and at most MAX_KEYS are kept.
 */
import { SHOPPER_COUNTING } from "~/constants";

/** Keys kept per limiter, about 100 bytes each: a flood of new keys cannot grow memory past ~10 MB. */
const MAX_KEYS = 100_000;
/** Full buckets are forgotten this often (on the next call after it). */
const FORGET_EVERY_MS = 10_000;

type Bucket = { tokens: number; at: number; cutOffUntil: number };

export class EventRate {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private forgottenAt = 0;

  constructor(
    private readonly perMinute: number,
    private readonly cutOffMs: number,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** How many of `count` events `key` may send at `now`; asking for more than is left cuts the key off. */
  take(key: string, count: number, now: number): number {
    if (now - this.forgottenAt >= FORGET_EVERY_MS || this.buckets.size >= MAX_KEYS) this.forget(now);
    let bucket = this.buckets.get(key);
    if (bucket && bucket.cutOffUntil > now) return 0;
    if (!bucket) this.buckets.set(key, (bucket = { tokens: this.perMinute, at: now, cutOffUntil: 0 }));
    else {
      bucket.tokens = Math.min(this.perMinute, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
      bucket.at = now;
    }
    if (bucket.tokens >= count) {
      bucket.tokens -= count;
      return count;
    }
    const admitted = Math.floor(bucket.tokens);
    bucket.tokens = 0;
    bucket.cutOffUntil = now + this.cutOffMs;
    return admitted;
  }

  /** Keys held now (memory stays bounded). */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Forgets keys that are as good as new (not cut off, bucket full again), then,
   * if still too many, the oldest: a key forgotten early only gets a fresh bucket.
   */
  private forget(now: number) {
    this.forgottenAt = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.cutOffUntil <= now && bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < MAX_KEYS) break;
      this.buckets.delete(key);
    }
  }
}

const cutOffMs = SHOPPER_COUNTING.cutOffMinutes * 60_000;
const sessions = new EventRate(SHOPPER_COUNTING.sessionEventsPerMinute, cutOffMs);
const sources = new EventRate(SHOPPER_COUNTING.sourceEventsPerMinute, cutOffMs);

/**
 * How many of a beacon's `count` events (as sent, before any check) the shop
 * takes from this session and source now. The session is asked first, so a
 * session that is cut off stops costing its source's other shoppers; a
 * consent-declined beacon (no session) answers to its source alone. `source`
 * is "" when the request did not say where it came from: such requests of a
 * shop share one budget.
 */
export function admittedStorefrontEvents(shopDomain: string, session: string | null, source: string, count: number, now = Date.now()): number {
  let admitted = session === null ? count : sessions.take(`${shopDomain} ${session}`, count, now);
  if (admitted > 0) admitted = sources.take(`${shopDomain} ${source}`, admitted, now);
  return admitted;
}
