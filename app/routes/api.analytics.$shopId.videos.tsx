import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { videoAnalytics } from "~/models/analytics.server";
import { rankingFrom } from "~/rules/performance-ranking";

/** GET /api/analytics/{shopId}/videos(?sort=revenue): { videos } shoppers saw, played, clicked or bought from in the last 30 days, with their clicks (spec 7), engagement (issue 14) and sales (decision 068), most clicks first unless `sort` names another ranking. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.shopId);
  const rankBy = rankingFrom(new URL(request.url).searchParams.get("sort"));
  return json({ videos: await videoAnalytics(shop.id, { rankBy }) });
}
