/**
 * Shops' storefronts. A storefront is addressed by host, `<handle>.localhost:<port>`
 * (what a browser uses; the shop is the Host's first label), or by path,
 * `/storefront/<handle>/...` (for Node clients that can't set Host).
 *
 * Pages (home, product, collection, cart) are rendered with liquidjs from the
 * shop's published theme (theme-files.ts plus the merchant's edits): a JSON
 * theme's templates are sections, among them "apps" sections holding app
 * blocks; a vintage theme's templates are Liquid. App blocks and app embeds
 * (config/settings_data.json) render the theme app extension's real Liquid
 * (extensions/clipcart-widgets) with their settings and the app-data
 * metafields the app published; their schema's javascript and stylesheet are
 * loaded once per page, as Shopify does. Rendering never calls the app.
 */
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Liquid, type TagToken, type TopLevelToken } from "liquidjs";
import { EXTENSION_DIR, blockSchemaText, extensionLiquid, extensionLocales } from "../../extension/extension-files.js";
import { appProxyRest, forwardAppProxy } from "./app-proxy.js";
import type { LocalShopifyContext } from "./context.js";
import { handleCart, cartView, currentCart } from "./storefront-cart.js";
import { handleThemeEditor } from "./theme-editor.js";
import { embedBlocks, themeFiles, type BlockEntry } from "./theme-files.js";
import { escapeHtml, sendText } from "./http.js";
import type { ShopState } from "./state.js";
import { gid } from "./gid.js";
import { installationId } from "./graphql/views.js";
import { productImageUrl } from "./urls.js";
import type { Product } from "./catalogue.js";

/** The storefront a request is for, and the path within it; null for admin/API requests. */
export function storefrontTarget(req: IncomingMessage, url: URL): { handle: string; path: string } | null {
  const host = ((req.headers.host ?? "").split(":")[0] ?? "").toLowerCase();
  const hostHandle = /^([a-z0-9][a-z0-9-]*)\.localhost$/.exec(host)?.[1];
  if (hostHandle) return { handle: hostHandle, path: url.pathname };
  const [, pathHandle, pathInStore = "/"] = /^\/storefront\/([a-z0-9][a-z0-9-]*)(\/.*)?$/.exec(url.pathname) ?? [];
  if (pathHandle) return { handle: pathHandle, path: pathInStore };
  return null;
}

/** Where the extension's assets are served (Shopify serves them from its CDN). */
const EXTENSION_ASSET_PATH = "/cdn/extensions/clipcart-widgets/assets/";

export async function handleStorefront(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: LocalShopifyContext,
  target: { handle: string; path: string },
) {
  const shop = ctx.shop(target.handle);
  // A storefront language other than the default is a path prefix (/fr/products/...), as Shopify's published locales are.
  const { locale, path } = localeOf(target.path);
  const rest = appProxyRest(path);
  if (rest !== null) return forwardAppProxy(req, res, ctx, shop.domain, rest, url.searchParams);
  if (path.startsWith("/admin/themes/")) return handleThemeEditor(req, res, url, ctx, shop, path);
  if (path.startsWith(EXTENSION_ASSET_PATH)) return sendExtensionAsset(res, path.slice(EXTENSION_ASSET_PATH.length));
  if (await handleCart(req, res, url, ctx, shop, path, (ids, cart) => renderThemeSections(ctx, shop, ids, cart, locale))) return;
  if (req.method !== "GET" && req.method !== "HEAD") return sendText(res, 405, "Method not allowed");
  const thankYou = /^\/checkouts\/thank-you\/(\d+)$/.exec(path);
  if (thankYou) {
    const order = shop.orders.find((o) => o.id === Number(thankYou[1]));
    if (!order) return sendText(res, 404, "No such order");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(
      `<!doctype html><title>Thank you</title><main><h1>Thank you for your order!</h1><p data-order-name>Order ${escapeHtml(order.name)}</p><p>Total: $${escapeHtml(order.totalPrice)}</p><p><a href="/">Continue shopping</a></p></main>`,
    );
    return;
  }

  const page = pageFor(shop, path);
  if (!page) return sendText(res, 404, `Local storefront of ${shop.domain}: ${path} not found`);
  const html = await renderPage(ctx, shop, page, currentCart(req, shop), locale);
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : html);
}

// ---------------------------------------------------------------- languages

/** The storefront's languages besides English: the ones the extension has texts for (each published, as a shop would). */
const LOCALES = extensionLocales().filter((code) => code !== "en");

