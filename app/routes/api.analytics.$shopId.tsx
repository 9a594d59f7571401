import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { analyticsSummary } from "~/models/analytics.server";

/** GET /api/analytics/{shopId}: the analytics summary (spec 3). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.shopId);
  return json(await analyticsSummary(shop.id));
}
