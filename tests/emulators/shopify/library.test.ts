/**
 * The real @shopify/shopify-api against Local Shopify: token exchange and
 * refresh, the GraphQL client, billing request/approve/check/cancel, webhook
 * and app-proxy signatures. If these pass, the app's use of the library works
 * against the emulator unchanged.
 */
import { request as httpRequest } from "node:http";
import { GraphqlQueryError, HttpResponseError, RequestedTokenType, type Session } from "@shopify/shopify-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VARIANT_PICKER_PRODUCT_HANDLE } from "./catalogue.js";
import { mintSessionToken } from "./session-token.js";
import { startTestWorld, type TestWorld } from "./test-support.js";
import { localAdminUrl } from "./urls.js";

let world: TestWorld;
beforeAll(async () => {
  world = await startTestWorld();
});
afterAll(() => world?.close());

const client = (session: Session) => new world.shopify.clients.Graphql({ session });

async function exchange(body: Record<string, unknown>) {
  const response = await fetch(`${world.localShopify.url}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("token exchange", () => {
  it("trades a session token for an offline session the GraphQL API accepts", async () => {
    const session = await world.sessionFor("exchange-offline");
    expect(session.shop).toBe("exchange-offline.myshopify.com");
    expect(session.isOnline).toBe(false);
    expect(session.accessToken).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(session.scope).toBe("read_products,read_themes,read_orders,write_files");
    const { data } = await client(session).request(`{ shop { myshopifyDomain } }`);
    expect(data.shop.myshopifyDomain).toBe("exchange-offline.myshopify.com");
  });

  it("gives online sessions an associated user and an expiry", async () => {
    const session = await world.sessionFor("exchange-online", { online: true });
    expect(session.isOnline).toBe(true);
    expect(session.accessToken).toMatch(/^shpua_/);
    expect(session.onlineAccessInfo?.associated_user.id).toBe(1);
    expect(session.onlineAccessInfo?.associated_user_scope).toBe(session.scope);
    expect(session.expires!.getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  });

  it("issues expiring offline tokens with a refresh token that rotates", async () => {
    const { session } = await world.shopify.auth.tokenExchange({
      shop: "exchange-expiring.myshopify.com",
      sessionToken: await world.localShopify.mintIdToken("exchange-expiring"),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    expect(session.expires!.getTime() - Date.now()).toBeGreaterThan(3500 * 1000);
    expect(session.refreshToken).toMatch(/^shprt_/);

    const { session: refreshed } = await world.shopify.auth.refreshToken({ shop: session.shop, refreshToken: session.refreshToken! });
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(refreshed.refreshToken).not.toBe(session.refreshToken);
    const { data } = await client(refreshed).request(`{ shop { name } }`);
    expect(data.shop.name).toBe("Exchange Expiring");

    const reused = world.shopify.auth.refreshToken({ shop: session.shop, refreshToken: session.refreshToken! });
    await expect(reused).rejects.toMatchObject({ response: { code: 400, body: { error: "invalid_grant" } } });
  });

  it("answers a bad subject token or bad client credentials as Shopify does", async () => {
    const base = {
      client_id: world.localShopify.config.apiKey,
      client_secret: world.localShopify.config.apiSecret,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    };
    const forged = await mintSessionToken({ shop: "x.myshopify.com", apiKey: base.client_id, apiSecret: "not-the-secret" });
    const expired = await mintSessionToken({ shop: "x.myshopify.com", apiKey: base.client_id, apiSecret: base.client_secret, expiresInSeconds: -30 });
    const wrongAudience = await mintSessionToken({ shop: "x.myshopify.com", apiKey: base.client_id, apiSecret: base.client_secret, audience: "other-app" });
    for (const token of [forged, expired, wrongAudience]) {
      const { status, body } = await exchange({ ...base, subject_token: token });
      expect(status).toBe(400);
      expect(body.error).toBe("invalid_subject_token");
    }
    const valid = await world.localShopify.mintIdToken("x");
    expect((await exchange({ ...base, subject_token: valid, client_secret: "wrong" })).status).toBe(401);
    expect((await exchange({ ...base, subject_token: valid })).status).toBe(200);
  });
});

describe("Admin GraphQL through the library's client", () => {
  let session: Session;
  beforeAll(async () => {
    session = await world.sessionFor("graphql-shop");
  });

  const PAGE = `query Products($first: Int, $after: String, $last: Int, $before: String, $query: String) {
    products(first: $first, after: $after, last: $last, before: $before, query: $query) {
      edges { cursor node { id title handle } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;

  interface ProductPage {
    products: {
      edges: Array<{ cursor: string; node: { id: string; title: string; handle: string } }>;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    };
  }

  /** One page of PAGE (the test fails here when the answer has no data). */
  const productPage = async (variables: { first?: number; after?: string | null; last?: number; before?: string | null; query?: string }) => {
    const { data } = await client(session).request<ProductPage>(PAGE, { variables });
    expect(data, "the products page").toBeDefined();
    return data!;
  };

  it("pages through the whole demo catalogue forwards and backwards", async () => {
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const data = await productPage({ first: 25, after });
      ids.push(...data.products.edges.map((e) => e.node.id));
      expect(data.products.pageInfo.hasPreviousPage).toBe(pages > 0);
      after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(73); // 72 generated products and the variant picker's

    expect(ids[0]).toBe("gid://shopify/Product/8800000001");

    const last = await productPage({ last: 5 });
    expect(last.products.edges.map((e) => e.node.id)).toEqual(ids.slice(-5));
    const before = await productPage({ last: 2, before: last.products.pageInfo.startCursor });
    expect(before.products.edges.map((e) => e.node.id)).toEqual(ids.slice(-7, -5));
  });

  it("searches with free text, fields, prefixes and OR", async () => {
    const titles = async (query: string) => (await productPage({ first: 100, query })).products.edges.map((e) => e.node.title);
    expect(await titles("linen")).toEqual([
      "Classic Linen Shirt",
      "Nordic Linen Cushion Cover",
      "Relaxed Linen Shirt",
      "Terracotta Linen Cushion Cover",
      "Everyday Linen Shirt",
      "Coastal Linen Cushion Cover",
    ]);
    expect(await titles("LINEN shirt")).toEqual(["Classic Linen Shirt", "Relaxed Linen Shirt", "Everyday Linen Shirt"]);
    expect(await titles("title:canv*")).toEqual(["Classic Canvas Sneakers", "Relaxed Canvas Sneakers", "Everyday Canvas Sneakers"]);
    expect(await titles("handle:calming-lip-balm")).toEqual(["Calming Lip Balm"]);
    expect(await titles("id:8800000003")).toEqual(["Classic Wool Beanie"]);
    expect(await titles("vendor:'Hearth'")).toEqual([]); // field values match whole, not by word
    expect(await titles("vendor:'Hearth & Loom' tag:bestseller")).toEqual([
      "Nordic Stoneware Mug",
      "Terracotta Scented Candle",
      "Terracotta Woven Basket",
      "Coastal Ceramic Vase",
      "Coastal Table Lamp",
    ]);
    expect((await titles("tag:sale -vendor:'Hearth & Loom'")).length).toBe(12);
    expect(await titles(`vendor:"Glow Botanics" AND product_type:"Lip Care"`)).toEqual(["Hydrating Lip Balm", "Radiance Lip Balm", "Calming Lip Balm"]);
    expect(await titles("handle:classic-linen-shirt OR handle:calming-lip-balm")).toEqual(["Classic Linen Shirt", "Calming Lip Balm"]);
    expect(await titles("status:draft")).toEqual([]);
    expect((await titles("status:active")).length).toBe(73);
  });

  it("serves product details, variants and images from Local Shopify's CDN", async () => {
    const { data } = await client(session).request(
      `query($id: ID!) { product(id: $id) { title vendor productType status totalInventory onlineStoreUrl
        priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount } }
        featuredMedia { ... on MediaImage { image { url altText width height } } }
        variants(first: 5) { nodes { id title price compareAtPrice sku inventoryQuantity availableForSale } } } }`,
      { variables: { id: "gid://shopify/Product/8800000001" } },
    );
    const p = data.product;
    expect(p).toMatchObject({ title: "Classic Linen Shirt", vendor: "Northwind Apparel", productType: "Shirts", status: "ACTIVE" });
    expect(p.priceRangeV2).toEqual({ minVariantPrice: { amount: "58.0", currencyCode: "USD" }, maxVariantPrice: { amount: "58.0" } });
    expect(p.variants.nodes).toHaveLength(1);
    expect(p.variants.nodes[0]).toMatchObject({ title: "S", price: "58.00", sku: "APP-001-1", availableForSale: true });
    expect(p.onlineStoreUrl).toBe(`http://graphql-shop.localhost:${world.localShopify.config.port}/products/classic-linen-shirt`);
    const image = await fetch(p.featuredMedia.image.url);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(await image.text()).toContain("Classic Linen");
  });

  it("answers options and each variant's selected options, compare-at price and availability as Shopify does", async () => {
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { handle hasOnlyDefaultVariant options { name values }
      variants(first: 10) { nodes { title price compareAtPrice availableForSale selectedOptions { name value } } } } } }`;
    const ids = ["gid://shopify/Product/8800900001", "gid://shopify/Product/8800000002", "gid://shopify/Product/8800000017"];
    const { data } = await client(session).request(query, { variables: { ids } });
    const [hoodie, tShirt, candle] = data.nodes;
    expect(hoodie.handle).toBe(VARIANT_PICKER_PRODUCT_HANDLE);
    expect(hoodie.hasOnlyDefaultVariant).toBe(false);
    expect(hoodie.options).toEqual([
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Color", values: ["Black", "Sand"] },
    ]);
    const byTitle = Object.fromEntries(hoodie.variants.nodes.map((variant: { title: string }) => [variant.title, variant]));
    expect(Object.keys(byTitle)).toEqual(["S / Black", "S / Sand", "M / Black", "M / Sand", "L / Black", "L / Sand"]);
    expect(byTitle["M / Sand"]).toMatchObject({ availableForSale: false, price: "64.00", compareAtPrice: null });
    expect(byTitle["L / Black"]).toEqual({
      title: "L / Black",
      price: "54.00",
      compareAtPrice: "64.00",
      availableForSale: true,
      selectedOptions: [
        { name: "Size", value: "L" },
        { name: "Color", value: "Black" },
      ],
    });
    // The demo's other products keep their one option: "Size", or "Title" for a product with only its default variant.
    expect(tShirt).toMatchObject({ hasOnlyDefaultVariant: false, options: [{ name: "Size", values: ["S", "M"] }] });
    expect(tShirt.variants.nodes[1].selectedOptions).toEqual([{ name: "Size", value: "M" }]);
    expect(candle).toMatchObject({ hasOnlyDefaultVariant: true, options: [{ name: "Title", values: ["Default Title"] }] });
    expect(candle.variants.nodes[0].selectedOptions).toEqual([{ name: "Title", value: "Default Title" }]);
  });

  it("answers an unknown access token with Shopify's 401", async () => {
    const forged = { ...session, accessToken: "shpat_forged" } as Session;
    const error = await client(forged)
      .request(`{ shop { name } }`)
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpResponseError);
    expect(error.response.code).toBe(401);
    const raw = await fetch(`${world.localShopify.url}/admin/api/2025-10/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": "shpat_forged" },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
  });

  it("rejects a field the Admin schema lacks, with Shopify's error shape", async () => {
    const error = await client(session)
      .request(`query ShopName { shop { name favouriteColour } }`)
      .catch((e) => e);
    expect(error).toBeInstanceOf(GraphqlQueryError);
    expect(error.body.errors.graphQLErrors).toEqual([
      {
        message: "Field 'favouriteColour' doesn't exist on type 'Shop'",
        locations: [{ line: 1, column: 30 }],
        path: ["query ShopName", "shop", "favouriteColour"],
        extensions: { code: "undefinedField", typeName: "Shop", fieldName: "favouriteColour" },
      },
    ]);
  });
});

describe("billing", () => {
  it("requests, approves on the confirmation page, checks and cancels a subscription", async () => {
    const session = await world.sessionFor("billing-shop");
    const shopifyConfirmationUrl = await world.shopify.billing.request({ session, plan: "Premium", isTest: true, returnUrl: `${world.appUrl}/plan` });
    expect(shopifyConfirmationUrl).toMatch(
      /^https:\/\/billing-shop\.myshopify\.com\/admin\/charges\/clipcart\/\d+\/RecurringApplicationCharge\/confirm_recurring_application_charge\?signature=/,
    );
    const confirmationUrl = localAdminUrl(world.localShopify.config, shopifyConfirmationUrl);
    expect(confirmationUrl.startsWith(`${world.localShopify.url}/store/billing-shop/charges/clipcart/`)).toBe(true);
    expect(await world.shopify.billing.check({ session, plans: ["Premium"], isTest: true })).toBe(false);

    const page = await (await fetch(confirmationUrl)).text();
    expect(page).toContain("Premium");
    expect(page).toContain("$5.99 USD every 30 days");

    const approve = await fetch(confirmationUrl, { method: "POST", body: new URLSearchParams({ decision: "approve" }), redirect: "manual" });
    expect(approve.status).toBe(302);
    const chargeId = /\/(\d+)\/RecurringApplicationCharge/.exec(confirmationUrl)![1];
    expect(approve.headers.get("location")).toBe(`${world.appUrl}/plan?charge_id=${chargeId}`);

    const payments = await world.shopify.billing.check({ session, plans: ["Premium"], isTest: true, returnObject: true });
    expect(payments.hasActivePayment).toBe(true);
    expect(payments.appSubscriptions[0]).toMatchObject({ id: `gid://shopify/AppSubscription/${chargeId}`, name: "Premium", status: "ACTIVE", test: true });
    const subscription = payments.appSubscriptions[0]!;
    expect(subscription.lineItems?.[0]?.plan.pricingDetails).toMatchObject({ price: { amount: 5.99, currencyCode: "USD" }, interval: "EVERY_30_DAYS" });

    const update = world.received.find(
      (r) => r.path === "/webhooks/app_subscriptions/update" && r.headers["x-shopify-shop-domain"] === "billing-shop.myshopify.com",
    );
    expect(update?.valid).toBe(true);
    expect(JSON.parse(update!.body).app_subscription).toMatchObject({
      admin_graphql_api_id: subscription.id,
      status: "ACTIVE",
      price: "5.99",
      interval: "every_30_days",
    });

    const cancelled = await world.shopify.billing.cancel({ session, subscriptionId: subscription.id, isTest: true, prorate: false });
    expect(cancelled.status).toBe("CANCELLED");
    expect(await world.shopify.billing.check({ session, plans: ["Premium"], isTest: true })).toBe(false);
  });

  it("declining sends the merchant back to the app in the admin", async () => {
    const session = await world.sessionFor("billing-decline");
    const confirmationUrl = localAdminUrl(world.localShopify.config, await world.shopify.billing.request({ session, plan: "Premium", isTest: true }));
    const decline = await fetch(confirmationUrl, { method: "POST", body: new URLSearchParams({ decision: "decline" }), redirect: "manual" });
    expect(decline.headers.get("location")).toBe(`${world.localShopify.url}/store/billing-decline/apps/clipcart`);
    expect(world.localShopify.snapshot("billing-decline").subscriptions[0]?.status).toBe("DECLINED");
    expect((await fetch(confirmationUrl.replace(/signature=\w+/, "signature=forged"))).status).toBe(404);
  });
});

describe("webhooks", () => {
  it("signs deliveries so webhooks.validate accepts them, and records the app's answer", async () => {
    const result = await world.localShopify.sendWebhook("hooks-shop", "shop/redact");
    expect(result.status).toBe(200);
    const delivery = world.received.find((r) => r.headers["x-shopify-webhook-id"] === result.webhookId)!;
    expect(delivery).toMatchObject({ path: "/webhooks/shop/redact", valid: true });
    expect(delivery.headers).toMatchObject({
      "x-shopify-topic": "shop/redact",
      "x-shopify-shop-domain": "hooks-shop.myshopify.com",
      "x-shopify-api-version": "2025-10",
    });
    expect(JSON.parse(delivery.body)).toEqual({ shop_id: world.localShopify.snapshot("hooks-shop").id, shop_domain: "hooks-shop.myshopify.com" });
    expect(world.localShopify.snapshot("hooks-shop").webhookDeliveries.map((d) => [d.topic, d.status])).toEqual([["shop/redact", 200]]);
  });

  it("uninstall revokes tokens and delivers app/uninstalled with the shop", async () => {
    const session = await world.sessionFor("uninstall-shop");
    const response = await fetch(`${world.localShopify.url}/__local/shops/uninstall-shop/uninstall`, { method: "POST" });
    expect((await response.json()).status).toBe(200);
    const delivery = world.received.find(
      (r) => r.path === "/webhooks/app/uninstalled" && r.headers["x-shopify-shop-domain"] === "uninstall-shop.myshopify.com",
    );
    expect(delivery?.valid).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({ myshopify_domain: "uninstall-shop.myshopify.com", currency: "USD" });
    const error = await client(session)
      .request(`{ shop { name } }`)
      .catch((e) => e);
    expect(error.response.code).toBe(401);
  });
});

describe("app proxy", () => {
  it("forwards storefront requests to the app with a signature the library validates", async () => {
    const response = await fetch(`${world.localShopify.url}/storefront/proxy-shop/apps/clipcart/widgets/7?lang=en&tag=a&tag=b&signature=smuggled`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-app")).toBe("clipcart");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ path: "/proxy/widgets/7", method: "GET", body: "" });

    const forwarded = world.received.filter((r) => r.kind === "proxy").at(-1)!;
    expect(forwarded.valid).toBe(true);
    expect(forwarded.query.get("shop")).toBe("proxy-shop.myshopify.com");
    expect(forwarded.query.get("path_prefix")).toBe("/apps/clipcart");
    expect(forwarded.query.get("logged_in_customer_id")).toBe("");
    expect(forwarded.query.getAll("tag")).toEqual(["a", "b"]);
    expect(forwarded.query.getAll("signature")).toHaveLength(1);
  });

  it("passes POST bodies through and serves the Host form (<handle>.localhost)", async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: world.localShopify.config.port,
          path: "/apps/clipcart/events",
          method: "POST",
          headers: { host: `host-shop.localhost:${world.localShopify.config.port}`, "content-type": "application/json" },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ event: "click" }));
    });
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({ path: "/proxy/events", method: "POST", body: '{"event":"click"}' });
    const forwarded = world.received.filter((r) => r.kind === "proxy").at(-1)!;
    expect(forwarded.query.get("shop")).toBe("host-shop.myshopify.com");
    expect(forwarded.valid).toBe(true);
  });
});
