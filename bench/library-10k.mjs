// @ts-check
// The Video Library with 10,000 videos: how fast the /content loader's data
// (loadVideoLibrary: the page of videos, accounts, widgets, saved views and
// running imports, read in parallel) answers typical list requests; the
// session check before it is not included.
// Prints numbers; asserts nothing. Goal (issue 3): p95 <= 50 ms.
//
//   node --import tsx bench/library-10k.mjs [iterations=200]
//
// tsx is needed: the benchmark calls the app's TypeScript model directly.
// It seeds a fresh SQLite file (prisma/bench-library.sqlite) and, when
// PostgreSQL answers at PG_URL (default postgresql://postgres@127.0.0.1:5432/test),
// a throw-away database clipcart_bench_<pid> on that server (dropped at the end).
// Each database is measured in its own child process, since the app's Prisma
// client is chosen once per process from DATABASE_URL.
import { onEachDatabase } from "./each-database.mjs";

const iterations = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);
const VIDEOS = 10_000;
const WARM_UP = 20;

async function main() {
  console.log(
    `Video Library, ${VIDEOS.toLocaleString("en")} videos in one shop, the library loader's data x ${iterations} per query (after ${WARM_UP} warm-up calls)\n`,
  );
  await onEachDatabase({ script: import.meta.url, sqliteName: "bench-library", args: [iterations] });
}

// ---------------------------------------------------------------- child: seed and measure

async function measure() {
  const { prisma, databaseKind } = await import("../app/db.server.ts");
  const { videoSearchText } = await import("../app/rules/video-search.ts");
  const { loadVideoLibrary } = await import("../app/models/library-page.server.ts");

  const seedStart = performance.now();
  const shopId = await seed(prisma, videoSearchText);
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);

  /** @type {Array<[string, import("../app/rules/api-types.ts").VideoListQuery]>} */
  const queries = [
    ["first page (All)", { tab: "all", search: "", platforms: [], page: 1 }],
    ["Active tab", { tab: "active", search: "", platforms: [], page: 1 }],
    ["Draft tab, page 2", { tab: "draft", search: "", platforms: [], page: 2 }],
    ['search "summer"', { tab: "all", search: "summer", platforms: [], page: 1 }],
    ['search "lipstick tutorial" (few hits)', { tab: "all", search: "lipstick tutorial", platforms: [], page: 1 }],
    ['search "zzzz" (no hit)', { tab: "all", search: "zzzz", platforms: [], page: 1 }],
    ["platform Instagram", { tab: "all", search: "", platforms: ["instagram"], page: 1 }],
    ["Pinterest + Instagram, Active", { tab: "active", search: "", platforms: ["pinterest", "instagram"], page: 1 }],
    ["late page (400 of 500)", { tab: "all", search: "", platforms: [], page: 400 }],
    ['Draft, TikTok, "dress", page 3', { tab: "draft", search: "dress", platforms: ["tiktok"], page: 3 }],
  ];

  const label = process.env.BENCH_LABEL ?? databaseKind;
  console.log(`${label} (${databaseKind}; seeded in ${seedSeconds} s)`);
  /** @type {number[]} */
  const all = [];
  const benchShop = { id: shopId, shopDomain: "bench", plan: "free", uninstalledAt: null };
  for (const [name, query] of queries) {
    for (let i = 0; i < WARM_UP; i++) await loadVideoLibrary(benchShop, query);
    /** @type {number[]} */
    const times = [];
    /** @type {{ total: number; page: number; pageCount: number } | undefined} */
    let result;
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      ({ list: result } = await loadVideoLibrary(benchShop, query));
      const elapsed = performance.now() - started;
      times.push(elapsed);
      all.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const at = (/** @type {number} */ p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
    console.log(
      `  ${name.padEnd(38)} p50 ${at(50).toFixed(1).padStart(6)} ms   p95 ${at(95).toFixed(1).padStart(6)} ms   max ${(times.at(-1) ?? NaN).toFixed(1).padStart(6)} ms   (${String(result?.total).padStart(5)} matches, page ${result?.page}/${result?.pageCount})`,
    );
  }
  all.sort((a, b) => a - b);
  const overall = (/** @type {number} */ p) => all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))] ?? NaN;
  console.log(
    `  ${"all queries together".padEnd(38)} p50 ${overall(50).toFixed(1).padStart(6)} ms   p95 ${overall(95).toFixed(1).padStart(6)} ms   (goal p95 <= 50 ms)`,
  );
  console.log("");
  await prisma.$disconnect();
}

