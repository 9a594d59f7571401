/**
 * Stand-in for the sister review product's customer API, mounted in Local
 * Shopify at /sister-product (the demo and the tests run one emulator process).
 *
 *   POST /sister-product/api/v1/customers/verify   {clientId, businessId}
 *     200 {verified: true, plan, businessName}    credentials match a customer
 *     401 {verified: false, error}                they do not
 *
 * Known customers (README): one on each plan. Only Lunch and Dinner include
 * Clipcart Premium; the app decides that, the API only says which plan.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "../local-shopify/http.js";

export const SISTER_PRODUCT_PREFIX = "/sister-product";

export const SISTER_PRODUCT_CUSTOMERS = [
  { clientId: "cl_live_lunch_4821", businessId: "biz_10482", plan: "lunch", businessName: "Lunchbox Apparel" },
  { clientId: "cl_live_dinner_7730", businessId: "biz_20977", plan: "dinner", businessName: "Supper Club Goods" },
  { clientId: "cl_live_breakfast_1904", businessId: "biz_30155", plan: "breakfast", businessName: "Early Bird Crafts" },
] as const;

export async function handleSisterProduct(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (!url.pathname.startsWith(`${SISTER_PRODUCT_PREFIX}/`)) return false;
  if (url.pathname !== `${SISTER_PRODUCT_PREFIX}/api/v1/customers/verify` || req.method !== "POST") {
    sendJson(res, 404, { error: "Not found" });
    return true;
  }
  let body: { clientId?: unknown; businessId?: unknown };
  try {
    body = JSON.parse((await readBody(req)).toString("utf8") || "{}");
  } catch {
    sendJson(res, 400, { verified: false, error: "Body must be JSON" });
    return true;
  }
  const customer = SISTER_PRODUCT_CUSTOMERS.find((c) => c.clientId === body.clientId && c.businessId === body.businessId);
  if (!customer) {
    sendJson(res, 401, { verified: false, error: "Unknown Client ID or Business ID" });
    return true;
  }
  sendJson(res, 200, { verified: true, plan: customer.plan, businessName: customer.businessName });
  return true;
}
