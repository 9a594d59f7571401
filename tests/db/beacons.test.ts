// Storefront beacons on whichever database DATABASE_URL names (test-both runs
// SQLite, then PostgreSQL): one shop's hostile beacons, one event the database
// refuses, or one write that fails for a moment never cost another shop, or
// the other events, their data (decision 019). Each beacon here is a shopper
// session of its own, and its videos are published to its widget: what counts
// once per session, and only for published videos, is
// tests/db/shopper-counting.test.ts (decision 060).
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseKind, Prisma, prisma } from "../../app/db.server";
import { flushStorefrontEvents, MAX_QUEUED_EVENTS, queueStorefrontEvents } from "../../app/models/storefront-events-queue.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

// vi.spyOn cannot put back a method of Prisma's client (a proxy): tests swap it by hand.
type Transaction = (...args: unknown[]) => Promise<unknown>;
const client = prisma as unknown as { $transaction: Transaction };
const realTransaction = client.$transaction;
function replaceTransaction(fake: Transaction) {
  client.$transaction = fake;
  return fake;
}
afterEach(() => {
  client.$transaction = realTransaction;
  vi.restoreAllMocks();
});

async function shopWithVideo(label: string) {
  const shop = await createShop(label);
  const [widget, video] = [await createWidget(shop.id, 1), await createVideo(shop.id, { platform: "instagram", enabled: true })];
  await publishIn(shop.id, widget.id, video.id);
  return { shop, widget, video };
}

/** Approved into the widget: what the storefront shows, and so what counts. */
function publishIn(shopId: string, widgetId: string, videoId: string) {
  return prisma.widgetVideo.create({ data: { shopId, widgetId, videoId } });
}

/** A source address per beacon, so that these tests' floods stay within a shopper's rate (decision 060). */
const addressOf = (beacon: number) => `10.${(beacon >> 16) & 255}.${(beacon >> 8) & 255}.${beacon & 255}`;

/** What a video's analytics are built from: its raw events, its click counter and its daily rollups. */
async function storedFor(shopId: string, videoId: string) {
  const [events, video, rollups] = await Promise.all([
    prisma.analyticsEvent.count({ where: { shopId, videoId } }),
    prisma.video.findUniqueOrThrow({ where: { id: videoId } }),
    prisma.analyticsRollup.findMany({ where: { shopId, dimension: "video", key: videoId } }),
  ]);
  return { events, clicks: video.clicks, rolledUp: rollups.reduce((sum, row) => sum + row.count, 0) };
}

/** A page view's events for one video in one widget, watched for `ms` (issue 14 item 8). */
function pageView(videoId: string, widgetId: string, ms: number) {
  return [
    { type: "widget_impression", widgetId },
    { type: "impression", videoId, widgetId },
    { type: "play", videoId, widgetId },
    { type: "view", videoId, widgetId },
    { type: "watch_time", videoId, widgetId, ms },
  ];
}

