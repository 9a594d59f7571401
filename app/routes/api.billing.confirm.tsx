import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { apiError, methodNotAllowed, readJsonBody, requireApiShop } from "~/http/api.server";
import { API_TEXT, PLAN_TEXT } from "~/messages";
import { confirmPremium } from "~/models/billing.server";

const ConfirmBody = z.object({ charge_id: z.string().regex(/^\d{1,20}$/, "charge_id must be a number"), shop: z.string().optional() });

/**
 * POST /api/billing/confirm {charge_id, shop}: the merchant is back from
 * Shopify's approval page. Premium only when Shopify confirms the charge.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop, billing, shopDomain } = await requireApiShop(request);
  const body = await readJsonBody(request, ConfirmBody);
  if (body.shop && body.shop !== shopDomain) return apiError(404, API_TEXT.shopNotFound);
  const confirmed = await confirmPremium(billing, shop.id, body.charge_id);
  if (!confirmed) return apiError(402, PLAN_TEXT.chargeNotActive);
  return json({ success: true, plan: "premium" });
}
