// What a shopper can add to Analytics (decision 060), on whichever database
// DATABASE_URL names (test-both runs SQLite, then PostgreSQL): a browser
// session counts once per event type, video and widget per UTC day, whichever
// instance its beacons reach and however often a write is retried; a play's
// watch time counts at most the video's length and the wall time since that
// play began; only videos published to the widget an event names count; a
// session or source sending more than a shopper can is cut off, and other
// shops' events of the same moment still count. Ending with the red team's
// 200 beacons in 3.5 s from one session.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { SHOPPER_COUNTING, WATCH_TIME_MAX_MS_PER_EVENT } from "../../app/constants";
import { prisma } from "../../app/db.server";
import { flushStorefrontEvents, queueStorefrontEvents } from "../../app/models/storefront-events-queue.server";
import { redactShop } from "../../app/models/lifecycle.server";
import { deleteEndedSessionTallies } from "../../app/models/session-tallies.server";
import { utcDay, writeEvents, type QueuedEvent } from "../../app/models/storefront-events.server";
import type { BeaconBatch } from "../../app/storefront/widget-data";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();
const run = promisify(execFile);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const ALLOWANCE = SHOPPER_COUNTING.playStartAllowanceMs;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let addresses = 0;
/** A source of its own for each test's shoppers (a documentation address), so no test uses up another's budget. */
const freshAddress = () => `192.0.2.${++addresses}`;

/** A video approved into a widget, as the storefront shows it; with `lengthMs`, its copy in Shopify Files says how long it is. */
async function published(label: string, { lengthMs }: { lengthMs?: number } = {}) {
  const shop = await createShop(label);
  const widget = await createWidget(shop.id, 1);
  const video = await createVideo(shop.id, { platform: "instagram", enabled: true });
  await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id } });
  if (lengthMs) await prisma.videoMirror.create({ data: { videoId: video.id, shopId: shop.id, status: "ready", durationMs: lengthMs } });
  return { shop, widget, video };
}

type SentEvent = BeaconBatch["events"][number];

/** What a page view's widget reports of one video it shows, with `ms` watched. */
function videoEvents(videoId: string, widgetId: string, ms = 3_000): SentEvent[] {
  return [
    { type: "impression", videoId, widgetId },
    { type: "play", videoId, widgetId },
    { type: "view", videoId, widgetId },
    { type: "completion", videoId, widgetId },
    { type: "video_click", videoId, widgetId },
    { type: "product_click", videoId, widgetId, productId: "1001" },
    { type: "add_to_cart", videoId, widgetId, productId: "1001" },
    { type: "watch_time", videoId, widgetId, ms },
  ];
}

/** Everything a page view's widget reports: the widget seen, and one of its videos. */
function pageView(videoId: string, widgetId: string, ms = 3_000): SentEvent[] {
  return [{ type: "widget_impression", widgetId }, ...videoEvents(videoId, widgetId, ms)];
}

/** Events as the queue holds them, arrived at `moment` (ms since 1970): how a test sets the clock of a write. */
function arrived(shopDomain: string, session: string | null, moment: number, events: SentEvent[]) {
  const occurredAt = new Date(moment);
  return events.map((event): QueuedEvent => ({ ...event, videoId: event.videoId ?? null, shopDomain, session, occurredAt }));
}

/** A moment at least two hours ago whose next two hours lie within one UTC day: a test's clock that no midnight crosses. */
function quietMoment(now = Date.now()): number {
  const midnight = now - (now % DAY);
  return now - midnight >= 3 * 60 * MINUTE ? midnight + 60 * MINUTE : midnight - DAY + 60 * MINUTE;
}

