/**
 * Storefront analytics events (decision 009, 042, 060): the beacons a widget
 * sends per page view, counted per shop, video, widget, platform and type.
 *
 * Beacons are fire-and-forget and arrive by the thousand, so a beacon is only
 * checked here (checkedStorefrontEvents) and queued in memory by
 * app/models/storefront-events-queue.server.ts, which writes the queue in
 * batches with writeEvents (one upsert of the daily rollups, one insert of the
 * shoppers' actions as rows, one click update per video), at most
 * FLUSH_INTERVAL_MS later. Impressions and watching (impression, play, view,
 * completion, watch_time) are only counted in the rollups: they are most of
 * the traffic and say nothing an audit needs (decision 042).
 * The batch is shopper-controlled input (decision 019): each event is checked
 * before it is queued (known type, the fields its type has, ids in our ids'
 * shape, text a database stores as sent) and a bad one is dropped alone. The
 * queue is bounded, and it is written one transaction per shop: a failure
 * that may pass (database busy, connection lost) is retried with backoff, any
 * other is narrowed down to the events that cause it, and only those are
 * dropped.
 * What counts is what a real shopper can do (decision 060): an event counts
 * only for a video published to the widget it names (the product page's
 * gallery, which names no widget of the shop's: a video approved and tagged
 * with a product, decision 080); a browser session counts
 * each type once per video and widget per UTC day (session-tallies.server.ts),
 * and a play's watch time at most the video's length and the wall time since
 * it began; a beacon without a session (no analytics consent) counts each type
 * once per video and widget, and its watch time at most the video's length.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma, isTransientDatabaseError, prisma } from "~/db.server";
import { SHOPPER_COUNTING, WATCH_TIME_MAX_MS_PER_EVENT } from "~/constants";
import { BEACON_EVENTS, BEACON_EVENT_TYPES, PRODUCT_GALLERY_WIDGET_ID, beaconCarries, type BeaconEventType, type BeaconField } from "~/contracts/beacon-events";
import { tallyBit, tallySessions, type TallyInput, type TallyResult } from "./session-tallies.server";
import { forgetShopStorefront, shopStorefront, type ShopStorefront, type ShownVideo } from "./shown-videos.server";

/** A page view sends a handful; anything far above is not a widget's. */
export const MAX_EVENTS_PER_BATCH = 50;
/** Tries of one write that fails transiently, waiting RETRY_BASE_MS, then twice as long each time (about 3 s in all). */
const WRITE_ATTEMPTS = 6;
const RETRY_BASE_MS = 100;
/** Shops are looked up by domain once a minute, not once per beacon. */
const SHOP_CACHE_MS = 60_000;

/** Our ids (prisma/schema.prisma: @default(cuid())): "c" and 24 lowercase letters or digits. */
const OUR_ID = /^c[a-z0-9]{24}$/;
/** A product gid, or the numeric id the widget may send for one. */
const PRODUCT_ID = /^(gid:\/\/shopify\/Product\/)?\d{1,20}$/;
/** The shop parameter Shopify signs. */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,99}\.myshopify\.com$/;
/** The widget sends 24 hex digits (app/storefront/beacons.ts); tools and tests use short words. */
export const SessionKey = z.string().regex(/^[\w-]{1,64}$/);

const VideoId = z.string().regex(OUR_ID);
/**
 * Every event names the widget it comes from: only a video published to that widget counts (decision 060).
 * The product page's gallery block names PRODUCT_GALLERY_WIDGET_ID (decision 080).
 */
const WidgetId = z.union([z.string().regex(OUR_ID), z.literal(PRODUCT_GALLERY_WIDGET_ID)]);
const ProductId = z.string().regex(PRODUCT_ID).nullish();

/** Each field an event may carry, checked; whole milliseconds (beyond a safe integer it is not a number a widget measured), at most WATCH_TIME_MAX_MS_PER_EVENT. */
const FIELD_SHAPES = {
  videoId: VideoId,
  productId: ProductId,
  ms: z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .transform((ms) => Math.min(ms, WATCH_TIME_MAX_MS_PER_EVENT)),
} satisfies Record<BeaconField, z.ZodTypeAny>;

/**
 * What each type of event carries, as a widget sends it (BeaconBatch), from
 * its declaration (app/contracts/beacon-events.ts). Fields a type does not
 * have are not read, so they can neither be stored nor cost the event. A type
 * missing here is not one of ours.
 */
