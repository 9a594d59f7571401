import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiError, methodNotAllowed, requireApiShop } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import { PremiumWithoutChargeError, downgradeFromPremium } from "~/models/billing.server";

/**
 * POST /api/billing/downgrade: back to Free from the Plan page; the Premium
 * charge is cancelled on Shopify. { success, plan: "free", unpublished }.
 * 409 when Premium came from the sister product's verification (no charge).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop, admin } = await requireApiShop(request);
  try {
    const { unpublished } = await downgradeFromPremium(shop.id, admin.graphql);
    return json({ success: true, plan: "free", unpublished });
  } catch (error) {
    if (error instanceof PremiumWithoutChargeError) return apiError(409, PLAN_TEXT.downgradeWithoutCharge);
    console.error("Premium could not be cancelled on Shopify", error);
    return apiError(502, PLAN_TEXT.downgradeFailed);
  }
}
