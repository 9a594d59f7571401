// Storefront beacons: sustained events per second the app stores on this
// machine. Prints numbers; asserts nothing. Goal (issue 4): >= 5,000 events/s.
//
//   node --import tsx bench/beacons.mjs [seconds=10] [eventsPerBeacon=5] [concurrency=16]
//
// Starts the production build and Local Shopify on their own ports (3460/3560)
// with a fresh SQLite database, or PostgreSQL with BENCH_DATABASE_URL, seeds a
// shop with 20 videos in 2 widgets, then posts beacons signed as Shopify's app
// proxy signs them straight to the app's /proxy/events (Shopify's own proxy hop
// is not ours to measure). The load generator shares the 2 cores with the app.
import { readFileSync } from "node:fs";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const [seconds = 10, perBeacon = 5, concurrency = 16] = process.argv.slice(2).map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL || freshSqliteDatabase("bench-beacons");
process.env.DATABASE_URL = databaseUrl;
process.env.STOREFRONT_PUBLISHING = "off";

const { signProxyQuery } = await import("../tests/local-shopify/app-proxy.ts");
const localApp = JSON.parse(readFileSync(new URL("../tests/local-shopify/local-app.json", import.meta.url), "utf8"));
const { prisma } = await import("../app/db.server.ts");

const stack = await startStack({ appPort: 3460, shopifyPort: 3560, databaseUrl, quiet: true });
try {
  const shopDomain = `beacons-${Date.now().toString(36)}.myshopify.com`;
  const shop = await prisma.shop.create({ data: { shopDomain } });
  const widgets = await Promise.all(
    [1, 2].map((n) => prisma.widget.create({ data: { shopId: shop.id, name: `Widget ${n}`, layoutType: "carousel", displayNumber: n } })),
  );
  const videos = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      prisma.video.create({ data: { shopId: shop.id, platform: i % 2 ? "instagram" : "tiktok", platformVideoId: `bench${i}`, title: `Video ${i}`, enabled: true } }),
    ),
  );

  const types = ["video_click", "product_click", "add_to_cart"];
  let sequence = 0;
  const batch = () => ({
    session: `bench-${sequence % 1000}`,
    events: Array.from({ length: perBeacon }, (_, i) => {
      sequence += 1;
      return {
        type: types[(sequence + i) % types.length],
        videoId: videos[sequence % videos.length].id,
        widgetId: widgets[sequence % widgets.length].id,
        productId: String(1000 + (sequence % 50)),
      };
    }),
  });
  const signedUrl = () => {
    const params = new URLSearchParams({ shop: shopDomain, logged_in_customer_id: "", path_prefix: "/apps/clipcart", timestamp: String(Math.floor(Date.now() / 1000)) });
    params.set("signature", signProxyQuery(params, localApp.apiSecret));
    return `${stack.appUrl}/proxy/events?${params}`;
  };
  const send = async () => {
    const started = performance.now();
    const response = await fetch(signedUrl(), {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0" },
      body: JSON.stringify(batch()),
    });
    await response.arrayBuffer();
    if (response.status !== 204) throw new Error(`beacon answered ${response.status}`);
    return performance.now() - started;
  };

  // Warm up (JIT, connections, SQLite pages).
  for (let i = 0; i < 200; i++) await send();

  const latencies = [];
  let beacons = 0;
  const deadline = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        latencies.push(await send());
        beacons += 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const stored = await prisma.analyticsEvent.count({ where: { shopId: shop.id } });
  const kind = databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite";
  console.log(`Storefront beacons on ${kind}: ${seconds} s, ${perBeacon} events per beacon, ${concurrency} beacons in flight`);
  console.log(`  beacons/s  ${(beacons / elapsed).toFixed(0)}`);
  console.log(`  events/s   ${((beacons * perBeacon) / elapsed).toFixed(0)}   (goal >= 5,000)`);
  console.log(`  latency    p50 ${at(50).toFixed(1)} ms   p95 ${at(95).toFixed(1)} ms`);
  console.log(`  stored     ${stored.toLocaleString("en")} events (warm-up included)`);
} finally {
  await prisma.$disconnect();
  await stack.stop();
}
