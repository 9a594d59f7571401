/**
 * The storefront script's lazily loaded assets (decisions 037, 065): each sits
 * beside it in the theme app extension's assets and puts its module on window
 * under its global.
 */
/** The player: loaded on the shopper's first intent. */
export const PLAYER_FILE = "clipcart-player.js";
export const PLAYER_GLOBAL = "__clipcartPlayer";
/** Live previews: loaded when a widget with previews nears the viewport, after the page has loaded. */
export const PREVIEWS_FILE = "clipcart-previews.js";
export const PREVIEWS_GLOBAL = "__clipcartPreviews";
/** The theme's cart code (theme-cart.ts): loaded by the player when it opens. */
export const CART_FILE = "clipcart-cart.js";
export const CART_GLOBAL = "__clipcartCart";
/** The player's captions and CC toggle (captions.ts): loaded by the player once it shows a video with captions (decision 085). */
export const CAPTIONS_FILE = "clipcart-captions.js";
export const CAPTIONS_GLOBAL = "__clipcartCaptions";

const loads: Record<string, Promise<unknown> | undefined> = {};

/** One of the assets beside the script at `base`, loaded once; a failed load is forgotten so the next ask tries again. */
export function loadAsset<Module>(base: string, file: string, global: string): Promise<Module> {
  return (loads[file] =
    loads[file] ||
    new Promise<Module>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(file, base || location.href).href;
      script.async = true;
      script.onload = () => {
        const module = (window as unknown as Record<string, Module | undefined>)[global];
        if (module) resolve(module);
        else reject(new Error(file));
      };
      script.onerror = () => {
        script.remove();
        loads[file] = undefined;
        reject(new Error(file));
      };
      document.head.append(script);
    })) as Promise<Module>;
}
