// @ts-check
// Video mirrors (decision 035): 200 approvals on one shop through the
// production build and Local Shopify. Prints how fast approvals answer, the
// time until every copy is READY, the Admin API calls the copies took per
// video, and the Admin API cost against Shopify's leaky bucket. Then captions
// (decision 084): TikTok accounts whose every video has captions in 3
// languages imported until 100 videos are in the library (an account import
// brings 30 at most): actor runs, time until every video is in the library,
// time until every caption file is copied to Shopify Files, and the Admin calls
// the copies took. Asserts nothing.
//
//   node --import tsx bench/mirror.mjs [videos=200] [captioned videos=100]
//   node --import tsx bench/mirror.mjs --captions-only [captioned videos=100]
//
// Needs a build (npm run build). Uses its own ports (3470/3570, or
// BENCH_APP_PORT / BENCH_SHOPIFY_PORT) and a fresh SQLite database.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const captionsOnly = process.argv.includes("--captions-only");
const numbers = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const wanted = captionsOnly ? 0 : Number(numbers[0] ?? 200);
const captionedWanted = Number((captionsOnly ? numbers[0] : numbers[1]) ?? 100);
const databaseUrl = freshSqliteDatabase("bench-mirror");
process.env.DATABASE_URL = databaseUrl;

const localApp = JSON.parse(readFileSync(new URL("../tests/emulators/shopify/local-app.json", import.meta.url), "utf8"));
const { mintSessionToken } = await import("../tests/emulators/shopify/session-token.ts");
const { prisma } = await import("../app/db.server.ts");

const appPort = Number(process.env.BENCH_APP_PORT || 3470);
const shopifyPort = Number(process.env.BENCH_SHOPIFY_PORT || 3570);
const stack = await startStack({ appPort, shopifyPort, databaseUrl, quiet: true });
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Shopify's bucket for a Standard plan store, as Local Shopify reports it: 2,000 points, refilled at 100 per second. */
const BUCKET = { maximum: 2000, restorePerSecond: 100 };

/** @type {(values: number[], p: number) => number} */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The app's API as the embedded admin calls it (a fresh session token per call).
 * @param {string} shopDomain
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function api(shopDomain, method, path, body) {
  const token = await mintSessionToken({ shop: shopDomain, apiKey: localApp.apiKey, apiSecret: localApp.apiSecret });
  /** @type {Record<string, string>} */
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json", "User-Agent": DESKTOP };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${stack.appUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The video copies' part (decision 035). */
async function videoMirrors() {
  const shopDomain = `mirror-${Date.now().toString(36)}.myshopify.com`;
  const { shop } = await api(shopDomain, "POST", "/api/shops", { shopDomain });
  // Premium: more than 5 approvals.
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  await api(shopDomain, "POST", "/api/widgets", { name: "Bench carousel", layoutType: "carousel", pageContexts: ["homepage"] });

  // Imported as a merchant would: TikTok accounts (9 videos each) until there are enough.
  let total = 0;
  while (total < wanted) {
    const { job } = await api(shopDomain, "POST", "/api/channels", { platform: "tiktok", username: `mirror${randomBytes(4).toString("hex")}` });
    for (;;) {
      const { job: now } = await api(shopDomain, "GET", `/api/import-jobs/${job.id}`);
      if (now.status !== "queued" && now.status !== "running") break;
      await sleep(100);
    }
    total = await prisma.video.count({ where: { shopId: shop.id } });
  }
  const videos = await prisma.video.findMany({ where: { shopId: shop.id }, select: { id: true }, take: wanted, orderBy: { createdAt: "asc" } });
  // The imports' own Admin calls (thumbnail copies, publishes) drew on the bucket: the approvals start with it full again.
  await sleep((BUCKET.maximum / BUCKET.restorePerSecond) * 1000);
  await fetch(`${stack.shopifyUrl}/__local/shops/${shopDomain}/api-calls?clear=1`);

  // The approvals, 4 at a time as a merchant's bulk approval sends them.
  const started = performance.now();
  /** @type {number[]} */
  const approvalMs = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < videos.length) {
        const video = videos[next++];
        if (!video) break;
        const before = performance.now();
        await api(shopDomain, "PATCH", `/api/videos/${video.id}/toggle`, { enabled: true });
        approvalMs.push(performance.now() - before);
      }
    }),
  );
  const approvedAfter = performance.now() - started;

  // Until every copy has settled (READY or FAILED).
  for (;;) {
    const open = await prisma.videoMirror.count({ where: { shopId: shop.id, status: { in: ["pending", "processing"] } } });
    if (!open) break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`${open} copies still open after 30 minutes`);
    await sleep(250);
  }
  const settledAfter = performance.now() - started;
  const byStatus = await prisma.videoMirror.groupBy({ by: ["status"], where: { shopId: shop.id }, _count: true });

  /** @type {{ calls: Array<{ at: number, operation: string | null, cost: number, throttled: boolean }> }} */
  const { calls } = await (await fetch(`${stack.shopifyUrl}/__local/shops/${shopDomain}/api-calls`)).json();
  // fileCreate also copies thumbnails, but only imports do that, and they ended before this window.
  const mirrorOperations = new Set(["ClipcartFileCreate", "ClipcartVideoFiles"]);
  const mirrorCalls = calls.filter((call) => call.operation && mirrorOperations.has(call.operation));
  const creates = mirrorCalls.filter((call) => call.operation === "ClipcartFileCreate").length;
  const reads = mirrorCalls.length - creates;

  // Shopify's leaky bucket replayed over every Admin call of the shop in this window (copies, publishes).
  let level = BUCKET.maximum;
  let lowest = level;
  let last = calls[0]?.at ?? 0;
  for (const call of calls.filter((call) => !call.throttled)) {
    level = Math.min(BUCKET.maximum, level + ((call.at - last) / 1000) * BUCKET.restorePerSecond) - call.cost;
    last = call.at;
    lowest = Math.min(lowest, level);
  }
  const costs = calls.map((call) => call.cost);

  console.log(`Video mirrors: ${videos.length} approvals on one shop (production build, Local Shopify, SQLite)`);
  console.log(`  approval answered              p50 ${percentile(approvalMs, 50).toFixed(0)} ms   p95 ${percentile(approvalMs, 95).toFixed(0)} ms`);
  console.log(`  all approved after             ${(approvedAfter / 1000).toFixed(1)} s`);
  console.log(`  all copies settled after       ${(settledAfter / 1000).toFixed(1)} s   (${byStatus.map((row) => `${row._count} ${row.status}`).join(", ")})`);
  console.log(`  Admin API calls for the copies ${mirrorCalls.length}: ${creates} fileCreate + ${reads} status reads (batched per shop)`);
  console.log(
    `  calls per video                ${(mirrorCalls.length / videos.length).toFixed(2)}  (fileCreate ${(creates / videos.length).toFixed(2)}, reads ${(reads / videos.length).toFixed(2)})`,
  );
  console.log(`  Admin API calls of the shop    ${calls.length} in all, cost per call max ${Math.max(0, ...costs)}, total ${costs.reduce((a, b) => a + b, 0)}`);
  const throttledCalls = calls.filter((call) => call.throttled);
  const throttled = `${throttledCalls.length}${throttledCalls.length ? ` (${[...new Set(throttledCalls.map((call) => call.operation))].join(", ")}; the paced ones are sent again)` : ""}`;
  console.log(
    `  leaky bucket (${BUCKET.maximum} pts, +${BUCKET.restorePerSecond}/s)  lowest level ${lowest.toFixed(0)} pts; calls refused THROTTLED: ${throttled}`,
  );
}

