/**
 * The shop's catalogue and theme as the admin pages need them, read from the
 * Admin API with the merchant's request session (routes never talk to the
 * Admin gateway themselves).
 */
import type { ProductSearchResult } from "~/rules/api-types";
import { fetchActiveTheme, searchProducts, type ActiveTheme, type AdminGraphql } from "~/shopify/admin-gateway.server";

/** Products whose title matches the merchant's search, for tagging a video: each with its image and price. */
export async function searchShopProducts(graphql: AdminGraphql, text: string): Promise<ProductSearchResult[]> {
  const hits = await searchProducts(graphql, text);
  return hits.map((hit) => ({
    id: hit.id,
    title: hit.title,
    image_url: hit.imageUrl,
    min_price: hit.price?.min ?? null,
    max_price: hit.price?.max ?? null,
    currency_code: hit.price?.currencyCode ?? null,
  }));
}

/** The published (main) theme, or null when the shop has none. */
export async function activeThemeOf(graphql: AdminGraphql): Promise<ActiveTheme | null> {
  return fetchActiveTheme(graphql);
}
