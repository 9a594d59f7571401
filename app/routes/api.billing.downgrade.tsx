import { apiRoute } from "~/http/api-route.server";
import { PLAN_TEXT } from "~/messages";
import { downgradeFromPremium } from "~/models/billing.server";

/**
 * POST /api/billing/downgrade: back to Free from the Plan page; the Premium
 * charge is cancelled on Shopify. { success, plan: "free", unpublished }.
 * 409 when Premium came from the sister product's verification (no charge);
 * 502 when Shopify could not cancel it.
 */
const route = apiRoute({
  POST: {
    upstreamFailure: PLAN_TEXT.downgradeFailed,
    handle: async ({ shop, admin }) => {
      const { unpublished } = await downgradeFromPremium(shop.id, admin.graphql);
      return { success: true, plan: "free", unpublished };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
