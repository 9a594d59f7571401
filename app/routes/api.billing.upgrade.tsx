import { apiRoute } from "~/http/api-route.server";
import { apiError } from "~/http/api.server";
import { PLAN_TEXT } from "~/messages";
import { requestPremium } from "~/models/billing.server";

/** POST /api/billing/upgrade?shop=: { confirmationUrl } for the merchant to approve Premium (spec 7); 502 when Shopify could not create the charge. */
const route = apiRoute({
  POST: {
    upstreamFailure: PLAN_TEXT.upgradeFailed,
    handle: async ({ shop, billing, shopDomain }) => {
      if (shop.plan === "premium") return apiError(409, PLAN_TEXT.alreadyPremium);
      return { confirmationUrl: await requestPremium(billing, shopDomain) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
