import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { markShopFirstActive, shopResponse } from "~/models/shop.server";

/** POST /api/shops/{shopId}/mark-first-active (empty JSON body). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request, params.shopId);
  const updated = await markShopFirstActive(shop.id);
  return json({ shop: shopResponse(updated) });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
