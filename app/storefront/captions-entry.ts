/**
 * The captions' script asset (clipcart-captions.js, built by
 * scripts/build-extension.mjs): the player loads it once it shows a video with
 * captions and finds the module on window (decision 085).
 */
import { CAPTIONS_GLOBAL } from "./lazy-assets";
import { playerCaptions, type CaptionsModule } from "./captions";

(window as unknown as Record<string, CaptionsModule>)[CAPTIONS_GLOBAL] = { playerCaptions };
