import { VIDEO_SOURCES, isVideoSource } from "~/platforms/config";
import { tileTextColor } from "~/storefront/platform-tiles";

/** A video source's name (a platform, or Upload) on its colour (Polaris badges only come in its own tones). */
export function PlatformBadge({ platform }: { platform: string }) {
  const config = isVideoSource(platform) ? VIDEO_SOURCES[platform] : undefined;
  const background = config?.color ?? "#8a8a8a";
  return (
    <span
      data-platform-badge={platform}
      style={{
        display: "inline-block",
        padding: "2px 8px",
        borderRadius: 8,
        background,
        color: tileTextColor(background),
        fontSize: 12,
        fontWeight: 550,
        lineHeight: "16px",
        whiteSpace: "nowrap",
      }}
    >
      {config?.name ?? platform}
    </span>
  );
}
