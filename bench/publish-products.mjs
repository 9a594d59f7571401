// @ts-check
// Product pages' storefront data (decision 079) at store scale, through the
// production build and Local Shopify: a shop of 5,000 products with 2,000
// approved videos tagged 3 times per product on average, shown by one
// "Videos tagged with this product" widget placed on the product template.
// Prints the full publish (time, Admin API calls and their cost, the lowest
// the rate-limit bucket went, calls throttled), then one tag change: calls and
// time until the product page shows it. Asserts nothing.
//
//   node --import tsx bench/publish-products.mjs [products=5000] [videos=2000] [perProduct=3]
//
// Needs a build (npm run build). Uses its own ports (3480/3580, or
// BENCH_APP_PORT / BENCH_SHOPIFY_PORT) and a fresh SQLite database. Local
// Shopify charges every call its requested cost against a Standard plan's
// bucket (2,000 points, 100 a second) and refunds nothing: Shopify refunds
// what a query did not use, so these times are the slow side.
import { readFileSync } from "node:fs";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const productCount = Number(process.argv[2] ?? 5000);
const videoCount = Number(process.argv[3] ?? 2000);
const perProduct = Number(process.argv[4] ?? 3);
const databaseUrl = freshSqliteDatabase("bench-publish-products");
process.env.DATABASE_URL = databaseUrl;

const localApp = JSON.parse(readFileSync(new URL("../tests/emulators/shopify/local-app.json", import.meta.url), "utf8"));
const { mintSessionToken } = await import("../tests/emulators/shopify/session-token.ts");
const { demoCatalogue } = await import("../tests/emulators/shopify/catalogue.ts");
const { prisma } = await import("../app/db.server.ts");

const appPort = Number(process.env.BENCH_APP_PORT || 3480);
const shopifyPort = Number(process.env.BENCH_SHOPIFY_PORT || 3580);
// No copies of the videos into Shopify Files: their calls are the mirror's (bench:mirror), not the publish's.
const stack = await startStack({ appPort, shopifyPort, databaseUrl, quiet: true, appEnv: { VIDEO_MIRRORING: "off" } });
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Local Shopify's bucket: a Standard plan store's. */
const BUCKET = { maximum: 2000, restorePerSecond: 100 };

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The app's API as the embedded admin calls it.
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

/**
 * Local Shopify's log of the shop's Admin calls since the last read.
 * @param {string} handle
 * @returns {Promise<Array<{ at: number; operation: string | null; cost: number; throttled: boolean }>>}
 */
async function takeCalls(handle) {
  const { calls } = await (await fetch(`${stack.shopifyUrl}/__local/shops/${handle}/api-calls?clear=1`)).json();
  return calls;
}

/**
 * Calls by operation, their cost, and the lowest the bucket went (replayed from the log, starting full).
 * @param {Array<{ at: number; operation: string | null; cost: number; throttled: boolean }>} calls
 */
function callFigures(calls) {
  /** @type {Record<string, number>} */
  const byOperation = {};
  let cost = 0;
  let available = BUCKET.maximum;
  let lowest = available;
  let at = calls[0]?.at ?? 0;
  for (const call of calls) {
    byOperation[call.operation ?? "?"] = (byOperation[call.operation ?? "?"] ?? 0) + 1;
    available = Math.min(BUCKET.maximum, available + ((call.at - at) / 1000) * BUCKET.restorePerSecond);
    at = call.at;
    if (call.throttled) continue;
    cost += call.cost;
    available -= call.cost;
    lowest = Math.min(lowest, available);
  }
  return { calls: calls.length, byOperation, cost, lowest: Math.floor(lowest), throttled: calls.filter((call) => call.throttled).length };
}

/**
 * Waits until the shop's publishes caught up with its requests and no instance holds its lease.
 * @param {string} shopId
 * @param {(progress: string) => void} [report]
 */
async function publishedAll(shopId, report) {
  let lastReport = Date.now();
  for (;;) {
    const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    if (shop.storefrontPublished >= shop.storefrontRequested && !(shop.storefrontLeaseUntil && shop.storefrontLeaseUntil > new Date())) return;
    if (report && Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      const [entries, cached] = await Promise.all([
        prisma.productPublication.count({ where: { shopId } }),
        prisma.storefrontProductCache.count({ where: { shopId } }),
      ]);
      report(`  ... ${cached} products read, ${entries} product pages written`);
    }
    await sleep(250);
  }
}