type CheckedFields = { type: BeaconEventType; videoId?: string; widgetId: string; productId?: string | null; ms?: number };
function eventShape(type: BeaconEventType): z.ZodType<CheckedFields> {
  const fields: Partial<Record<BeaconField, z.ZodTypeAny>> = {};
  for (const field of BEACON_EVENTS[type].fields) fields[field] = FIELD_SHAPES[field];
  return z.object({ type: z.literal(type), widgetId: WidgetId, ...fields }) as z.ZodType<CheckedFields>;
}
const EVENT_SHAPES = Object.fromEntries(BEACON_EVENT_TYPES.map((type) => [type, eventShape(type)])) as Record<BeaconEventType, z.ZodType<CheckedFields>>;

export interface IncomingEvent {
  type: BeaconEventType;
  /** null only for widget_impression. */
  videoId: string | null;
  widgetId: string;
  /** product_click and add_to_cart only. */
  productId?: string | null;
  /** watch_time only: milliseconds watched, at most WATCH_TIME_MAX_MS_PER_EVENT. */
  ms?: number;
}

export interface QueuedEvent extends IncomingEvent {
  shopDomain: string;
  session: string | null;
  occurredAt: Date;
}

/**
 * The events of one beacon a widget could have sent, as they are queued:
 * events that are not a widget's are dropped alone; a shop or session that is
 * not one drops them all. A page view shows a card once and opens a video in
 * a widget once at a time, so a beacon counts each type once per video and
 * widget: repeats are dropped, and its watch times of one video in one widget
 * are added up (to at most WATCH_TIME_MAX_MS_PER_EVENT).
 */
export function checkedStorefrontEvents(shopDomain: string, session: string | null, events: readonly unknown[]): QueuedEvent[] {
  if (!SHOP_DOMAIN.test(shopDomain) || (session !== null && !SessionKey.safeParse(session).success)) return [];
  const occurredAt = new Date();
  const checked: QueuedEvent[] = [];
  const once = new Map<string, QueuedEvent>();
  for (const candidate of events.slice(0, MAX_EVENTS_PER_BATCH)) {
    const type = typeof candidate === "object" && candidate !== null ? (candidate as { type?: unknown }).type : undefined;
    if (typeof type !== "string" || !Object.hasOwn(EVENT_SHAPES, type)) continue;
    const parsed = EVENT_SHAPES[type as BeaconEventType].safeParse(candidate);
    if (!parsed.success) continue;
    const { videoId, widgetId, productId, ms } = parsed.data;
    const key = `${parsed.data.type} ${videoId ?? ""} ${widgetId}`;
    const earlier = once.get(key);
    if (earlier) {
      if (earlier.ms !== undefined && ms !== undefined) earlier.ms = Math.min(WATCH_TIME_MAX_MS_PER_EVENT, earlier.ms + ms);
      continue;
    }
    const event: QueuedEvent = {
      type: parsed.data.type,
      videoId: videoId ?? null,
      widgetId,
      ...(productId === undefined ? {} : { productId }),
      ...(ms === undefined ? {} : { ms }),
      shopDomain,
      session,
      occurredAt,
    };
    once.set(key, event);
    checked.push(event);
  }
  return checked;
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
 * Stores events now, rollups included: the queue's writer, and the way to load
 * events that happened earlier (benchmarks, imports of history). Each shop's
 * events are written on their own, so one shop's failure never costs another
 * its events; what cannot be stored is logged and dropped. Returns how many
 * events were counted (rows are written for shoppers' actions only).
 */
export async function writeEvents(batch: readonly QueuedEvent[]): Promise<number> {
  const byShop = new Map<string, QueuedEvent[]>();
  for (const event of batch) {
    const events = byShop.get(event.shopDomain);
    if (events) events.push(event);
    else byShop.set(event.shopDomain, [event]);
  }
  let stored = 0;
  for (const [shopDomain, events] of byShop) {
    const result = await writeShopEvents(shopDomain, events);
    stored += result.stored;
    if (result.dropped) {
      const what = `${result.dropped} storefront event${result.dropped === 1 ? "" : "s"} of ${shopDomain}`;
      console.error(result.transient ? `Dropped ${what} after ${WRITE_ATTEMPTS} attempts` : `Dropped ${what} that the database refused`, result.error);
    }
  }
  return stored;
}

type ShopWriteResult = { stored: number; dropped: number; transient: boolean; error?: unknown };

/**
 * One shop's events, retried while the failure may pass; a failure that will
 * not pass is narrowed down by halves until only the events that cause it are
 * left out (a handful of extra transactions per bad event, none when all is well).
 */
async function writeShopEvents(shopDomain: string, events: QueuedEvent[]): Promise<ShopWriteResult> {
  try {
    return { stored: await withRetries(() => writeShopBatch(shopDomain, events)), dropped: 0, transient: false };
  } catch (error) {
    if (isTransientDatabaseError(error) || events.length === 1) {
      return { stored: 0, dropped: events.length, transient: isTransientDatabaseError(error), error };
    }
    // The shop may be gone since it was cached: then its events are skipped, not narrowed one by one;
    // a video or widget may be gone too.
    const shopId = shopIds.get(shopDomain)?.id;
    if (shopId) forgetShopStorefront(shopId);
    shopIds.delete(shopDomain);
    const middle = Math.ceil(events.length / 2);
    const first = await writeShopEvents(shopDomain, events.slice(0, middle));
    const second = await writeShopEvents(shopDomain, events.slice(middle));
    return {
      stored: first.stored + second.stored,
      dropped: first.dropped + second.dropped,
      transient: first.transient || second.transient,
      error: first.error ?? second.error,
    };
  }
}

async function withRetries<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isTransientDatabaseError(error)) throw error;
      // Jitter: app instances that failed together do not all come back at once.
      const wait = RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Shoppers' actions, stored as rows as well as counted: few (a click per dozens
 * of impressions), and what audits, re-rollups and sales attribution look at.
 * Every other type is only counted (decision 042).
 */
