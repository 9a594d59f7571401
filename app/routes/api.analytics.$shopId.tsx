import { apiRoute } from "~/http/api-route.server";
import { analyticsSummary } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}: the analytics summary (spec 3). */
export const { loader, action } = apiRoute({
  GET: { shopParam: "shopId", handle: ({ shop }) => analyticsSummary(shop.id) },
});