try {
  const handle = `pdp-${Date.now().toString(36)}`;
  const shopDomain = `${handle}.myshopify.com`;
  await fetch(`${stack.shopifyUrl}/__local/shops/${handle}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ productCount }),
  });
  const { shop } = await api(shopDomain, "POST", "/api/shops", { shopDomain });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  const { widget } = await api(shopDomain, "POST", "/api/widgets", {
    shopId: shop.id,
    name: "On product pages",
    layoutType: "carousel",
    pageContexts: ["product"],
    sourceType: "product",
  });
  // On the product template, as Install on Store puts it.
  const editor = new URLSearchParams({ template: "product", addAppBlockId: `${localApp.apiKey}/carousel`, target: "newAppsSection" });
  await fetch(`${stack.shopifyUrl}/storefront/${handle}/admin/themes/current/editor?${editor}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ widget_number: String(widget.display_number) }).toString(),
  });

  // The library: approved videos in the widget, each product tagged to `perProduct` of them.
  const products = demoCatalogue(productCount);
  const now = Date.now();
  const videos = Array.from({ length: videoCount }, (_, index) => ({
    id: `benchvideo${String(index).padStart(6, "0")}`,
    shopId: shop.id,
    platform: "tiktok",
    platformVideoId: String(7_400_000_000_000_000_000n + BigInt(index)),
    title: `Bench video ${index}`,
    authorName: "@bench",
    videoUrl: `https://www.tiktok.com/@bench/video/${7_400_000_000_000_000_000n + BigInt(index)}`,
    enabled: true,
    approvedAt: new Date(now - index * 1000),
  }));
  for (let start = 0; start < videos.length; start += 500) await prisma.video.createMany({ data: videos.slice(start, start + 500) });
  const widgetVideos = videos.map((video, position) => ({ shopId: shop.id, widgetId: widget.id, videoId: video.id, position }));
  for (let start = 0; start < widgetVideos.length; start += 500) await prisma.widgetVideo.createMany({ data: widgetVideos.slice(start, start + 500) });
  /** @param {number} index */
  const videoIdAt = (index) => {
    const video = videos[index];
    if (!video) throw new Error(`no video ${index}`);
    return video.id;
  };
  const tags = products.flatMap((product, index) =>
    Array.from({ length: perProduct }, (_, k) => ({
      shopId: shop.id,
      videoId: videoIdAt((index * perProduct + k) % videoCount),
      productId: `gid://shopify/Product/${product.id}`,
      productTitle: product.title,
    })),
  );
  const unique = [...new Map(tags.map((tag) => [`${tag.videoId} ${tag.productId}`, tag])).values()];
  for (let start = 0; start < unique.length; start += 500) await prisma.productTag.createMany({ data: unique.slice(start, start + 500) });
  console.log(
    `${productCount} products, ${videoCount} approved videos, ${unique.length} tags (${(unique.length / productCount).toFixed(1)} videos per product, ${(unique.length / videoCount).toFixed(1)} products per video)`,
  );

  // The full publish, from nothing published yet.
  await sleep((BUCKET.maximum / BUCKET.restorePerSecond) * 1000);
  await takeCalls(handle);
  const fullStarted = Date.now();
  await api(shopDomain, "POST", `/api/shops/${shop.id}/storefront-publish`, {});
  await sleep(500);
  await publishedAll(shop.id, console.log);
  const full = callFigures(await takeCalls(handle));
  const written = await prisma.productPublication.count({ where: { shopId: shop.id } });
  const requested = (await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).storefrontRequested;
  console.log(`full publish: ${seconds(Date.now() - fullStarted)}, ${written} product pages written in ${requested} publishes (slices)`);
  console.log(`  Admin API: ${full.calls} calls, cost ${full.cost}, lowest bucket ${full.lowest} of ${BUCKET.maximum}, throttled ${full.throttled}`);
  console.log(`  by operation: ${JSON.stringify(full.byOperation)}`);

  // One tag change: a product gets a video it did not have; until its page shows it.
  const product = products[Math.floor(productCount / 2)];
  if (!product) throw new Error("no product to tag");
  const productGid = `gid://shopify/Product/${product.id}`;
  const taggedVideoIds = new Set(unique.filter((tag) => tag.productId === productGid).map((tag) => tag.videoId));
  const video = videos.find((candidate) => !taggedVideoIds.has(candidate.id));
  if (!video) throw new Error("every video is tagged with that product");
  await sleep((BUCKET.maximum / BUCKET.restorePerSecond) * 1000);
  await takeCalls(handle);
  const changeStarted = Date.now();
  await api(shopDomain, "POST", `/api/videos/${video.id}/tags`, { shopId: shop.id, productId: productGid, productTitle: product.title });
  const answeredIn = Date.now() - changeStarted;
  for (;;) {
    const page = await (await fetch(`${stack.shopifyUrl}/storefront/${handle}/products/${product.handle}`)).text();
    // The product's own videos, not the widget's list (which the page carries too).
    const own = /<script type="application\/json" data-clipcart-product-videos>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
    if (own.includes(`"title":"${video.title}"`)) break;
    if (Date.now() - changeStarted > 120_000) throw new Error("the product page never showed the new video");
    await sleep(100);
  }
  const shownIn = Date.now() - changeStarted;
  await publishedAll(shop.id);
  const change = callFigures(await takeCalls(handle));
  console.log(`one tag change: answered in ${answeredIn} ms; the product page shows it after ${shownIn} ms`);
  console.log(`  Admin API: ${change.calls} calls, cost ${change.cost}, throttled ${change.throttled}; by operation: ${JSON.stringify(change.byOperation)}`);
} finally {
  await stack.stop();
  await prisma.$disconnect();
}
