/**
 * Local Shopify's admin: the page that frames the app the way Shopify's admin
 * does, and the App Bridge stand-in script the app loads inside that frame.
 *
 *   GET  /store/<handle>/apps/<appHandle>[/<app path>][?<app query>]  the admin page
 *   POST /store/<handle>/apps/<appHandle>/__session-token             { idToken } for the page's script
 *   GET  /store/<handle>/apps/<appHandle>/__app-extensions            what shopify.app.extensions() answers
 *   GET  /store/<handle>/apps/<appHandle>/__products?query=          { products } for the page's resource picker
 *   GET  /app-bridge.js                                               the stand-in (./app-bridge/, bundled)
 *
 * Tokens are minted here, on the server, so the app secret never reaches a
 * browser. The browser side lives in ./admin-page/ (admin) and
 * ./app-bridge/ (app frame), each bundled into one script by
 * ./browser-scripts.ts; how they talk is described in ./README.md.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostParamOf, shopDomainOf, type LocalShopifyConfig } from "../config.js";
import type { LocalShopifyContext } from "../context.js";
import type { AdminPageConfig } from "./protocol.js";
import { appExtensionsOf } from "../app-extensions.js";
import { pickerProducts } from "./resource-picker.js";
import { browserScript } from "./browser-scripts.js";

const ADMIN_PATH = /^\/store\/([a-z0-9][a-z0-9-]*)\/apps\/([^/]+)(\/.*)?$/i;
/** The admin's home page: where App Bridge's `shopify://admin` leads (an app leaving itself for the admin). */
const ADMIN_HOME_PATH = /^\/store\/([a-z0-9][a-z0-9-]*)\/?$/i;
const SESSION_TOKEN_PATH = "/__session-token";
const APP_EXTENSIONS_PATH = "/__app-extensions";
const PRODUCTS_PATH = "/__products";

/**
 * Query parameters Shopify adds to the frame URL (the library strips the same
 * list from admin URLs). The admin's own URL carries only the app's parameters.
 */
const EMBED_PARAMS = ["embedded", "hmac", "host", "id_token", "locale", "protocol", "session", "shop", "timestamp", "appLoadId"];

const asset = (name: string) => readFile(new URL(`./${name}`, import.meta.url), "utf8");

export async function handleAdminRequest(req: IncomingMessage, res: ServerResponse, url: URL, ctx: LocalShopifyContext): Promise<boolean> {
  if (url.pathname === "/app-bridge.js") {
    await serveAppBridge(req, res);
    return true;
  }

  const [, home] = ADMIN_HOME_PATH.exec(url.pathname) ?? [];
  if (home) {
    if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(res, "GET, HEAD");
    serveAdminHome(res, home.toLowerCase(), ctx);
    return true;
  }

  const [, store, appHandle, appPath = "/"] = ADMIN_PATH.exec(url.pathname) ?? [];
  if (!store || appHandle !== ctx.config.appHandle) return false;
  const storeHandle = store.toLowerCase();

  if (appPath === SESSION_TOKEN_PATH) {
    if (req.method !== "POST") return methodNotAllowed(res, "POST");
    await serveSessionToken(req, res, storeHandle, ctx);
    return true;
  }
  if (appPath === APP_EXTENSIONS_PATH) {
    if (req.method !== "GET") return methodNotAllowed(res, "GET");
    if (!fromAdminPage(req)) sendJson(res, 403, { error: "Only the local admin page may ask." });
    else sendJson(res, 200, { extensions: appExtensionsOf(ctx.shop(storeHandle)) });
    return true;
  }
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(res, "GET, HEAD");
  if (appPath === PRODUCTS_PATH) {
    servePickerProducts(req, res, url, storeHandle, ctx);
    return true;
  }
  await serveAdminPage(req, res, url, { storeHandle, appPath }, ctx);
  return true;
}

// ------------------------------------------------------------------ the page

