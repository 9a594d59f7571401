import { apiRoute } from "~/http/api-route.server";
import { scheduleStorefrontPublish } from "~/models/storefront-publishing.server";

/**
 * POST /api/shops/{shopId}/storefront-publish (empty JSON body): 202 { scheduled: true }. The Widgets page's
 * "Try again" when product pages could not be updated (decision 079): the storefront data is published again
 * now rather than at the publisher's next retry.
 */
const route = apiRoute({
  POST: {
    shopParam: "shopId",
    status: 202,
    handle: async ({ shop }) => {
      scheduleStorefrontPublish(shop.id);
      return { scheduled: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
