/**
 * Storefront analytics events (decision 009): the beacons a widget sends per
 * page view, stored with shop, video, widget, platform and type.
 *
 * Beacons are fire-and-forget and arrive by the thousand, so a beacon is only
 * checked and queued here; the queue is written in batches (one insert for
 * many beacons, one upsert of the daily rollups, one click update per video),
 * at most FLUSH_INTERVAL_MS later.
 * The batch is shopper-controlled input: only the shop's own videos and
 * widgets are recorded, unknown ones are dropped, and a beacon is capped.
 */
import { randomBytes } from "node:crypto";
import { Prisma, prisma } from "~/db.server";
import { BEACON_EVENT_TYPES, type BeaconEventType } from "~/storefront/widget-data";

/** A page view sends a handful; anything far above is not a widget's. */
export const MAX_EVENTS_PER_BATCH = 50;
/** How long an event may wait in memory before it is written. */
export const FLUSH_INTERVAL_MS = 250;
/** A queue this long is written at once. */
const FLUSH_AT_EVENTS = 2000;
/** Shops are looked up by domain once a minute, not once per beacon. */
const SHOP_CACHE_MS = 60_000;

export interface IncomingEvent {
  type: BeaconEventType;
  videoId: string;
  widgetId: string;
  productId?: string;
}

export interface QueuedEvent extends IncomingEvent {
  shopDomain: string;
  session: string | null;
  occurredAt: Date;
}

export function isBeaconEventType(value: unknown): value is BeaconEventType {
  return typeof value === "string" && (BEACON_EVENT_TYPES as readonly string[]).includes(value);
}

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<void> = Promise.resolve();

/** Queues a beacon's events for the next write; never waits on the database. */
export function queueStorefrontEvents(shopDomain: string, session: string | null, events: readonly IncomingEvent[]): void {
  const occurredAt = new Date();
  for (const event of events.slice(0, MAX_EVENTS_PER_BATCH)) queue.push({ ...event, shopDomain, session, occurredAt });
  if (queue.length >= FLUSH_AT_EVENTS) void flushStorefrontEvents();
  else timer ??= setTimeout(() => void flushStorefrontEvents(), FLUSH_INTERVAL_MS);
}

/** Writes everything queued so far; resolves when it is stored (tests, shutdown). */
export function flushStorefrontEvents(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = queue;
  queue = [];
  // One write at a time, in arrival order.
  flushing = flushing.then(() => (batch.length ? writeEvents(batch) : undefined)).catch((error: unknown) => {
    // Analytics only: a failed write is logged, never retried into a loop.
    console.error(`Storing ${batch.length} storefront events failed`, error);
  });
  return flushing;
}

const shopIds = new Map<string, { id: string | null; until: number }>();

async function shopIdFor(shopDomain: string): Promise<string | null> {
  const cached = shopIds.get(shopDomain);
  if (cached && cached.until > Date.now()) return cached.id;
  const shop = await prisma.shop.findUnique({ where: { shopDomain }, select: { id: true, uninstalledAt: true } });
  const id = shop && !shop.uninstalledAt ? shop.id : null;
  shopIds.set(shopDomain, { id, until: Date.now() + SHOP_CACHE_MS });
  return id;
}

/**
 * Stores events now, rollups included: the queue's flush, and the way to load
 * events that happened earlier (benchmarks, imports of history).
 */
export async function writeEvents(batch: QueuedEvent[]): Promise<void> {
  const byShop = new Map<string, QueuedEvent[]>();
  for (const event of batch) {
    const events = byShop.get(event.shopDomain);
    if (events) events.push(event);
    else byShop.set(event.shopDomain, [event]);
  }

  const rows = [];
  const clicks: Array<{ shopId: string; videoId: string; count: number }> = [];
  for (const [shopDomain, events] of byShop) {
    const shopId = await shopIdFor(shopDomain);
    if (!shopId) continue;
    const [videos, widgets] = await Promise.all([
      prisma.video.findMany({ where: { shopId, id: { in: [...new Set(events.map((e) => e.videoId))] } }, select: { id: true, platform: true } }),
      prisma.widget.findMany({ where: { shopId, id: { in: [...new Set(events.map((e) => e.widgetId))] } }, select: { id: true } }),
    ]);
    const platformOf = new Map(videos.map((video) => [video.id, video.platform]));
    const knownWidgets = new Set(widgets.map((widget) => widget.id));
    const videoClicks = new Map<string, number>();
    for (const event of events) {
      const platform = platformOf.get(event.videoId);
      if (!platform) continue;
      rows.push({
        shopId,
        type: event.type,
        videoId: event.videoId,
        widgetId: knownWidgets.has(event.widgetId) ? event.widgetId : null,
        platform,
        productId: event.type === "video_click" ? null : normalizeProductId(event.productId),
        sessionKey: event.session,
        occurredAt: event.occurredAt,
      });
      if (event.type === "video_click") videoClicks.set(event.videoId, (videoClicks.get(event.videoId) ?? 0) + 1);
    }
    for (const [videoId, count] of videoClicks) clicks.push({ shopId, videoId, count });
  }
  if (!rows.length) return;
  await prisma.$transaction([
    ...insertStatements(rows),
    ...rollupStatements(rows),
    ...clicks.map(({ shopId, videoId, count }) =>
      prisma.video.updateMany({ where: { id: videoId, shopId }, data: { clicks: { increment: count } } }),
    ),
  ]);
}

