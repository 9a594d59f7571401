import { memo, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { Badge, BlockStack, Button, IndexTable, InlineStack, Link, Text } from "@shopify/polaris";
import type { VideoDto } from "~/rules/api-types";
import { displayTitle, formatLongDate, splitTagBadges, videoReference } from "~/rules/library-selection";
import { ACTION_TEXT, AUTO_APPROVE_TEXT, LIBRARY_TEXT } from "~/messages";
import { useHydrated } from "~/browser/use-hydrated";
import { reachLine } from "~/rules/reach-figures";
import { VideoThumb } from "./VideoThumb";

/** Clicks on a row's own controls must not also open the preview (the row's click). */
function Interactive({ children }: { children: ReactNode }) {
  // Not a control itself: it only keeps clicks (and the Enter/Space that activate the buttons inside) from reaching the row.
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  return (
    <div role="presentation" onClick={stop} onKeyDown={stop}>
      {children}
    </div>
  );
}

interface VideoRowProps {
  video: VideoDto;
  position: number;
  selected: boolean;
  /** The row's Unpublish is running. */
  unpublishing: boolean;
  onPreview: (video: VideoDto) => void;
  onTag: (video: VideoDto) => void;
  onShowTags: (video: VideoDto) => void;
  onApprove: (video: VideoDto) => void;
  onUnpublish: (video: VideoDto) => void;
  /** The admin's locale, for the reach figures ("1.2K plays"). */
  locale: string;
}

/** Where the storefront's copy of the video stands, while it is not simply ready (decision 035). */
function MediaStatus({ media, upload }: { media: VideoDto["media"]; upload: boolean }) {
  if (!media || media.status === "ready") return null;
  const reason = LIBRARY_TEXT.mirrorFailures[media.failure ?? "processing_failed"];
  const text =
    media.status === "preparing" ? LIBRARY_TEXT.preparingVideo : upload ? LIBRARY_TEXT.uploadWithoutCopy(reason) : LIBRARY_TEXT.platformPlayer(reason);
  return (
    <div style={{ maxWidth: 200, whiteSpace: "normal" }}>
      <Text as="span" variant="bodySm" tone="subdued">
        {text}
      </Text>
    </div>
  );
}

/** A video the auto-approve rules held for blocked words (decision 054): flagged, and why, until it is approved. */
function HeldFlag({ words }: { words: VideoDto["held_words"] }) {
  if (!words) return null;
  return (
    <div style={{ maxWidth: 200, whiteSpace: "normal" }}>
      <BlockStack gap="050" inlineAlign="start">
        <Badge tone="warning">{AUTO_APPROVE_TEXT.heldBadge}</Badge>
        <Text as="span" variant="bodySm" tone="caution" breakWord>
          {AUTO_APPROVE_TEXT.heldReason(words)}
        </Text>
      </BlockStack>
    </div>
  );
}

/**
 * A library row (spec 2): thumbnail, id and title with the platform's plays and likes, created date, up to two
 * product badges and "+N more", status, Tag Product and Approve / Unpublish.
 * Clicking the row, or its title, opens the preview. On a phone the cells are
 * laid out as two lines (video-library.css). Memoised: a list change
 * that leaves a row as it was (loading starts, the selection clears) skips it.
 */
export const VideoRow = memo(function VideoRow({
  video,
  position,
  selected,
  unpublishing,
  onPreview,
  onTag,
  onShowTags,
  onApprove,
  onUnpublish,
  locale,
}: VideoRowProps) {
  const title = displayTitle(video.title, video.video_id);
  const { badges, moreCount } = splitTagBadges(video.product_tags);
  // The server knows no time zone: its HTML (and hydration) shows the UTC date, then the merchant's own.
  const hydrated = useHydrated();
  // Plays and likes as the platform reported them (decision 082); nothing when unknown (Pinterest, uploads).
  const reach = reachLine(video.figures, locale);
  return (
    <IndexTable.Row id={video.id} position={position} selected={selected} onClick={() => onPreview(video)}>
      <IndexTable.Cell className="clipcart-video-thumb">
        <VideoThumb url={video.thumbnail_url} platform={video.platform} alt="" />
      </IndexTable.Cell>
      <IndexTable.Cell className="clipcart-video-main">
        <div style={{ maxWidth: 360, whiteSpace: "normal" }}>
          <BlockStack gap="050">
            <Interactive>
              <Link monochrome removeUnderline onClick={() => onPreview(video)}>
                <span className="clipcart-video-title">
                  <Text as="span" variant="bodyMd" fontWeight="semibold" breakWord>
                    {title}
                  </Text>
                </span>
              </Link>
            </Interactive>
            {/* The id, then the platform's plays and likes on the same line; a phone hides the id, not the figures. */}
            <Text as="span" variant="bodySm" tone="subdued" breakWord>
              <span className="clipcart-video-id">{videoReference(video)}</span>
              {reach ? <span className="clipcart-video-reach">{reach}</span> : null}
            </Text>
          </BlockStack>
        </div>
      </IndexTable.Cell>
      {/* The post's own date, not when it was imported: what the merchant knows the post by. */}
      <IndexTable.Cell className="clipcart-video-wide">{formatLongDate(video.posted_at, hydrated ? undefined : "UTC")}</IndexTable.Cell>
      <IndexTable.Cell className="clipcart-video-wide">
        <div style={{ maxWidth: 260, whiteSpace: "normal" }}>
          <InlineStack gap="100" blockAlign="center">
            {badges.map((tag) => (
              <Badge key={tag.id}>{tag.product_title}</Badge>
            ))}
            {moreCount > 0 ? (
              <Interactive>
                <Link onClick={() => onShowTags(video)}>{LIBRARY_TEXT.moreTags(moreCount)}</Link>
              </Interactive>
            ) : null}
          </InlineStack>
        </div>
      </IndexTable.Cell>
      <IndexTable.Cell className="clipcart-video-status">
        <BlockStack gap="100" inlineAlign="start">
          {video.enabled ? <Badge tone="success">{LIBRARY_TEXT.active}</Badge> : <Badge>{LIBRARY_TEXT.draft}</Badge>}
          <HeldFlag words={video.held_words} />
          <MediaStatus media={video.media} upload={video.platform === "upload"} />
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell className="clipcart-video-actions">
        <Interactive>
          <InlineStack gap="200" wrap={false} align="end">
            <Button size="slim" onClick={() => onTag(video)}>
              {ACTION_TEXT.tagProduct}
            </Button>
            {video.enabled ? (
              <Button size="slim" loading={unpublishing} onClick={() => onUnpublish(video)}>
                {ACTION_TEXT.unpublish}
              </Button>
            ) : (
              <Button size="slim" variant="primary" onClick={() => onApprove(video)}>
                {ACTION_TEXT.approve}
              </Button>
            )}
          </InlineStack>
        </Interactive>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
});
