/**
 * The previews' script asset (clipcart-previews.js, built by
 * scripts/build-extension.mjs): the storefront script loads it when a widget
 * with previews nears the viewport and finds the module on window.
 */
import { PREVIEWS_GLOBAL } from "./lazy-assets";
import { startPreviews, type PreviewsModule } from "./previews";

(window as unknown as Record<string, PreviewsModule>)[PREVIEWS_GLOBAL] = { startPreviews };
