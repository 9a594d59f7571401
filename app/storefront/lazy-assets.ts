/**
 * The storefront script's lazily loaded assets (decision 037): each sits
 * beside it in the theme app extension's assets and puts its module on window
 * under its global.
 */
/** The player: loaded on the shopper's first intent. */
export const PLAYER_FILE = "clipcart-player.js";
export const PLAYER_GLOBAL = "__clipcartPlayer";
/** Live previews: loaded when a widget with previews nears the viewport, after the page has loaded. */
export const PREVIEWS_FILE = "clipcart-previews.js";
export const PREVIEWS_GLOBAL = "__clipcartPreviews";