/** A dimension's rollups of one key as type -> [count, milliseconds watched], over every day. */
async function counted(shopId: string, dimension: "video" | "widget", key: string) {
  const rows = await prisma.analyticsRollup.findMany({ where: { shopId, dimension, key } });
  const byType: Record<string, [number, number]> = {};
  for (const row of rows) {
    const sum = (byType[row.type] ??= [0, 0]);
    sum[0] += row.count;
    sum[1] += Number(row.watchedMs);
  }
  return Object.fromEntries(Object.entries(byType).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Each of a page view's counted types `times` times; watch time `ms` in all. */
function eachOnce(times: number, ms: number, { widget = false } = {}) {
  return {
    add_to_cart: [times, 0],
    completion: [times, 0],
    impression: [times, 0],
    play: [times, 0],
    product_click: [times, 0],
    video_click: [times, 0],
    view: [times, 0],
    watch_time: [times, ms],
    ...(widget ? { widget_impression: [times, 0] } : {}),
  };
}

describe("a shopper session counts once per event type, video and widget per UTC day", () => {
  it("counts a session's page views once however many beacons, flushes and concurrent writes bring them; another session or widget counts apart", async () => {
    const { shop, widget, video } = await published("once", { lengthMs: 20_000 });
    const other = await createWidget(shop.id, 2);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: other.id, videoId: video.id } });
    const source = freshAddress();
    for (let flush = 0; flush < 3; flush++) {
      for (let beacon = 0; beacon < 2; beacon++) queueStorefrontEvents(shop.shopDomain, "alpha", pageView(video.id, widget.id, 1_000), source);
      await flushStorefrontEvents();
    }
    // The same beacon written by two instances at the same moment.
    const batch = arrived(shop.shopDomain, "beta", Date.now(), pageView(video.id, widget.id, 1_000));
    await Promise.all([writeEvents(batch), writeEvents(batch), writeEvents(batch)]);
    queueStorefrontEvents(shop.shopDomain, "alpha", pageView(video.id, other.id, 1_000), source);
    await flushStorefrontEvents();

    // alpha's six watch times add up (1 s each), within the play's minute of allowance; beta's three writes are one.
    expect(await counted(shop.id, "widget", widget.id)).toEqual(eachOnce(2, 6_000 + 1_000, { widget: true }));
    expect(await counted(shop.id, "widget", other.id)).toEqual(eachOnce(1, 1_000, { widget: true }));
    expect(await counted(shop.id, "video", video.id)).toEqual(eachOnce(3, 8_000));
    const rows = await prisma.analyticsEvent.findMany({ where: { shopId: shop.id } });
    expect(rows.map((row) => `${row.type} ${row.sessionKey}`).sort()).toEqual(
      ["alpha", "alpha", "beta"].flatMap((session) => ["add_to_cart", "product_click", "video_click"].map((type) => `${type} ${session}`)).sort(),
    );
    expect((await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).clicks).toBe(3);
  });

  it("counts the same session again on the next UTC day", async () => {
    const { shop, widget, video } = await published("next-day");
    const now = Date.now();
    const yesterday = quietMoment(now - DAY);
    await writeEvents(arrived(shop.shopDomain, "overnight", yesterday, pageView(video.id, widget.id)));
    await writeEvents(arrived(shop.shopDomain, "overnight", yesterday + MINUTE, pageView(video.id, widget.id)));
    await writeEvents(arrived(shop.shopDomain, "overnight", now, pageView(video.id, widget.id)));
    const plays = await prisma.analyticsRollup.findMany({ where: { shopId: shop.id, dimension: "video", type: "play" }, orderBy: { day: "asc" } });
    expect(plays.map((row) => [row.day, row.count])).toEqual([
      [utcDay(new Date(yesterday)), 1],
      [utcDay(new Date(now)), 1],
    ]);
  });

  it("counts nothing twice when a write that went through is written again (its answer lost, the writer retries)", async () => {
    const { shop, widget, video } = await published("retried");
    const batch = arrived(shop.shopDomain, "retried", Date.now(), pageView(video.id, widget.id, 2_000));
    expect(await writeEvents(batch)).toBe(9);
    expect(await writeEvents(batch)).toBe(0);
    expect(await counted(shop.id, "video", video.id)).toEqual(eachOnce(1, 2_000));
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(3);
  });

  it("counts a session once when its beacons reach three app instances at once", async () => {
    const { shop, widget, video } = await published("instances", { lengthMs: 8_000 });
    const instances = Array.from({ length: 3 }, () =>
      run(process.execPath, ["--import", "tsx", "tests/db/beacon-worker.ts", shop.shopDomain, "everywhere", video.id, widget.id, "10"], {
        env: process.env,
        timeout: 90_000,
      }),
    );
    await Promise.all(instances);
    const { add_to_cart: _cart, product_click: _click, ...rest } = eachOnce(1, 8_000, { widget: true });
    expect(await counted(shop.id, "widget", widget.id)).toEqual(rest);
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(1);
  }, 120_000);
});

