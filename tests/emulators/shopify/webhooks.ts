/**
 * Webhook delivery as Shopify does it: POST to the URI shopify.app.toml
 * subscribes for the topic (on appUrl), JSON body signed with the app secret
 * (X-Shopify-Hmac-Sha256 = base64 HMAC-SHA256 of the raw body) and the
 * X-Shopify-* headers @shopify/shopify-api's webhooks.validate requires.
 * Every delivery is recorded on the shop for assertions.
 */
import { createHmac, randomUUID } from "node:crypto";
import { readAppToml } from "./app-toml.js";
import type { LocalShopifyConfig } from "./config.js";
import type { LocalShopifyContext, WebhookDeliveryResult } from "./context.js";
import type { ShopState } from "./state.js";

const DELIVERY_TIMEOUT_MS = 5_000; // Shopify gives apps 5 seconds to answer.
const MAX_RECORDED = 100;

function signWebhookBody(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

/** The shop object Shopify sends with app/uninstalled (REST Shop resource, abridged). */
function shopPayload(shop: ShopState) {
  return {
    id: shop.id,
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    country_code: "US",
    currency: "USD",
    iana_timezone: "America/New_York",
    shop_owner: "Local Merchant",
    money_format: "${{amount}}",
    plan_name: "partner_test",
    plan_display_name: "Development",
    created_at: shop.createdAt,
    updated_at: shop.createdAt,
  };
}

/** Default payloads for the topics the app subscribes to, shaped like Shopify's. */
function defaultPayload(shop: ShopState, topic: string): unknown {
  const customer = { id: 7_100_000_001, email: "shopper@example.com", phone: "555-625-1199" };
  switch (topic) {
    case "app/uninstalled":
      return shopPayload(shop);
    case "customers/data_request":
      return { shop_id: shop.id, shop_domain: shop.domain, orders_requested: [], customer, data_request: { id: 9_999 } };
    case "customers/redact":
      return { shop_id: shop.id, shop_domain: shop.domain, customer, orders_to_redact: [] };
    case "shop/redact":
      return { shop_id: shop.id, shop_domain: shop.domain };
    default:
      return {};
  }
}

/** The signed request Shopify would POST to the app for this topic (URL from shopify.app.toml). */
export function webhookRequest(
  config: LocalShopifyConfig,
  shopDomain: string,
  topic: string,
  payload: unknown,
  webhookId: string = randomUUID(),
): { url: string; init: RequestInit & { headers: Record<string, string>; body: string } } {
  const toml = readAppToml();
  const uri = toml.webhookUris[topic];
  if (!uri) throw new Error(`shopify.app.toml has no webhook subscription for ${topic}`);
  const body = JSON.stringify(payload);
  return {
    url: new URL(uri, config.appUrl).toString(),
    init: {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Topic": topic,
        "X-Shopify-Hmac-Sha256": signWebhookBody(body, config.apiSecret),
        "X-Shopify-Shop-Domain": shopDomain,
        "X-Shopify-API-Version": toml.webhookApiVersion,
        "X-Shopify-Webhook-Id": webhookId,
        "X-Shopify-Event-Id": randomUUID(),
        "X-Shopify-Triggered-At": new Date().toISOString(),
        "User-Agent": "Shopify-Captain-Hook",
      },
      body,
    },
  };
}

async function sendWebhook(
  config: LocalShopifyConfig,
  shop: ShopState,
  topic: string,
  payload: unknown = defaultPayload(shop, topic),
  webhookId: string = randomUUID(),
): Promise<WebhookDeliveryResult> {
  const { url, init } = webhookRequest(config, shop.domain, topic, payload, webhookId);
  let status = 0;
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    status = response.status;
    await response.arrayBuffer().catch(() => undefined);
  } catch {
    status = 0; // app unreachable or too slow: recorded as a failed delivery
  }
  shop.webhookDeliveries.push({ id: webhookId, topic, url, status, at: new Date().toISOString(), payload });
  if (shop.webhookDeliveries.length > MAX_RECORDED) shop.webhookDeliveries.splice(0, shop.webhookDeliveries.length - MAX_RECORDED);
  return { topic, url, status, webhookId };
}

/** Sends a signed webhook for the shop now and persists the delivery record. */
export async function deliverWebhook(ctx: LocalShopifyContext, input: { shop: string; topic: string; payload?: unknown }): Promise<WebhookDeliveryResult> {
  const shop = ctx.shop(input.shop);
  const result = await sendWebhook(ctx.config, shop, input.topic, input.payload ?? defaultPayload(shop, input.topic));
  ctx.save();
  return result;
}

/**
 * Delivers a recorded webhook again with the same X-Shopify-Webhook-Id and
 * body, as Shopify does when it retries (at-least-once delivery).
 */
export async function redeliverWebhook(ctx: LocalShopifyContext, shopName: string, webhookId: string): Promise<WebhookDeliveryResult> {
  const shop = ctx.shop(shopName);
  const delivery = shop.webhookDeliveries.find((d) => d.id === webhookId);
  if (!delivery) throw new Error(`No webhook delivery ${webhookId} for ${shop.domain}`);
  const result = await sendWebhook(ctx.config, shop, delivery.topic, delivery.payload, webhookId);
  ctx.save();
  return result;
}