const WORDS = [
  "summer",
  "dress",
  "try-on",
  "haul",
  "unboxing",
  "lipstick",
  "tutorial",
  "morning",
  "routine",
  "linen",
  "shirt",
  "sale",
  "behind",
  "the",
  "scenes",
  "new",
  "drop",
  "review",
  "coffee",
  "mug",
  "skincare",
  "glow",
  "outfit",
  "ideas",
  "studio",
];
const PLATFORMS = [...Array(10).fill("tiktok"), ...Array(7).fill("instagram"), ...Array(3).fill("pinterest")];

/**
 * One shop with 10,000 videos (tags on one in ten, the approved ones in widgets), like a large real library.
 * @param {typeof import("../app/db.server.ts").prisma} prisma
 * @param {typeof import("../app/rules/video-search.ts").videoSearchText} videoSearchText
 */
async function seed(prisma, videoSearchText) {
  const shop = await prisma.shop.create({ data: { shopDomain: `bench-${process.pid}.myshopify.com`, plan: "premium" } });
  const widgets = [];
  for (let n = 1; n <= 5; n++)
    widgets.push(await prisma.widget.create({ data: { shopId: shop.id, name: `Widget ${n}`, layoutType: "carousel", displayNumber: n } }));

  let random = 42;
  const next = () => ((random = (random * 1103515245 + 12345) % 2147483648), random / 2147483648);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(next() * list.length)] ?? "";
  const start = Date.now() - VIDEOS * 60_000;

  for (let offset = 0; offset < VIDEOS; offset += 1000) {
    const rows = [];
    for (let i = offset; i < Math.min(VIDEOS, offset + 1000); i++) {
      const platform = PLATFORMS[i % PLATFORMS.length];
      const platformVideoId = platform === "instagram" ? `C${(1e9 + i).toString(36)}` : String(7_300_000_000_000_000_000n + BigInt(i));
      const title = Array.from({ length: 3 + Math.floor(next() * 6) }, () => pick(WORDS)).join(" ");
      const fields = { title, authorName: `Creator ${i % 40}`, channelUsername: `creator_${i % 40}`, platformVideoId };
      rows.push({
        shopId: shop.id,
        platform,
        ...fields,
        searchText: videoSearchText(fields),
        videoUrl: `https://www.tiktok.com/@creator_${i % 40}/video/${platformVideoId}`,
        thumbnailUrl: `https://example.com/thumb/${i}.jpg`,
        enabled: next() < 0.2,
        createdAt: new Date(start + i * 60_000),
      });
    }
    await prisma.video.createMany({ data: rows });
  }

  const videos = await prisma.video.findMany({ where: { shopId: shop.id }, select: { id: true, enabled: true } });
  const tags = [];
  const assignments = [];
  for (const [index, video] of videos.entries()) {
    if (index % 10 === 0) {
      for (let t = 0; t < 3; t++)
        tags.push({ shopId: shop.id, videoId: video.id, productId: `gid://shopify/Product/${1000 + t}`, productTitle: `Product ${t}` });
    }
    if (video.enabled) assignments.push({ shopId: shop.id, videoId: video.id, widgetId: widgets[index % widgets.length]?.id ?? "", position: index });
  }
  for (let i = 0; i < tags.length; i += 1000) await prisma.productTag.createMany({ data: tags.slice(i, i + 1000) });
  for (let i = 0; i < assignments.length; i += 1000) await prisma.widgetVideo.createMany({ data: assignments.slice(i, i + 1000) });
  // Fresh statistics, as a database that has been in use has.
  await prisma.$executeRawUnsafe("ANALYZE");
  return shop.id;
}

// Last, so every constant above is initialised.
if (process.argv.includes("--child")) {
  await measure();
} else {
  await main();
}
