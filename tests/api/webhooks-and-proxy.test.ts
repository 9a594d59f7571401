import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, inject } from "vitest";
import { prisma } from "~/db.server";
import { action as createShop } from "~/routes/api.shops._index";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as subscriptionUpdate } from "~/routes/webhooks.app_subscriptions.update";
import { action as customersDataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { action as upgradeRoute } from "~/routes/api.billing.upgrade";
import { loader as proxyLoader } from "~/routes/proxy.$";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { localAdminUrl } from "../emulators/shopify/urls";
import { webhookRequest } from "../emulators/shopify/webhooks";
import { proxiedUrl } from "../emulators/shopify/app-proxy";
import { apiRequest, callRoute, DESKTOP_USER_AGENT, localShopify, uniqueShop } from "../support/app-requests";
import { failWrites, statusShopifySees } from "../support/database-faults";
import { expectConsoleError, expectConsoleWarn } from "../support/console-guard";

const config = () => ({ ...readLocalShopifyConfig(), appUrl: inject("appUrl") });

/** The request Local Shopify's webhook sender would deliver. */
function signedWebhook(shop: string, topic: string, payload: unknown, webhookId?: string) {
  const { url, init } = webhookRequest(config(), shop, topic, payload, webhookId);
  return new Request(url, init);
}

async function installedShop() {
  const shop = uniqueShop("hooks");
  const response = await callRoute(createShop, await apiRequest(shop, "/api/shops", { body: { shopDomain: shop } }));
  expect(response.status).toBe(201);
  return shop;
}

const subscription = (status: string, id = "gid://shopify/AppSubscription/4242", shopGid = "gid://shopify/Shop/1") => ({
  app_subscription: { admin_graphql_api_id: id, name: "Premium", status, admin_graphql_api_shop_id: shopGid },
});

/** The merchant upgrades and approves the charge on Shopify's page: Shopify now lists an ACTIVE subscription for the shop. */
async function approvedSubscription(shop: string): Promise<{ id: string; shopGid: string }> {
  const upgrade = await callRoute(upgradeRoute, await apiRequest(shop, `/api/billing/upgrade?shop=${shop}`, { body: {} }));
  expect(upgrade.status).toBe(200);
  const { confirmationUrl } = (await upgrade.json()) as { confirmationUrl: string };
  const approve = await fetch(localAdminUrl(config(), confirmationUrl), {
    method: "POST",
    body: new URLSearchParams({ decision: "approve" }),
    redirect: "manual",
  });
  expect(approve.status).toBe(302);
  const { id: shopId } = (await localShopify(`/shops/${shop}/state`)) as { id: number };
  return { id: `gid://shopify/AppSubscription/${/\/(\d+)\/RecurringApplicationCharge\//.exec(confirmationUrl)![1]}`, shopGid: `gid://shopify/Shop/${shopId}` };
}

describe("webhooks (signed by Local Shopify's sender)", () => {
  it("app/uninstalled drops the shop's sessions, keeps its data, and tolerates a repeat delivery", async () => {
    const shop = await installedShop();
    expect(await prisma.session.count({ where: { shop } })).toBeGreaterThan(0);

    const webhookId = randomUUID();
    expect((await callRoute(appUninstalled, signedWebhook(shop, "app/uninstalled", { myshopify_domain: shop }, webhookId))).status).toBe(200);
    expect(await prisma.session.count({ where: { shop } })).toBe(0);
    const record = await prisma.shop.findUniqueOrThrow({ where: { shopDomain: shop } });
    expect(record.uninstalledAt).toBeInstanceOf(Date);

    const again = await callRoute(appUninstalled, signedWebhook(shop, "app/uninstalled", { myshopify_domain: shop }, webhookId));
    expect(again.status).toBe(200);
  });

  it("refuses a body that does not match its signature and changes nothing", async () => {
    const shop = await installedShop();
    const genuine = signedWebhook(shop, "app/uninstalled", { myshopify_domain: shop });
    const tampered = new Request(genuine.url, {
      method: "POST",
      headers: genuine.headers,
      body: JSON.stringify({ myshopify_domain: "someone-else.myshopify.com" }),
    });
    expect((await callRoute(appUninstalled, tampered)).status).toBe(401);
    expect((await prisma.shop.findUniqueOrThrow({ where: { shopDomain: shop } })).uninstalledAt).toBeNull();
  });

  it("app_subscriptions/update makes the shop Premium when ACTIVE and Free again when cancelled", async () => {
    const shop = await installedShop();
    const planOf = async () => (await prisma.shop.findUniqueOrThrow({ where: { shopDomain: shop } })).plan;
    const approved = await approvedSubscription(shop);

    expect(
      (await callRoute(subscriptionUpdate, signedWebhook(shop, "app_subscriptions/update", subscription("ACTIVE", approved.id, approved.shopGid)))).status,
    ).toBe(200);
    expect(await planOf()).toBe("premium");

    // A different subscription ending does not downgrade the shop.
    await callRoute(subscriptionUpdate, signedWebhook(shop, "app_subscriptions/update", subscription("CANCELLED", "gid://shopify/AppSubscription/1")));
    expect(await planOf()).toBe("premium");

    await callRoute(subscriptionUpdate, signedWebhook(shop, "app_subscriptions/update", subscription("CANCELLED", approved.id, approved.shopGid)));
    expect(await planOf()).toBe("free");
  });

  it("answers the customer compliance topics and erases the shop on shop/redact", async () => {
    const shop = await installedShop();
    const customer = { id: 1, email: "shopper@example.com" };
    expect((await callRoute(customersDataRequest, signedWebhook(shop, "customers/data_request", { shop_domain: shop, customer }))).status).toBe(200);
    expect((await callRoute(customersRedact, signedWebhook(shop, "customers/redact", { shop_domain: shop, customer }))).status).toBe(200);
    expect(await prisma.shop.count({ where: { shopDomain: shop } })).toBe(1);

    expect((await callRoute(shopRedact, signedWebhook(shop, "shop/redact", { shop_domain: shop }))).status).toBe(200);
    expect(await prisma.shop.count({ where: { shopDomain: shop } })).toBe(0);
    expect(await prisma.session.count({ where: { shop } })).toBe(0);
  });
});

describe("app proxy (signed by Local Shopify's forwarder)", () => {
  const storefrontRequest = (url: URL | string) => new Request(url, { headers: { "User-Agent": DESKTOP_USER_AGENT } });

  it("lets a correctly signed storefront request through and refuses a forged one", async () => {
    const shop = uniqueShop("proxy");
    const signed = proxiedUrl(config(), shop, "/nothing-here", new URLSearchParams({ v: "1" }));
    expect((await callRoute(proxyLoader, storefrontRequest(signed))).status).toBe(404);

    const forged = new URL(signed);
    forged.searchParams.set("shop", uniqueShop("victim"));
    expect((await callRoute(proxyLoader, storefrontRequest(forged))).status).toBe(400);
  });
});

async function shopWithData() {
  const domain = await installedShop();
  const shop = await prisma.shop.findUniqueOrThrow({ where: { shopDomain: domain } });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  const channel = await prisma.channel.create({
    data: { shopId: shop.id, platform: "tiktok", username: "creator", lastSyncedAt: new Date(Date.now() - 5 * 3_600_000) },
  });
  const video = await prisma.video.create({ data: { shopId: shop.id, platform: "tiktok", platformVideoId: "991", channelId: channel.id, enabled: true } });
  const widget = await prisma.widget.create({ data: { shopId: shop.id, name: "W", layoutType: "grid", displayNumber: 1 } });
  await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id, position: 0 } });
  await prisma.productTag.create({ data: { shopId: shop.id, videoId: video.id, productId: "gid://shopify/Product/1", productTitle: "Shirt" } });
  await prisma.analyticsEvent.create({ data: { shopId: shop.id, type: "video_click", videoId: video.id, platform: "tiktok", sessionKey: "s" } });
  await prisma.analyticsRollup.create({ data: { shopId: shop.id, dimension: "platform", day: "2026-11-01", type: "video_click", key: "tiktok", count: 1 } });
  for (const [order, line] of [
    [11, 1],
    [12, 2],
  ]) {
    await prisma.orderAttribution.create({
      data: {
        shopId: shop.id,
        orderId: `gid://shopify/Order/${order}`,
        lineItemId: `gid://shopify/LineItem/${line}`,
        videoId: video.id,
        amountCents: 1000,
        currency: "USD",
        occurredAt: new Date(),
      },
    });
  }
  await prisma.libraryView.create({ data: { shopId: shop.id, name: "Mine", nameKey: "mine" } });
  return { domain, shop, channel, video };
}

