import { useEffect, useRef, useState } from "react";
import { VIDEO_SOURCES } from "~/platforms/config";
import type { VideoSource } from "~/contracts/platforms";
import { safeHttpUrl } from "~/rules/embeds";
import { tileTextColor } from "~/storefront/platform-tiles";

const SIZES = { small: 40, medium: 60, large: 120 } as const;

/** The platform's coloured tile with its initial: shown when a thumbnail is missing or broken. */
export function PlatformTile({ platform, size = "small" }: { platform: VideoSource; size?: keyof typeof SIZES }) {
  const config = VIDEO_SOURCES[platform];
  const side = SIZES[size];
  return (
    <div
      role="img"
      aria-label={config?.name ?? platform}
      data-platform-tile={platform}
      style={{
        width: side,
        height: side,
        borderRadius: 8,
        background: config?.color ?? "#8a8a8a",
        color: tileTextColor(config?.color ?? ""),
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        fontWeight: 650,
        fontSize: side / 2.5,
        flexShrink: 0,
      }}
    >
      {(config?.name ?? platform).charAt(0)}
    </div>
  );
}

/**
 * A video's thumbnail; the platform tile when there is none, when its URL is
 * not http(s), or when the image fails to load (platform URLs expire).
 */
export function VideoThumb({ url, platform, alt, size = "small" }: { url: string | null; platform: VideoSource; alt: string; size?: keyof typeof SIZES }) {
  const src = safeHttpUrl(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // An image in the server's HTML may fail before React hydrates and listens: its error event is gone, so look.
  useEffect(() => {
    const element = image.current;
    if (src && element && element.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  if (!src || failedSrc === src) return <PlatformTile platform={platform} size={size} />;
  const side = SIZES[size];
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      width={side}
      height={side}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      style={{ width: side, height: side, objectFit: "cover", borderRadius: 8, flexShrink: 0, display: "block" }}
    />
  );
}