function localeOf(path: string): { locale: string; path: string } {
  const [, prefix = "", rest = ""] = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(\/.*)?$/.exec(path) ?? [];
  const locale = LOCALES.find((code) => code.toLowerCase() === prefix.toLowerCase());
  return locale ? { locale, path: rest || "/" } : { locale: "en", path };
}

// ---------------------------------------------------------------- pages

type PageType = "index" | "product" | "collection" | "cart";

interface Page {
  type: PageType;
  title: string;
  product?: Product;
  collection?: { title: string; handle: string; products: Product[] };
}

function pageFor(shop: ShopState, path: string): Page | null {
  const live = shop.products.filter((product) => product.status === "ACTIVE");
  if (path === "/" || path === "") return { type: "index", title: shop.name, collection: { title: "Featured products", handle: "all", products: live } };
  if (path === "/cart") return { type: "cart", title: "Your cart" };
  const productHandle = /^\/products\/([^/]+)$/.exec(path)?.[1];
  if (productHandle) {
    const found = live.find((p) => p.handle === decodeURIComponent(productHandle));
    return found ? { type: "product", title: found.title, product: found } : null;
  }
  const collectionHandle = /^\/collections\/([^/]+)$/.exec(path)?.[1];
  if (collectionHandle) {
    const handle = decodeURIComponent(collectionHandle);
    // "all" and one collection per product type (e.g. /collections/shirts).
    const products = handle === "all" ? live : live.filter((p) => slug(p.productType) === handle);
    const [first] = products;
    if (!first) return null;
    const title = handle === "all" ? "All products" : first.productType;
    return { type: "collection", title, collection: { title, handle, products } };
  }
  return null;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A product as Liquid sees it (prices in cents, as Shopify's Liquid does). */
function productDrop(ctx: LocalShopifyContext, shop: ShopState, product: Product) {
  const variants = product.variants.map((variant) => ({
    id: variant.id,
    title: variant.title,
    price: Math.round(Number(variant.price) * 100),
    available: variant.inventoryQuantity > 0,
  }));
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    url: `/products/${product.handle}`,
    description: product.description,
    featured_image: product.imageUrl ?? productImageUrl(ctx.config, product.handle),
    price: Math.min(...variants.map((variant) => variant.price)),
    available: variants.some((variant) => variant.available),
    variants,
  };
}

/** The app-data metafields the app published, as `app.metafields.<namespace>.<key>` ({ value, type }). */
function appMetafields(shop: ShopState) {
  const installation = gid("AppInstallation", installationId(shop));
  const namespaces: Record<string, Record<string, { value: unknown; type: string }>> = {};
  for (const metafield of shop.metafields) {
    if (metafield.ownerId !== installation) continue;
    let value: unknown = metafield.value;
    if (metafield.type === "json") {
      try {
        value = JSON.parse(metafield.value);
      } catch {
        value = null;
      }
    }
    (namespaces[metafield.namespace] ??= {})[metafield.key] = { value, type: metafield.type };
  }
  return namespaces;
}

// ---------------------------------------------------------------- theme rendering

/** The app blocks/embeds a page used: their schema's assets go in the head, once. */
interface Assets {
  scripts: Set<string>;
  styles: Set<string>;
}

function themeEngine(render: (name: string, scope: object) => Promise<string>): Liquid {
  const engine = new Liquid({ extname: ".liquid" });
  // {% section 'name' %}: a section file, rendered with its own `section` object.
  // (liquidjs runs a tag's generator and awaits what it yields.)
  engine.registerTag("section", {
    parse(token: TagToken) {
      (this as unknown as { sectionName: string }).sectionName = token.args.trim().replace(/^['"]|['"]$/g, "");
    },
    *render(context: { getAll(): object }): Generator<Promise<string>, string, string> {
      // As Shopify does: a section's HTML in its wrapper, which the Section Rendering API answers too.
      const name = (this as unknown as { sectionName: string }).sectionName;
      const html = yield render(name, context.getAll());
      return `<div id="shopify-section-${name}" class="shopify-section">${html}</div>`;
    },
  } as never);
  engine.registerTag("schema", {
    parse(_token: TagToken, remain: TopLevelToken[]) {
      while (remain.length && (remain.shift() as TagToken).name !== "endschema");
    },
    render() {},
  });
  engine.registerFilter("money", (cents: number) => `$${(Number(cents) / 100).toFixed(2)}`);
  return engine;
}

const extensionEngines = new Map<string, Liquid>();
const extensionEngine = (locale: string) => {
  let engine = extensionEngines.get(locale);
  if (!engine) extensionEngines.set(locale, (engine = extensionLiquid(locale)));
  return engine;
};

/** `shopify://apps/<app>/blocks/<handle>/<uuid>` -> handle, for this app's extension; null otherwise. */
function appBlockHandle(type: string): string | null {
  const handle = /^shopify:\/\/apps\/([^/]+)\/blocks\/([^/]+)\/[^/]+$/.exec(type)?.[2];
  return handle && existsSync(join(EXTENSION_DIR, "blocks", `${handle}.liquid`)) ? handle : null;
}

async function renderAppBlock(id: string, entry: BlockEntry, globals: Record<string, unknown>, assets: Assets, locale: string): Promise<string> {
  const handle = appBlockHandle(entry.type);
  if (!handle) return "";
  const schema = JSON.parse(blockSchemaText(readFileSync(join(EXTENSION_DIR, "blocks", `${handle}.liquid`), "utf8"))) as {
    javascript?: string;
    stylesheet?: string;
    settings?: Array<{ id: string; default?: unknown }>;
  };
  const settings: Record<string, unknown> = {};
  for (const setting of schema.settings ?? []) settings[setting.id] = entry.settings?.[setting.id] ?? setting.default ?? null;
  const html = await extensionEngine(locale).renderFile(handle, {
    ...globals,
    block: { id, type: entry.type, settings, shopify_attributes: `data-block-id="${id}"` },
  });
  if (html.trim()) {
    if (schema.javascript) assets.scripts.add(schema.javascript);
    if (schema.stylesheet) assets.styles.add(schema.stylesheet);
  }
  return html;
}

/** What every page's (and every re-rendered section's) Liquid sees of the shop, the request and the cart. */
function liquidGlobals(shop: ShopState, pageType: PageType, cart: Parameters<typeof cartView>[1], locale: string) {
  return {
    shop: { name: shop.name, domain: shop.domain, currency: "USD" },
    request: { page_type: pageType, design_mode: false, host: shop.domain, locale: { iso_code: locale } },
    cart: cartView(shop, cart),
  };
}

async function renderPage(ctx: LocalShopifyContext, shop: ShopState, page: Page, cart: ReturnType<typeof currentCart>, locale: string): Promise<string> {
  const files = themeFiles(shop.theme, shop.themeEdits[shop.theme]);
  const assets: Assets = { scripts: new Set(), styles: new Set() };
  const globals: Record<string, unknown> = {
    ...liquidGlobals(shop, page.type, cart, locale),
    app: { metafields: appMetafields(shop) },
    page_title: page.title,
    product: page.product ? productDrop(ctx, shop, page.product) : null,
    collection: page.collection ? { ...page.collection, products: page.collection.products.map((p) => productDrop(ctx, shop, p)) } : null,
  };

  const renderSection = async (type: string, scope: object, settings: Record<string, unknown> = {}, id = type) =>
    engine.parseAndRender(files[`sections/${type}.liquid`] ?? "", { ...scope, section: { id, settings } });
  const engine = themeEngine((name, scope) => renderSection(name, scope));

  let content = "";
  const jsonTemplate = files[`templates/${page.type}.json`];
  if (jsonTemplate) {
    const template = JSON.parse(jsonTemplate) as {
      sections: Record<string, { type: string; settings?: Record<string, unknown>; blocks?: Record<string, BlockEntry>; block_order?: string[] }>;
      order: string[];
    };
    for (const id of template.order) {
      const section = template.sections[id];
      if (!section) continue;
      if (section.type === "apps") {
        let blocks = "";
        for (const blockId of section.block_order ?? Object.keys(section.blocks ?? {})) {
          const entry = section.blocks?.[blockId];
          if (entry && !entry.disabled) blocks += await renderAppBlock(blockId, entry, globals, assets, locale);
        }
        content += `<section class="shopify-section" id="shopify-section-${id}">${blocks}</section>`;
      } else {
        content += await renderSection(section.type, globals, section.settings ?? {}, id);
      }
    }
  } else {
    content = await engine.parseAndRender(files[`templates/${page.type}.liquid`] ?? "", globals);
  }

  // App embeds (target body) are on every page while switched on.
  let embeds = "";
  for (const [id, entry] of Object.entries(embedBlocks(files))) {
    if (!entry.disabled) embeds += await renderAppBlock(id, entry, globals, assets, locale);
  }

  // What Shopify's content_for_header gives scripts: the locale-aware root of the shop's URLs.
  const root = locale === "en" ? "/" : `/${locale}/`;
  const head = [
    `<script>window.Shopify = window.Shopify || {}; Shopify.routes = Shopify.routes || {}; Shopify.routes.root = ${JSON.stringify(root)};</script>`,
    ...(shop.consentBanner ? [CUSTOMER_PRIVACY_SCRIPT] : []),
    ...[...assets.styles].map((file) => `<link rel="stylesheet" href="${EXTENSION_ASSET_PATH}${file}">`),
    ...[...assets.scripts].map((file) => `<script src="${EXTENSION_ASSET_PATH}${file}" defer></script>`),
  ].join("\n");
  const html = await engine.parseAndRender(files["layout/theme.liquid"] ?? "", { ...globals, content_for_header: head, content_for_layout: content });
  return html.replace("</body>", `${embeds}\n${shop.consentBanner ? CONSENT_BANNER : ""}</body>`);
}

// ---------------------------------------------------------------- consent

/**
 * Shopify's Customer Privacy API as a store that asks for consent has it
 * (window.Shopify.customerPrivacy): the shopper's choice lives in the
 * _tracking_consent cookie; without a choice, analytics is not allowed.
 */
const CUSTOMER_PRIVACY_SCRIPT = `<script>
(function () {
  var read = function () { var m = document.cookie.match(/(?:^|; )_tracking_consent=([^;]*)/); return m ? m[1] : ""; };
  window.Shopify.customerPrivacy = {
    analyticsProcessingAllowed: function () { return read() === "yes"; },
    currentVisitorConsent: function () { var c = read(); return { analytics: c === "yes" ? "yes" : c === "no" ? "no" : "" }; },
    setTrackingConsent: function (consent, done) {
      document.cookie = "_tracking_consent=" + (consent && consent.analytics ? "yes" : "no") + "; path=/; SameSite=Lax";
      document.dispatchEvent(new CustomEvent("visitorConsentCollected", { detail: { analyticsAllowed: !!(consent && consent.analytics) } }));
      if (done) done();
    },
  };
})();
</script>`;

/** The cookie banner: until the shopper chooses, then gone. */
const CONSENT_BANNER = `<div id="local-consent" role="region" aria-label="Cookie consent" style="position:fixed;left:16px;right:16px;bottom:16px;padding:16px;background:#fff;border:1px solid #ccc;z-index:2147483647">
  <p>We use cookies to understand how you use this store.</p>
  <button type="button" data-consent="yes">Accept</button>
  <button type="button" data-consent="no">Decline</button>
</div>
<script>
(function () {
  var banner = document.getElementById("local-consent");
  if (/(?:^|; )_tracking_consent=/.test(document.cookie)) { banner.remove(); return; }
  banner.addEventListener("click", function (event) {
    var choice = event.target && event.target.getAttribute("data-consent");
    if (!choice) return;
    window.Shopify.customerPrivacy.setTrackingConsent({ analytics: choice === "yes" }, function () { banner.remove(); });
  });
})();
</script>`;

/**
 * The Section Rendering API's part of an add to cart: each asked-for section of
 * the shop's theme rendered with the new cart, in its wrapper; null for a
 * section the theme does not have.
 */
async function renderThemeSections(
  ctx: LocalShopifyContext,
  shop: ShopState,
  ids: readonly string[],
  cart: Parameters<typeof cartView>[1],
  locale: string,
): Promise<Record<string, string | null>> {
  const files = themeFiles(shop.theme, shop.themeEdits[shop.theme]);
  const scope = liquidGlobals(shop, "cart", cart, locale);
  const engine: Liquid = themeEngine((name, nested) =>
    engine.parseAndRender(files[`sections/${name}.liquid`] ?? "", { ...nested, section: { id: name, settings: {} } }),
  );
  const rendered: Record<string, string | null> = {};
  for (const id of ids) {
    const file = files[`sections/${id}.liquid`];
    rendered[id] =
      file === undefined
        ? null
        : `<div id="shopify-section-${id}" class="shopify-section">${await engine.parseAndRender(file, { ...scope, section: { id, settings: {} } })}</div>`;
  }
  return rendered;
}

function sendExtensionAsset(res: ServerResponse, file: string) {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(file)) return sendText(res, 404, "Not found");
  const path = join(EXTENSION_DIR, "assets", file);
  if (!existsSync(path)) return sendText(res, 404, "Not found");
  const type = file.endsWith(".js") ? "application/javascript; charset=utf-8" : file.endsWith(".css") ? "text/css; charset=utf-8" : "application/octet-stream";
  res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-cache" });
  res.end(readFileSync(path));
}
