/**
 * The server side of Local Shopify's admin: the page that frames the app, the
 * session-token endpoint its script calls, and the App Bridge stand-in.
 * (The browser side is proven in a real Chromium; see ./README.md.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Script } from "node:vm";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, hostParamOf, type LocalShopifyConfig } from "../config.js";
import type { LocalShopifyContext } from "../context.js";
import { mintSessionToken } from "../session-token.js";
import { demoCatalogue } from "../catalogue.js";
import { handleAdminRequest } from "./index.js";

const config: LocalShopifyConfig = {
  port: 0,
  baseUrl: "http://localhost:3100",
  appUrl: "http://localhost:3999",
  apiKey: LOCAL_DEFAULTS.apiKey,
  apiSecret: LOCAL_DEFAULTS.apiSecret,
  appHandle: "clipcart",
  apiVersion: LOCAL_DEFAULTS.apiVersion,
  scopes: LOCAL_DEFAULTS.scopes,
  videoProcessingStepMs: LOCAL_DEFAULTS.videoProcessingStepMs,
  maxVideoBytes: LOCAL_DEFAULTS.maxVideoBytes,
};

const catalogue = demoCatalogue();

function fakeContext(overrides: Partial<LocalShopifyConfig> = {}): LocalShopifyContext {
  const cfg = { ...config, ...overrides };
  return {
    config: cfg,
    state: { shops: {}, tokens: {}, refreshTokens: {}, nextId: 1 },
    mintIdToken: (shop) => mintSessionToken({ shop, apiKey: cfg.apiKey, apiSecret: cfg.apiSecret }),
    shop: (handle) => ({ name: `${handle.replace(/\.myshopify\.com$/, "")} store`, products: catalogue }) as ReturnType<LocalShopifyContext["shop"]>,
    save: () => {},
    deliverWebhook: async () => ({ topic: "", url: "", status: 0, webhookId: "" }),
  };
}

async function startServer(ctx: LocalShopifyContext): Promise<{ server: Server; base: string }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (!(await handleAdminRequest(req, res, url, ctx))) {
      res.writeHead(404).end("not handled");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const secret = new TextEncoder().encode(config.apiSecret);

async function verified(token: string) {
  const { payload } = await jwtVerify(token, secret, { audience: config.apiKey, algorithms: ["HS256"] });
  return payload;
}

/** The iframe's src, read from the page the way a browser would (HTML entities decoded). */
function frameSrcOf(html: string): URL {
  const tag = /<iframe\b[^>]*\bid="app-iframe"[^>]*>/.exec(html)?.[0];
  expect(tag, "the page has the app iframe").toBeTruthy();
  const rawSrc = /\bsrc="([^"]*)"/.exec(tag ?? "")?.[1];
  expect(rawSrc, "the app iframe has a src").toBeDefined();
  const src = rawSrc!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  return new URL(src);
}

let server: Server;
let base: string;

