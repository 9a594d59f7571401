/**
 * Storefront analytics events (decision 009, 042): the beacons a widget sends
 * per page view, counted per shop, video, widget, platform and type.
 *
 * Beacons are fire-and-forget and arrive by the thousand, so a beacon is only
 * checked here (checkedStorefrontEvents) and queued in memory by
 * app/jobs/storefront-events-writer.server.ts, which writes the queue in
 * batches with writeEvents (one upsert of the daily rollups, one insert of the
 * shoppers' actions as rows, one click update per video), at most
 * FLUSH_INTERVAL_MS later. Impressions and watching (impression, play, view,
 * completion, watch_time) are only counted in the rollups: they are most of
 * the traffic and say nothing an audit needs (decision 042).
 * The batch is shopper-controlled input (decision 019): each event is checked
 * before it is queued (known type, the fields its type has, ids in our ids'
 * shape, text a database stores as sent) and a bad one is dropped alone; only
 * the shop's own videos and widgets are recorded. The queue is bounded, and it
 * is written one transaction per shop: a failure that may pass (database busy,
 * connection lost) is retried with backoff, any other is narrowed down to the
 * events that cause it, and only those are dropped.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma, isTransientDatabaseError, prisma } from "~/db.server";
import { WATCH_TIME_MAX_MS_PER_EVENT } from "~/constants";
import type { BeaconEventType } from "~/storefront/widget-data";

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
/**
 * Lone UTF-16 surrogates (Prisma refuses them, a query fails) and control
 * characters (PostgreSQL refuses NUL; SQLite cuts the text at it).
 */
const MALFORMED_TEXT = /[\p{Cc}\p{Cs}]/u;

/** The widget sends 24 hex digits (app/storefront/beacons.ts); tools and tests use short words. */
export const SessionKey = z.string().regex(/^[\w-]{1,64}$/);

const VideoId = z.string().regex(OUR_ID);
/** A widget id that is not in our shape is an unknown widget, as a deleted one is: the event counts, without a widget. */
const WidgetId = z
  .string()
  .max(64)
  .refine((text) => !MALFORMED_TEXT.test(text));
const ProductId = z.string().regex(PRODUCT_ID).nullish();

/**
 * What each type of event carries, as a widget sends it (BeaconBatch). Fields
 * a type does not have are not read, so they can neither be stored nor cost
 * the event. A type missing here is not one of ours (the Record keeps the list
 * in step with BEACON_EVENT_TYPES).
 */
type CheckedFields = { type: BeaconEventType; videoId?: string; widgetId: string; productId?: string | null; ms?: number };
const EVENT_SHAPES: Record<BeaconEventType, z.ZodType<CheckedFields>> = {
  video_click: z.object({ type: z.literal("video_click"), videoId: VideoId, widgetId: WidgetId }),
  product_click: z.object({ type: z.literal("product_click"), videoId: VideoId, widgetId: WidgetId, productId: ProductId }),
  add_to_cart: z.object({ type: z.literal("add_to_cart"), videoId: VideoId, widgetId: WidgetId, productId: ProductId }),
  // Counted against its widget alone: without one of our widget ids there is nothing to count it against.
  widget_impression: z.object({ type: z.literal("widget_impression"), widgetId: z.string().regex(OUR_ID) }),
  impression: z.object({ type: z.literal("impression"), videoId: VideoId, widgetId: WidgetId }),
  play: z.object({ type: z.literal("play"), videoId: VideoId, widgetId: WidgetId }),
  view: z.object({ type: z.literal("view"), videoId: VideoId, widgetId: WidgetId }),
  completion: z.object({ type: z.literal("completion"), videoId: VideoId, widgetId: WidgetId }),
  // Whole milliseconds; beyond a safe integer it is not a number a widget measured.
  watch_time: z.object({
    type: z.literal("watch_time"),
    videoId: VideoId,
    widgetId: WidgetId,
    ms: z
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .transform((ms) => Math.min(ms, WATCH_TIME_MAX_MS_PER_EVENT)),
  }),
};

