/**
 * Stand-ins for the Customize preview when the shop has no approved videos yet
 * (spec 2: up to 8 sample videos, with a link to the Video Library). They have
 * no poster (the platform tile shows) and no player.
 */
import { PREVIEW_SAMPLE_VIDEOS_MAX } from "~/constants";
import type { StorefrontVideo } from "./widget-data";

const SAMPLES: Array<[StorefrontVideo["platform"], string, string]> = [
  ["tiktok", "Summer try-on haul", "Maya Styles"],
  ["instagram", "Morning skincare routine", "Glow Studio"],
  ["tiktok", "Unboxing the new linen shirt", "Daily Threads"],
  ["pinterest", "Five ways to style a tote", "Pin Ideas"],
  ["instagram", "Behind the scenes at the studio", "Maker Lab"],
  ["tiktok", "Coffee mug review", "Brew Notes"],
  ["instagram", "Outfit ideas for the weekend", "Maya Styles"],
  ["tiktok", "New drop: summer dress", "Daily Threads"],
];

export const SAMPLE_VIDEOS: StorefrontVideo[] = SAMPLES.slice(0, PREVIEW_SAMPLE_VIDEOS_MAX).map(([platform, title, author], index) => ({
  id: `sample-${index + 1}`,
  platform,
  videoId: `sample-${index + 1}`,
  title,
  author,
  poster: null,
  embedUrl: null,
  url: null,
  // Never published: the admin preview only (search engines never see samples).
  uploadDate: "",
  products: [],
}));