type EventRow = {
  shopId: string;
  type: string;
  videoId: string;
  widgetId: string | null;
  platform: string;
  productId: string | null;
  sessionKey: string | null;
  occurredAt: Date;
};

/** Rows per INSERT: 9 parameters each stays far below both databases' parameter limits. */
const ROWS_PER_INSERT = 500;

/**
 * Multi-row INSERTs: createMany costs ~0.15 ms of CPU per row in Prisma's JS
 * query engine, a plain INSERT a fraction of that, and this is the hot path.
 * Same columns and formats as Prisma writes (ids are time-ordered UUIDv7s like
 * the schema's default).
 */
function insertStatements(rows: EventRow[]) {
  const statements = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows
      .slice(start, start + ROWS_PER_INSERT)
      .map((row) => Prisma.sql`(${uuidV7()}, ${row.shopId}, ${row.type}, ${row.videoId}, ${row.widgetId}, ${row.platform}, ${row.productId}, ${row.sessionKey}, ${row.occurredAt})`);
    statements.push(
      prisma.$executeRaw`INSERT INTO "AnalyticsEvent" ("id", "shopId", "type", "videoId", "widgetId", "platform", "productId", "sessionKey", "occurredAt") VALUES ${Prisma.join(values)}`,
    );
  }
  return statements;
}

/** The UTC calendar day of a moment, as the rollups key it. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * The rows' counts added to the daily rollups (decision 016) in the same
 * transaction as the events, so the two never disagree: per platform, per
 * video and per widget.
 */
function rollupStatements(rows: EventRow[]) {
  const counts = new Map<string, { shopId: string; dimension: string; day: string; type: string; key: string; count: number }>();
  const add = (row: EventRow, dimension: string, key: string) => {
    const day = utcDay(row.occurredAt);
    const id = [row.shopId, dimension, day, row.type, key].join("\u0000");
    const entry = counts.get(id);
    if (entry) entry.count += 1;
    else counts.set(id, { shopId: row.shopId, dimension, day, type: row.type, key, count: 1 });
  };
  for (const row of rows) {
    add(row, "platform", row.platform);
    add(row, "video", row.videoId);
    add(row, "widget", row.widgetId ?? "");
  }
  const entries = [...counts.values()];
  const statements = [];
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    const values = entries
      .slice(start, start + ROWS_PER_INSERT)
      .map((entry) => Prisma.sql`(${entry.shopId}, ${entry.dimension}, ${entry.day}, ${entry.type}, ${entry.key}, ${entry.count})`);
    statements.push(
      prisma.$executeRaw`INSERT INTO "AnalyticsRollup" ("shopId", "dimension", "day", "type", "key", "count") VALUES ${Prisma.join(values)}
        ON CONFLICT ("shopId", "dimension", "day", "type", "key") DO UPDATE SET "count" = "AnalyticsRollup"."count" + excluded."count"`,
    );
  }
  return statements;
}

/** RFC 9562 version 7: 48-bit millisecond time, then random bits. */
function uuidV7(): string {
  const bytes = randomBytes(16);
  const now = Date.now();
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A product gid, or a numeric id made one; anything else is dropped. */
function normalizeProductId(value: string | undefined): string | null {
  if (!value) return null;
  if (/^gid:\/\/shopify\/Product\/\d{1,20}$/.test(value)) return value;
  if (/^\d{1,20}$/.test(value)) return `gid://shopify/Product/${value}`;
  return null;
}
