/**
 * For Local Shopify's own tests: an emulator in process, the real
 * @shopify/shopify-api pointed at it through its one fetch seam, and a tiny
 * stand-in app that receives webhooks and app-proxy requests and checks their
 * signatures with the library, as the real app's routes will.
 */
import "@shopify/shopify-api/adapters/node";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiVersion, BillingInterval, LogSeverity, RequestedTokenType, shopifyApi, type Session } from "@shopify/shopify-api";
import { installLocalShopifyFetch } from "~/shopify/local-shopify.server";
import { LOCAL_DEFAULTS } from "./config.js";
import { readBody } from "./http.js";
import { startLocalShopify, type LocalShopify } from "./server.js";

export interface Received {
  kind: "webhook" | "proxy";
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  valid: boolean;
}

/** The library configured as the app configures it (embedded, token exchange, a Premium plan). */
function createShopify(appPort: number) {
  return shopifyApi({
    apiKey: LOCAL_DEFAULTS.apiKey,
    apiSecretKey: LOCAL_DEFAULTS.apiSecret,
    apiVersion: ApiVersion.October25,
    scopes: LOCAL_DEFAULTS.scopes.split(","),
    hostName: `localhost:${appPort}`,
    hostScheme: "http",
    isEmbeddedApp: true,
    logger: { level: LogSeverity.Error },
    billing: {
      Premium: { lineItems: [{ amount: 5.99, currencyCode: "USD", interval: BillingInterval.Every30Days }] },
    },
  });
}

export interface TestWorld {
  localShopify: LocalShopify;
  shopify: ReturnType<typeof createShopify>;
  appUrl: string;
  received: Received[];
  /** A session for `shop` obtained by a real token exchange (with a fresh or the given session token). */
  sessionFor(shop: string, options?: { online?: boolean; idToken?: string }): Promise<Session>;
  /** Points the library's fetch at this world (the seam is global; worlds may coexist in a file). */
  use(): void;
  close(): Promise<void>;
}

/** Points the library's fetch at this Local Shopify through the app's own seam: only `https://<shop>.myshopify.com/...` moves. */
function rewriteShopifyFetch(baseUrl: string): void {
  const origin = new URL(baseUrl).origin;
  installLocalShopifyFetch({ origin, appBridgeUrl: `${origin}/app-bridge.js` });
}

export async function startTestWorld(options: { stateFile?: string; scopes?: string } = {}): Promise<TestWorld> {
  const received: Received[] = [];
  // The stand-in app listens first: the library is configured with its port.
  const configured: { shopify?: ReturnType<typeof createShopify> } = {};
  const library = () => {
    if (!configured.shopify) throw new Error("The stand-in app got a request before the Shopify library was configured");
    return configured.shopify;
  };

  // The stand-in app: answers like the real routes would after authenticating.
  const app: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://app.local");
    const body = (await readBody(req)).toString("utf8");
    if (url.pathname.startsWith("/webhooks/")) {
      const check = await library().webhooks.validate({ rawBody: body, rawRequest: req, rawResponse: res });
      received.push({ kind: "webhook", method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, body, valid: check.valid });
      res.writeHead(check.valid ? 200 : 401).end();
      return;
    }
    if (url.pathname.startsWith("/proxy")) {
      const valid = await library()
        .utils.validateHmac(url.searchParams, { signator: "appProxy" })
        .catch(() => false);
      received.push({ kind: "proxy", method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, body, valid });
      res.writeHead(valid ? 200 : 401, { "Content-Type": "application/json; charset=utf-8", "Set-Cookie": "tracking=1", "X-App": "clipcart" });
      res.end(JSON.stringify({ path: url.pathname, method: req.method, body }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => app.listen(0, resolve));
  const appPort = (app.address() as AddressInfo).port;
  const appUrl = `http://localhost:${appPort}`;

  const localShopify = await startLocalShopify({
    port: 0,
    appUrl,
    stateFile: options.stateFile,
    ...(options.scopes ? { scopes: options.scopes } : {}),
  });
  const shopify = createShopify(appPort);
  configured.shopify = shopify;
  rewriteShopifyFetch(localShopify.url);

  return {
    localShopify,
    shopify,
    appUrl,
    received,
    use: () => rewriteShopifyFetch(localShopify.url),
    async sessionFor(shop, { online = false, idToken }: { online?: boolean; idToken?: string } = {}) {
      rewriteShopifyFetch(localShopify.url);
      const { session } = await shopify.auth.tokenExchange({
        shop: shop.includes(".") ? shop : `${shop}.myshopify.com`,
        sessionToken: idToken ?? (await localShopify.mintIdToken(shop)),
        requestedTokenType: online ? RequestedTokenType.OnlineAccessToken : RequestedTokenType.OfflineAccessToken,
      });
      return session;
    },
    async close() {
      await localShopify.close();
      app.closeAllConnections();
      await new Promise<void>((resolve) => app.close(() => resolve()));
    },
  };
}
