/**
 * How the storefront script finds its player (decision 037): the player's
 * script asset, beside the storefront script in the theme app extension's
 * assets, puts its module on window under PLAYER_GLOBAL.
 */
export const PLAYER_FILE = "clipcart-player.js";
export const PLAYER_GLOBAL = "__clipcartPlayer";
