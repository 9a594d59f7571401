/**
 * What a video without a poster shows: its platform's name on the platform's
 * colour (or the merchant's own upload), as app/contracts/platforms.ts
 * declares each source's looks (a table of its own there, so the storefront
 * bundle carries the names and colours and nothing else of the platforms).
 */
export { VIDEO_SOURCE_LOOKS as PLATFORM_TILES, VIDEO_SOURCE_NAMES as PLATFORM_NAMES, VIDEO_SOURCE_COLORS as PLATFORM_COLORS } from "~/contracts/platforms";

/** Black or white, whichever reads better on the colour (#RRGGBB); the test checks each tile's `text` (white when absent) with it. */
export function tileTextColor(color: string): string {
  const value = parseInt(color.slice(1), 16);
  // Relative luminance approximated with the sRGB coefficients; good enough to pick black or white.
  const luminance = 0.2126 * ((value >> 16) & 255) + 0.7152 * ((value >> 8) & 255) + 0.0722 * (value & 255);
  return luminance > 150 ? "#000" : "#fff";
}
