// @ts-check
// What the storefront benchmarks (lighthouse.mjs, storefront.mjs) share: Local
// Shopify started alone with a fresh SQLite database, a stand-in listening on
// the app's port that counts every request reaching "our server" while pages
// render, and shops set up with the app's own code: a carousel of 8 videos
// whose copies in Shopify Files are made by the app's mirror runner (fileCreate
// through Local Shopify's Admin API, polled until READY), published by the
// app's publisher, and placed on the home, product and collection templates
// through the theme editor's deep link. Every step is checked: a benchmark
// never prints a number for a set-up that did not happen.
import http from "node:http";
import { readFileSync } from "node:fs";
import { freshSqliteDatabase, startLocalShopifyOnly } from "../scripts/lib/stack.mjs";

export const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps dialling Google on this closed network.
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The page kinds measured, their theme template and Shopify's weight for the theme's performance score. */
export const PAGE_KINDS = /** @type {const} */ ([
  { kind: "home", template: "index", weight: 0.17 },
  { kind: "product", template: "product", weight: 0.4 },
  { kind: "collection", template: "collection", weight: 0.43 },
]);
/** @typedef {(typeof PAGE_KINDS)[number]["kind"]} PageKind */

/**
 * One of Shopify's own themes in ../shared/themes (decision 064) with the merchant's theme settings, and how it
 * shows the cart after an add (tests/e2e/real-theme-helpers.ts has the same set-ups for the end-to-end tests).
 * @typedef {{ label: string, name: "dawn" | "horizon-3.5.1" | "horizon-4.1.3", settings: Record<string, unknown>, cart: "notification" | "drawer" | "page" }} RealTheme
 */

/**
 * The real-theme set-ups the benches take (`--theme <key>` or BENCH_THEME): Dawn with each cart type (plain
 * "dawn" is its drawer), Horizon 3.5.1 and 4.1.3 with their drawer opening on add.
 * @type {Record<string, RealTheme>}
 */
export const REAL_THEMES = {
  dawn: { label: "Dawn (drawer)", name: "dawn", settings: { cart_type: "drawer" }, cart: "drawer" },
  "dawn-drawer": { label: "Dawn (drawer)", name: "dawn", settings: { cart_type: "drawer" }, cart: "drawer" },
  "dawn-notification": { label: "Dawn (notification)", name: "dawn", settings: { cart_type: "notification" }, cart: "notification" },
  "dawn-page": { label: "Dawn (page)", name: "dawn", settings: { cart_type: "page" }, cart: "page" },
  "horizon-3.5.1": { label: "Horizon 3.5.1", name: "horizon-3.5.1", settings: { cart_type: "drawer", auto_open_cart_drawer: true }, cart: "drawer" },
  "horizon-4.1.3": { label: "Horizon 4.1.3", name: "horizon-4.1.3", settings: { cart_type: "drawer", auto_open_cart_drawer: true }, cart: "drawer" },
};

/**
 * The real theme a bench was asked for: `--theme <key>` in argv (removed from it, so positional arguments keep
 * their place) or BENCH_THEME; null (the JSON theme, as before) when neither is given.
 * @param {string[]} argv process.argv.slice(2), edited in place
 * @returns {RealTheme | null}
 */
export function realThemeOption(argv) {
  let key = process.env.BENCH_THEME || "";
  const at = argv.findIndex((arg) => arg === "--theme" || arg.startsWith("--theme="));
  if (at >= 0) {
    const arg = argv[at] ?? "";
    key = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[at + 1] ?? "");
    argv.splice(at, arg.includes("=") ? 1 : 2);
  }
  if (!key || key === "json") return null;
  const theme = REAL_THEMES[key];
  if (!theme) throw new Error(`Unknown theme "${key}": one of json, ${Object.keys(REAL_THEMES).join(", ")}`);
  return theme;
}