const TYPES_STORED_AS_ROWS: ReadonlySet<BeaconEventType> = new Set(BEACON_EVENT_TYPES.filter((type) => BEACON_EVENTS[type].row));
const TYPES_WITH_PRODUCT: ReadonlySet<BeaconEventType> = new Set(BEACON_EVENT_TYPES.filter((type) => beaconCarries(type, "productId")));

/** An event that counts, as it is added to the rollups (and stored, for the shoppers' actions). */
interface CountedEvent {
  type: BeaconEventType;
  /** null only for widget_impression. */
  videoId: string | null;
  widgetId: string;
  /** The video's; null only for widget_impression. */
  platform: string | null;
  productId?: string | null;
  session: string | null;
  occurredAt: Date;
  watchedMs: number;
  /**
   * 1, or 0 for more watch time of a play whose watching was counted before:
   * a play's watch_time counts once, its milliseconds whenever they come.
   */
  count: number;
}

/** A session's events of one day, widget and video in a batch, on their way to its tally. */
interface PendingTally {
  input: TallyInput;
  platform: string | null;
  /** The batch's first event of each type: the one stored as a row if it counts. */
  first: Map<BeaconEventType, QueuedEvent>;
}

/** Long enough for a batch of thousands of events on a busy database; a timeout is transient and retried. */
const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 20_000 } as const;

/**
 * The video the event counts for, published to the widget it names (a
 * widget's own impression: `true` for a widget of the shop's); null when the
 * event counts for nothing.
 */
function shownFor(storefront: ShopStorefront, event: QueuedEvent): ShownVideo | true | null {
  if (event.videoId === null) return storefront.widgets.has(event.widgetId) ? true : null;
  return storefront.shown.get(event.widgetId)?.get(event.videoId) ?? null;
}

/**
 * One transaction: what the session tallies let count (decision 060), then
 * those events' rollups, the shoppers' actions as rows and the video click
 * counters (decision 016, 042). Returns how many events were counted. The
 * tallies are written in the same transaction, so a write that fails counts
 * nothing and marks nothing as counted, and a retry of a write that did
 * commit (its answer lost) finds its sessions' events counted already.
 */
