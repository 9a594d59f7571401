// @ts-check
// Storefront beacons: sustained events per second the app stores on this
// machine. Prints numbers; asserts nothing. Goal (issue 4): >= 5,000 events/s.
//
//   node --import tsx bench/beacons.mjs [seconds=10] [eventsPerBeacon=5] [concurrency=32]
//
// Starts the production build and Local Shopify on their own ports (3460/3560,
// or BENCH_APP_PORT / BENCH_SHOPIFY_PORT when several benches share a machine)
// with a fresh SQLite database, or PostgreSQL with BENCH_DATABASE_URL, seeds a
// shop with 20 videos in 2 widgets, then posts beacons signed as Shopify's app
// proxy signs them straight to the app's /proxy/events (Shopify's own proxy hop
// is not ours to measure) with wrk (apt-get install wrk), which shares the 2
// cores with the app.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const [seconds = 10, perBeacon = 5, concurrency = 32] = process.argv.slice(2).map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL || freshSqliteDatabase("bench-beacons");
process.env.DATABASE_URL = databaseUrl;
process.env.STOREFRONT_PUBLISHING = "off";

const { signedProxyQuery } = await import("../tests/emulators/shopify/app-proxy.ts");
const localApp = JSON.parse(readFileSync(new URL("../tests/emulators/shopify/local-app.json", import.meta.url), "utf8"));
const { prisma } = await import("../app/db.server.ts");

const appPort = Number(process.env.BENCH_APP_PORT || 3460);
const shopifyPort = Number(process.env.BENCH_SHOPIFY_PORT || 3560);
const stack = await startStack({ appPort, shopifyPort, databaseUrl, quiet: true });
try {
  const shopDomain = `beacons-${Date.now().toString(36)}.myshopify.com`;
  const shop = await prisma.shop.create({ data: { shopDomain } });
  const widgets = await Promise.all(
    [1, 2].map((n) => prisma.widget.create({ data: { shopId: shop.id, name: `Widget ${n}`, layoutType: "carousel", displayNumber: n } })),
  );
  const videos = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      prisma.video.create({
        data: { shopId: shop.id, platform: i % 2 ? "instagram" : "tiktok", platformVideoId: `bench${i}`, title: `Video ${i}`, enabled: true },
      }),
    ),
  );

  const types = ["video_click", "product_click", "add_to_cart"];
  const batch = {
    session: "bench-session",
    events: Array.from({ length: perBeacon }, (_, i) => ({
      type: types[i % types.length],
      videoId: videos[i % videos.length]?.id,
      widgetId: widgets[i % widgets.length]?.id,
      productId: String(1000 + i),
    })),
  };
  // Signed as Shopify's app proxy signs; the timestamp stays valid (90 s) for the run.
  const params = signedProxyQuery(shopDomain, localApp.apiSecret);
  const url = `${stack.appUrl}/proxy/events?${params}`;

  // wrk (Debian's package) generates the load: a Node client would need a core of its own to keep up.
  const script = path.join(tmpdir(), `clipcart-beacons-${process.pid}.lua`);
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(JSON.stringify(batch))}`,
      'wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"',
      'wrk.headers["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"',
    ].join("\n"),
  );
  const wrk = (/** @type {number} */ duration) =>
    execFileSync("wrk", ["-t1", `-c${concurrency}`, `-d${duration}s`, "--latency", "-s", script, url], { encoding: "utf8" });
  wrk(2); // warm-up: JIT, connections, SQLite pages
  const before = await prisma.analyticsEvent.count({ where: { shopId: shop.id } });
  const appPid = stack.processes.app?.pid;
  if (appPid === undefined) throw new Error("The app process has no pid");
  const cpuBefore = cpuSeconds(appPid);
  const output = wrk(seconds);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the last queued batch is written
  const stored = (await prisma.analyticsEvent.count({ where: { shopId: shop.id } })) - before;
  const appCpu = cpuSeconds(appPid) - cpuBefore;

  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const latency = (/** @type {number} */ p) => [...output.matchAll(/^\s+(\d+)%\s+([\d.]+\w+)/gm)].find((m) => m[1] === String(p))?.[2] ?? "?";
  const kind = databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite";
  console.log(`Storefront beacons on ${kind}: ${seconds} s, ${perBeacon} events per beacon, ${concurrency} beacons in flight`);
  console.log(`  beacons/s  ${requestsPerSecond.toFixed(0)}   (refused: ${failed})`);
  console.log(`  events/s   ${(requestsPerSecond * perBeacon).toFixed(0)} sent, ${(stored / seconds).toFixed(0)} stored   (goal >= 5,000)`);
  console.log(`  latency    p50 ${latency(50)}   p90 ${latency(90)}   p99 ${latency(99)}`);
  // CPU time is what a busy shared machine changes least: compare builds by it when beacons/s is noisy.
  const cpuPerBeacon = (appCpu * 1000) / requests;
  console.log(`  app CPU    ${cpuPerBeacon.toFixed(2)} ms per beacon (one free core: ~${(1000 / cpuPerBeacon).toFixed(0)} beacons/s)`);
} finally {
  await prisma.$disconnect();
  await stack.stop();
}

/**
 * User plus system CPU seconds a process has used so far (Linux /proc; clock ticks are 1/100 s).
 * @param {number} pid
 */
function cpuSeconds(pid) {
  const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
