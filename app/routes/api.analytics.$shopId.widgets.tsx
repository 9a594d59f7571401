import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { widgetAnalytics } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}/widgets: { widgets } with their clicks (spec 7) and engagement (issue 14) in the last 30 days. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.shopId);
  return json({ widgets: await widgetAnalytics(shop.id) });
}
