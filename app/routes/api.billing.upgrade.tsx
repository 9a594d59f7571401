import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiError, methodNotAllowed, requireApiShop } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import { requestPremium } from "~/models/billing.server";

/** POST /api/billing/upgrade?shop=: { confirmationUrl } for the merchant to approve Premium (spec 7). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop, billing, shopDomain } = await requireApiShop(request);
  if (shop.plan === "premium") return apiError(409, PLAN_TEXT.alreadyPremium);
  try {
    return json({ confirmationUrl: await requestPremium(billing, shopDomain) });
  } catch (error) {
    console.error("Premium charge could not be created", error);
    return apiError(502, PLAN_TEXT.upgradeFailed);
  }
}