describe("watch time: at most the video's length, and the wall time since the session's play began", () => {
  it("counts a play's watching up to the video's length, however long the beacons say it was watched", async () => {
    const { shop, widget, video } = await published("length", { lengthMs: 15_000 });
    const start = quietMoment();
    const watched = (ms: number) => [{ type: "watch_time" as const, videoId: video.id, widgetId: widget.id, ms }];
    for (const session of ["first", "second"]) {
      await writeEvents(arrived(shop.shopDomain, session, start, [{ type: "play", videoId: video.id, widgetId: widget.id }]));
      for (const later of [SECOND, 20 * MINUTE, 40 * MINUTE])
        await writeEvents(arrived(shop.shopDomain, session, start + later, watched(WATCH_TIME_MAX_MS_PER_EVENT)));
    }
    const { play, watch_time } = await counted(shop.id, "video", video.id);
    expect([play, watch_time]).toEqual([
      [2, 0],
      [2, 30_000],
    ]);
  });

  it("counts no more than the time since the play began (allowing for the beacons' batching), then the video's length", async () => {
    // No copy in Shopify Files: its length is not known, and the constant stands for it.
    const { shop, widget, video } = await published("wall-time");
    const start = quietMoment();
    const watch = (after: number, ms: number) =>
      writeEvents(arrived(shop.shopDomain, "clock", start + after, [{ type: "watch_time", videoId: video.id, widgetId: widget.id, ms }]));
    await writeEvents(arrived(shop.shopDomain, "clock", start, [{ type: "play", videoId: video.id, widgetId: widget.id }]));
    const watchedSoFar = async () => (await counted(shop.id, "video", video.id)).watch_time?.[1];

    await watch(10 * SECOND, 5 * MINUTE);
    expect(await watchedSoFar()).toBe(10 * SECOND + ALLOWANCE);
    await watch(200 * SECOND, 5 * MINUTE);
    expect(await watchedSoFar()).toBe(200 * SECOND + ALLOWANCE);
    await watch(60 * MINUTE, 10 * MINUTE);
    expect(await watchedSoFar()).toBe(SHOPPER_COUNTING.unknownLengthWatchMaxMs);
    await watch(61 * MINUTE, 10 * MINUTE);
    expect(await watchedSoFar()).toBe(SHOPPER_COUNTING.unknownLengthWatchMaxMs);
  });

  it("counts no watch time without the session's play of that video in that widget; from its play on, it does", async () => {
    const { shop, widget, video } = await published("no-play", { lengthMs: 45_000 });
    const other = await createWidget(shop.id, 2);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: other.id, videoId: video.id } });
    const start = quietMoment();
    await writeEvents(arrived(shop.shopDomain, "late", start, [{ type: "play", videoId: video.id, widgetId: other.id }]));
    await writeEvents(arrived(shop.shopDomain, "late", start + SECOND, [{ type: "watch_time", videoId: video.id, widgetId: widget.id, ms: 30_000 }]));
    expect((await counted(shop.id, "widget", widget.id)).watch_time).toBeUndefined();
    await writeEvents(arrived(shop.shopDomain, "late", start + 2 * SECOND, [{ type: "play", videoId: video.id, widgetId: widget.id }]));
    await writeEvents(arrived(shop.shopDomain, "late", start + 32 * SECOND, [{ type: "watch_time", videoId: video.id, widgetId: widget.id, ms: 30_000 }]));
    expect((await counted(shop.id, "widget", widget.id)).watch_time).toEqual([1, 30_000]);
  });

  it("without a session (no analytics consent), counts a beacon's types once and its watch time up to the video's length", async () => {
    const { shop, widget, video } = await published("no-consent", { lengthMs: 15_000 });
    const source = freshAddress();
    for (let beacon = 0; beacon < 2; beacon++) {
      queueStorefrontEvents(
        shop.shopDomain,
        null,
        [
          ...pageView(video.id, widget.id, 20_000),
          { type: "play", videoId: video.id, widgetId: widget.id },
          { type: "watch_time", videoId: video.id, widgetId: widget.id, ms: 20_000 },
        ],
        source,
      );
    }
    await flushStorefrontEvents();
    expect(await counted(shop.id, "video", video.id)).toEqual(eachOnce(2, 30_000));
    expect(await prisma.sessionTally.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

describe("only a video published to the widget an event names counts", () => {
  it("counts nothing for a Draft video, a video of another widget, an unknown or deleted widget; the published video counts", async () => {
    const { shop, widget, video } = await published("published");
    const draft = await createVideo(shop.id, { enabled: false });
    // Assigned to the widget once, unpublished since (Draft): the storefront no longer shows it.
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: draft.id } });
    const neverAssigned = await createVideo(shop.id, { enabled: true });
    const elsewhere = await createVideo(shop.id, { enabled: true });
    const otherWidget = await createWidget(shop.id, 2);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: otherWidget.id, videoId: elsewhere.id } });
    const deletedWidget = await createWidget(shop.id, 3);
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: deletedWidget.id, videoId: video.id } });
    await prisma.widget.delete({ where: { id: deletedWidget.id } });

    const source = freshAddress();
    const beacons = [
      videoEvents(draft.id, widget.id),
      videoEvents(neverAssigned.id, widget.id),
      videoEvents(elsewhere.id, widget.id),
      pageView(video.id, deletedWidget.id),
      pageView(video.id, `c${"0".repeat(24)}`),
      pageView(video.id, "theme-section-7"),
      pageView(video.id, widget.id),
    ];
    beacons.forEach((events, index) => queueStorefrontEvents(shop.shopDomain, `shopper-${index}`, events, source));
    queueStorefrontEvents(shop.shopDomain, null, videoEvents(draft.id, widget.id), source);
    await flushStorefrontEvents();

    for (const unshown of [draft, neverAssigned, elsewhere]) expect(await counted(shop.id, "video", unshown.id)).toEqual({});
    expect(await counted(shop.id, "video", video.id)).toEqual(eachOnce(1, 3_000));
    expect(await counted(shop.id, "widget", widget.id)).toEqual(eachOnce(1, 3_000, { widget: true }));
    expect(await counted(shop.id, "widget", deletedWidget.id)).toEqual({});
    const rows = await prisma.analyticsEvent.findMany({ where: { shopId: shop.id } });
    expect(rows.every((row) => row.videoId === video.id && row.widgetId === widget.id)).toBe(true);
    expect(rows).toHaveLength(3);
    const clicks = await prisma.video.findMany({ where: { shopId: shop.id }, select: { id: true, clicks: true } });
    expect(clicks.filter((row) => row.clicks > 0)).toEqual([{ id: video.id, clicks: 1 }]);
  });
});

