import { json } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { PRODUCT_GID_PATTERN, addProductTag, listProductTags } from "~/models/tags.server";

const AddTagBody = z.object({
  productId: z.string().trim().regex(PRODUCT_GID_PATTERN, "productId must be a Shopify product id (gid://shopify/Product/...)"),
  productTitle: textInput("productTitle", { required: true }).min(1, "productTitle is required").max(255, "productTitle must be 255 characters or fewer"),
  shopId: z.string().optional(),
});

const route = apiRoute({
  /** GET /api/videos/{videoId}/tags?shopId= : { tags } */
  GET: { handle: async ({ shop, params }) => ({ tags: await listProductTags(shop.id, readIdParam(params.videoId, "videoId")) }) },
  /** POST /api/videos/{videoId}/tags {productId, productTitle, shopId}: 201 { tag }, or 200 with the existing tag (idempotent). */
  POST: {
    body: AddTagBody,
    handle: async ({ shop, params, body }) => {
      const videoId = readIdParam(params.videoId, "videoId");
      const { tag, created } = await addProductTag(shop.id, videoId, { productId: body.productId, productTitle: body.productTitle });
      return json({ tag }, { status: created ? 201 : 200 });
    },
  },
});

export const loader = route.loader;
export const action = route.action;
