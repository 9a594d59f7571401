import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { apiError, notFound } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import { planResponse, sisterProduct, verifySisterCustomer } from "~/models/plan.server";

const VerifyBody = z.object({
  clientId: z.string().trim().max(200).default(""),
  businessId: z.string().trim().max(200).default(""),
});

/**
 * POST /api/billing/verify-{product}?shop= {clientId, businessId} (spec 7):
 * a customer of the sister product on its Lunch or Dinner plan gets Premium.
 * The route's name follows the configured product's slug; others are 404.
 * Refusals (decision 022, answered by api-errors): 403 wrong or ineligible,
 * 409 the pair unlocks another store, 429 too many failed attempts (with Retry-After).
 */
const route = apiRoute({
  POST: {
    body: VerifyBody,
    handle: async ({ shop, params, body: { clientId, businessId } }) => {
      const product = sisterProduct();
      if (params.action !== `verify-${product.slug}`) notFound();
      if (!clientId || !businessId) return apiError(400, PLAN_TEXT.verifyMissing);
      return { success: true, ...planResponse(await verifySisterCustomer(shop.id, { clientId, businessId }), product) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
