import { apiRoute } from "~/http/api-route.server";
import { analyticsSummary } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}: the analytics summary (spec 3). */
const route = apiRoute({
  GET: { shopParam: "shopId", handle: ({ shop }) => analyticsSummary(shop.id) },
});

export const loader = route.loader;
export const action = route.action;
