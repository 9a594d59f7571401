import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { prisma } from "~/db.server";
import { action as createShop } from "~/routes/api.shops._index";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as subscriptionUpdate } from "~/routes/webhooks.app_subscriptions.update";
import { action as customersDataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { loader as proxyLoader } from "~/routes/proxy.$";
import { readLocalShopifyConfig } from "../local-shopify/config";
import { webhookRequest } from "../local-shopify/webhooks";
import { proxiedUrl } from "../local-shopify/app-proxy";
import { apiRequest, callRoute, DESKTOP_USER_AGENT, uniqueShop } from "../support/app-requests";

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

const subscription = (status: string, id = "gid://shopify/AppSubscription/4242") => ({
  app_subscription: { admin_graphql_api_id: id, name: "Premium", status, admin_graphql_api_shop_id: "gid://shopify/Shop/1" },
});

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

    await callRoute(subscriptionUpdate, signedWebhook(shop, "app_subscriptions/update", subscription("ACTIVE")));
    expect(await planOf()).toBe("premium");

    // A different subscription ending does not downgrade the shop.
    await callRoute(
      subscriptionUpdate,
      signedWebhook(shop, "app_subscriptions/update", subscription("CANCELLED", "gid://shopify/AppSubscription/1")),
    );
    expect(await planOf()).toBe("premium");

    await callRoute(subscriptionUpdate, signedWebhook(shop, "app_subscriptions/update", subscription("CANCELLED")));
    expect(await planOf()).toBe("free");
  });

  it("answers the customer compliance topics and erases the shop on shop/redact", async () => {
    const shop = await installedShop();
    const customer = { id: 1, email: "shopper@example.com" };
    expect(
      (await callRoute(customersDataRequest, signedWebhook(shop, "customers/data_request", { shop_domain: shop, customer })))
        .status,
    ).toBe(200);
    expect(
      (await callRoute(customersRedact, signedWebhook(shop, "customers/redact", { shop_domain: shop, customer }))).status,
    ).toBe(200);
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

describe("uninstall and compliance (issue 6)", () => {
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
    for (const [order, line] of [[11, 1], [12, 2]]) {
      await prisma.orderAttribution.create({
        data: { shopId: shop.id, orderId: `gid://shopify/Order/${order}`, lineItemId: `gid://shopify/LineItem/${line}`, videoId: video.id, amountCents: 1000, currency: "USD", occurredAt: new Date() },
      });
    }
    await prisma.libraryView.create({ data: { shopId: shop.id, name: "Mine", nameKey: "mine" } });
    return { domain, shop, channel };
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
    expect((await callRoute(customersDataRequest, signedWebhook(domain, "customers/data_request", { shop_domain: domain, customer, orders_requested: [11, 12] }))).status).toBe(200);
    expect((await counts(shop.id)).sales).toBe(2);
    expect((await callRoute(customersRedact, signedWebhook(domain, "customers/redact", { shop_domain: domain, customer, orders_to_redact: [11] }))).status).toBe(200);
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
