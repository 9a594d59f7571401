// Webhook deliveries on whichever database DATABASE_URL names (test-both runs
// SQLite, then PostgreSQL): an orders/create as large as a wholesale order is
// credited fully and once, and a delivery that fails part-way leaves nothing
// behind, so that Shopify's retry (same webhook id) credits it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { OrderPayload, attributeOrder } from "../../app/models/order-attribution.server";
import { action as ordersCreate } from "../../app/routes/webhooks.orders.create";
import { readLocalShopifyConfig } from "../emulators/shopify/config";
import { webhookRequest } from "../emulators/shopify/webhooks";
import { failWrites, statusShopifySees } from "../support/database-faults";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

/** An order of `lineCount` lines, each added from a widget with one of `videoIds` (round robin). */
function largeOrder(lineCount: number, videoIds: string[], widgetId: string) {
  const orderId = 700_000 + Math.floor(Math.random() * 1e6);
  return {
    id: orderId,
    admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    created_at: new Date().toISOString(),
    currency: "USD",
    line_items: Array.from({ length: lineCount }, (_, index) => ({
      id: orderId * 10_000 + index,
      product_id: 42 + (index % 7),
      quantity: 1,
      price: "2.50",
      properties: [
        { name: "_clipcart_video", value: videoIds[index % videoIds.length] },
        { name: "_clipcart_widget", value: widgetId },
      ],
    })),
  };
}

/** The delivery Shopify would make, signed with the app secret this suite's app uses. */
function signedOrder(shopDomain: string, payload: unknown, webhookId: string) {
  const { url, init } = webhookRequest(readLocalShopifyConfig(), shopDomain, "orders/create", payload, webhookId);
  return new Request(url, init);
}

const deliver = (request: Request) => statusShopifySees(Promise.resolve(ordersCreate({ request, params: {}, context: {} }) as Promise<Response>));

async function shopSelling(videoCount: number) {
  const shop = await createShop("orders");
  const widget = await createWidget(shop.id, 1);
  const videos = [];
  for (let index = 0; index < videoCount; index++) videos.push(await createVideo(shop.id, { title: `Sold ${index}` }));
  return { shop, widget, videoIds: videos.map((video) => video.id) };
}

/** Thousands of lines take seconds on a machine shared with other suites. */
const LARGE_ORDER_TIMEOUT = 60_000;

const creditedLines = (shopId: string, orderId: number) =>
  prisma.orderAttribution.count({ where: { shopId, orderId: `gid://shopify/Order/${orderId}`, widgetId: { not: null } } });

describe("orders/create deliveries", () => {
  it(
    "credits a 3,000-line order fully, once, however often Shopify delivers it",
    async () => {
      const { shop, widget, videoIds } = await shopSelling(3);
      const order = largeOrder(3_000, videoIds, widget.id);
      const webhookId = randomUUID();
      for (const id of [webhookId, webhookId, randomUUID()]) expect(await deliver(signedOrder(shop.shopDomain, order, id))).toBe(200);
      expect(await creditedLines(shop.id, order.id)).toBe(3_000);
      const total = await prisma.orderAttribution.aggregate({ where: { shopId: shop.id }, _sum: { amountCents: true } });
      expect(total._sum.amountCents).toBe(3_000 * 250);
    },
    LARGE_ORDER_TIMEOUT,
  );

  it(
    "credits a 6,000-line order, beyond what one statement may bind on either database",
    async () => {
      const { shop, widget, videoIds } = await shopSelling(2);
      const order = OrderPayload.parse(largeOrder(6_000, videoIds, widget.id));
      expect(await attributeOrder(shop.shopDomain, order)).toEqual({ attributedLines: 6_000 });
      expect(await creditedLines(shop.id, Number(order.id))).toBe(6_000);
    },
    LARGE_ORDER_TIMEOUT,
  );

  it(
    "a delivery that fails part-way credits nothing and is not marked handled: the retry credits every line",
    async () => {
      const { shop, widget, videoIds } = await shopSelling(2);
      const order = largeOrder(3_000, videoIds, widget.id);
      const webhookId = randomUUID();
      const lastLine = `gid://shopify/LineItem/${order.line_items.at(-1)!.id}`;
      const restore = await failWrites("OrderAttribution", "INSERT", "lineItemId", lastLine);
      try {
        expect(await deliver(signedOrder(shop.shopDomain, order, webhookId))).toBe(500);
      } finally {
        await restore();
      }
      expect(await creditedLines(shop.id, order.id)).toBe(0);
      expect(await prisma.webhookDelivery.count({ where: { webhookId } })).toBe(0);

      const retried = new Date();
      expect(await deliver(signedOrder(shop.shopDomain, order, webhookId))).toBe(200);
      expect(await creditedLines(shop.id, order.id)).toBe(3_000);
      const record = await prisma.webhookDelivery.findUniqueOrThrow({ where: { webhookId } });
      expect(record.shopDomain).toBe(shop.shopDomain);
      expect(Math.abs(record.receivedAt.getTime() - retried.getTime())).toBeLessThan(60_000);
    },
    LARGE_ORDER_TIMEOUT,
  );
});
