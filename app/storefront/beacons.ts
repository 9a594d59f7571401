/**
 * Analytics beacons of one page view: widget events are queued and sent as one
 * BeaconBatch with navigator.sendBeacon (to the app proxy) when the page is
 * hidden or left, or after a short idle, so nothing waits on our server and
 * nothing is lost when the shopper navigates away. Never awaited; failures
 * are dropped (analytics must not break the storefront).
 *
 * A batch is sent when MAX_BATCH events are queued. The reporters run first and
 * may add events of their own (watch time), so a flush neither starts another
 * while it runs nor sends more than MAX_BATCH events in one beacon: the rest go
 * in the next (decision 063).
 *
 * Consent (decision 040): where the store's Customer Privacy API says
 * analytics is not allowed, a batch carries no session key and nothing is
 * kept in the browser: only counts reach the app.
 */
import { BEACON_PATH, type BeaconBatch } from "./widget-data";

export type BeaconEvent = BeaconBatch["events"][number];

/** Quiet time after the last event before a batch goes out. */
export const BEACON_IDLE_MS = 3000;
/** A batch never grows past this (sendBeacon payloads are capped at 64 KB). */
const MAX_BATCH = 50;
const SESSION_KEY = "clipcart:session";

const queue: BeaconEvent[] = [];
/** Reporters of what is still being measured (a playing video's watch time), run before a batch goes out. */
const flushHooks = new Set<() => void>();
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let listening = false;
/** A flush is under way: what its reporters add joins it instead of starting another. */
let flushing = false;

export function trackBeacon(event: BeaconEvent): void {
  queue.push(event);
  if (!listening) {
    listening = true;
    // pagehide covers bfcache and mobile tab switches where unload never fires.
    addEventListener("pagehide", flushBeacons);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flushBeacons();
    });
  }
  if (flushing) return;
  clearTimeout(idleTimer);
  if (queue.length >= MAX_BATCH) flushBeacons();
  else idleTimer = setTimeout(flushBeacons, BEACON_IDLE_MS);
}

/** `report` runs before each batch goes out, so what it adds goes with it; returns how to stop that. */
export function beforeBeaconFlush(report: () => void): () => void {
  flushHooks.add(report);
  return () => flushHooks.delete(report);
}

export function flushBeacons(): void {
  if (flushing) return;
  flushing = true;
  try {
    for (const report of flushHooks) report();
  } finally {
    flushing = false;
  }
  clearTimeout(idleTimer);
  const session = queue.length ? (analyticsAllowed() ? sessionKey() : null) : null;
  // The app refuses a batch of more than MAX_BATCH events whole.
  for (const events = queue.splice(0); events.length;) {
    try {
      navigator.sendBeacon(BEACON_PATH, JSON.stringify({ session, events: events.splice(0, MAX_BATCH) } satisfies BeaconBatch));
    } catch {
      // No sendBeacon, or the browser refused it: the events are gone, the page is fine.
    }
  }
}

interface CustomerPrivacy {
  analyticsProcessingAllowed?: () => boolean;
}

/**
 * What the store's Customer Privacy API says of analytics, when the store has
 * it (a consent banner, Shopify's or the theme's); a store without it asks no
 * consent of its shoppers.
 */
export function analyticsAllowed(): boolean {
  const privacy = (window as { Shopify?: { customerPrivacy?: CustomerPrivacy } }).Shopify?.customerPrivacy;
  if (!privacy || typeof privacy.analyticsProcessingAllowed !== "function") return true;
  try {
    return privacy.analyticsProcessingAllowed() === true;
  } catch {
    return false;
  }
}

/** A random key per browser session (no shopper identity), kept in sessionStorage. */
function sessionKey(): string {
  let key: string | null = null;
  try {
    key = sessionStorage.getItem(SESSION_KEY);
  } catch {
    // Storage blocked (privacy settings): a key per page view still groups its events.
  }
  if (!key) {
    key = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("");
    try {
      sessionStorage.setItem(SESSION_KEY, key);
    } catch {
      // See above.
    }
  }
  return key;
}
