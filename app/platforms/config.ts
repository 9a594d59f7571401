/**
 * Platform configuration (spec section 3) as the admin and the importers read
 * it: each platform's declaration (app/contracts/platforms.ts: its looks and
 * how it is imported) with the label its buttons show (texts in
 * app/messages/). Client-safe: no secrets, no server imports.
 */
import { IMPORT_TEXT } from "~/messages";
import { PLATFORM_IDS, PLATFORM_IMPORTS, VIDEO_SOURCE_LOOKS, type PlatformConfig, type PlatformId, type VideoSource } from "~/contracts/platforms";

export { canonicalVideoUrl, extractVideoId, isPlatformUrl, normalizeUsername } from "~/rules/platform-urls";
export { PLATFORM_IDS } from "~/contracts/platforms";

function platform(id: PlatformId): PlatformConfig {
  const { name, color } = VIDEO_SOURCE_LOOKS[id];
  const { enabled, features, actorId, importMethods } = PLATFORM_IMPORTS[id];
  return { id, name, label: enabled ? name : IMPORT_TEXT.comingSoon(name), color, enabled, features, actorId, importMethods };
}

export const PLATFORMS = Object.fromEntries(PLATFORM_IDS.map((id) => [id, platform(id)])) as Record<PlatformId, PlatformConfig>;

/** How every video source is named and coloured (tiles, filters, badges): the platforms, and the merchant's uploads. */
export const VIDEO_SOURCES: Record<VideoSource, { name: string; color: string }> = {
  ...PLATFORMS,
  upload: { name: IMPORT_TEXT.uploadSource, color: VIDEO_SOURCE_LOOKS.upload.color },
};

/** Platforms merchants can import from, in the order the Dashboard shows them. */
export const ENABLED_PLATFORMS: PlatformConfig[] = PLATFORM_IDS.map((id) => PLATFORMS[id]).filter((p) => p.enabled);

/** Every platform, enabled first (disabled ones read "<name> (Coming Soon)"). */
export const ALL_PLATFORMS: PlatformConfig[] = PLATFORM_IDS.map((id) => PLATFORMS[id]);

/** A platform id, or "upload" (the merchant's own videos). */
export function isVideoSource(value: unknown): value is VideoSource {
  return value === "upload" || isPlatformId(value);
}

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === "string" && (PLATFORM_IDS as readonly string[]).includes(value);
}

export function isEnabledPlatform(value: unknown): value is PlatformId {
  return isPlatformId(value) && PLATFORMS[value].enabled;
}