describe("a session or source over a shopper's rate is cut off; other shops' events of the same moment count", () => {
  it("the red team's 200 beacons in 3.5 s from one session add at most one of each, and a bounded watch time, while another shop counts every shopper", async () => {
    const { shop, widget, video } = await published("red-team");
    const neighbour = await published("neighbour");
    const address = freshAddress();
    const fiveOf = (type: SentEvent["type"]) => Array.from({ length: 5 }, (): SentEvent => ({ type, videoId: video.id, widgetId: widget.id }));
    const attack: SentEvent[] = [
      ...(["impression", "play", "view", "completion", "video_click"] as const).flatMap(fiveOf),
      ...Array.from({ length: 25 }, (): SentEvent => ({ type: "watch_time", videoId: video.id, widgetId: widget.id, ms: WATCH_TIME_MAX_MS_PER_EVENT })),
    ];
    expect(attack).toHaveLength(50);

    const started = Date.now();
    for (let beacon = 0; beacon < 200; beacon++) {
      queueStorefrontEvents(shop.shopDomain, "red-team-session", attack, address);
      // The neighbouring shop's shoppers, from the same address (the same office, say), in the same seconds.
      if (beacon % 10 === 0)
        queueStorefrontEvents(neighbour.shop.shopDomain, `neighbour-${beacon}`, pageView(neighbour.video.id, neighbour.widget.id), address);
      if (beacon % 40 === 39) await flushStorefrontEvents();
      await sleep(17.5);
    }
    await flushStorefrontEvents();
    const elapsed = Date.now() - started;

    const red = await counted(shop.id, "video", video.id);
    expect(Object.fromEntries(Object.entries(red).map(([type, [count]]) => [type, count]))).toEqual({
      completion: 1,
      impression: 1,
      play: 1,
      video_click: 1,
      view: 1,
      watch_time: 1,
    });
    const watched = red.watch_time![1];
    expect(watched).toBeGreaterThan(0);
    expect(watched).toBeLessThanOrEqual(elapsed + ALLOWANCE);
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id } })).toBe(1);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).clicks).toBe(1);
    expect(await counted(neighbour.shop.id, "video", neighbour.video.id)).toEqual(eachOnce(20, 20 * 3_000));
  }, 30_000);

  it("cuts off an address that sends a new session key with every beacon, or none; another shop's shoppers at that address still count", async () => {
    const { shop, widget, video } = await published("rotating");
    const neighbour = await published("rotating-neighbour");
    const address = freshAddress();
    const beacon: SentEvent[] = [
      { type: "impression", videoId: video.id, widgetId: widget.id },
      { type: "play", videoId: video.id, widgetId: widget.id },
      ...Array.from({ length: 48 }, (_, index): SentEvent => ({ type: "watch_time", videoId: video.id, widgetId: widget.id, ms: 1_000 + index })),
    ];
    // All 200 in the same instant, as a flood arrives: on a busy machine the loop itself can take seconds, and the
    // source's bucket refills as it goes (a minute's worth a minute), which would let one more beacon in.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      for (let sent = 0; sent < 200; sent++) {
        queueStorefrontEvents(shop.shopDomain, sent % 2 ? `fresh-${sent}` : null, beacon, address);
        if (sent % 20 === 0) queueStorefrontEvents(neighbour.shop.shopDomain, `neighbour-${sent}`, pageView(neighbour.video.id, neighbour.widget.id), address);
      }
    } finally {
      vi.useRealTimers();
    }
    await flushStorefrontEvents();

    const beaconsAdmitted = SHOPPER_COUNTING.sourceEventsPerMinute / beacon.length;
    expect((await counted(shop.id, "video", video.id)).play).toEqual([beaconsAdmitted, 0]);
    expect(await counted(neighbour.shop.id, "video", neighbour.video.id)).toEqual(eachOnce(10, 10 * 3_000));
  });
});

