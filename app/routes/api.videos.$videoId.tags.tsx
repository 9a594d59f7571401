import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { PRODUCT_GID_PATTERN, addProductTag, listProductTags } from "~/models/tags.server";
import { API_TEXT } from "~/messages";

const AddTagBody = z.object({
  productId: z.string().trim().regex(PRODUCT_GID_PATTERN, "productId must be a Shopify product id (gid://shopify/Product/...)"),
  productTitle: textInput("productTitle", { required: true }).min(1, "productTitle is required").max(255, "productTitle must be 255 characters or fewer"),
  shopId: z.string().optional(),
});

/** GET /api/videos/{videoId}/tags?shopId= : { tags } */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const videoId = readIdParam(params.videoId, "videoId");
  const tags = await callModel(() => listProductTags(shop.id, videoId));
  return json({ tags });
}

/** POST /api/videos/{videoId}/tags {productId, productTitle, shopId}: 201 { tag }, or 200 with the existing tag (idempotent). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { shop } = await requireApiShop(request);
  const videoId = readIdParam(params.videoId, "videoId");
  const body = await readJsonBody(request, AddTagBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const { tag, created } = await callModel(() => addProductTag(shop.id, videoId, { productId: body.productId, productTitle: body.productTitle }));
  return json({ tag }, { status: created ? 201 : 200 });
}
