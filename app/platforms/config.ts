/**
 * Platform configuration (spec section 3): names, labels, brand colours,
 * features, the third-party Apify actor each importer runs, and the import
 * methods of the Import modal (its texts are in app/messages/). Client-safe:
 * no secrets, no server imports. Actor ids and their input/output fields come from
 * ../shared/design/market-notes.md section 3 and live here only.
 */
import { IMPORT_TEXT } from "~/messages";
import type { PlatformConfig, PlatformId, VideoSource } from "~/contracts/platforms";

export { canonicalVideoUrl, extractVideoId, isPlatformUrl, normalizeUsername } from "~/rules/platform-urls";

export const PLATFORM_IDS = ["tiktok", "instagram", "pinterest", "youtube_shorts", "snapchat"] as const satisfies readonly PlatformId[];

/** Actor ids (Apify Store) used or noted per platform. Pinterest's actor says whether a pin is a video, and gives its file (decision 069). */
export const ACTORS = {
  tiktok: "clockworks/tiktok-scraper",
  instagramReels: "apify/instagram-reel-scraper",
  pinterest: "epctex/pinterest-scraper",
  youtubeShorts: "streamers/youtube-shorts-scraper",
} as const;

const label = (name: string, enabled: boolean) => (enabled ? name : IMPORT_TEXT.comingSoon(name));

function platform(config: Omit<PlatformConfig, "label">): PlatformConfig {
  return { ...config, label: label(config.name, config.enabled) };
}

export const PLATFORMS: Record<PlatformId, PlatformConfig> = {
  tiktok: platform({
    id: "tiktok",
    name: "TikTok",
    color: "#000000",
    enabled: true,
    features: { channels: true, singleVideos: true, autoSync: true },
    actorId: ACTORS.tiktok,
    importMethods: ["username", "url"],
  }),
  instagram: platform({
    id: "instagram",
    name: "Instagram",
    color: "#E1306C",
    enabled: true,
    features: { channels: true, singleVideos: true, autoSync: true },
    actorId: ACTORS.instagramReels,
    importMethods: ["username", "url"],
  }),
  pinterest: platform({
    id: "pinterest",
    name: "Pinterest",
    color: "#E60023",
    enabled: true,
    features: { channels: false, singleVideos: true, autoSync: false },
    // Single pins come from Pinterest's oEmbed endpoint, which cannot tell a video pin from an image pin;
    // the actor reads that (and the video file), so a Pinterest import runs it too (decision 069).
    actorId: ACTORS.pinterest,
    importMethods: ["url"],
  }),
  youtube_shorts: platform({
    id: "youtube_shorts",
    name: "YouTube Shorts",
    color: "#FF0000",
    enabled: false,
    features: { channels: true, singleVideos: true, autoSync: true },
    actorId: ACTORS.youtubeShorts,
    importMethods: ["username", "url"],
  }),
  snapchat: platform({
    id: "snapchat",
    name: "Snapchat",
    color: "#FFFC00",
    enabled: false,
    features: { channels: true, singleVideos: true, autoSync: false },
    actorId: null,
    importMethods: ["username", "url"],
  }),
};

/** How every video source is named and coloured (tiles, filters, badges): the platforms, and the merchant's uploads. */
export const VIDEO_SOURCES: Record<VideoSource, { name: string; color: string }> = {
  ...PLATFORMS,
  upload: { name: IMPORT_TEXT.uploadSource, color: "#303030" },
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
