import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { widgetAnalytics } from "~/models/analytics.server";
import { rankingFrom } from "~/rules/performance-ranking";

/** GET /api/analytics/{shopId}/widgets(?sort=revenue): { widgets } with their clicks (spec 7), engagement (issue 14) and sales (decision 068) in the last 30 days, most clicks first unless `sort` names another ranking. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.shopId);
  const rankBy = rankingFrom(new URL(request.url).searchParams.get("sort"));
  return json({ widgets: await widgetAnalytics(shop.id, { rankBy }) });
}
