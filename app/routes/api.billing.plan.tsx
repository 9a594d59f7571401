import { apiRoute } from "~/http/api-route.server";
import { getPlanInfo, planResponse } from "~/models/plan.server";

/** GET /api/billing/plan: plan, approvedCount and `{product}Verified` (spec 7). */
export const { loader, action } = apiRoute({
  GET: { handle: async ({ shop }) => planResponse(await getPlanInfo(shop.id)) },
});