export interface IncomingEvent {
  type: BeaconEventType;
  /** null only for widget_impression. */
  videoId: string | null;
  /** null: not a widget of the shop's, or none. */
  widgetId: string | null;
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
 * not one drops them all.
 */
export function checkedStorefrontEvents(shopDomain: string, session: string | null, events: readonly unknown[]): QueuedEvent[] {
  if (!SHOP_DOMAIN.test(shopDomain) || (session !== null && !SessionKey.safeParse(session).success)) return [];
  const occurredAt = new Date();
  const checked: QueuedEvent[] = [];
  for (const candidate of events.slice(0, MAX_EVENTS_PER_BATCH)) {
    const type = typeof candidate === "object" && candidate !== null ? (candidate as { type?: unknown }).type : undefined;
    if (typeof type !== "string" || !Object.hasOwn(EVENT_SHAPES, type)) continue;
    const parsed = EVENT_SHAPES[type as BeaconEventType].safeParse(candidate);
    if (!parsed.success) continue;
    const { videoId, widgetId, productId, ms } = parsed.data;
    checked.push({
      type: parsed.data.type,
      videoId: videoId ?? null,
      widgetId: OUR_ID.test(widgetId) ? widgetId : null,
      ...(productId === undefined ? {} : { productId }),
      ...(ms === undefined ? {} : { ms }),
      shopDomain,
      session,
      occurredAt,
    });
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
    // The shop may be gone since it was cached: then its events are skipped, not narrowed one by one.
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
const TYPES_STORED_AS_ROWS: ReadonlySet<BeaconEventType> = new Set(["video_click", "product_click", "add_to_cart"]);
const TYPES_WITH_PRODUCT: ReadonlySet<BeaconEventType> = new Set(["product_click", "add_to_cart"]);

/**
 * One transaction: the events' rollups, the shoppers' actions as rows and the
 * video click counters (decision 016, 042). Returns how many events were counted.
 */
async function writeShopBatch(shopDomain: string, events: readonly QueuedEvent[]): Promise<number> {
  const shopId = await shopIdFor(shopDomain);
  if (!shopId) return 0;
  const videoIds = new Set<string>();
  const widgetIds = new Set<string>();
  for (const event of events) {
    if (event.videoId) videoIds.add(event.videoId);
    if (event.widgetId) widgetIds.add(event.widgetId);
  }
  const [videos, widgets] = await Promise.all([
    videoIds.size ? prisma.video.findMany({ where: { shopId, id: { in: [...videoIds] } }, select: { id: true, platform: true } }) : [],
    widgetIds.size ? prisma.widget.findMany({ where: { shopId, id: { in: [...widgetIds] } }, select: { id: true } }) : [],
  ]);
  const platformOf = new Map(videos.map((video) => [video.id, video.platform]));
  const knownWidgets = new Set(widgets.map((widget) => widget.id));
  const rows: EventRow[] = [];
  const rollups = new RollupCounts(shopId);
  const videoClicks = new Map<string, number>();
  let counted = 0;
  for (const event of events) {
    const widgetId = event.widgetId && knownWidgets.has(event.widgetId) ? event.widgetId : null;
    if (event.type === "widget_impression") {
      // Only its widget is known: it counts in the widget rollups alone, and only for a widget of the shop's.
      if (!widgetId) continue;
      rollups.add(event.occurredAt, event.type, "widget", widgetId, 0);
      counted += 1;
      continue;
    }
    const platform = event.videoId ? platformOf.get(event.videoId) : undefined;
    if (!event.videoId || !platform) continue;
    const watchedMs = event.type === "watch_time" ? (event.ms ?? 0) : 0;
    rollups.add(event.occurredAt, event.type, "platform", platform, watchedMs);
    rollups.add(event.occurredAt, event.type, "video", event.videoId, watchedMs);
    rollups.add(event.occurredAt, event.type, "widget", widgetId ?? "", watchedMs);
    counted += 1;
    if (TYPES_STORED_AS_ROWS.has(event.type)) {
      rows.push({
        shopId,
        type: event.type,
        videoId: event.videoId,
        widgetId,
        platform,
        productId: TYPES_WITH_PRODUCT.has(event.type) ? normalizeProductId(event.productId) : null,
        sessionKey: event.session,
        occurredAt: event.occurredAt,
      });
    }
    if (event.type === "video_click") videoClicks.set(event.videoId, (videoClicks.get(event.videoId) ?? 0) + 1);
  }
  if (!counted) return 0;
  await prisma.$transaction([
    ...rollups.statements(),
    ...insertStatements(rows),
    ...[...videoClicks].map(([videoId, count]) => prisma.video.updateMany({ where: { id: videoId, shopId }, data: { clicks: { increment: count } } })),
  ]);
  return counted;
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
      .map(
        (row) =>
          Prisma.sql`(${uuidV7()}, ${row.shopId}, ${row.type}, ${row.videoId}, ${row.widgetId}, ${row.platform}, ${row.productId}, ${row.sessionKey}, ${row.occurredAt})`,
      );
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

type RollupEntry = { dimension: string; day: string; type: string; key: string; count: number; watchedMs: number };

/**
 * A batch's events added up per (dimension, UTC day, type, key), then added to
 * the daily rollups (decision 016) in the same transaction as the rows, so the
 * two never disagree: per platform, per video and per widget. A batch of
 * thousands of events becomes a few hundred upserted rows.
 */
class RollupCounts {
  private readonly entries = new Map<string, RollupEntry>();
  /** A beacon's events share one moment: its day is worked out once. */
  private lastMoment: Date | null = null;
  private lastDay = "";

  constructor(private readonly shopId: string) {}

  add(moment: Date, type: string, dimension: "platform" | "video" | "widget", key: string, watchedMs: number) {
    if (moment !== this.lastMoment) {
      this.lastMoment = moment;
      this.lastDay = utcDay(moment);
    }
    const day = this.lastDay;
    const id = `${dimension}\u0000${day}\u0000${type}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry) {
      entry.count += 1;
      entry.watchedMs += watchedMs;
    } else this.entries.set(id, { dimension, day, type, key, count: 1, watchedMs });
  }

  /** watchedMs is a 64-bit column: a day of a popular video's watching passes 2^31 ms (about 25 days). */
  statements() {
    const entries = [...this.entries.values()];
    const statements = [];
    for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
      const values = entries
        .slice(start, start + ROWS_PER_INSERT)
        .map((entry) => Prisma.sql`(${this.shopId}, ${entry.dimension}, ${entry.day}, ${entry.type}, ${entry.key}, ${entry.count}, ${entry.watchedMs})`);
      statements.push(
        prisma.$executeRaw`INSERT INTO "AnalyticsRollup" ("shopId", "dimension", "day", "type", "key", "count", "watchedMs") VALUES ${Prisma.join(values)}
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