/** The iframe URL: the app's path and own query, plus what Shopify adds (no hmac with id_token). */
function appFrameUrl(config: LocalShopifyConfig, shop: string, appPath: string, adminQuery: URLSearchParams, idToken: string): string {
  const base = new URL(config.appUrl);
  // One leading slash: "//host/x" must stay a path on the app, not become another origin.
  const frame = new URL(base.pathname.replace(/\/+$/, "") + appPath.replace(/^\/+/, "/"), base.origin);
  for (const [name, value] of adminQuery) if (!EMBED_PARAMS.includes(name)) frame.searchParams.append(name, value);
  frame.searchParams.set("embedded", "1");
  frame.searchParams.set("host", hostParamOf(shop));
  frame.searchParams.set("id_token", idToken);
  frame.searchParams.set("locale", "en");
  frame.searchParams.set("session", randomBytes(32).toString("hex"));
  frame.searchParams.set("shop", shop);
  frame.searchParams.set("timestamp", String(Math.floor(Date.now() / 1000)));
  return frame.href;
}

async function serveAdminPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  where: { storeHandle: string; appPath: string },
  ctx: LocalShopifyContext,
): Promise<void> {
  const { config } = ctx;
  const shop = shopDomainOf(where.storeHandle);
  const storeName = ctx.shop(where.storeHandle).name || where.storeHandle;
  const appName = config.appHandle.charAt(0).toUpperCase() + config.appHandle.slice(1);
  const frameSrc = appFrameUrl(config, shop, where.appPath, url.searchParams, await ctx.mintIdToken(shop));
  const appUrl = new URL(config.appUrl);
  const adminBasePath = `/store/${where.storeHandle}/apps/${config.appHandle}`;

  // Everything the page's script needs, and nothing secret.
  const pageConfig: AdminPageConfig = {
    shop,
    host: hostParamOf(shop),
    storeName,
    appName,
    appOrigin: appUrl.origin,
    appBasePath: appUrl.pathname.replace(/\/+$/, ""),
    adminBasePath,
    tokenUrl: adminBasePath + SESSION_TOKEN_PATH,
    extensionsUrl: adminBasePath + APP_EXTENSIONS_PATH,
    productsUrl: adminBasePath + PRODUCTS_PATH,
    embedParams: EMBED_PARAMS,
  };
  const [css, script] = await Promise.all([asset("admin-page.css"), browserScript("admin-page/main.js")]);
  const html = renderAdminPage({ storeName, appName, adminBasePath, frameSrc, css, script, pageConfig });
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
    "Referrer-Policy": "origin",
  });
  res.end(req.method === "HEAD" ? undefined : html);
}

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
// JSON inside <script> must not be able to close the tag.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function renderAdminPage(view: {
  storeName: string;
  appName: string;
  adminBasePath: string;
  frameSrc: string;
  css: string;
  script: string;
  pageConfig: AdminPageConfig;
}): string {
  const store = escapeHtml(view.storeName);
  const app = escapeHtml(view.appName);
  const inert = ["Home", "Orders", "Products", "Customers", "Content", "Analytics", "Marketing", "Discounts"]
    .map((label) => `<li><span class="inert" title="Not emulated by Local Shopify">${label}</span></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${app} · ${store}</title>
<style>${view.css}</style>
</head>
<body>
<header class="topbar">
  <div class="logo">shopify<small>local</small></div>
  <div class="search" aria-hidden="true">Search</div>
  <div class="store" data-testid="admin-store-name"><span class="store-badge" aria-hidden="true">${escapeHtml(view.storeName.slice(0, 2))}</span>${store}</div>
  <div class="save-bar" data-testid="admin-save-bar" role="region" aria-label="Unsaved changes" hidden>
    <span class="message">Unsaved changes</span>
    <button type="button" data-testid="admin-save-bar-discard">Discard</button>
    <button type="button" data-testid="admin-save-bar-save" data-variant="primary">Save</button>
  </div>
</header>
<div class="loading" data-testid="admin-loading" role="progressbar" aria-label="Loading" hidden></div>
<nav class="sidebar" aria-label="Admin">
  <ul>${inert}</ul>
  <h2>Apps</h2>
  <ul>
    <li><a class="app-link" data-testid="admin-app-link" href="${escapeHtml(view.adminBasePath)}"><span class="app-icon" aria-hidden="true">${app.charAt(0)}</span>${app}</a></li>
  </ul>
  <ul class="app-nav" data-testid="admin-app-nav" aria-label="${app}"></ul>
</nav>
<main>
  <div class="title-bar">
    <button type="button" class="breadcrumb" data-testid="admin-breadcrumb" aria-label="Back" hidden>&larr;</button>
    <h1 data-testid="admin-title">${app}</h1>
    <div class="actions" data-testid="admin-title-actions"></div>
  </div>
  <iframe id="app-iframe" name="app-iframe" title="${app}" src="${escapeHtml(view.frameSrc)}" allow="clipboard-read; clipboard-write"></iframe>
</main>
<div class="toasts" data-testid="admin-toasts" aria-live="polite"></div>
<ol data-testid="admin-toast-log" hidden></ol>
<div class="chrome-backdrop" data-testid="admin-modal-backdrop" hidden></div>
<div data-testid="admin-modal-layer"></div>
<script type="application/json" id="local-shopify-admin-config">${scriptJson(view.pageConfig)}</script>
<script>${view.script}</script>
</body>
</html>
`;
}

// ------------------------------------------------------------ the admin home

/** A plain home page: the store's name and a way back into the app, as the admin's Home shows its apps. */
function serveAdminHome(res: ServerResponse, storeHandle: string, ctx: LocalShopifyContext): void {
  const storeName = escapeHtml(ctx.shop(storeHandle).name || storeHandle);
  const appHref = escapeHtml(`/store/${storeHandle}/apps/${ctx.config.appHandle}`);
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Home · ${storeName}</title></head>
<body>
<main data-testid="admin-home">
  <h1>Home</h1>
  <p data-testid="admin-store-name">${storeName}</p>
  <p><a href="${appHref}">Apps</a></p>
</main>
</body>
</html>
`;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(body);
}

// ----------------------------------------------------------- session tokens

async function serveSessionToken(req: IncomingMessage, res: ServerResponse, storeHandle: string, ctx: LocalShopifyContext) {
  // Only the admin page itself may ask (browsers send Origin on POST); other
  // origins could not read the answer anyway, since there is no CORS header.
  if (!fromAdminPage(req)) {
    sendJson(res, 403, { error: "Session tokens are only handed to the local admin page." });
    return;
  }
  req.resume(); // the body is not used
  sendJson(res, 200, { idToken: await ctx.mintIdToken(shopDomainOf(storeHandle)) });
}

/** A request the admin page itself sent (same origin), not another site's. */
function fromAdminPage(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  return !((origin && safeHost(origin) !== req.headers.host) || (site && site !== "same-origin"));
}

// ------------------------------------------------------ the resource picker

/** The shop's products for the admin page's resource picker; like tokens, only for the admin page itself. */
function servePickerProducts(req: IncomingMessage, res: ServerResponse, url: URL, storeHandle: string, ctx: LocalShopifyContext) {
  const site = req.headers["sec-fetch-site"];
  if (site && site !== "same-origin") {
    sendJson(res, 403, { error: "The resource picker's products are only handed to the local admin page." });
    return;
  }
  const products = ctx.shop(storeHandle).products ?? [];
  sendJson(res, 200, { products: pickerProducts(ctx.config, products, url.searchParams.get("query") ?? "") });
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------- the stand-in

async function serveAppBridge(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const cors = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" };
  if (req.method === "OPTIONS") {
    res.writeHead(204, { ...cors, "Access-Control-Allow-Methods": "GET, HEAD", "Access-Control-Max-Age": "600" });
    res.end();
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    methodNotAllowed(res, "GET, HEAD");
    return;
  }
  const body = await browserScript("app-bridge/main.js");
  res.writeHead(200, {
    ...cors,
    "Content-Type": "application/javascript; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

// ---------------------------------------------------------------- helpers

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(text);
}

function methodNotAllowed(res: ServerResponse, allow: string): true {
  res.writeHead(405, { Allow: allow, "Content-Type": "text/plain; charset=utf-8" });
  res.end("Method Not Allowed");
  return true;
}
