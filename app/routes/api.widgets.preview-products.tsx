import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { readQuery } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { listTaggedProducts } from "~/models/tagged-products.server";

const PreviewProductsQuery = z.object({ q: textInput("q").max(200, "q must be 200 characters or fewer").default("") });

/**
 * GET /api/widgets/preview-products?q=&shopId= : { products: [{id, title, video_count}], total }, the
 * products with approved videos tagged, by title, for the Customize preview of a "Videos tagged with
 * this product" widget (decision 079).
 */
const route = apiRoute({
  GET: { handle: ({ shop, request }) => listTaggedProducts(shop.id, { search: readQuery(request, PreviewProductsQuery).q }) },
});

export const loader = route.loader;
export const action = route.action;
