/**
 * The one way a webhook route handles a delivery (decision 018):
 * 1. the library checks the HMAC (401), which covers the body only;
 * 2. the X-Shopify-Topic header must be the route's own topic (400): a signed
 *    body of another topic proves nothing here;
 * 3. the payload must parse (400), and where it names its shop, that shop must
 *    be the one X-Shopify-Shop-Domain names (403);
 * 4. where the payload names no shop, a route may check it is about the
 *    shop anyway (`admit`, e.g. products/*: decision 062); one that is not
 *    is answered 200 and ignored;
 * 5. the work runs once per X-Shopify-Webhook-Id (see the models'
 *    handleDelivery*): a repeat after success answers 200 and does nothing; a
 *    failure is thrown, so the app answers 5xx and Shopify retries with the
 *    same id, and the retry does the work.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { authenticate } from "~/shopify.server";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";
import type { Prisma } from "~/db.server";
import { ForeignWebhookPayloadError, handleDeliveryInTransaction, handleDeliveryThenRecord, type WebhookDeliveryKey } from "~/models/lifecycle.server";

export interface WebhookDelivery<Payload> {
  /** The shop the request names, checked against the payload where the payload names one. */
  shop: string;
  payload: Payload;
  /** The shop's Admin API, when the shop has an offline session (not after an uninstall). */
  graphql: AdminGraphql | undefined;
}

interface WebhookRouteBase<Schema extends z.ZodTypeAny> {
  /** As subscribed in shopify.app.toml, e.g. "orders/create". */
  topic: string;
  payload: Schema;
  /** The shop domain the signed payload names (app/uninstalled, shop/redact, customers/*). */
  payloadShop?: (payload: z.infer<Schema>) => string;
  /**
   * For payloads that name no shop: why this delivery is not about the
   * request's shop, or null when it is. Run before the work, outside its
   * transaction (it may ask Shopify). A refused delivery is answered 200 and
   * ignored: a genuine one (about a product deleted since) needs no retry, and
   * a replay learns nothing.
   */
  admit?: (delivery: WebhookDelivery<z.infer<Schema>>) => Promise<string | null>;
}

/**
 * How the work is made to happen once:
 * - "in-transaction": database writes only, committed with the delivery's record;
 * - "then-record": idempotent work that asks Shopify or has transactions of its own, recorded when it succeeded;
 * - "idempotent": work that erases the delivery records themselves (shop/redact): a repeat simply finds nothing left.
 */
export type WebhookRoute<Schema extends z.ZodTypeAny> = WebhookRouteBase<Schema> &
  (
    | {
        once: "in-transaction";
        handle: (delivery: WebhookDelivery<z.infer<Schema>>, db: Prisma.TransactionClient) => Promise<unknown>;
        /** Runs once the delivery's transaction committed (work that must see its writes); never throws. */
        afterCommit?: (delivery: WebhookDelivery<z.infer<Schema>>) => void;
      }
    | { once: "then-record" | "idempotent"; handle: (delivery: WebhookDelivery<z.infer<Schema>>) => Promise<unknown> }
  );

/** The library reports X-Shopify-Topic as APP_SUBSCRIPTIONS_UPDATE for app_subscriptions/update. */
const headerTopic = (topic: string) => topic.toUpperCase().replace(/[/.]/g, "_");

function refuse(status: 400 | 403, message: string, context: { topic: string; shop: string }): Response {
  console.warn(`Webhook refused (${status}) on ${context.topic} for ${context.shop}: ${message}`);
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function webhookAction<Schema extends z.ZodTypeAny>(route: WebhookRoute<Schema>) {
  return async function action({ request }: ActionFunctionArgs): Promise<Response> {
    const { shop, topic, webhookId, payload, admin } = await authenticate.webhook(request);
    const context = { topic: route.topic, shop };
    if (topic !== headerTopic(route.topic)) return refuse(400, `This address handles ${route.topic} only`, context);
    const parsed = route.payload.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(400, `Invalid ${route.topic} payload: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "unreadable"}`, context);
    }
    if (route.payloadShop && route.payloadShop(parsed.data).toLowerCase() !== shop.toLowerCase()) {
      return refuse(403, "The payload is about another shop than X-Shopify-Shop-Domain", context);
    }

    const delivery: WebhookDelivery<z.infer<Schema>> = { shop, payload: parsed.data, graphql: admin?.graphql };
    const key: WebhookDeliveryKey = { webhookId, shopDomain: shop, topic };
    try {
      const refusal = route.admit ? await route.admit(delivery) : null;
      if (refusal) {
        console.warn(`Webhook ignored on ${route.topic} for ${shop}: ${refusal}`);
        return new Response();
      }
      if (route.once === "in-transaction") {
        if ((await handleDeliveryInTransaction(key, (db) => route.handle(delivery, db))) === "handled") route.afterCommit?.(delivery);
      } else if (route.once === "then-record") await handleDeliveryThenRecord(key, () => route.handle(delivery));
      else await route.handle(delivery);
    } catch (error) {
      if (error instanceof ForeignWebhookPayloadError) return refuse(403, error.message, context);
      if (error instanceof Response) throw error;
      console.error(`Webhook ${route.topic} ${webhookId} for ${shop} failed; Shopify will retry it`);
      throw error;
    }
    return new Response();
  };
}
