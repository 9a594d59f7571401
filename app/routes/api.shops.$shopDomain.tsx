import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authenticateApi, notFound } from "~/http/api.server";
import { getShopByDomain, shopResponse } from "~/models/shop.server";
import { API_TEXT } from "~/messages";

/** GET /api/shops/{shopDomain}: 404 until the shop is bootstrapped, and for any other shop. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shopDomain } = await authenticateApi(request);
  if (params.shopDomain !== shopDomain) notFound(API_TEXT.shopNotFound);
  const shop = await getShopByDomain(shopDomain);
  if (!shop) notFound(API_TEXT.shopNotFound);
  return json({ shop: shopResponse(shop) });
}
