import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { apiError, methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/lib/api.server";
import { PLAN_TEXT } from "~/messages";
import { VerificationFailedError, planResponse, sisterProduct, verifySisterCustomer } from "~/models/plan.server";

const VerifyBody = z.object({
  clientId: z.string().trim().max(200).default(""),
  businessId: z.string().trim().max(200).default(""),
});

/**
 * POST /api/billing/verify-{product}?shop= {clientId, businessId} (spec 7):
 * a customer of the sister product on its Lunch or Dinner plan gets Premium.
 * The route's name follows the configured product's slug; others are 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (params.action !== `verify-${sisterProduct().slug}`) notFound();
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request);
  const { clientId, businessId } = await readJsonBody(request, VerifyBody);
  if (!clientId || !businessId) return apiError(400, PLAN_TEXT.verifyMissing);
  try {
    return json({ success: true, ...planResponse(await verifySisterCustomer(shop.id, { clientId, businessId })) });
  } catch (error) {
    if (!(error instanceof VerificationFailedError)) throw error;
    // The reason only; the credentials never reach a log.
    console.info(`Sister product verification refused for ${shop.shopDomain}: ${error.message}`);
    return apiError(403, PLAN_TEXT.verifyFailed);
  }
}
