/**
 * The player's script asset (clipcart-player.js, built by
 * scripts/build-extension.mjs): the storefront script loads it on the
 * shopper's first intent and finds the player on window. The theme's cart
 * code is an asset beside it (clipcart-cart.js), loaded when the player opens;
 * the captions another (clipcart-captions.js), loaded once the player shows a
 * video that has captions (decision 085).
 */
import { createPlayer, type PlayerModule } from "./player";
import { captionedPlayer } from "./player-captions";
import { CAPTIONS_FILE, CAPTIONS_GLOBAL, CART_FILE, CART_GLOBAL, PLAYER_GLOBAL, loadAsset } from "./lazy-assets";
import type { CaptionsModule } from "./captions";
import type { ThemeCartModule } from "./theme-cart";

// Where this script came from (known only while it first runs): the cart's and the captions' assets sit beside it.
const scriptUrl = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
const loadCart = () => loadAsset<ThemeCartModule>(scriptUrl, CART_FILE, CART_GLOBAL);
const loadCaptions = () => loadAsset<CaptionsModule>(scriptUrl, CAPTIONS_FILE, CAPTIONS_GLOBAL);

(window as unknown as Record<string, PlayerModule>)[PLAYER_GLOBAL] = {
  createPlayer: captionedPlayer((context) => createPlayer({ loadCart, ...context }), loadCaptions),
};
