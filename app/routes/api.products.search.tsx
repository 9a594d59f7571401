import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { PRODUCT_SEARCH_MIN_CHARS } from "~/constants";
import { apiError, requireApiShop } from "~/http/api.server";
import { shopIdFromQuery } from "~/http/api-errors.server";
import { readQuery } from "~/http/request-input.server";
import { cutText, textInput } from "~/rules/text-input";
import { searchShopProducts } from "~/models/products.server";
import { API_TEXT } from "~/messages";

/** Longer text is cut: no product title is searched by a paragraph. */
const PRODUCT_SEARCH_MAX_LENGTH = 200;

const ProductSearchQuery = z.object({ q: textInput("q").default("") });

/**
 * GET /api/products/search?q=&shopId= : [{id, title, image_url, min_price,
 * max_price, currency_code}] from the store's
 * catalogue (Admin GraphQL). Fewer than 2 characters answers [] without asking
 * Shopify (spec 5).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireApiShop(request, shopIdFromQuery(request));
  const q = cutText(readQuery(request, ProductSearchQuery).q, PRODUCT_SEARCH_MAX_LENGTH);
  if ([...q].length < PRODUCT_SEARCH_MIN_CHARS) return json([]);
  try {
    return json(await searchShopProducts(admin.graphql, q));
  } catch (error) {
    if (error instanceof Response) throw error; // re-authentication answers from the library
    console.error(error);
    return apiError(502, API_TEXT.productSearchFailed);
  }
}