beforeAll(async () => {
  ({ server, base } = await startServer(fakeContext()));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the admin page", () => {
  it("frames the app with the parameters Shopify adds and a session token signed with the app secret", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await fetch(`${base}/store/demo/apps/clipcart/content?tab=videos&shop=evil.myshopify.com&id_token=stale`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();

    const src = frameSrcOf(html);
    expect(src.origin).toBe(config.appUrl);
    expect(src.pathname).toBe("/content");
    expect(src.searchParams.get("tab")).toBe("videos"); // the app's own parameters are kept...
    expect(src.searchParams.getAll("shop")).toEqual(["demo.myshopify.com"]); // ...Shopify's are the admin's
    expect(src.searchParams.get("host")).toBe(hostParamOf("demo.myshopify.com"));
    expect(Buffer.from(src.searchParams.get("host")!, "base64").toString()).toBe("admin.shopify.com/store/demo");
    expect(src.searchParams.get("embedded")).toBe("1");
    expect(src.searchParams.get("locale")).toBe("en");
    expect(src.searchParams.get("session")).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(src.searchParams.get("timestamp"))).toBeGreaterThanOrEqual(before);
    expect(src.searchParams.has("hmac")).toBe(false);

    const tokens = src.searchParams.getAll("id_token");
    expect(tokens).toHaveLength(1);
    const payload = await verified(tokens[0]!);
    expect(payload.aud).toBe(config.apiKey);
    expect(payload.dest).toBe("https://demo.myshopify.com");
    expect(payload.iss).toBe("https://demo.myshopify.com/admin");
    expect(payload.exp! - payload.iat!).toBe(60);
  });

  it("opens the app's home for the bare app URL", async () => {
    const html = await (await fetch(`${base}/store/demo/apps/clipcart`)).text();
    const src = frameSrcOf(html);
    expect(src.pathname).toBe("/");
    expect(src.searchParams.get("shop")).toBe("demo.myshopify.com");
  });

  it("keeps a protocol-relative app path on the app's origin", async () => {
    const src = frameSrcOf(await (await fetch(`${base}/store/demo/apps/clipcart//evil.example/x`)).text());
    expect(src.origin).toBe(config.appUrl);
    expect(src.pathname).toBe("/evil.example/x");
  });

  it("has the test hooks and the chrome, and nothing secret", async () => {
    const html = await (await fetch(`${base}/store/demo/apps/clipcart/widgets`)).text();
    for (const hook of [
      'id="app-iframe"',
      'name="app-iframe"',
      'data-testid="admin-title"',
      'data-testid="admin-app-nav"',
      'data-testid="admin-app-link"',
      'data-testid="admin-toasts"',
      'data-testid="admin-save-bar"',
      'data-testid="admin-modal-backdrop"',
      'data-testid="admin-store-name"',
    ]) {
      expect(html).toContain(hook);
    }
    expect(html).toContain("demo store");
    expect(html).not.toContain(config.apiSecret);
    // The page's config for its script: the token endpoint, never a secret.
    const json = /<script type="application\/json" id="local-shopify-admin-config">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json, "the page has its config script").toBeDefined();
    const pageConfig = JSON.parse(json!);
    expect(pageConfig).toMatchObject({
      shop: "demo.myshopify.com",
      appOrigin: config.appUrl,
      adminBasePath: "/store/demo/apps/clipcart",
      tokenUrl: "/store/demo/apps/clipcart/__session-token",
      productsUrl: "/store/demo/apps/clipcart/__products",
    });
    // The page's own script (./admin-page/, bundled into one): it compiles as a classic script.
    const script = /<script>([\s\S]*)<\/script>\s*<\/body>/.exec(html)?.[1];
    expect(script, "the page has its script").toContain("admin-save-bar-discard");
    expect(() => new Script(script!, { filename: "admin-page.js" })).not.toThrow();
  });

  it("frames an app served under a base path", async () => {
    const { server: other, base: otherBase } = await startServer(fakeContext({ appUrl: "http://localhost:3999/base/" }));
    try {
      const src = frameSrcOf(await (await fetch(`${otherBase}/store/demo/apps/clipcart/plan?x=1`)).text());
      expect(src.pathname).toBe("/base/plan");
      expect(src.searchParams.get("x")).toBe("1");
    } finally {
      other.close();
    }
  });

  it("serves the admin's home, where App Bridge's shopify://admin leads", async () => {
    const home = await fetch(`${base}/store/demo`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toContain("text/html");
    const html = await home.text();
    expect(html).toContain('data-testid="admin-home"');
    expect(html).toContain('href="/store/demo/apps/clipcart"');
    expect((await fetch(`${base}/store/demo/`)).status).toBe(200);
    expect((await fetch(`${base}/store/demo`, { method: "POST" })).status).toBe(405);
  });

  it("leaves other apps and other paths to the core server", async () => {
    expect((await fetch(`${base}/store/demo/apps/other-app`)).status).toBe(404);
    expect((await fetch(`${base}/store/demo/orders`)).status).toBe(404);
    expect((await fetch(`${base}/admin/oauth/access_token`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/store/demo/apps/clipcart`, { method: "DELETE" })).status).toBe(405);
  });
});

describe("the session-token endpoint", () => {
  it("answers a fresh token for the store, valid for the app", async () => {
    const url = `${base}/store/demo/apps/clipcart/__session-token`;
    const first = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("access-control-allow-origin")).toBeNull();
    const { idToken } = (await first.json()) as { idToken: string };
    const payload = await verified(idToken);
    expect(payload.dest).toBe("https://demo.myshopify.com");
    expect(payload.exp!).toBeGreaterThan(Date.now() / 1000 + 50);

    const second = (await (await fetch(url, { method: "POST" })).json()) as { idToken: string };
    expect(second.idToken).not.toBe(idToken);
    expect((await verified(second.idToken)).jti).not.toBe(payload.jti);
  });

  it("refuses other origins and other methods", async () => {
    const url = `${base}/store/demo/apps/clipcart/__session-token`;
    expect((await fetch(url, { method: "POST", headers: { Origin: "http://localhost:3999" } })).status).toBe(403);
    expect((await fetch(url, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
    expect((await fetch(url, { method: "POST", headers: { Origin: base } })).status).toBe(200);
    expect((await fetch(url)).status).toBe(405);
  });
});

describe("the resource picker's products", () => {
  it("answers the shop's products matching the search in App Bridge's Product shape, to the admin page only", async () => {
    const url = `${base}/store/demo/apps/clipcart/__products`;
    const all = (await (await fetch(url)).json()) as { products: Array<Record<string, unknown>> };
    expect(all.products.length).toBeGreaterThan(10);
    const beanie = (await (await fetch(`${url}?query=${encodeURIComponent("wool beanie")}`)).json()) as {
      products: Array<{ id: string; title: string; images: Array<{ originalSrc: string }>; variants: Array<{ id: string; price: string }> }>;
    };
    const first = beanie.products[0];
    expect(first).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      title: expect.stringMatching(/Wool Beanie/),
      images: [{ id: expect.stringMatching(/^gid:\/\/shopify\/ProductImage\//), altText: expect.any(String), originalSrc: expect.stringMatching(/^http/) }],
    });
    expect(first?.variants[0]).toMatchObject({ id: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\//), price: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(beanie.products.every((product) => /beanie/i.test(product.title))).toBe(true);
    expect((await fetch(url, { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
  });
});

describe("/app-bridge.js", () => {
  it("is served as uncached JavaScript that any origin may load", async () => {
    const response = await fetch(`${base}/app-bridge.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const source = await response.text();
    expect(() => new Script(source, { filename: "app-bridge.js" })).not.toThrow();
    for (const needle of [
      "shopify:navigate",
      "ui-nav-menu",
      "ui-title-bar",
      "ui-modal",
      "ui-save-bar",
      "X-Shopify-Retry-Invalid-Session-Request",
      "X-Shopify-API-Request-Failure-Reauthorize-Url",
    ]) {
      expect(source).toContain(needle);
    }
    expect(source).not.toContain(config.apiSecret);
  });
});
