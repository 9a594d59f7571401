import { apiRoute } from "~/http/api-route.server";
import { widgetAnalytics } from "~/models/analytics.server";
import { rankingFrom } from "~/rules/performance-ranking";

/** GET /api/analytics/{shopId}/widgets(?sort=revenue): { widgets } with their clicks (spec 7), engagement (issue 14) and sales (decision 068) in the last 30 days, most clicks first unless `sort` names another ranking. */
const route = apiRoute({
  GET: {
    shopParam: "shopId",
    handle: async ({ shop, url }) => ({ widgets: await widgetAnalytics(shop.id, { rankBy: rankingFrom(url.searchParams.get("sort")) }) }),
  },
});

export const loader = route.loader;
export const action = route.action;