/** A video's and a widget's rollups as type -> [count, milliseconds watched], and the rows stored for the video. */
async function watchingOf(shopId: string, videoId: string, widgetId: string) {
  const [rollups, rows] = await Promise.all([
    prisma.analyticsRollup.findMany({
      where: {
        shopId,
        OR: [
          { dimension: "video", key: videoId },
          { dimension: "widget", key: widgetId },
        ],
      },
    }),
    prisma.analyticsEvent.count({ where: { shopId, videoId } }),
  ]);
  const byType = (dimension: string) =>
    Object.fromEntries(
      rollups
        .filter((row) => row.dimension === dimension)
        .map((row) => [row.type, [row.count, Number(row.watchedMs)]] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  return { video: byType("video"), widget: byType("widget"), rows };
}

describe("storefront beacons: one bad beacon costs nobody else their events", () => {
  it("stores every one of shop B's clicks while shop A sends poison beacons in between, and A's good events too", async () => {
    const a = await shopWithVideo("poison");
    const b = await shopWithVideo("victim");
    const goodClick = { type: "video_click", videoId: a.video.id, widgetId: a.widget.id };
    const poisonBatch = [
      { ...goodClick, videoId: `${a.video.id}\uD800` }, // a lone UTF-16 surrogate in an id
      { ...goodClick, videoId: `${a.video.id.slice(0, -1)}\u0000` }, // NUL in an id
      { ...goodClick, widgetId: `${a.widget.id}\u0000` },
      { type: "product_click", videoId: a.video.id, widgetId: a.widget.id, productId: "42\uDC00" },
      { type: "product_click", videoId: a.video.id, widgetId: a.widget.id, productId: "gid://shopify/Product/1\u0000" },
      { type: "video_play", videoId: a.video.id, widgetId: a.widget.id }, // not a type of ours
      { type: "video_click", videoId: b.video.id, widgetId: b.widget.id }, // shop B's ids, signed as shop A
      { type: "video_click", videoId: "c".repeat(400), widgetId: a.widget.id },
      "not an event",
      null,
      goodClick, // the batch's one good event
    ];
    const beacons = 24;
    for (let beacon = 0; beacon < beacons; beacon++) {
      queueStorefrontEvents(a.shop.shopDomain, `poison-${beacon}`, poisonBatch);
      queueStorefrontEvents(a.shop.shopDomain, "s\u0000", [goodClick]); // a session key that is not one
      queueStorefrontEvents(b.shop.shopDomain, `shopper-${beacon}`, [{ type: "video_click", videoId: b.video.id, widgetId: b.widget.id }]);
      if (beacon % 6 === 5) await flushStorefrontEvents();
    }
    await flushStorefrontEvents();

    expect(await storedFor(b.shop.id, b.video.id)).toEqual({ events: beacons, clicks: beacons, rolledUp: beacons });
    expect(await storedFor(a.shop.id, a.video.id)).toEqual({ events: beacons, clicks: beacons, rolledUp: beacons });
    const sessions = await prisma.analyticsEvent.findMany({ where: { shopId: a.shop.id }, select: { sessionKey: true } });
    expect(sessions.map((row) => row.sessionKey).sort()).toEqual(Array.from({ length: beacons }, (_, beacon) => `poison-${beacon}`).sort());
  });

  it("drops only the event the database refuses: the rest of its shop's batch and every other shop's are stored", async () => {
    const a = await shopWithVideo("refused");
    const b = await shopWithVideo("neighbour");
    const refused = await createVideo(a.shop.id, { platform: "tiktok", enabled: true });
    await publishIn(a.shop.id, a.widget.id, refused.id);
    // A real refusal by the database itself, for this one video's events only.
    const trigger = `beacons_test_refuse_${refused.id}`;
    if (databaseKind === "postgresql") {
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION "${trigger}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
      );
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER "${trigger}" BEFORE INSERT ON "AnalyticsEvent" FOR EACH ROW WHEN (NEW."videoId" = '${refused.id}') EXECUTE FUNCTION "${trigger}"()`,
      );
    } else {
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER "${trigger}" BEFORE INSERT ON "AnalyticsEvent" WHEN NEW."videoId" = '${refused.id}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      );
    }
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (let beacon = 0; beacon < 10; beacon++) {
        queueStorefrontEvents(a.shop.shopDomain, `a-${beacon}`, [
          { type: "video_click", videoId: a.video.id, widgetId: a.widget.id },
          ...(beacon === 3 ? [{ type: "video_click", videoId: refused.id, widgetId: a.widget.id }] : []),
        ]);
        queueStorefrontEvents(b.shop.shopDomain, `b-${beacon}`, [{ type: "video_click", videoId: b.video.id, widgetId: b.widget.id }]);
      }
      await flushStorefrontEvents();
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "${trigger}"${databaseKind === "postgresql" ? ` ON "AnalyticsEvent"` : ""}`);
      if (databaseKind === "postgresql") await prisma.$executeRawUnsafe(`DROP FUNCTION "${trigger}"()`);
    }

    expect(await storedFor(b.shop.id, b.video.id)).toEqual({ events: 10, clicks: 10, rolledUp: 10 });
    expect(await storedFor(a.shop.id, a.video.id)).toEqual({ events: 10, clicks: 10, rolledUp: 10 });
    expect(await storedFor(a.shop.id, refused.id)).toEqual({ events: 0, clicks: 0, rolledUp: 0 });
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`1 storefront event of ${a.shop.shopDomain}`)]);
  });

  // The busy/locked error SQLite's driver raises, and the one PostgreSQL sends when it ends a connection.
  const transientErrors = {
    "database is locked": new Prisma.PrismaClientKnownRequestError("Raw query failed. Code: `5`. Message: `SQLITE_BUSY: database is locked`", {
      code: "P2010",
      clientVersion: Prisma.prismaVersion.client,
      meta: {
        driverAdapterError: {
          name: "DriverAdapterError",
          cause: { originalCode: "5", originalMessage: "SQLITE_BUSY: database is locked", kind: "SocketTimeout" },
        },
      },
    }),
    "connection lost": new Prisma.PrismaClientKnownRequestError(
      "Raw query failed. Code: `57P01`. Message: `terminating connection due to administrator command`",
      {
        code: "P2010",
        clientVersion: Prisma.prismaVersion.client,
        meta: {
          driverAdapterError: {
            name: "DriverAdapterError",
            cause: {
              originalCode: "57P01",
              kind: "postgres",
              code: "57P01",
              severity: "FATAL",
              message: "terminating connection due to administrator command",
            },
          },
        },
      },
    ),
  };

  it.each(Object.entries(transientErrors))("retries a write that fails once (%s) and stores its events exactly once", async (_, error) => {
    const { shop, widget, video } = await shopWithVideo("transient");
    const transaction = replaceTransaction(vi.fn(realTransaction).mockRejectedValueOnce(error));
    for (let beacon = 0; beacon < 5; beacon++)
      queueStorefrontEvents(shop.shopDomain, `s-${beacon}`, [{ type: "video_click", videoId: video.id, widgetId: widget.id }]);
    await flushStorefrontEvents();

    expect(transaction).toHaveBeenCalledTimes(2);
    expect(await storedFor(shop.id, video.id)).toEqual({ events: 5, clicks: 5, rolledUp: 5 });
  });

  it.each(Object.entries(transientErrors))(
    "retries a write that fails once (%s) and counts a page view's impressions and watch time exactly once",
    async (_, error) => {
      const { shop, widget, video } = await shopWithVideo("transient-watch");
      const transaction = replaceTransaction(vi.fn(realTransaction).mockRejectedValueOnce(error));
      for (let beacon = 0; beacon < 4; beacon++) queueStorefrontEvents(shop.shopDomain, null, pageView(video.id, widget.id, 2_500));
      await flushStorefrontEvents();

      expect(transaction).toHaveBeenCalledTimes(2);
      expect(await watchingOf(shop.id, video.id, widget.id)).toEqual({
        video: { impression: [4, 0], play: [4, 0], view: [4, 0], watch_time: [4, 10_000] },
        widget: { impression: [4, 0], play: [4, 0], view: [4, 0], watch_time: [4, 10_000], widget_impression: [4, 0] },
        rows: 0,
      });
    },
  );

  it("drops only the events whose rollup the database refuses; the page view's other events count once", async () => {
    const { shop, widget, video } = await shopWithVideo("refused-rollup");
    const refused = await createVideo(shop.id, { platform: "tiktok", enabled: true });
    await publishIn(shop.id, widget.id, refused.id);
    // A real refusal by the database, of this one video's rollup rows only.
    const trigger = `beacons_test_refuse_rollup_${refused.id}`;
    if (databaseKind === "postgresql") {
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION "${trigger}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
      );
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER "${trigger}" BEFORE INSERT ON "AnalyticsRollup" FOR EACH ROW WHEN (NEW."key" = '${refused.id}') EXECUTE FUNCTION "${trigger}"()`,
      );
    } else {
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER "${trigger}" BEFORE INSERT ON "AnalyticsRollup" WHEN NEW."key" = '${refused.id}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      );
    }
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (let beacon = 0; beacon < 3; beacon++) {
        queueStorefrontEvents(shop.shopDomain, `s-${beacon}`, [
          ...pageView(video.id, widget.id, 1_000),
          ...(beacon === 1
            ? [
                { type: "impression", videoId: refused.id, widgetId: widget.id },
                { type: "watch_time", videoId: refused.id, widgetId: widget.id, ms: 700 },
              ]
            : []),
        ]);
      }
      await flushStorefrontEvents();
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "${trigger}"${databaseKind === "postgresql" ? ` ON "AnalyticsRollup"` : ""}`);
      if (databaseKind === "postgresql") await prisma.$executeRawUnsafe(`DROP FUNCTION "${trigger}"()`);
    }

    expect(await watchingOf(shop.id, video.id, widget.id)).toEqual({
      video: { impression: [3, 0], play: [3, 0], view: [3, 0], watch_time: [3, 3_000] },
      widget: { impression: [3, 0], play: [3, 0], view: [3, 0], watch_time: [3, 3_000], widget_impression: [3, 0] },
      rows: 0,
    });
    const platform = await prisma.analyticsRollup.findMany({ where: { shopId: shop.id, dimension: "platform", type: "watch_time" } });
    expect(platform.map((row) => [row.key, row.count, Number(row.watchedMs)])).toEqual([["instagram", 3, 3_000]]);
    expect(await prisma.analyticsRollup.count({ where: { shopId: shop.id, key: refused.id } })).toBe(0);
    // Its impression is refused; its watch time, without a play of it, counted for nothing and was not written.
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`1 storefront event of ${shop.shopDomain}`)]);
  });

  it("keeps a bounded queue while the database is held up, and says in the log what it dropped", async () => {
    const { shop, widget, video } = await shopWithVideo("flood");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let writing!: () => void;
    const writerStarted = new Promise<void>((resolve) => (writing = resolve));
    replaceTransaction(
      vi.fn(realTransaction).mockImplementationOnce(async (...args) => {
        writing();
        await held;
        return realTransaction.apply(prisma, args);
      }),
    );
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const click = { type: "video_click", videoId: video.id, widgetId: widget.id };
    // Well-formed clicks on a video the shop does not have: queued like any, cheap to write (nothing is stored).
    const unknownClick = { ...click, videoId: `c${"0".repeat(24)}` };

    queueStorefrontEvents(shop.shopDomain, "s", [click]);
    const firstWrite = flushStorefrontEvents();
    await writerStarted;
    for (let beacon = 0; beacon < 10; beacon++) queueStorefrontEvents(shop.shopDomain, `held-${beacon}`, [click]);
    // Many shoppers at once (a session and an address each), each within a shopper's rate; each beacon's 50
    // unknown clicks name a different video, so that none is a repeat of another within its beacon.
    const flood = MAX_QUEUED_EVENTS / 50 + 3;
    for (let beacon = 0; beacon < flood; beacon++)
      queueStorefrontEvents(
        shop.shopDomain,
        `flood-${beacon}`,
        Array.from({ length: 50 }, (_, index) => ({ ...unknownClick, videoId: `c${String(index).padStart(24, "0")}` })),
        addressOf(beacon),
      );
    queueStorefrontEvents(shop.shopDomain, "last", [click]);
    release();
    await firstWrite;
    await flushStorefrontEvents();

    const dropped = flood * 50 + 10 + 1 - MAX_QUEUED_EVENTS;
    expect(await storedFor(shop.id, video.id)).toEqual({ events: 11, clicks: 11, rolledUp: 11 });
    expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`dropped ${dropped} events (${shop.shopDomain}: ${dropped})`)]);
  });
});