async function writeShopBatch(shopDomain: string, events: readonly QueuedEvent[]): Promise<number> {
  const shopId = await shopIdFor(shopDomain);
  if (!shopId) return 0;
  const storefront = await shopStorefront(shopId, events);
  const counted: CountedEvent[] = [];
  const tallies = new Map<string, PendingTally>();
  const days = new DayOf();
  for (const event of events) {
    const shown = shownFor(storefront, event);
    if (!shown) continue;
    const video = shown === true ? null : shown;
    if (event.session === null) {
      // No session to count once per day: the beacon itself is the session (checkedStorefrontEvents counted each type once).
      const watchedMs = event.type === "watch_time" ? Math.min(event.ms ?? 0, video?.watchCapMs ?? 0) : 0;
      counted.push(countedEvent(event, video?.platform ?? null, watchedMs, 1));
      continue;
    }
    const day = days.of(event.occurredAt);
    const key = `${day} ${event.session} ${event.widgetId} ${event.videoId ?? ""}`;
    let tally = tallies.get(key);
    if (!tally) {
      const input: TallyInput = {
        day,
        sessionKey: event.session,
        widgetId: event.widgetId,
        videoId: event.videoId ?? "",
        types: 0,
        playStartMs: 0,
        pendingMs: 0,
        lengthMs: video?.watchCapMs ?? 0,
        seenMs: 0,
      };
      tallies.set(key, (tally = { input, platform: video?.platform ?? null, first: new Map() }));
    }
    const { input, first } = tally;
    input.types |= tallyBit(event.type);
    input.seenMs = Math.max(input.seenMs, event.occurredAt.getTime());
    if (event.type === "watch_time") input.pendingMs += event.ms ?? 0;
    if (event.type === "play" && !input.playStartMs) input.playStartMs = event.occurredAt.getTime() - SHOPPER_COUNTING.playStartAllowanceMs;
    if (!first.has(event.type)) first.set(event.type, event);
  }
  if (!counted.length && !tallies.size) return 0;
  return prisma.$transaction(async (db) => {
    const fromTallies = tallies.size
      ? await tallySessions(
          db,
          shopId,
          [...tallies.values()].map((tally) => tally.input),
        )
      : [];
    const pendingByInput = new Map([...tallies.values()].map((tally) => [tally.input, tally]));
    for (const result of fromTallies) counted.push(...countedOf(result, pendingByInput.get(result.input)!));
    if (!counted.length) return 0;
    await writeCounted(db, shopId, counted);
    return counted.length;
  }, WRITE_TRANSACTION);
}

/** The events a tally let count: each type it added, and the watch time it allowed. */
function countedOf(result: TallyResult, tally: PendingTally): CountedEvent[] {
  const counted: CountedEvent[] = [];
  for (const [type, event] of tally.first) {
    const watchedMs = type === "watch_time" ? result.addedMs : 0;
    if (type === "watch_time" ? watchedMs <= 0 : !(result.added & tallyBit(type))) continue;
    counted.push(countedEvent(event, tally.platform, watchedMs, type === "watch_time" && result.watchedMs > watchedMs ? 0 : 1));
  }
  return counted;
}

/** One shape for every counted event (thousands a batch): no copies of the queued event's varying fields. */
function countedEvent(event: QueuedEvent, platform: string | null, watchedMs: number, count: number): CountedEvent {
  return {
    type: event.type,
    videoId: event.videoId,
    widgetId: event.widgetId,
    platform,
    productId: event.productId ?? null,
    session: event.session,
    occurredAt: event.occurredAt,
    watchedMs,
    count,
  };
}

