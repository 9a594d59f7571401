/**
 * The theme cart's script asset (clipcart-cart.js, built by
 * scripts/build-extension.mjs): the player loads it when it opens and finds
 * it on window.
 */
import { CART_GLOBAL } from "./lazy-assets";
import { themeCart, type ThemeCartModule } from "./theme-cart";

(window as unknown as Record<string, ThemeCartModule>)[CART_GLOBAL] = themeCart;
