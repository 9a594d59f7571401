import { apiRoute } from "~/http/api-route.server";
import { markShopFirstActive, shopResponse } from "~/models/shop.server";

/** POST /api/shops/{shopId}/mark-first-active (empty JSON body). */
const route = apiRoute({
  POST: { shopParam: "shopId", handle: async ({ shop }) => ({ shop: shopResponse(await markShopFirstActive(shop.id)) }) },
});

export const loader = route.loader;
export const action = route.action;
