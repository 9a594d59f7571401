import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { getPlanInfo, planResponse } from "~/models/plan.server";

/** GET /api/billing/plan: plan, approvedCount and `{product}Verified` (spec 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request);
  return json(planResponse(await getPlanInfo(shop.id)));
}
