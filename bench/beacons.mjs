// @ts-check
// Storefront beacons: sustained events per second the app stores on this
// machine, and proof that none was lost. Prints numbers; asserts nothing
// (exits 1 when an event went missing). Goal (issue 14): >= 10,000 events/s.
//
//   node --import tsx bench/beacons.mjs [seconds=10] [concurrency=32]
//
// Starts the production build and Local Shopify on their own ports (3460/3560,
// or BENCH_APP_PORT / BENCH_SHOPIFY_PORT when several benches share a machine)
// with a fresh SQLite database, or PostgreSQL with BENCH_DATABASE_URL, seeds a
// shop with 20 videos published to both of its 2 widgets, then posts beacons
// signed as Shopify's app proxy signs them straight to the app's /proxy/events
// (Shopify's own proxy hop is not ours to measure) with wrk (apt-get install
// wrk), which shares the 2 cores with the app. Every beacon is a shopper of its
// own, as a busy store's traffic is: its own session key, and its own address
// in X-Forwarded-For (as Shopify's app proxy sets it), so what a session counts
// once a day and what one sender may send (decision 060) leave every event
// counted, and the write path pays for the sessions' tallies in full.
//
// Each beacon is what a page view with a widget now sends (issue 14 item 8):
// the widget's impression, six cards' impressions, a play, a view and its
// watch time; every second beacon a completion, every fourth a video click,
// every eighth a product click or an add to cart (11 events on average). wrk's
// Lua script counts what it sends during the measured seconds, then sends
// empty beacons for a while so that every counted beacon has been answered
// before wrk stops; the stored rollups (and rows, for the shoppers' actions)
// must then add up to exactly what was sent.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const [seconds = 10, concurrency = 32] = process.argv.slice(2).map(Number);
/** Seconds of empty beacons after the measured ones: the last counted beacons are answered meanwhile. */
const DRAIN_SECONDS = 2;
/** Where wrk's script puts each beacon's own session key. */
const SESSION_SLOT = "__session__";
/** Types stored as rows as well as counted (decision 042). */
const ROW_TYPES = ["video_click", "product_click", "add_to_cart"];
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
  // Approved into both widgets: only a video published to the widget an event names counts.
  await prisma.widgetVideo.createMany({
    data: widgets.flatMap((widget) => videos.map((video, position) => ({ shopId: shop.id, widgetId: widget.id, videoId: video.id, position }))),
  });

  const variants = Array.from({ length: 8 }, (_, variant) => pageView(variant, videos, widgets));
  // Signed as Shopify's app proxy signs; the timestamp stays valid (90 s) for the run.
  const params = signedProxyQuery(shopDomain, localApp.apiSecret);
  const url = `${stack.appUrl}/proxy/events?${params}`;

  // wrk (Debian's package) generates the load: a Node client would need a core of its own to keep up.
  const wrk = (/** @type {number} */ loadSeconds) => {
    const script = path.join(tmpdir(), `clipcart-beacons-${process.pid}.lua`);
    writeFileSync(script, wrkScript(variants, loadSeconds));
    const output = execFileSync("wrk", ["-t1", `-c${concurrency}`, `-d${loadSeconds + DRAIN_SECONDS}s`, "--latency", "-s", script, url], {
      encoding: "utf8",
    });
    const counts = /BENCH_COUNTS (.*)/.exec(output)?.[1];
    if (!counts) throw new Error(`wrk's script printed no counts:\n${output}`);
    /** @type {{ sent: number[], measuredSeconds: number, notAnswered: number, refused: number }} */
    const parsed = JSON.parse(counts);
    return { output, ...parsed };
  };
  wrk(2); // warm-up: JIT, connections, SQLite pages
  const before = await storedCounts(shop.id);
  const appPid = stack.processes.app?.pid;
  if (appPid === undefined) throw new Error("The app process has no pid");
  const cpuBefore = cpuSeconds(appPid);
  const run = wrk(seconds);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the last queued batch is written
  const after = await storedCounts(shop.id);
  const appCpu = cpuSeconds(appPid) - cpuBefore;

  /** @type {Map<string, number>} */
  const sentByType = new Map();
  let sentMs = 0;
  run.sent.forEach((beacons, variant) => {
    for (const event of variants[variant]?.events ?? []) {
      sentByType.set(event.type, (sentByType.get(event.type) ?? 0) + beacons);
      sentMs += beacons * (event.ms ?? 0);
    }
  });
  const beaconsSent = run.sent.reduce((sum, count) => sum + count, 0);
  const eventsSent = [...sentByType.values()].reduce((sum, count) => sum + count, 0);
  const types = [...new Set([...sentByType.keys(), ...after.byType.keys()])];
  const storedOf = (/** @type {string} */ type) => (after.byType.get(type) ?? 0) - (before.byType.get(type) ?? 0);
  const eventsStored = types.reduce((sum, type) => sum + storedOf(type), 0);
  const rowsSent = ROW_TYPES.reduce((sum, type) => sum + (sentByType.get(type) ?? 0), 0);
  const rowsStored = after.rows - before.rows;
  const msStored = after.watchedMs - before.watchedMs;
  const mismatches = types.filter((type) => storedOf(type) !== (sentByType.get(type) ?? 0));
  const lost = types.reduce((sum, type) => sum + Math.max(0, (sentByType.get(type) ?? 0) - storedOf(type)), 0);

  const output = run.output;
  const failed = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const latency = (/** @type {number} */ p) => [...output.matchAll(/^\s+(\d+)%\s+([\d.]+\w+)/gm)].find((m) => m[1] === String(p))?.[2] ?? "?";
  const kind = databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite";
  const perSecond = (/** @type {number} */ count) => (count / run.measuredSeconds).toFixed(0);
  console.log(
    `Storefront beacons on ${kind}: ${run.measuredSeconds.toFixed(2)} s measured, ${(eventsSent / beaconsSent).toFixed(2)} events per beacon, ${concurrency} beacons in flight`,
  );
  console.log(`  beacons/s  ${perSecond(beaconsSent)}   (refused: ${failed}, unanswered: ${run.notAnswered})`);
  console.log(`  events/s   ${perSecond(eventsSent)} sent, ${perSecond(eventsStored)} stored   (goal >= 10,000)`);
  console.log(`  events     ${eventsSent} sent, ${eventsStored} counted in the rollups, ${lost} lost`);
  console.log(`  by type    ${types.map((type) => `${type} ${storedOf(type)}/${sentByType.get(type) ?? 0}`).join(", ")}`);
  console.log(`  rows       ${rowsStored} stored of ${rowsSent} shoppers' actions sent`);
  console.log(`  watch time ${msStored} ms stored of ${sentMs} ms sent`);
  const socketErrors = /Socket errors:.*/.exec(output)?.[0];
  if (socketErrors) console.log(`  wrk        ${socketErrors}`);
  console.log(`  latency    p50 ${latency(50)}   p90 ${latency(90)}   p99 ${latency(99)}   (every request, the drain's empty beacons included)`);
  // CPU time is what a busy shared machine changes least: compare builds by it when beacons/s is noisy.
  const cpuPerBeacon = (appCpu * 1000) / beaconsSent;
  console.log(`  app CPU    ${cpuPerBeacon.toFixed(2)} ms per beacon, the drain's ${requests - beaconsSent} empty beacons included`);
  if (mismatches.length || rowsStored !== rowsSent || msStored !== sentMs) {
    console.error(`✖ Stored counts differ from what was sent (${mismatches.join(", ") || "rows or watch time"})`);
    process.exitCode = 1;
  }
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