/**
 * Where the carousel's section goes in each template, counted in sections from
 * the top: the theme editor's deep link appends it at the end (below the fold
 * on all three pages), and a merchant who wants the videos seen drags it up.
 * Right under the first section (the banner, the product, the collection's
 * title) puts it in the first screen of a phone, where previews start without
 * scrolling: the case the budget is about.
 */
export const WIDGET_SECTION_INDEX = Number(process.env.BENCH_WIDGET_SECTION_INDEX ?? 1);

const VIDEOS_PER_WIDGET = 8;
const MIRROR_TIMEOUT_MS = 60_000;

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? NaN;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? NaN) + upper) / 2;
}

/** Nearest-rank percentile. @param {number[]} values @param {number} p */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Where the app proxy forwards the widget's analytics beacons (BEACON_PATH on
 * the shop's domain; shopify.app.toml's app_proxy url is <app>/proxy).
 */
const BEACON_ARRIVAL_PATH = "/proxy/events";

/**
 * Listens on the app's port in place of the app: the storefront must render
 * without asking it, so any request arriving here (straight from the browser,
 * or forwarded by Local Shopify's app proxy) is counted and answered 204.
 * Analytics beacons are told apart: they go out after the page is shown (a
 * quiet time after impressions, or when the page is left), by design.
 * @param {number} port
 */
