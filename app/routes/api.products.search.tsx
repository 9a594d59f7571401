import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { PRODUCT_SEARCH_MIN_CHARS } from "~/constants";
import { apiError, requireApiShop } from "~/lib/api.server";
import { shopIdFromQuery } from "~/lib/api-errors.server";
import { searchProducts } from "~/shopify/admin-gateway.server";

/**
 * GET /api/products/search?q=&shopId= : [{id, title}] from the store's
 * catalogue (Admin GraphQL). Fewer than 2 characters answers [] without asking
 * Shopify (spec 5).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireApiShop(request, shopIdFromQuery(request));
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  if ([...q].length < PRODUCT_SEARCH_MIN_CHARS) return json([]);
  try {
    return json(await searchProducts(admin.graphql, q));
  } catch (error) {
    if (error instanceof Response) throw error; // re-authentication answers from the library
    console.error(error);
    return apiError(502, "Product search failed");
  }
}
