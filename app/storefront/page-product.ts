/**
 * The product page's own product in the player (decision 080): the gallery
 * block's widget names the page's product, and the player lists it first, at
 * the variant the page has chosen. Themes keep that variant in the `id` field
 * of their product form: Dawn's and Horizon's hidden `input[name="id"]`, which
 * their scripts update as the shopper picks options, a vintage theme's
 * `select[name="id"]`; Dawn also writes it in the address (`?variant=`), which
 * is where a shared link carries it. Read each time the player shows a video,
 * so a choice made after the page loaded counts. Only one of the product's own
 * variants is taken: a product page also holds other products' quick-add
 * forms. Part of the player's asset (loaded on intent), not of the first one.
 */
import type { StorefrontProduct } from "./widget-data";

/** `products` with the page's product first, at the page's chosen variant; as they are without `pageProduct` (every other widget). */
export function pageProductFirst(products: StorefrontProduct[], pageProduct: string | undefined): StorefrontProduct[] {
  const chosen = Array.from(document.querySelectorAll<HTMLInputElement>('[action*="/cart/add"] [name=id]'), (field) => +field.value);
  chosen.push(+new URLSearchParams(location.search).get("variant")!);
  const own = (product: StorefrontProduct) => +(product.id === pageProduct);
  return products
    .map((product) =>
      own(product)
        ? { ...product, variantId: chosen.find((id) => (product.variants || []).some((variant) => variant.id === id)) || product.variantId }
        : product,
    )
    .sort((a, b) => own(b) - own(a));
}