/** Counted events into the rollups, the shoppers' actions into rows, video clicks into their counters, in `db`'s transaction. */
async function writeCounted(db: Prisma.TransactionClient, shopId: string, counted: readonly CountedEvent[]) {
  const rows: EventRow[] = [];
  const rollups = new RollupCounts(shopId);
  const videoClicks = new Map<string, number>();
  for (const event of counted) {
    if (event.videoId === null || event.platform === null) {
      // A widget's own impression: it has no video, hence no platform; it counts in the widget rollups alone.
      rollups.add(event.occurredAt, event.type, "widget", event.widgetId, event.count, 0);
      continue;
    }
    rollups.add(event.occurredAt, event.type, "platform", event.platform, event.count, event.watchedMs);
    rollups.add(event.occurredAt, event.type, "video", event.videoId, event.count, event.watchedMs);
    rollups.add(event.occurredAt, event.type, "widget", event.widgetId, event.count, event.watchedMs);
    if (TYPES_STORED_AS_ROWS.has(event.type)) {
      rows.push({
        shopId,
        type: event.type,
        videoId: event.videoId,
        widgetId: event.widgetId,
        platform: event.platform,
        productId: TYPES_WITH_PRODUCT.has(event.type) ? normalizeProductId(event.productId) : null,
        sessionKey: event.session,
        occurredAt: event.occurredAt,
      });
    }
    if (event.type === "video_click") videoClicks.set(event.videoId, (videoClicks.get(event.videoId) ?? 0) + 1);
  }
  for (const statement of rollups.statements(db)) await statement;
  for (const statement of insertStatements(db, rows)) await statement;
  // Video ids in order: concurrent writers lock the rows in the same order.
  for (const [videoId, count] of [...videoClicks].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await db.video.updateMany({ where: { id: videoId, shopId }, data: { clicks: { increment: count } } });
  }
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
function insertStatements(db: Prisma.TransactionClient, rows: EventRow[]) {
  const statements = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows
      .slice(start, start + ROWS_PER_INSERT)
      .map(
        (row) =>
          Prisma.sql`(${uuidV7()}, ${row.shopId}, ${row.type}, ${row.videoId}, ${row.widgetId}, ${row.platform}, ${row.productId}, ${row.sessionKey}, ${row.occurredAt})`,
      );
    statements.push(
      db.$executeRaw`INSERT INTO "AnalyticsEvent" ("id", "shopId", "type", "videoId", "widgetId", "platform", "productId", "sessionKey", "occurredAt") VALUES ${Prisma.join(values)}`,
    );
  }
  return statements;
}

/** The UTC calendar day of a moment, as the rollups key it. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** utcDay for a batch's events: a beacon's events share one moment, so its day is worked out once. */
class DayOf {
  private lastMoment: Date | null = null;
  private lastDay = "";

  of(moment: Date): string {
    if (moment !== this.lastMoment) {
      this.lastMoment = moment;
      this.lastDay = utcDay(moment);
    }
    return this.lastDay;
  }
}

type RollupEntry = { dimension: string; day: string; type: string; key: string; count: number; watchedMs: number };

/**
 * A batch's events added up per (dimension, UTC day, type, key), then added to
 * the daily rollups (decision 016) in the same transaction as the rows, so the
 * two never disagree: per platform, per video and per widget. A batch of
 * thousands of events becomes a few hundred upserted rows.
 */
class RollupCounts {
  private readonly entries = new Map<string, RollupEntry>();
  private readonly days = new DayOf();

  constructor(private readonly shopId: string) {}

  add(moment: Date, type: string, dimension: "platform" | "video" | "widget", key: string, count: number, watchedMs: number) {
    const day = this.days.of(moment);
    const id = `${dimension}\u0000${day}\u0000${type}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry) {
      entry.count += count;
      entry.watchedMs += watchedMs;
    } else this.entries.set(id, { dimension, day, type, key, count, watchedMs });
  }

  /**
   * watchedMs is a 64-bit column: a day of a popular video's watching passes 2^31 ms (about 25 days).
   * Rows in key order: concurrent writers lock them in the same order.
   */
  statements(db: Prisma.TransactionClient) {
    const entries = [...this.entries.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, entry]) => entry);
    const statements = [];
    for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
      const values = entries
        .slice(start, start + ROWS_PER_INSERT)
        .map((entry) => Prisma.sql`(${this.shopId}, ${entry.dimension}, ${entry.day}, ${entry.type}, ${entry.key}, ${entry.count}, ${entry.watchedMs})`);
      statements.push(
        db.$executeRaw`INSERT INTO "AnalyticsRollup" ("shopId", "dimension", "day", "type", "key", "count", "watchedMs") VALUES ${Prisma.join(values)}
          ON CONFLICT ("shopId", "dimension", "day", "type", "key") DO UPDATE
          SET "count" = "AnalyticsRollup"."count" + excluded."count", "watchedMs" = "AnalyticsRollup"."watchedMs" + excluded."watchedMs"`,
      );
    }
    return statements;
  }
}

/** RFC 9562 version 7: 48-bit millisecond time, then random bits. */
function uuidV7(): string {
  const bytes = randomBytes(16);
  const now = Date.now();
  bytes.writeUIntBE(now, 0, 6);
  // The version (7) and variant (0b10) bits; the rest of those two bytes stays random.
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x70, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A product gid, or a numeric id made one; anything else is dropped. */
function normalizeProductId(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^gid:\/\/shopify\/Product\/\d{1,20}$/.test(value)) return value;
  if (/^\d{1,20}$/.test(value)) return `gid://shopify/Product/${value}`;
  return null;
}