async function startAppPortCounter(port) {
  /** @type {Array<{ at: number, method: string, url: string }>} */
  const requests = [];
  const server = http.createServer((request, response) => {
    requests.push({ at: Date.now(), method: request.method ?? "", url: request.url ?? "" });
    request.resume();
    response.writeHead(204).end();
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  return {
    /** Requests that arrived since `since` (Date.now() of the window's start): beacons, and anything else. */
    since: (/** @type {number} */ since) => {
      const arrived = requests.filter((request) => request.at >= since);
      const isBeacon = (/** @type {{ method: string, url: string }} */ request) =>
        request.method === "POST" && new URL(request.url, "http://app").pathname === BEACON_ARRIVAL_PATH;
      return { beacons: arrived.filter(isBeacon), others: arrived.filter((request) => !isBeacon(request)) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * @param {{ name: string, appPort: number, shopifyPort: number }} options
 */
export async function startBenchStorefront({ name, appPort, shopifyPort }) {
  const databaseUrl = freshSqliteDatabase(name);
  process.env.DATABASE_URL = databaseUrl;
  process.env.STOREFRONT_PUBLISHING = "off"; // published once per shop below, explicitly

  const localApp = JSON.parse(readFileSync(new URL("../tests/emulators/shopify/local-app.json", import.meta.url), "utf8"));
  const { prisma } = await import("../app/db.server.ts");
  const { createWidget } = await import("../app/models/widgets.server.ts");
  const { setVideoEnabled } = await import("../app/models/videos.server.ts");
  const { addProductTag } = await import("../app/models/tags.server.ts");
  const { publishStorefront } = await import("../app/models/storefront.server.ts");
  const { configureVideoMirror, stopVideoMirror } = await import("../app/jobs/video-mirror.server.ts");
  const { STOREFRONT_METAFIELD_NAMESPACE, widgetMetafieldKey } = await import("../app/storefront/widget-data.ts");
  // The app's Admin API version (app/shopify.server.ts), without loading the app's Shopify configuration.
  const { ApiVersion } = await import("@shopify/shopify-api");
  const apiVersion = ApiVersion.October25;
  const { demoCatalogue } = await import("../tests/emulators/shopify/catalogue.ts");
  const { cdnUrl } = await import("../tests/emulators/platforms/cdn.ts");

  const appServer = await startAppPortCounter(appPort);
  /** @type {Awaited<ReturnType<typeof startLocalShopifyOnly>>} */
  let local;
  try {
    local = await startLocalShopifyOnly({ appPort, shopifyPort, databaseUrl, quiet: true });
  } catch (error) {
    await appServer.close();
    throw error;
  }
  const { shopifyUrl } = local;

  /**
   * @param {string} shop
   * @param {string} action
   * @param {object} [body]
   */
  async function control(shop, action, body) {
    const response = await fetch(`${shopifyUrl}/__local/shops/${shop}/${action}`, {
      method: body === undefined && action === "state" ? "GET" : "POST",
      ...(body === undefined && action === "state" ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) }),
    });
    if (!response.ok) throw new Error(`Local Shopify ${action} for ${shop}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  /** @type {Map<string, import("../app/shopify/admin-gateway.server.ts").AdminGraphql>} */
  const adminClients = new Map();
  /**
   * The Admin API as the app calls it, with an offline token from a real token exchange (one per shop).
   * @param {string} shop
   */
  async function adminGraphqlFor(shop) {
    const known = adminClients.get(shop);
    if (known) return known;
    const { idToken } = await control(shop, "id-token");
    const exchange = await fetch(`${shopifyUrl}/admin/oauth/access_token`, {
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
      fetch(`${shopifyUrl}/admin/api/${apiVersion}/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query, variables: options?.variables }),
      });
    adminClients.set(shop, graphql);
    return graphql;
  }

  // The app's mirror runner, in this process, against Local Shopify: the copies are made as in production
  // (fileCreate from the video's download URL, status reads until READY), only with quicker reads.
  configureVideoMirror({
    adminGraphqlFor: (shopDomain) => adminGraphqlFor(shopDomain.replace(/\.myshopify\.com$/, "")),
    importerFor: () => {
      throw new Error("The bench's videos carry their download URL; no platform is asked");
    },
    pollDelaysMs: [250, 500],
    processingTimeoutMs: MIRROR_TIMEOUT_MS,
  });

  const products = demoCatalogue();
  const [firstProduct] = products;
  if (!firstProduct) throw new Error("Local Shopify's demo catalogue is empty");
  /** @type {Record<PageKind, string>} */
  const PAGE_PATHS = { home: "", product: `products/${firstProduct.handle}`, collection: "collections/all" };

  /**
   * Waits until the shop's mirrors have all settled; throws unless every one is ready.
   * @param {string} shopId
   */
  async function waitForReadyMirrors(shopId) {
    const deadline = Date.now() + MIRROR_TIMEOUT_MS;
    for (;;) {
      const mirrors = await prisma.videoMirror.findMany({ where: { shopId }, select: { status: true, failure: true, failureDetail: true } });
      const unsettled = mirrors.filter((mirror) => mirror.status === "pending" || mirror.status === "processing");
      const failed = mirrors.filter((mirror) => mirror.status === "failed");
      if (failed.length) throw new Error(`Mirrors failed: ${failed.map((mirror) => `${mirror.failure} (${mirror.failureDetail})`).join("; ")}`);
      if (mirrors.length === VIDEOS_PER_WIDGET && !unsettled.length) return;
      if (Date.now() > deadline) throw new Error(`Mirrors not ready after ${MIRROR_TIMEOUT_MS / 1000} s: ${mirrors.map((m) => m.status).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * The published widget as Local Shopify holds it (the app-data metafield), checked: every video carries our
   * copy, served by Local Shopify's CDN as a playable MP4 with byte ranges, and the previews setting is the one asked.
   * @param {string} shopName
   * @param {number} displayNumber
   * @param {boolean} playPreviews
   * @returns {Promise<import("../app/storefront/widget-data.ts").StorefrontWidget>}
   */
  async function checkPublishedWidget(shopName, displayNumber, playPreviews) {
    const state = await control(shopName, "state");
    const key = widgetMetafieldKey(displayNumber);
    /** @type {Array<{ namespace: string, key: string, value: string }>} */
    const metafields = Object.values(state.metafields ?? {}).flat();
    const metafield = metafields.find((candidate) => candidate && candidate.namespace === STOREFRONT_METAFIELD_NAMESPACE && candidate.key === key);
    if (!metafield) throw new Error(`${shopName}: no ${STOREFRONT_METAFIELD_NAMESPACE}.${key} metafield was published`);
    /** @type {import("../app/storefront/widget-data.ts").StorefrontWidget} */
    const widget = typeof metafield.value === "string" ? JSON.parse(metafield.value) : metafield.value;
    if (widget.videos.length !== VIDEOS_PER_WIDGET) throw new Error(`${shopName}: ${widget.videos.length} videos published, ${VIDEOS_PER_WIDGET} expected`);
    if (widget.settings.playPreviews !== playPreviews) throw new Error(`${shopName}: published playPreviews is ${widget.settings.playPreviews}`);
    for (const video of widget.videos) {
      if (!video.media?.preview || !video.media.src)
        throw new Error(`${shopName}: video "${video.title}" was published without media: ${JSON.stringify(video.media)}`);
      for (const url of new Set([video.media.preview, video.media.src])) {
        const answer = await fetch(url, { headers: { Range: "bytes=0-15" } });
        const head = Buffer.from(await answer.arrayBuffer());
        if (answer.status !== 206 || answer.headers.get("content-type") !== "video/mp4" || head.toString("latin1", 4, 8) !== "ftyp")
          throw new Error(`${shopName}: ${url} is not served as a ranged MP4 (${answer.status} ${answer.headers.get("content-type")})`);
      }
    }
    return widget;
  }

  /**
   * Moves the carousel's apps section (the last one, just added) to WIDGET_SECTION_INDEX, as a merchant drags it
   * in the theme editor; Local Shopify keeps the theme edit as its seed takes it (themeEdits for the JSON theme,
   * realThemeEdits for one of Shopify's own themes, whose section of app blocks may have another type: Horizon's).
   * @param {string} shopName
   * @param {RealTheme | null} realTheme
   */
  async function moveCarouselSections(shopName, realTheme) {
    const state = await control(shopName, "state");
    /** @type {Record<string, string>} */
    const edits = { ...(realTheme ? state.realThemeEdits?.[realTheme.name] : state.themeEdits?.json) };
    for (const { template } of PAGE_KINDS) {
      const file = `templates/${template}.json`;
      const json = JSON.parse(edits[file] ?? "null");
      const appsSection = json?.order?.at(-1);
      /** @type {{ type?: string, blocks?: Record<string, { type?: string }> } | undefined} */
      const section = appsSection ? json.sections[appsSection] : undefined;
      const holdsCarousel = Object.values(section?.blocks ?? {}).some((block) => block.type?.startsWith("shopify://apps/clipcart/blocks/carousel/"));
      if (!section || !holdsCarousel || (!realTheme && section.type !== "apps"))
        throw new Error(`${shopName}: no section of app blocks with the carousel at the end of ${file}`);
      json.order = json.order.slice(0, -1);
      json.order.splice(WIDGET_SECTION_INDEX, 0, appsSection);
      edits[file] = `${JSON.stringify(json, null, 2)}\n`;
    }
    await control(shopName, "seed", realTheme ? { realThemeEdits: { [realTheme.name]: edits } } : { themeEdits: { json: edits } });
  }

  /**
   * A shop on the JSON theme, or with `realTheme` on one of Shopify's own themes (decision 064) with the merchant's
   * theme settings; with `carousel`, a carousel of 8 approved videos (2 tagged products each) on the home,
   * product and collection templates, with live previews on or off, whose copies in Shopify Files are ready.
   * Answers the shop's page URLs (Chromium resolves *.localhost) and the published widget.
   * @param {string} shopName
   * @param {{ playPreviews: boolean } | null} carousel
   * @param {RealTheme | null} [realTheme]
   */
  async function setUpShop(shopName, carousel, realTheme = null) {
    await control(shopName, "seed", realTheme ? { realTheme: realTheme.name, themeSettings: realTheme.settings } : { theme: "json" });
    /** @type {import("../app/storefront/widget-data.ts").StorefrontWidget | null} */
    let published = null;
    if (carousel) {
      // Premium: 8 approved videos are past the Free plan's 5.
      const shop = await prisma.shop.create({ data: { shopDomain: `${shopName}.myshopify.com`, plan: "premium", premiumSource: "billing" } });
      const widget = await createWidget(shop.id, {
        layoutType: "carousel",
        name: "Seen on TikTok",
        pageContexts: ["homepage", "product", "collection"],
        settings: { playPreviews: carousel.playPreviews },
      });
      const expiresAt = Date.now() + 24 * 3600_000;
      for (let i = 0; i < VIDEOS_PER_WIDGET; i++) {
        const platform = /** @type {const} */ (["tiktok", "instagram", "pinterest"])[i % 3] ?? "tiktok";
        const postId = `74000000000000${i}`;
        const video = await prisma.video.create({
          data: {
            shopId: shop.id,
            platform,
            platformVideoId: postId,
            title: `Styling idea ${i + 1}`,
            authorName: "clipcart.demo",
            videoUrl: platform === "pinterest" ? `https://www.pinterest.com/pin/${postId}/` : `https://www.tiktok.com/@clipcart.demo/video/${postId}`,
            // What an import saves: the platform's (signed) video file, which the mirror copies into Shopify Files.
            downloadUrl: cdnUrl(shopifyUrl, platform, "video", postId, platform === "pinterest" ? null : expiresAt),
            // Shopify Files' CDN in production; Local Shopify serves product images the same way.
            storedThumbnailUrl: `${shopifyUrl}/cdn/shop/products/${products[i]?.handle}.svg`,
          },
        });
        for (const product of products.slice(i, i + 2)) {
          await addProductTag(shop.id, video.id, { productId: `gid://shopify/Product/${product.id}`, productTitle: product.title });
        }
        // Approval asks for the copy and wakes the mirror runner (decision 035).
        await setVideoEnabled(shop.id, video.id, { enabled: true, widgetIds: [widget.id] });
      }
      await waitForReadyMirrors(shop.id);
      const result = await publishStorefront(shop.id, await adminGraphqlFor(shopName));
      if (result.widgets !== 1) throw new Error(`Expected one published widget, got ${result.widgets}`);
      published = await checkPublishedWidget(shopName, widget.display_number, carousel.playPreviews);

      for (const { template } of PAGE_KINDS) {
        const editor = new URLSearchParams({ template, addAppBlockId: `${localApp.apiKey}/carousel`, target: "newAppsSection" });
        const saved = await fetch(`${shopifyUrl}/storefront/${shopName}/admin/themes/current/editor?${editor}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ widget_number: String(widget.display_number) }).toString(),
        });
        if (!saved.ok) throw new Error(`Theme editor save of ${template} for ${shopName}: ${saved.status}`);
      }
      await moveCarouselSections(shopName, realTheme);
    }

    /** @type {Record<PageKind, string>} */
    const pages = { home: "", product: "", collection: "" };
    for (const { kind } of PAGE_KINDS) {
      pages[kind] = `${local.storefrontUrl(shopName)}${PAGE_PATHS[kind]}`;
      // Node does not resolve *.localhost as Chromium does: check through Local Shopify's path form.
      const html = await (await fetch(`${shopifyUrl}/storefront/${shopName}/${PAGE_PATHS[kind]}`)).text();
      const widgets = (html.match(/<clipcart-widget/g) ?? []).length;
      if (widgets !== (carousel ? 1 : 0)) throw new Error(`${shopName}: ${widgets} widgets on the ${kind} page, ${carousel ? 1 : 0} expected`);
    }
    return { pages, widget: published };
  }

  return {
    shopifyUrl,
    appPort,
    /** Requests that reached the app's port since `since` (Date.now()): analytics beacons, and the others (goal: none). */
    appRequestsSince: appServer.since,
    setUpShop,
    async stop() {
      await stopVideoMirror();
      await prisma.$disconnect();
      await local.stop();
      await appServer.close();
    },
  };
}
