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
