import { apiRoute } from "~/http/api-route.server";
import { markShopFirstActive, shopResponse } from "~/models/shop.server";

/** POST /api/shops/{shopId}/mark-first-active (empty JSON body). */
export const { loader, action } = apiRoute({
  POST: { shopParam: "shopId", handle: async ({ shop }) => ({ shop: shopResponse(await markShopFirstActive(shop.id)) }) },
});
