import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { apiError } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import { confirmPremium } from "~/models/billing.server";

const ConfirmBody = z.object({ charge_id: z.string().regex(/^\d{1,20}$/, "charge_id must be a number"), shop: z.string().optional() });

/**
 * POST /api/billing/confirm {charge_id, shop}: the merchant is back from
 * Shopify's approval page. Premium only when Shopify confirms the charge.
 */
const route = apiRoute({
  POST: {
    body: ConfirmBody,
    handle: async ({ shop, billing, body }) => {
      const confirmed = await confirmPremium(billing, shop.id, body.charge_id);
      if (!confirmed) return apiError(402, PLAN_TEXT.chargeNotActive);
      return { success: true, plan: "premium" };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
