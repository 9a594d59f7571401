/**
 * Stand-ins for the widget previews when the shop has no approved videos yet
 * (spec 2: up to 8 sample videos, with a link to the Video Library): the
 * Customize preview and the widget cards' mini previews. Each has a poster
 * that looks like a still of a short video (issue 15 item 16), served by the
 * admin from public/samples (scripts/make-sample-posters.mjs draws them, in
 * this order); no player.
 */
import { PREVIEW_SAMPLE_POSTER_PATH, PREVIEW_SAMPLE_VIDEOS_MAX } from "~/constants";
import { WIDGET_LAYOUTS, type LayoutType } from "~/contracts/widget-layouts";
import type { StorefrontVideo, StorefrontWidget } from "./widget-data";

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

/** How many videos an admin preview shows of a layout (spec 9: carousel 3, grid 6; the layout's declaration). */
export function previewVideoCount(layout: LayoutType): number {
  return WIDGET_LAYOUTS[layout].previewVideos;
}

const sampleVideo = (platform: StorefrontVideo["platform"], title: string, author: string, number: number, origin: string | null): StorefrontVideo => ({
  id: `sample-${number}`,
  platform,
  videoId: `sample-${number}`,
  title,
  author,
  poster: origin ? `${origin}${PREVIEW_SAMPLE_POSTER_PATH}/sample-${number}.svg` : null,
  embedUrl: null,
  url: null,
  // Never published: the admin preview only (search engines never see samples).
  uploadDate: "",
  products: [],
});

/**
 * The samples, their posters at `origin` (the admin's own, as the browser
 * sees it: the storefront renderer takes absolute http(s) URLs only). Without
 * an origin (on the server) the platform tile stands in, as for any video
 * without a poster.
 */
export function sampleVideos(origin: string | null): StorefrontVideo[] {
  return SAMPLES.slice(0, PREVIEW_SAMPLE_VIDEOS_MAX).map(([platform, title, author], index) => sampleVideo(platform, title, author, index + 1, origin));
}

/** The admin's origin in the browser; null on the server. */
export const browserOrigin = (): string | null => (typeof window === "undefined" ? null : window.location.origin);

/** A widget's preview with the samples in place of its videos, as many as its layout shows. */
export function withSampleVideos(widget: StorefrontWidget, origin: string | null): StorefrontWidget {
  return { ...widget, videos: sampleVideos(origin).slice(0, previewVideoCount(widget.layout)) };
}
