import { apiRoute } from "~/http/api-route.server";
import { videoAnalytics } from "~/models/analytics.server";
import { rankingFrom } from "~/rules/performance-ranking";

/** GET /api/analytics/{shopId}/videos(?sort=revenue): { videos } shoppers saw, played, clicked or bought from in the last 30 days, with their clicks (spec 7), engagement (issue 14) and sales (decision 068), most clicks first unless `sort` names another ranking. */
const route = apiRoute({
  GET: {
    shopParam: "shopId",
    handle: async ({ shop, url }) => ({ videos: await videoAnalytics(shop.id, { rankBy: rankingFrom(url.searchParams.get("sort")) }) }),
  },
});

export const loader = route.loader;
export const action = route.action;