describe("a session key is kept only for its day", () => {
  it("goes when its day is over, and with its shop; no address is kept", async () => {
    const { shop, widget, video } = await published("retention");
    const kept = await published("retention-kept");
    const now = Date.now();
    await writeEvents(arrived(shop.shopDomain, "yesterday", quietMoment(now - DAY), pageView(video.id, widget.id)));
    await writeEvents(arrived(shop.shopDomain, "today", now, pageView(video.id, widget.id)));
    await writeEvents(arrived(kept.shop.shopDomain, "today", now, pageView(kept.video.id, kept.widget.id)));

    expect(await deleteEndedSessionTallies(utcDay(new Date(now)))).toBeGreaterThanOrEqual(2);
    const left = await prisma.sessionTally.findMany({ where: { shopId: shop.id } });
    expect(left.map((row) => [row.day, row.sessionKey])).toEqual([
      [utcDay(new Date(now)), "today"],
      [utcDay(new Date(now)), "today"],
    ]);
    // What a row holds: the shop's ids, the day, the random session key and counts; nothing of where a beacon came from.
    expect(Object.keys(left[0]!).sort()).toEqual(
      [
        "shopId",
        "day",
        "sessionKey",
        "widgetId",
        "videoId",
        "types",
        "added",
        "playStartMs",
        "watchedMs",
        "addedMs",
        "pendingMs",
        "lengthMs",
        "watchSeenMs",
      ].sort(),
    );

    await redactShop(shop.shopDomain);
    expect(await prisma.sessionTally.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.sessionTally.count({ where: { shopId: kept.shop.id } })).toBe(2);
  });
});
