import { apiRoute } from "~/http/api-route.server";
import { widgetAnalytics } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}/widgets: { widgets } with their clicks (spec 7) and engagement (issue 14) in the last 30 days. */
export const { loader, action } = apiRoute({
  GET: { shopParam: "shopId", handle: async ({ shop }) => ({ widgets: await widgetAnalytics(shop.id) }) },
});
