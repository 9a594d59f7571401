/**
 * The storefront events writer (decision 009, 019): beacons' events wait in
 * this process's memory and are written in batches by one writer at a time
 * (app/models/storefront-events.server.ts's writeEvents), at most
 * FLUSH_INTERVAL_MS after they arrived or at once when FLUSH_AT_EVENTS wait.
 * The queue is bounded, and a session or source sending more than a shopper
 * can is cut off before its events reach it (decision 060). Its timer exists
 * only while events wait; the server's beforeExit (stopBackgroundJobs) writes
 * what is left before the process exits. The sessions' tallies of past days
 * are deleted by app/jobs/storefront-events-writer.server.ts's sweep. In
 * app/models: the app proxy's route queues here, and routes reach the models,
 * not the jobs (issue 26 item 1).
 */
import { admittedStorefrontEvents } from "./storefront-event-limits.server";
import { MAX_EVENTS_PER_BATCH, checkedStorefrontEvents, writeEvents, type QueuedEvent } from "./storefront-events.server";

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
/** Events refused because their session or source was over its rate, by shop, until the log says so. */
const droppedOverRate = new Map<string, number>();
/** The log says what was cut off at most this often: a flood must not flood the log too. */
const OVER_RATE_LOG_EVERY_MS = 60_000;
let overRateLoggedAt = 0;

/**
 * Queues a beacon's events for the next write; never waits on the database.
 * `source` is where the beacon came from (the shopper's address as the app
 * proxy forwards it, "" when unknown): with the session it decides whether
 * the sender is still within a shopper's rate (decision 060), and is then
 * forgotten. Events beyond the rate are dropped, then events that are not a
 * widget's are dropped alone; a shop or session that is not one drops them
 * all. Returns how many were queued.
 */
export function queueStorefrontEvents(shopDomain: string, session: string | null, events: readonly unknown[], source = ""): number {
  // The rate counts events as sent, checked or not: a sender pays for what it sends.
  const offered = Math.min(events.length, MAX_EVENTS_PER_BATCH);
  const admitted = offered ? admittedStorefrontEvents(shopDomain, session, source, offered) : 0;
  if (admitted < offered) noteOverRate(shopDomain, offered - admitted);
  let queued = 0;
  for (const event of checkedStorefrontEvents(shopDomain, session, events.slice(0, admitted))) {
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
    logDroppedOverRate();
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

/** Shops the over-rate line names at most; the counts stay bounded however many shops are flooded. */
const OVER_RATE_SHOPS_NOTED = 100;

function noteOverRate(shopDomain: string, count: number) {
  if (!droppedOverRate.has(shopDomain) && droppedOverRate.size >= OVER_RATE_SHOPS_NOTED) return;
  droppedOverRate.set(shopDomain, (droppedOverRate.get(shopDomain) ?? 0) + count);
}

function logDroppedOverRate(now = Date.now()) {
  if (!droppedOverRate.size || now - overRateLoggedAt < OVER_RATE_LOG_EVERY_MS) return;
  overRateLoggedAt = now;
  const byShop = [...droppedOverRate].map(([shopDomain, count]) => `${shopDomain}: ${count}`);
  droppedOverRate.clear();
  console.warn(`Storefront events over a shopper's rate: dropped ${byShop.join(", ")} (sessions or sources cut off for a while)`);
}