/**
 * One page view's beacon (issue 14 item 8), the variant-th of a cycle of 8.
 * @param {number} variant
 * @param {Array<{ id: string }>} videos
 * @param {Array<{ id: string }>} widgets
 */
function pageView(variant, videos, widgets) {
  const widgetId = widgets[variant % widgets.length]?.id ?? "";
  const video = (/** @type {number} */ offset) => videos[(variant * 3 + offset) % videos.length]?.id ?? "";
  /** @type {Array<{ type: string, videoId?: string, widgetId: string, productId?: string, ms?: number }>} */
  const events = [{ type: "widget_impression", widgetId }];
  for (let card = 0; card < 6; card++) events.push({ type: "impression", videoId: video(card), widgetId });
  events.push({ type: "play", videoId: video(0), widgetId }, { type: "view", videoId: video(0), widgetId });
  events.push({ type: "watch_time", videoId: video(0), widgetId, ms: 3_000 + variant * 1_250 });
  if (variant % 2 === 0) events.push({ type: "completion", videoId: video(0), widgetId });
  if (variant % 4 === 0) events.push({ type: "video_click", videoId: video(0), widgetId });
  if (variant === 0) events.push({ type: "product_click", videoId: video(0), widgetId, productId: "1001" });
  if (variant === 4) events.push({ type: "add_to_cart", videoId: video(0), widgetId, productId: "1001" });
  return { session: SESSION_SLOT, events };
}

