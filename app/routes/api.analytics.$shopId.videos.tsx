import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { videoAnalytics } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}/videos: { videos } shoppers saw, played or clicked in the last 30 days, with their clicks (spec 7) and engagement (issue 14). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.shopId);
  return json({ videos: await videoAnalytics(shop.id) });
}
