// @ts-check
// Storefront performance: Lighthouse's performance score of the local product
// page without and with a Clipcart carousel. Prints numbers; asserts nothing.
// Goal (issue 4): the widget costs <= 2 points (Shopify's review gate is 10).
//
//   node --import tsx bench/lighthouse.mjs [runs=3]
//
// Starts Local Shopify alone (the storefront never asks the app) on port 3580
// with a fresh SQLite database, and sets up two identical shops: one keeps the
// stock product page, the other gets a carousel block through the theme
// editor's deep link and the data the app's own publishing code writes (8
// videos, 2 tagged products each). Each run audits both pages in a fresh
// headless Debian Chromium, alternating, with Lighthouse's default mobile
// profile and simulated throttling; the medians are printed.
import { readFileSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { freshSqliteDatabase, startLocalShopifyOnly } from "../scripts/lib/stack.mjs";

const runs = Number(process.argv[2] ?? 3);
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const databaseUrl = freshSqliteDatabase("bench-lighthouse");
process.env.DATABASE_URL = databaseUrl;
process.env.STOREFRONT_PUBLISHING = "off"; // published once below, explicitly

const localApp = JSON.parse(readFileSync(new URL("../tests/emulators/shopify/local-app.json", import.meta.url), "utf8"));
const { prisma } = await import("../app/db.server.ts");
const { createWidget } = await import("../app/models/widgets.server.ts");
const { setVideoEnabled } = await import("../app/models/videos.server.ts");
const { addProductTag } = await import("../app/models/tags.server.ts");
const { publishStorefront } = await import("../app/models/storefront.server.ts");
// The app's Admin API version (app/shopify.server.ts), without loading the app's Shopify configuration.
const { ApiVersion } = await import("@shopify/shopify-api");
const apiVersion = ApiVersion.October25;
const { demoCatalogue } = await import("../tests/emulators/shopify/catalogue.ts");

const local = await startLocalShopifyOnly({ appPort: 3480, shopifyPort: 3580, databaseUrl, quiet: true });

/**
 * @param {string} shop
 * @param {string} action
 * @param {object} [body]
 */
async function control(shop, action, body) {
  const response = await fetch(`${local.shopifyUrl}/__local/shops/${shop}/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`Local Shopify ${action} for ${shop}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The Admin API as the app calls it, with an offline token from a real token exchange.
 * @param {string} shop
 */
async function adminGraphqlFor(shop) {
  const { idToken } = await control(shop, "id-token");
  const exchange = await fetch(`${local.shopifyUrl}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      client_id: localApp.apiKey,
      client_secret: localApp.apiSecret,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: idToken,
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    }),
  });
  if (!exchange.ok) throw new Error(`Token exchange for ${shop}: ${exchange.status} ${await exchange.text()}`);
  const { access_token: accessToken } = await exchange.json();
  /** @type {import("../app/shopify/admin-gateway.server.ts").AdminGraphql} */
  const graphql = (query, options) =>
    fetch(`${local.shopifyUrl}/admin/api/${apiVersion}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
      body: JSON.stringify({ query, variables: options?.variables }),
    });
  return graphql;
}

/**
 * A carousel for product pages with 8 approved videos, published, and its block added through the theme editor.
 * @param {string} shopName
 */
async function installCarousel(shopName) {
  // Premium: 8 approved videos are past the Free plan's 5.
  const shop = await prisma.shop.create({ data: { shopDomain: `${shopName}.myshopify.com`, plan: "premium", premiumSource: "billing" } });
  const widget = await createWidget(shop.id, { layoutType: "carousel", name: "Seen on TikTok", pageContexts: ["product"] });
  const products = demoCatalogue();
  for (let i = 0; i < 8; i++) {
    const platform = /** @type {const} */ (["tiktok", "instagram", "pinterest"])[i % 3] ?? "tiktok";
    const video = await prisma.video.create({
      data: {
        shopId: shop.id,
        platform,
        platformVideoId: `74000000000000${i}`,
        title: `Styling idea ${i + 1}`,
        authorName: "clipcart.demo",
        videoUrl:
          platform === "pinterest" ? `https://www.pinterest.com/pin/74000000000000${i}/` : `https://www.tiktok.com/@clipcart.demo/video/74000000000000${i}`,
        // Shopify Files' CDN in production; Local Shopify serves product images the same way.
        storedThumbnailUrl: `${local.shopifyUrl}/cdn/shop/products/${products[i]?.handle}.svg`,
      },
    });
    for (const product of products.slice(i, i + 2)) {
      await addProductTag(shop.id, video.id, { productId: `gid://shopify/Product/${product.id}`, productTitle: product.title });
    }
    await setVideoEnabled(shop.id, video.id, { enabled: true, widgetIds: [widget.id] });
  }
  const published = await publishStorefront(shop.id, await adminGraphqlFor(shopName));
  if (published.widgets !== 1) throw new Error(`Expected one published widget, got ${published.widgets}`);

  const editor = new URLSearchParams({ template: "product", addAppBlockId: `${localApp.apiKey}/carousel`, target: "newAppsSection" });
  const saved = await fetch(`${local.shopifyUrl}/storefront/${shopName}/admin/themes/current/editor?${editor}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ widget_number: String(widget.display_number) }).toString(),
  });
  if (!saved.ok) throw new Error(`Theme editor save for ${shopName}: ${saved.status}`);
}

/** @param {string} url */
async function audit(url) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { categories, audits } = result.lhr;
    const ms = (/** @type {string} */ id) => audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: ms("first-contentful-paint"),
      lcp: ms("largest-contentful-paint"),
      tbt: ms("total-blocking-time"),
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      bytes: ms("total-byte-weight"),
      warnings: result.lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? NaN;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? NaN) + upper) / 2;
};

try {
  const stamp = Date.now().toString(36);
  const plainShop = `lh-plain-${stamp}`;
  const widgetShop = `lh-widget-${stamp}`;
  for (const shop of [plainShop, widgetShop]) await control(shop, "seed", { theme: "json" });
  await installCarousel(widgetShop);

  const [product] = demoCatalogue();
  if (!product) throw new Error("Local Shopify's demo catalogue is empty");
  const pages = {
    without: `${local.storefrontUrl(plainShop)}products/${product.handle}`,
    with: `${local.storefrontUrl(widgetShop)}products/${product.handle}`,
  };
  // Node does not resolve *.localhost as Chromium does: check through Local Shopify's path form.
  const html = await (await fetch(`${local.shopifyUrl}/storefront/${widgetShop}/products/${product.handle}`)).text();
  if (!html.includes("<clipcart-widget")) throw new Error(`The widget is missing from ${pages.with}`);

  /** @typedef {"without" | "with"} PageKind */
  /** @type {Record<PageKind, Array<Awaited<ReturnType<typeof audit>>>>} */
  const results = { without: [], with: [] };
  for (let run = 1; run <= runs; run++) {
    /** @type {PageKind[]} */
    const order = run % 2 ? ["without", "with"] : ["with", "without"];
    for (const kind of order) {
      const result = await audit(pages[kind]);
      for (const warning of result.warnings) console.warn(`  (${kind}) Lighthouse: ${warning}`);
      results[kind].push(result);
      console.log(
        `  run ${run} ${kind.padEnd(7)} score ${result.score}  LCP ${result.lcp.toFixed(0)} ms  TBT ${result.tbt.toFixed(0)} ms  CLS ${result.cls.toFixed(3)}`,
      );
    }
  }

  const summary = (/** @type {PageKind} */ kind) => {
    const list = results[kind];
    const pick = (/** @type {"score" | "fcp" | "lcp" | "tbt" | "cls" | "bytes"} */ key) => median(list.map((r) => r[key]));
    return { score: pick("score"), fcp: pick("fcp"), lcp: pick("lcp"), tbt: pick("tbt"), cls: pick("cls"), kb: pick("bytes") / 1024 };
  };
  const without = summary("without");
  const withWidget = summary("with");
  /** @type {(label: string, s: ReturnType<typeof summary>) => string} */
  const line = (label, s) =>
    `  ${label.padEnd(16)} score ${String(s.score).padStart(3)}   FCP ${s.fcp.toFixed(0)} ms   LCP ${s.lcp.toFixed(0)} ms   TBT ${s.tbt.toFixed(0)} ms   CLS ${s.cls.toFixed(3)}   ${s.kb.toFixed(1)} KB`;
  console.log(`\nLighthouse performance, local product page (median of ${runs}, mobile, simulated throttling)`);
  console.log(line("without widget", without));
  console.log(line("with carousel", withWidget));
  console.log(`  delta            ${without.score - withWidget.score} points   (goal <= 2; Shopify's gate 10)`);
} finally {
  await prisma.$disconnect();
  await local.stop();
}
