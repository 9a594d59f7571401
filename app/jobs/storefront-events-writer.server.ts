/**
 * The storefront events writer (decision 009, 019): beacons' events wait in
 * this process's memory and are written in batches by one writer at a time
 * (app/models/storefront-events.server.ts's writeEvents), at most
 * FLUSH_INTERVAL_MS after they arrived or at once when FLUSH_AT_EVENTS wait.
 * The queue is bounded. Its timer exists only while events wait; the server's
 * beforeExit (stopBackgroundJobs) writes what is left before the process exits.
 */
import { checkedStorefrontEvents, writeEvents, type QueuedEvent } from "~/models/storefront-events.server";

/** How long an event may wait in memory before it is written. */
export const FLUSH_INTERVAL_MS = 250;
/** A queue this long is written at once. */
const FLUSH_AT_EVENTS = 2000;
/**
 * Events waiting while the database is held up beyond this are dropped (and
 * logged): about four seconds of bench:beacons' load (a page view now sends a
 * dozen events, decision 042), outlasting the writer's ~3 s of retries;
 * about 200 bytes each, 12 MB in all.
 */
export const MAX_QUEUED_EVENTS = 60_000;

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let writer: Promise<void> | null = null;
/** Events refused because the queue was full, by shop, until the log says so. */
const droppedWhileFull = new Map<string, number>();

/**
 * Queues a beacon's events for the next write; never waits on the database.
 * Events that are not a widget's are dropped alone; a shop or session that is
 * not one drops them all. Returns how many were queued.
 */
export function queueStorefrontEvents(shopDomain: string, session: string | null, events: readonly unknown[]): number {
  let queued = 0;
  for (const event of checkedStorefrontEvents(shopDomain, session, events)) {
    if (queue.length >= MAX_QUEUED_EVENTS) {
      droppedWhileFull.set(shopDomain, (droppedWhileFull.get(shopDomain) ?? 0) + 1);
      continue;
    }
    queue.push(event);
    queued += 1;
  }
  if (queue.length >= FLUSH_AT_EVENTS) void startWriter();
  else if (queue.length) timer ??= setTimeout(() => void startWriter(), FLUSH_INTERVAL_MS);
  return queued;
}

/** Writes everything queued so far; resolves when it is stored or dropped (tests, shutdown). */
export async function flushStorefrontEvents(): Promise<void> {
  while (queue.length || writer) await startWriter();
}

/** One writer at a time, in arrival order: it takes the queue until the queue is empty. */
function startWriter(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  writer ??= writeQueue().finally(() => (writer = null));
  return writer;
}

async function writeQueue(): Promise<void> {
  while (queue.length) {
    const batch = queue;
    queue = [];
    logDroppedWhileFull();
    try {
      await writeEvents(batch);
    } catch (error) {
      // writeEvents drops what it cannot store itself; this is a bug's last line.
      console.error(`Storing ${batch.length} storefront events failed`, error);
    }
  }
}

function logDroppedWhileFull() {
  if (!droppedWhileFull.size) return;
  const byShop = [...droppedWhileFull].map(([shopDomain, count]) => `${shopDomain}: ${count}`);
  const total = [...droppedWhileFull.values()].reduce((sum, count) => sum + count, 0);
  droppedWhileFull.clear();
  console.warn(`Storefront events queue full (${MAX_QUEUED_EVENTS} waiting): dropped ${total} events (${byShop.join(", ")})`);
}