const counts = async (shopId: string) => ({
  videos: await prisma.video.count({ where: { shopId } }),
  channels: await prisma.channel.count({ where: { shopId } }),
  widgets: await prisma.widget.count({ where: { shopId } }),
  tags: await prisma.productTag.count({ where: { shopId } }),
  events: await prisma.analyticsEvent.count({ where: { shopId } }),
  rollups: await prisma.analyticsRollup.count({ where: { shopId } }),
  sales: await prisma.orderAttribution.count({ where: { shopId } }),
  views: await prisma.libraryView.count({ where: { shopId } }),
});

describe("uninstall and compliance (issue 6)", () => {
  it("app/uninstalled removes the sessions and stops the shop's auto-syncs; its data waits for shop/redact", async () => {
    const { claimDueSyncs } = await import("~/models/auto-sync.server");
    const { domain, shop, channel } = await shopWithData();
    const stillInstalled = await shopWithData();
    expect((await callRoute(appUninstalled, signedWebhook(domain, "app/uninstalled", { myshopify_domain: domain }))).status).toBe(200);
    expect(await prisma.session.count({ where: { shop: domain } })).toBe(0);
    const claimed = (await claimDueSyncs(new Date(), 10_000)).map((sync) => sync.channelId);
    expect(claimed).toContain(stillInstalled.channel.id);
    expect(claimed).not.toContain(channel.id);
    expect(await counts(shop.id)).toMatchObject({ videos: 1, channels: 1, sales: 2 });

    // Reinstalled: the next open exchanges a new token, and the shop is live again, with everything it had.
    const { loader: getShop } = await import("~/routes/api.shops.$shopDomain");
    expect((await callRoute(getShop, await apiRequest(domain, `/api/shops/${domain}`), { shopDomain: domain })).status).toBe(200);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).uninstalledAt).toBeNull();
    expect((await claimDueSyncs(new Date(), 10_000)).map((sync) => sync.channelId)).toContain(channel.id);
  });

  it("shop/redact erases every record of the shop and nothing of another", async () => {
    const { domain, shop } = await shopWithData();
    const other = await shopWithData();
    expect((await callRoute(shopRedact, signedWebhook(domain, "shop/redact", { shop_domain: domain }))).status).toBe(200);
    expect(await prisma.shop.count({ where: { id: shop.id } })).toBe(0);
    expect(await counts(shop.id)).toEqual({ videos: 0, channels: 0, widgets: 0, tags: 0, events: 0, rollups: 0, sales: 0, views: 0 });
    expect(await prisma.webhookDelivery.count({ where: { shopDomain: domain } })).toBe(0);
    expect(await counts(other.shop.id)).toEqual({ videos: 1, channels: 1, widgets: 1, tags: 1, events: 1, rollups: 1, sales: 2, views: 1 });
    // A repeat finds nothing to erase.
    expect((await callRoute(shopRedact, signedWebhook(domain, "shop/redact", { shop_domain: domain }))).status).toBe(200);
  });

  it("customers/redact erases the sales lines of the customer's orders only; data_request changes nothing", async () => {
    const { domain, shop } = await shopWithData();
    const customer = { id: 7, email: "shopper@example.com" };
    expect(
      (await callRoute(customersDataRequest, signedWebhook(domain, "customers/data_request", { shop_domain: domain, customer, orders_requested: [11, 12] })))
        .status,
    ).toBe(200);
    expect((await counts(shop.id)).sales).toBe(2);
    expect(
      (await callRoute(customersRedact, signedWebhook(domain, "customers/redact", { shop_domain: domain, customer, orders_to_redact: [11] }))).status,
    ).toBe(200);
    const left = await prisma.orderAttribution.findMany({ where: { shopId: shop.id } });
    expect(left.map((row) => row.orderId)).toEqual(["gid://shopify/Order/12"]);
  });

  it("refuses every topic with a bad signature (401) and changes nothing", async () => {
    const { domain, shop } = await shopWithData();
    const before = await counts(shop.id);
    const routes = [
      [appUninstalled, "app/uninstalled", { myshopify_domain: domain }],
      [shopRedact, "shop/redact", { shop_domain: domain }],
      [customersRedact, "customers/redact", { shop_domain: domain, orders_to_redact: [11, 12] }],
      [customersDataRequest, "customers/data_request", { shop_domain: domain, orders_requested: [11] }],
      [subscriptionUpdate, "app_subscriptions/update", subscription("CANCELLED")],
    ] as const;
    for (const [route, topic, payload] of routes) {
      const genuine = signedWebhook(domain, topic, payload);
      const headers = new Headers(genuine.headers);
      headers.set("X-Shopify-Hmac-Sha256", Buffer.from("not the signature").toString("base64"));
      expect((await callRoute(route, new Request(genuine.url, { method: "POST", headers, body: JSON.stringify(payload) }))).status).toBe(401);
    }
    expect(await counts(shop.id)).toEqual(before);
    const after = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
    expect([after.plan, after.uninstalledAt]).toEqual(["premium", null]);
    expect(await prisma.session.count({ where: { shop: domain } })).toBeGreaterThan(0);
  });
});

