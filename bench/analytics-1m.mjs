// @ts-check
// Analytics with 1,000,000 storefront events in one shop: how fast the
// summary (GET /api/analytics/{shopId}), the per-video and per-widget lists
// and the Dashboard's figures answer. The events go through the same write as
// the beacons' flush (events and daily rollups together), spread over the last
// 365 days, 300 videos and 6 widgets.
// Prints numbers; asserts nothing. Goal (issue 5): summary <= 50 ms.
//
//   node --import tsx bench/analytics-1m.mjs [iterations=50] [events=1000000]
//
// A fresh SQLite file (prisma/bench-analytics.sqlite) and, when PostgreSQL
// answers at PG_URL (default postgresql://postgres@127.0.0.1:5432/test), a
// throw-away database clipcart_bench_<pid> (dropped at the end); each is
// measured in its own child process (the Prisma client is chosen per process).
import { onEachDatabase } from "./each-database.mjs";

const numbers = process.argv.filter((arg) => /^\d+$/.test(arg)).map(Number);
const iterations = numbers[0] ?? 50;
const EVENTS = numbers[1] ?? 1_000_000;
const WARM_UP = 5;

async function main() {
  console.log(`Analytics, ${EVENTS.toLocaleString("en")} events in one shop, each read x ${iterations} (after ${WARM_UP} warm-up calls)\n`);
  await onEachDatabase({ script: import.meta.url, sqliteName: "bench-analytics", args: [iterations, EVENTS] });
}

// ---------------------------------------------------------------- child: seed and measure

async function measure() {
  const { prisma, databaseKind } = await import("../app/db.server.ts");
  const { writeEvents } = await import("../app/models/storefront-events.server.ts");
  const { analyticsSummary, videoAnalytics, widgetAnalytics } = await import("../app/models/analytics.server.ts");
  const { loadDashboard } = await import("../app/models/dashboard.server.ts");

  const seedStart = performance.now();
  const shopId = await seed(prisma, writeEvents);
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
  const rollups = await prisma.analyticsRollup.count({ where: { shopId } });
  const stored = await prisma.analyticsEvent.count({ where: { shopId } });

  const label = process.env.BENCH_LABEL ?? databaseKind;
  console.log(`${label} (${databaseKind}; ${stored.toLocaleString("en")} events and ${rollups.toLocaleString("en")} rollup rows written in ${seedSeconds} s)`);
  /** @type {Array<[string, () => Promise<unknown>]>} */
  const reads = [
    ["summary (GET /api/analytics/{id})", () => analyticsSummary(shopId)],
    ["videos, last 30 days", () => videoAnalytics(shopId)],
    ["widgets, last 30 days", () => widgetAnalytics(shopId)],
    // No Admin API here: a published theme that cannot be found (installed widgets then count as active).
    [
      "Dashboard figures",
      () => loadDashboard({ id: shopId, plan: "premium", uninstalledAt: null }, async () => Response.json({ data: { themes: { nodes: [] } } })),
    ],
  ];
  for (const [name, read] of reads) {
    for (let i = 0; i < WARM_UP; i++) await read();
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (/** @type {number} */ p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
    console.log(
      `  ${name.padEnd(36)} p50 ${at(50).toFixed(1).padStart(6)} ms   p95 ${at(95).toFixed(1).padStart(6)} ms   max ${(times.at(-1) ?? NaN).toFixed(1).padStart(6)} ms`,
    );
  }
  const summary = await analyticsSummary(shopId);
  console.log(
    `  (summary: ${summary.totalClicks.toLocaleString("en")} clicks, ${summary.last30DaysClicks.toLocaleString("en")} in the last 30 days; goal summary <= 50 ms)\n`,
  );
  await prisma.$disconnect();
}

/** @type {Array<import("../app/contracts/beacon-events.ts").BeaconEventType>} */
const TYPES = ["video_click", "video_click", "video_click", "product_click", "product_click", "add_to_cart"];
const PLATFORMS = ["tiktok", "tiktok", "instagram", "pinterest"];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One shop, 300 videos in 6 widgets, and EVENTS events over the last year, written as the beacons' flush writes them
 * (as history without session keys: each counts, decision 060), while every video is published to every widget; a
 * third of the videos are unpublished afterwards.
 * @param {typeof import("../app/db.server.ts").prisma} prisma
 * @param {typeof import("../app/models/storefront-events.server.ts").writeEvents} writeEvents
 */
async function seed(prisma, writeEvents) {
  const shopDomain = `bench-analytics-${process.pid}.myshopify.com`;
  const shop = await prisma.shop.create({ data: { shopDomain, plan: "premium" } });
  const widgets = [];
  for (let n = 1; n <= 6; n++)
    widgets.push(await prisma.widget.create({ data: { shopId: shop.id, name: `Widget ${n}`, layoutType: "carousel", displayNumber: n } }));
  await prisma.video.createMany({
    data: Array.from({ length: 300 }, (_, i) => ({
      shopId: shop.id,
      platform: PLATFORMS[i % PLATFORMS.length] ?? "tiktok",
      platformVideoId: `${7_300_000_000 + i}`,
      title: `Video ${i}`,
      enabled: true,
    })),
  });
  const videos = await prisma.video.findMany({ where: { shopId: shop.id }, select: { id: true }, orderBy: { platformVideoId: "asc" } });
  await prisma.widgetVideo.createMany({
    data: widgets.flatMap((widget) => videos.map((video) => ({ shopId: shop.id, widgetId: widget.id, videoId: video.id }))),
  });

  let random = 7;
  const next = () => ((random = (random * 1103515245 + 12345) % 2147483648), random / 2147483648);
  const now = Date.now();
  const BATCH = 5000;
  for (let offset = 0; offset < EVENTS; offset += BATCH) {
    const batch = [];
    for (let i = offset; i < Math.min(EVENTS, offset + BATCH); i++) {
      // More recent days are busier, as a growing shop's are.
      const daysAgo = Math.floor(365 * next() ** 2);
      batch.push({
        shopDomain,
        session: null,
        occurredAt: new Date(now - daysAgo * DAY_MS - Math.floor(next() * DAY_MS)),
        type: TYPES[i % TYPES.length] ?? "video_click",
        videoId: videos[Math.floor(next() ** 1.5 * videos.length)]?.id ?? "",
        widgetId: widgets[i % widgets.length]?.id ?? "",
        productId: String(1000 + (i % 40)),
      });
    }
    await writeEvents(batch);
  }
  await prisma.video.updateMany({ where: { id: { in: videos.filter((_, i) => i % 3 === 0).map((video) => video.id) } }, data: { enabled: false } });
  await prisma.$executeRawUnsafe("ANALYZE");
  return shop.id;
}

// Last, so every constant above is initialised.
if (process.argv.includes("--child")) {
  await measure();
} else {
  await main();
}
