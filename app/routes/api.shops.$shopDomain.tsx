import { apiBootstrapRoute } from "~/http/api-route.server";
import { notFound } from "~/http/api.server";
import { getShopByDomain, shopResponse } from "~/models/shop.server";
import { API_TEXT } from "~/messages";

/** GET /api/shops/{shopDomain}: 404 until the shop is bootstrapped, and for any other shop. */
const route = apiBootstrapRoute("GET", {
  handle: async ({ params, shopDomain }) => {
    if (params.shopDomain !== shopDomain) notFound(API_TEXT.shopNotFound);
    const shop = await getShopByDomain(shopDomain);
    if (!shop) notFound(API_TEXT.shopNotFound);
    return { shop: shopResponse(shop) };
  },
});

export const loader = route.loader;
export const action = route.action;
