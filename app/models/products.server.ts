/**
 * The shop's catalogue and theme as the admin pages need them, read from the
 * Admin API with the merchant's request session (routes never talk to the
 * Admin gateway themselves).
 */
import { fetchActiveTheme, searchProducts, type ActiveTheme, type AdminGraphql, type ProductSearchHit } from "~/shopify/admin-gateway.server";

/** Products whose title matches the merchant's search, for tagging a video. */
export async function searchShopProducts(graphql: AdminGraphql, text: string): Promise<ProductSearchHit[]> {
  return searchProducts(graphql, text);
}

/** The published (main) theme, or null when the shop has none. */
export async function activeThemeOf(graphql: AdminGraphql): Promise<ActiveTheme | null> {
  return fetchActiveTheme(graphql);
}
