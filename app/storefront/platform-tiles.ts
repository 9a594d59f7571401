/**
 * What a video without a poster shows: its platform's name on the platform's
 * colour (or the merchant's own upload). A copy of two fields of VIDEO_SOURCES in app/platforms/config.ts, because the
 * storefront bundle must stay small and that module carries the importers'
 * configuration; platform-tiles.test.ts keeps the two in step.
 */
import type { VideoSource } from "~/contracts/platforms";

export const PLATFORM_TILES: Record<VideoSource, { name: string; color: string; text?: string }> = {
  tiktok: { name: "TikTok", color: "#000000" },
  instagram: { name: "Instagram", color: "#E1306C" },
  pinterest: { name: "Pinterest", color: "#E60023" },
  youtube_shorts: { name: "YouTube Shorts", color: "#FF0000" },
  snapchat: { name: "Snapchat", color: "#FFFC00", text: "#000" },
  upload: { name: "Upload", color: "#303030" },
};

/** Black or white, whichever reads better on the colour (#RRGGBB); the test checks each tile's `text` (white when absent) with it. */
export function tileTextColor(color: string): string {
  const value = parseInt(color.slice(1), 16);
  // Relative luminance approximated with the sRGB coefficients; good enough to pick black or white.
  const luminance = 0.2126 * ((value >> 16) & 255) + 0.7152 * ((value >> 8) & 255) + 0.0722 * (value & 255);
  return luminance > 150 ? "#000" : "#fff";
}