/**
 * wrk's Lua: beacons cycle through the variants for loadSeconds (wall clock,
 * through LuaJIT's FFI), each counted; then empty beacons until wrk stops.
 * done() prints the counts as JSON on a BENCH_COUNTS line.
 * @param {Array<{ session: string, events: unknown[] }>} variants
 * @param {number} loadSeconds
 */
function wrkScript(variants, loadSeconds) {
  const luaString = (/** @type {string} */ text) => JSON.stringify(text);
  // Session keys of their own for each run of wrk: the warm-up's shoppers are not the measured run's.
  const run = `b${Date.now().toString(36)}`;
  return `
local ffi = require("ffi")
ffi.cdef[[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *now);
]]
local clock = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) + tonumber(clock.tv_nsec) / 1e9
end

wrk.method = "POST"
-- A shopper per beacon: its own session key (in the body, between each variant's two halves) and address.
local headers = {
  ["Content-Type"] = "text/plain;charset=UTF-8",
  ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
}
local halves = { ${variants
    .map((variant) => {
      const [before, after] = JSON.stringify(variant).split(SESSION_SLOT);
      return `{ ${luaString(before ?? "")}, ${luaString(after ?? "")} }`;
    })
    .join(", ")} }
local shoppers = 0
local function shopper(variant)
  shoppers = shoppers + 1
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(shoppers / 65536) % 256, math.floor(shoppers / 256) % 256, shoppers % 256)
  return halves[variant][1] .. ${luaString(`${run}-`)} .. shoppers .. halves[variant][2]
end
local empty = ${luaString(JSON.stringify({ session: "bench-drain", events: [] }))}

sent = {}
for i = 1, #halves do sent[i] = 0 end
started, lastCounted, counted, answered, refused = nil, 0, 0, 0, 0
local next = 0

-- wrk calls request() once before the run to check what it returns (script_verify_request); that one is never sent.
local checked = false

function request()
  if not checked then
    checked = true
    return wrk.format(nil, nil, headers, empty)
  end
  local t = now()
  if not started then started = t end
  if t - started < ${loadSeconds} then
    next = next % #halves + 1
    sent[next] = sent[next] + 1
    counted = counted + 1
    lastCounted = t
    return wrk.format(nil, nil, headers, shopper(next))
  end
  return wrk.format(nil, nil, headers, empty)
end

-- A connection has one request in flight, so a counted beacon is answered before its connection sends an empty
-- one: with every response counted up to the number of counted beacons, a shortfall means some were never answered.
function response(status)
  if answered < counted then
    answered = answered + 1
    if status ~= 204 then refused = refused + 1 end
  end
end

local threads = {}
function setup(thread) table.insert(threads, thread) end

function done()
  local totals, measured, notAnswered, refusedTotal = {}, 0, 0, 0
  for i = 1, #halves do totals[i] = 0 end
  for _, thread in ipairs(threads) do
    local threadSent = thread:get("sent")
    for i = 1, #halves do totals[i] = totals[i] + threadSent[i] end
    measured = math.max(measured, thread:get("lastCounted") - thread:get("started"))
    notAnswered = notAnswered + thread:get("counted") - thread:get("answered")
    refusedTotal = refusedTotal + thread:get("refused")
  end
  io.write(string.format('BENCH_COUNTS {"sent":[%s],"measuredSeconds":%.4f,"notAnswered":%d,"refused":%d}\\n',
    table.concat(totals, ","), measured, notAnswered, refusedTotal))
end
`;
}

/**
 * What the shop has stored: events counted per type (the widget rollups hold
 * every counted event, a widget_impression included), rows, and time watched.
 * @param {string} shopId
 */
async function storedCounts(shopId) {
  const [byType, rows, watched] = await Promise.all([
    prisma.analyticsRollup.groupBy({ by: ["type"], where: { shopId, dimension: "widget" }, _sum: { count: true } }),
    prisma.analyticsEvent.count({ where: { shopId } }),
    prisma.analyticsRollup.aggregate({ where: { shopId, dimension: "platform", type: "watch_time" }, _sum: { watchedMs: true } }),
  ]);
  return {
    byType: new Map(byType.map((row) => [row.type, row._sum.count ?? 0])),
    rows,
    watchedMs: Number(watched._sum.watchedMs ?? 0),
  };
}
