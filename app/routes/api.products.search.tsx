import { z } from "zod";
import { PRODUCT_SEARCH_MIN_CHARS } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
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
const route = apiRoute({
  GET: {
    upstreamFailure: API_TEXT.productSearchFailed,
    handle: async ({ request, admin }) => {
      const q = cutText(readQuery(request, ProductSearchQuery).q, PRODUCT_SEARCH_MAX_LENGTH);
      if ([...q].length < PRODUCT_SEARCH_MIN_CHARS) return [];
      return searchShopProducts(admin.graphql, q);
    },
  },
});

export const loader = route.loader;
export const action = route.action;
