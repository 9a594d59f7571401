import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { apiError, methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import {
  SisterCredentialsInUseError,
  VerificationFailedError,
  VerificationThrottledError,
  planResponse,
  sisterProduct,
  verifySisterCustomer,
} from "~/models/plan.server";

const VerifyBody = z.object({
  clientId: z.string().trim().max(200).default(""),
  businessId: z.string().trim().max(200).default(""),
});

/**
 * POST /api/billing/verify-{product}?shop= {clientId, businessId} (spec 7):
 * a customer of the sister product on its Lunch or Dinner plan gets Premium.
 * The route's name follows the configured product's slug; others are 404.
 * Refusals (decision 022): 403 wrong or ineligible, 409 the pair unlocks
 * another store, 429 too many failed attempts (with Retry-After).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const product = sisterProduct();
  if (params.action !== `verify-${product.slug}`) notFound();
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request);
  const { clientId, businessId } = await readJsonBody(request, VerifyBody);
  if (!clientId || !businessId) return apiError(400, PLAN_TEXT.verifyMissing);
  try {
    return json({ success: true, ...planResponse(await verifySisterCustomer(shop.id, { clientId, businessId }), product) });
  } catch (error) {
    // The reason only; the credentials never reach a log or an answer.
    if (error instanceof VerificationThrottledError) {
      console.info(`Sister product verification throttled (${error.scope}) for ${shop.shopDomain}: next attempt in ${error.retryAfterSeconds} s`);
      const { retryAfterSeconds } = error;
      return json(
        { error: PLAN_TEXT.verifyThrottled(Math.ceil(retryAfterSeconds / 60)), reason: "too_many_attempts", retryAfterSeconds },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
    if (error instanceof SisterCredentialsInUseError) {
      console.info(`Sister product verification refused for ${shop.shopDomain}: ${error.message}`);
      return json({ error: PLAN_TEXT.verifyInUse(product.name), reason: "credentials_in_use" }, { status: 409 });
    }
    if (!(error instanceof VerificationFailedError)) throw error;
    console.info(`Sister product verification refused for ${shop.shopDomain}: ${error.message}`);
    return apiError(403, PLAN_TEXT.verifyFailed);
  }
}
