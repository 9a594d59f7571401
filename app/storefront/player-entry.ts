/**
 * The player's script asset (clipcart-player.js, built by
 * scripts/build-extension.mjs): the storefront script loads it on the
 * shopper's first intent and finds the player on window.
 */
import { createPlayer, type PlayerModule } from "./player";
import { PLAYER_GLOBAL } from "./lazy-assets";

(window as unknown as Record<string, PlayerModule>)[PLAYER_GLOBAL] = { createPlayer };