/** Captions (decision 084): captioned TikTok accounts imported until `captionedWanted` videos, and their caption files copied. */
async function captionCopies() {
  const shopDomain = `captions-${Date.now().toString(36)}.myshopify.com`;
  const { shop } = await api(shopDomain, "POST", "/api/shops", { shopDomain });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  const control = `${stack.shopifyUrl}/__local/platforms/tiktok/accounts`;
  const started = performance.now();
  let total = 0;
  let actorRuns = 0;
  while (total < captionedWanted) {
    const username = `captions${randomBytes(4).toString("hex")}`;
    // Every video of it captioned (3 languages), and posts enough for a whole import (30).
    const settings = { method: "POST", headers: { "Content-Type": "application/json" } };
    await fetch(`${control}/${username}`, { ...settings, body: JSON.stringify({ captioned: true }) });
    await fetch(`${control}/${username}/posts`, { ...settings, body: JSON.stringify({ count: 30 }) });
    const { job } = await api(shopDomain, "POST", "/api/channels", { platform: "tiktok", username });
    actorRuns += 1;
    for (;;) {
      const { job: now } = await api(shopDomain, "GET", `/api/import-jobs/${job.id}`);
      if (now.status !== "queued" && now.status !== "running") break;
      await sleep(100);
    }
    total = await prisma.video.count({ where: { shopId: shop.id } });
  }
  const inLibraryAfter = performance.now() - started;
  for (;;) {
    const open = await prisma.videoCaption.count({ where: { shopId: shop.id, status: { in: ["pending", "processing"] } } });
    if (!open) break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`${open} caption copies still open after 30 minutes`);
    await sleep(250);
  }
  const copiedAfter = performance.now() - started;
  const byStatus = await prisma.videoCaption.groupBy({ by: ["status"], where: { shopId: shop.id }, _count: true });
  const languages = await prisma.videoCaption.groupBy({ by: ["lang"], where: { shopId: shop.id }, _count: true });
  /** @type {{ calls: Array<{ operation: string | null }> }} */
  const { calls } = await (await fetch(`${stack.shopifyUrl}/__local/shops/${shopDomain}/api-calls`)).json();
  /** @param {string} operation */
  const count = (operation) => calls.filter((call) => call.operation === operation).length;
  const stagings = count("ClipcartStagedVideoUploads");
  const reads = count("ClipcartGenericFiles");
  const captionCount = byStatus.reduce((sum, row) => sum + row._count, 0);
  console.log(`Captions: ${total} TikTok videos with captions in ${languages.length} languages (${languages.map((row) => row.lang).join(", ")}), one shop`);
  console.log(`  actor runs                     ${actorRuns} (an account import brings ${Math.min(30, total)} videos at most)`);
  console.log(`  every video in the library     ${(inLibraryAfter / 1000).toFixed(1)} s`);
  console.log(`  every caption file copied      ${(copiedAfter / 1000).toFixed(1)} s   (${byStatus.map((row) => `${row._count} ${row.status}`).join(", ")})`);
  console.log(
    `  Admin calls for the copies     ${stagings} stagedUploadsCreate, ${reads} file status reads (and as many fileCreate as stagings; thumbnails' share the name): ${((stagings * 2 + reads) / Math.max(1, captionCount)).toFixed(2)} per caption`,
  );
}

try {
  if (wanted > 0) await videoMirrors();
  if (captionedWanted > 0) await captionCopies();
} finally {
  await prisma.$disconnect();
  await stack.stop();
}
