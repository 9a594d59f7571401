import { apiRoute } from "~/http/api-route.server";
import { getPlanInfo, planResponse } from "~/models/plan.server";

/** GET /api/billing/plan: plan, approvedCount and `{product}Verified` (spec 7). */
const route = apiRoute({
  GET: { handle: async ({ shop }) => planResponse(await getPlanInfo(shop.id)) },
});

export const loader = route.loader;
export const action = route.action;
