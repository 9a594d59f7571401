import { z } from "zod";
import { PREVIEW_SAMPLE_VIDEOS_MAX } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
import { readQuery } from "~/http/request-input.server";
import { PRODUCT_GID_PATTERN } from "~/models/tags.server";
import { taggedProductPreviewVideos } from "~/models/tagged-products.server";

const PreviewVideosQuery = z.object({
  productId: z.string().trim().regex(PRODUCT_GID_PATTERN, "productId must be a Shopify product id (gid://shopify/Product/...)"),
});

/**
 * GET /api/widgets/preview-products/videos?productId=&shopId= : { videos }, the product's approved videos
 * as the storefront draws them, newest approval first (as many as a preview shows), for the Customize preview.
 */
const route = apiRoute({
  GET: {
    handle: async ({ shop, request }) => ({
      videos: await taggedProductPreviewVideos(shop.id, readQuery(request, PreviewVideosQuery).productId, PREVIEW_SAMPLE_VIDEOS_MAX),
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
