/**
 * Shops' storefronts. A storefront is addressed by host, `<handle>.localhost:<port>`
 * (what a browser uses; the shop is the Host's first label), or by path,
 * `/storefront/<handle>/...` (for Node clients that can't set Host).
 *
 * A shop on one of Shopify's own themes (seed { realTheme }) is served by
 * real-themes/storefront.ts (decision 064). Otherwise pages (home, product,
 * collection, cart) are rendered with liquidjs from the shop's built-in theme
 * (theme-files.ts plus the merchant's edits): a JSON
 * theme's templates are sections, among them "apps" sections holding app
 * blocks; a vintage theme's templates are Liquid. App blocks and app embeds
 * (config/settings_data.json) render the theme app extension's real Liquid
 * (extensions/clipcart-widgets) with their settings and the app-data
 * metafields the app published; their schema's javascript and stylesheet are
 * loaded once per page, as Shopify does. Rendering never calls the app.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Liquid, type TagToken, type TopLevelToken } from "liquidjs";
import { extensionLocales } from "../../extension/extension-files.js";
import { EXTENSION_ASSET_PATH, appAssetTags, appMetafields, renderAppBlock, sendExtensionAsset, type Assets } from "./app-blocks.js";
import { appProxyRest, forwardAppProxy } from "./app-proxy.js";
import { CONSENT_BANNER, CUSTOMER_PRIVACY_SCRIPT } from "./consent.js";
import type { LocalShopifyContext } from "./context.js";
import { handleCart, cartView, currentCart } from "./storefront-cart.js";
import { handleThemeEditor } from "./theme-editor.js";
import { embedBlocks, themeFiles, type BlockEntry } from "./theme-files.js";
import { escapeHtml, sendJson, sendText } from "./http.js";
import type { CartState, ShopState } from "./state.js";
import { productImageUrl } from "./urls.js";
import type { Product } from "./catalogue.js";
import { handleThemeCdn } from "./real-themes/shopify-head.js";
import { handleRealThemeStorefront } from "./real-themes/storefront.js";

/** The storefront a request is for, and the path within it; null for admin/API requests. */
export function storefrontTarget(req: IncomingMessage, url: URL): { handle: string; path: string } | null {
  const host = ((req.headers.host ?? "").split(":")[0] ?? "").toLowerCase();
  const hostHandle = /^([a-z0-9][a-z0-9-]*)\.localhost$/.exec(host)?.[1];
  if (hostHandle) return { handle: hostHandle, path: url.pathname };
  const [, pathHandle, pathInStore = "/"] = /^\/storefront\/([a-z0-9][a-z0-9-]*)(\/.*)?$/.exec(url.pathname) ?? [];
  if (pathHandle) return { handle: pathHandle, path: pathInStore };
  return null;
}

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
  if (handleThemeCdn(res, path)) return;
  // Browsers ask every site for an icon; the local stores have none (and say so without an error).
  if (path === "/favicon.ico") {
    res.writeHead(204, { "Cache-Control": "public, max-age=86400" }).end();
    return;
  }
  if (thankYouPage(res, shop, path)) return;
  if (shop.realTheme) return handleRealThemeStorefront(req, res, url, ctx, shop, shop.realTheme, path, locale);
  if (await handleCart(req, res, url, ctx, shop, path, (ids, cart) => renderThemeSections(ctx, shop, ids, cart, locale))) return;
  if (req.method !== "GET" && req.method !== "HEAD") return sendText(res, 405, "Method not allowed");

  // The Section Rendering API on any page of the built-in themes: ?sections=a,b (JSON) or ?section_id=a (HTML).
  const sections = url.searchParams.get("sections");
  const sectionId = url.searchParams.get("section_id");
  if (sections || sectionId) {
    const ids = sections ? sections.split(",").map((id) => id.trim()) : [sectionId ?? ""];
    if (ids.length > 5) return sendJson(res, 400, { error: "Too many sections: at most 5" });
    const rendered = await renderThemeSections(ctx, shop, ids, currentCart(req, shop), locale);
    if (sections) return sendJson(res, 200, rendered, { "Cache-Control": "no-store" });
    const html = rendered[sectionId ?? ""];
    return html ? sendText(res, 200, html, "text/html; charset=utf-8") : sendText(res, 404, "Section not found");
  }

  const page = pageFor(shop, path);
  if (!page) return sendText(res, 404, `Local storefront of ${shop.domain}: ${path} not found`);
  const html = await renderPage(ctx, shop, page, currentCart(req, shop), locale);
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : html);
}

/** The stand-in checkout's last page (any theme). */
function thankYouPage(res: ServerResponse, shop: ShopState, path: string): boolean {
  const thankYou = /^\/checkouts\/thank-you\/(\d+)$/.exec(path);
  if (!thankYou) return false;
  const order = shop.orders.find((o) => o.id === Number(thankYou[1]));
  if (!order) return (sendText(res, 404, "No such order"), true);
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(
    `<!doctype html><title>Thank you</title><main><h1>Thank you for your order!</h1><p data-order-name>Order ${escapeHtml(order.name)}</p><p>Total: $${escapeHtml(order.totalPrice)}</p><p><a href="/">Continue shopping</a></p></main>`,
  );
  return true;
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

// ---------------------------------------------------------------- theme rendering

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

/** What every page's (and every re-rendered section's) Liquid sees of the shop, the request and the cart. */
function liquidGlobals(shop: ShopState, pageType: PageType, cart: CartState, locale: string) {
  return {
    shop: { name: shop.name, domain: shop.domain, currency: "USD" },
    request: { page_type: pageType, design_mode: false, host: shop.domain, locale: { iso_code: locale } },
    cart: cartView(shop, cart),
  };
}

async function renderPage(ctx: LocalShopifyContext, shop: ShopState, page: Page, cart: CartState, locale: string): Promise<string> {
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
    appAssetTags(assets),
  ].join("\n");
  const html = await engine.parseAndRender(files["layout/theme.liquid"] ?? "", { ...globals, content_for_header: head, content_for_layout: content });
  return html.replace("</body>", `${embeds}\n${shop.consentBanner ? CONSENT_BANNER : ""}</body>`);
}

/**
 * The Section Rendering API's part of an add to cart: each asked-for section of
 * the shop's theme rendered with the new cart, in its wrapper; null for a
 * section the theme does not have.
 */
async function renderThemeSections(
  ctx: LocalShopifyContext,
  shop: ShopState,
  ids: readonly string[],
  cart: CartState,
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