/** A delivery Shopify signed for `shop`, re-sent by someone else with other headers: the HMAC covers the body only. */
function replayed(shop: string, topic: string, payload: unknown, headers: { shop?: string; topic?: string; path?: string }) {
  const { url, init } = webhookRequest(config(), shop, topic, payload);
  const resent = { ...init.headers };
  if (headers.shop) resent["X-Shopify-Shop-Domain"] = headers.shop;
  if (headers.topic) resent["X-Shopify-Topic"] = headers.topic;
  return new Request(headers.path ? new URL(headers.path, url) : url, { ...init, headers: resent });
}

const orderOf = (videoId: string, orderId = 900 + Math.floor(Math.random() * 1e6)) => ({
  id: orderId,
  created_at: new Date().toISOString(),
  currency: "USD",
  line_items: [{ id: orderId * 10, product_id: 42, quantity: 1, price: "25.00", properties: [{ name: "_clipcart_video", value: videoId }] }],
});

const expectRefused = (status: number) => expect(status >= 400 && status < 500, `expected a 4xx refusal, got ${status}`).toBe(true);

describe("webhook deliveries: each handled once, and only for the shop that signed it (issue 11)", () => {
  describe("a delivery that fails is not marked handled: Shopify's retry with the same webhook id does the work", () => {
    beforeEach(() => expectConsoleError(/Webhook \S+ \S+ for \S+ failed; Shopify will retry it/));
    it("app/uninstalled", async () => {
      const { domain, shop } = await shopWithData();
      const webhookId = randomUUID();
      const delivery = () => callRoute(appUninstalled, signedWebhook(domain, "app/uninstalled", { myshopify_domain: domain }, webhookId));
      const restore = await failWrites("Shop", "UPDATE", "id", shop.id);
      try {
        expect(await statusShopifySees(delivery())).toBe(500);
      } finally {
        await restore();
      }
      expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).uninstalledAt).toBeNull();
      expect(await prisma.session.count({ where: { shop: domain } })).toBeGreaterThan(0);

      expect(await statusShopifySees(delivery())).toBe(200);
      expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).uninstalledAt).toBeInstanceOf(Date);
      expect(await prisma.session.count({ where: { shop: domain } })).toBe(0);
      expect(await statusShopifySees(delivery())).toBe(200);
    });

    it("customers/redact", async () => {
      const { domain, shop } = await shopWithData();
      const webhookId = randomUUID();
      const payload = { shop_domain: domain, customer: { id: 7 }, orders_to_redact: [11] };
      const delivery = () => callRoute(customersRedact, signedWebhook(domain, "customers/redact", payload, webhookId));
      const restore = await failWrites("OrderAttribution", "DELETE", "shopId", shop.id);
      try {
        expect(await statusShopifySees(delivery())).toBe(500);
      } finally {
        await restore();
      }
      expect((await counts(shop.id)).sales).toBe(2);

      expect(await statusShopifySees(delivery())).toBe(200);
      const left = await prisma.orderAttribution.findMany({ where: { shopId: shop.id } });
      expect(left.map((row) => row.orderId)).toEqual(["gid://shopify/Order/12"]);
    });

    it("orders/create, credited once however often it is delivered after", async () => {
      const { domain, shop, video } = await shopWithData();
      const webhookId = randomUUID();
      const order = orderOf(video.id);
      const delivery = () => callRoute(ordersCreate, signedWebhook(domain, "orders/create", order, webhookId));
      const restore = await failWrites("OrderAttribution", "INSERT", "shopId", shop.id);
      try {
        expect(await statusShopifySees(delivery())).toBe(500);
      } finally {
        await restore();
      }
      const credited = () => prisma.orderAttribution.count({ where: { shopId: shop.id, orderId: `gid://shopify/Order/${order.id}` } });
      expect(await credited()).toBe(0);

      expect(await statusShopifySees(delivery())).toBe(200);
      expect(await statusShopifySees(delivery())).toBe(200);
      expect(await credited()).toBe(1);
    });

    it("app_subscriptions/update", async () => {
      const domain = await installedShop();
      const shop = await prisma.shop.findUniqueOrThrow({ where: { shopDomain: domain } });
      const approved = await approvedSubscription(domain);
      const webhookId = randomUUID();
      const delivery = () =>
        callRoute(subscriptionUpdate, signedWebhook(domain, "app_subscriptions/update", subscription("ACTIVE", approved.id, approved.shopGid), webhookId));
      const restore = await failWrites("Shop", "UPDATE", "id", shop.id);
      try {
        expect(await statusShopifySees(delivery())).toBe(500);
      } finally {
        await restore();
      }
      expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("free");

      expect(await statusShopifySees(delivery())).toBe(200);
      expect(await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).toMatchObject({ plan: "premium", subscriptionId: approved.id });
    });
  });

  it("shop/redact posted with another shop's signed order and this shop's domain erases nothing", async () => {
    expectConsoleWarn(/Webhook refused \(40[03]\)/);
    const attacker = await shopWithData();
    const victim = await shopWithData();
    const everything = { videos: 1, channels: 1, widgets: 1, tags: 1, events: 1, rollups: 1, sales: 2, views: 1 };
    const order = orderOf(attacker.video.id);
    const forgeries = [
      // As Shopify delivered it (orders/create), then with the topic header rewritten too.
      replayed(attacker.domain, "orders/create", order, { shop: victim.domain, path: "/webhooks/shop/redact" }),
      replayed(attacker.domain, "orders/create", order, { shop: victim.domain, topic: "shop/redact", path: "/webhooks/shop/redact" }),
      // The attacker's own shop/redact, aimed at the victim.
      replayed(attacker.domain, "shop/redact", { shop_id: 1, shop_domain: attacker.domain }, { shop: victim.domain }),
    ];
    for (const forgery of forgeries) expectRefused(await statusShopifySees(callRoute(shopRedact, forgery)));
    expect(await counts(victim.shop.id)).toEqual(everything);
    expect(await prisma.session.count({ where: { shop: victim.domain } })).toBeGreaterThan(0);
    expect(await counts(attacker.shop.id)).toEqual(everything);
  });

  it("refuses a delivery whose topic is not the route's own, and changes nothing", async () => {
    expectConsoleWarn(/Webhook refused \(40[03]\)/);
    const { domain, shop, video } = await shopWithData();
    const before = await counts(shop.id);
    const misdirected = [
      [appUninstalled, "customers/redact", { shop_domain: domain, myshopify_domain: domain, orders_to_redact: [11] }],
      [customersRedact, "app/uninstalled", { shop_domain: domain, myshopify_domain: domain, orders_to_redact: [11] }],
      [customersDataRequest, "customers/redact", { shop_domain: domain, orders_requested: [11] }],
      [shopRedact, "customers/redact", { shop_domain: domain, orders_to_redact: [11] }],
      [ordersCreate, "app/uninstalled", orderOf(video.id)],
      [subscriptionUpdate, "app/uninstalled", subscription("ACTIVE")],
    ] as const;
    for (const [route, topic, payload] of misdirected) {
      // Signed, with its true topic header, posted to the wrong route.
      expectRefused(await statusShopifySees(callRoute(route, signedWebhook(domain, topic, payload))));
    }
    expect(await counts(shop.id)).toEqual(before);
    const after = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
    expect([after.plan, after.uninstalledAt]).toEqual(["premium", null]);
    expect(await prisma.session.count({ where: { shop: domain } })).toBeGreaterThan(0);
  });

  it("refuses a payload that names another shop than the request's, and changes nothing", async () => {
    expectConsoleWarn(/Webhook refused \(40[03]\)/);
    const signer = await shopWithData();
    const target = await shopWithData();
    const before = await counts(target.shop.id);
    const forgeries = [
      [appUninstalled, replayed(signer.domain, "app/uninstalled", { myshopify_domain: signer.domain }, { shop: target.domain })],
      [customersRedact, replayed(signer.domain, "customers/redact", { shop_domain: signer.domain, orders_to_redact: [11, 12] }, { shop: target.domain })],
      [
        customersDataRequest,
        replayed(signer.domain, "customers/data_request", { shop_domain: signer.domain, orders_requested: [11] }, { shop: target.domain }),
      ],
      // Without the shop the topic's payload always names, a body proves nothing about whose it is.
      [appUninstalled, replayed(signer.domain, "app/uninstalled", { name: "no domain" }, { shop: target.domain })],
      [customersRedact, replayed(signer.domain, "customers/redact", { orders_to_redact: [11, 12] }, { shop: target.domain })],
    ] as const;
    for (const [route, forgery] of forgeries) expectRefused(await statusShopifySees(callRoute(route, forgery)));
    expect(await counts(target.shop.id)).toEqual(before);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: target.shop.id } })).uninstalledAt).toBeNull();
    expect(await prisma.session.count({ where: { shop: target.domain } })).toBeGreaterThan(0);
  });

  it("app_subscriptions/update makes a shop Premium only for a subscription Shopify lists as the shop's own", async () => {
    expectConsoleWarn(/Webhook refused \(40[03]\)/);
    const payer = await installedShop();
    const other = await installedShop();
    const planOf = async (shop: string) => (await prisma.shop.findUniqueOrThrow({ where: { shopDomain: shop } })).plan;
    const approved = await approvedSubscription(payer);
    const signedActive = subscription("ACTIVE", approved.id, approved.shopGid);

    // The payer's signed ACTIVE, re-sent as the other shop's.
    expectRefused(await statusShopifySees(callRoute(subscriptionUpdate, replayed(payer, "app_subscriptions/update", signedActive, { shop: other }))));
    // A signed ACTIVE for a subscription Shopify does not have for the shop.
    await callRoute(subscriptionUpdate, signedWebhook(other, "app_subscriptions/update", subscription("ACTIVE", "gid://shopify/AppSubscription/987654321")));
    expect(await planOf(other)).toBe("free");
    expect((await prisma.shop.findUniqueOrThrow({ where: { shopDomain: other } })).subscriptionId).toBeNull();

    expect((await callRoute(subscriptionUpdate, signedWebhook(payer, "app_subscriptions/update", signedActive))).status).toBe(200);
    expect(await planOf(payer)).toBe("premium");
  });

  it("orders/create credits only the request's shop's own videos: another shop's signed order re-sent as this shop's credits nothing", async () => {
    const seller = await shopWithData();
    const other = await shopWithData();
    const order = orderOf(seller.video.id);
    expect(await statusShopifySees(callRoute(ordersCreate, replayed(seller.domain, "orders/create", order, { shop: other.domain })))).toBe(200);
    for (const shopId of [seller.shop.id, other.shop.id]) {
      expect(await prisma.orderAttribution.count({ where: { shopId, orderId: `gid://shopify/Order/${order.id}` } })).toBe(0);
    }
  });
});
