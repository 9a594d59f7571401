import { apiRoute } from "~/http/api-route.server";
import { videoAnalytics } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}/videos: { videos } shoppers saw, played or clicked in the last 30 days, with their clicks (spec 7) and engagement (issue 14). */
export const { loader, action } = apiRoute({
  GET: { shopParam: "shopId", handle: async ({ shop }) => ({ videos: await videoAnalytics(shop.id) }) },
});
