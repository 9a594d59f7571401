import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Badge, Banner, BlockStack, Button, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import type { VideoDto } from "~/rules/api-types";
import { renameUpload, toggleVideo } from "~/browser/api-client";
import { isAllowedPlayerUrl, safeHttpUrl } from "~/rules/embeds";
import { videoReference } from "~/rules/library-selection";
import { PREVIEW_DIALOG_CLOSE_MS, UPLOAD_TITLE_MAX_LENGTH } from "~/constants";
import { ACTION_TEXT, LIBRARY_TEXT, UPLOAD_TEXT, videosUnpublished, AUTO_APPROVE_TEXT } from "~/messages";
import { VIDEO_SOURCES } from "~/platforms/config";
import { AppModal } from "~/components/AppModal";
import { VideoThumb } from "./VideoThumb";
import { useAdminLocale } from "~/browser/use-admin-locale";
import { formatReachCount, formatVideoLength } from "~/rules/reach-figures";
import { CaptionsPanel, type PreviewTrack } from "./CaptionsPanel";

/**
 * Our copy of the video when it is ready; else the platform's player, from the allow-listed player URL only (never the
 * platform's embed HTML). The sandbox keeps what the players need to run and
 * go fullscreen; no top navigation, popups or forms.
 */
function Player({
  video,
  title,
  videoRef,
  tracks,
  onDuration,
}: {
  video: VideoDto;
  title: string;
  videoRef: RefObject<HTMLVideoElement>;
  tracks: PreviewTrack[];
  onDuration: (ms: number | null) => void;
}) {
  // Our copy in the shop's Shopify Files first (decision 035): what the storefront plays.
  const own = safeHttpUrl(video.media?.src);
  // The captions as tracks (decision 084), from our own text: blob: URLs, so the live check needs no request.
  const urls = useMemo(() => tracks.map((track) => URL.createObjectURL(new Blob([track.vtt], { type: "text/vtt" }))), [tracks]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  useEffect(() => {
    const player = videoRef.current;
    if (!player) return;
    // A track added after the video loaded does not turn itself on: the one to show is set here.
    for (const [index, track] of Array.from(player.textTracks).entries()) track.mode = tracks[index]?.showing ? "showing" : "disabled";
  }, [urls, tracks, videoRef]);
  if (own) {
    return (
      // Muted at first, like the storefront's previews: the merchant turns the sound on in the controls.
      <video
        ref={videoRef}
        src={own}
        controls
        muted
        playsInline
        preload="metadata"
        poster={safeHttpUrl(video.thumbnail_url) ?? undefined}
        title={LIBRARY_TEXT.playerTitle(title)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          onDuration(Number.isFinite(seconds) ? Math.round(seconds * 1000) : null);
        }}
        style={{ width: "100%", aspectRatio: "9 / 16", maxHeight: 560, borderRadius: 8, background: "#000" }}
      >
        {tracks.map((track, index) => (
          <track key={urls[index]} kind="captions" src={urls[index]} srcLang={track.lang} label={track.label} default={track.showing} />
        ))}
      </video>
    );
  }
  const src = video.embed_url && isAllowedPlayerUrl(video.embed_url) ? video.embed_url : null;
  if (!src) {
    return (
      <div style={{ display: "flex", justifyContent: "center" }}>
        <VideoThumb url={video.thumbnail_url} platform={video.platform} alt={title} size="large" />
      </div>
    );
  }
  return (
    <iframe
      src={src}
      title={LIBRARY_TEXT.playerTitle(title)}
      sandbox="allow-scripts allow-same-origin allow-presentation"
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
      style={{ width: "100%", aspectRatio: "9 / 16", maxHeight: 560, border: 0, borderRadius: 8, background: "#000" }}
    />
  );
}

/** The title of one of the merchant's own uploads, editable (an imported video keeps its post's title). */
function UploadTitle({ video, onRenamed }: { video: VideoDto; onRenamed: () => void }) {
  const [title, setTitle] = useState(video.title ?? "");
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<"saved" | "failed" | null>(null);
  const trimmed = title.trim();
  async function save() {
    setSaving(true);
    setResult(null);
    try {
      await renameUpload(video.id, trimmed);
      setResult("saved");
      onRenamed();
    } catch {
      setResult("failed");
    } finally {
      setSaving(false);
    }
  }
  return (
    <BlockStack gap="100">
      <TextField
        label={UPLOAD_TEXT.titleLabel}
        value={title}
        onChange={(value) => {
          setTitle(value);
          setResult(null);
        }}
        maxLength={UPLOAD_TITLE_MAX_LENGTH}
        autoComplete="off"
        connectedRight={
          <Button onClick={() => void save()} loading={saving} disabled={!trimmed || trimmed === (video.title ?? "")}>
            {UPLOAD_TEXT.saveTitle}
          </Button>
        }
      />
      {result ? (
        <Text as="p" variant="bodySm" tone={result === "saved" ? "success" : "critical"}>
          {result === "saved" ? UPLOAD_TEXT.titleSaved : UPLOAD_TEXT.titleFailed}
        </Text>
      ) : null}
    </BlockStack>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <BlockStack gap="050">
      <Text as="span" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <div>{children}</div>
    </BlockStack>
  );
}

/**
 * The post's reach as its platform last reported it (decision 082): plays, likes, comments, shares, saves and
 * length, each a dash when the platform did not say; for a platform that reports none (Pinterest), one line
 * saying so. Nothing for the merchant's own uploads.
 */
function ReachFigures({ video, platformName }: { video: VideoDto; platformName: string }) {
  const locale = useAdminLocale();
  if (video.platform === "upload") return null;
  const figures = video.figures;
  const labels = LIBRARY_TEXT.reach.labels;
  const counts = [
    ["plays", figures?.plays],
    ["likes", figures?.likes],
    ["comments", figures?.comments],
    ["shares", figures?.shares],
    ["saves", figures?.saves],
  ] as const;
  const anyKnown = counts.some(([, value]) => typeof value === "number") || typeof figures?.duration_seconds === "number";
  return (
    <section aria-label={LIBRARY_TEXT.reach.heading(platformName)} className="clipcart-preview-reach">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {LIBRARY_TEXT.reach.heading(platformName)}
        </Text>
        {anyKnown ? (
          <>
            <InlineGrid columns={{ xs: 3, sm: 6 }} gap="200">
              {counts.map(([name, value]) => (
                <Detail key={name} label={labels[name]}>
                  <Text as="span" variant="headingSm" numeric>
                    {formatReachCount(value, locale) ?? LIBRARY_TEXT.noValue}
                  </Text>
                </Detail>
              ))}
              <Detail label={labels.duration}>
                <Text as="span" variant="headingSm" numeric>
                  {formatVideoLength(figures?.duration_seconds) ?? LIBRARY_TEXT.noValue}
                </Text>
              </Detail>
            </InlineGrid>
            <Text as="p" variant="bodySm" tone="subdued">
              {LIBRARY_TEXT.reach.note}
            </Text>
          </>
        ) : (
          <Text as="p" variant="bodySm" tone="subdued">
            {LIBRARY_TEXT.reach.none(platformName)}
          </Text>
        )}
      </BlockStack>
    </section>
  );
}

interface PreviewModalProps {
  video: VideoDto | null;
  onClose: () => void;
  /** The video was unpublished (message = the spec's success text). */
  onChanged: (message: string) => void;
  /**
   * "Approve Video" was pressed: approving goes through the Approve-to-widgets
   * dialog, like the row and bulk actions (the widget choice; no widgets, no approval).
   */
  onApprove: (video: VideoDto) => void;
  /** An upload's title was changed (the list shows it). */
  onRenamed?: () => void;
}

/**
 * Spec 2 Video preview and moderation: the player and the video's details;
 * "Unpublish Video" for an approved video (the dialog closes 500 ms after it
 * succeeds), "Approve Video" otherwise, which hands over to the
 * Approve-to-widgets dialog.
 */
export function PreviewModal({ video, onClose, onChanged, onApprove, onRenamed }: PreviewModalProps) {
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const playerRef = useRef<HTMLVideoElement>(null);
  const [tracks, setTracks] = useState<PreviewTrack[]>([]);
  const [durationMs, setDurationMs] = useState<number | null>(null);
  const showTracks = useCallback((next: PreviewTrack[]) => setTracks(next), []);

  const videoId = video?.id ?? null;
  if (videoId !== openedFor) {
    setOpenedFor(videoId);
    setBusy(false);
    setError(null);
    setEnabled(video?.enabled ?? false);
    setClosing(false);
    setTracks([]);
    setDurationMs(null);
  }

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  async function moderate() {
    if (!video || busy || closing) return;
    if (!enabled) {
      onApprove(video);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await toggleVideo(video.id, { enabled: false });
      setEnabled(false);
      setClosing(true);
      closeTimer.current = setTimeout(() => {
        closeTimer.current = null;
        onChanged(videosUnpublished(1));
        onClose();
      }, PREVIEW_DIALOG_CLOSE_MS);
    } catch (moderateError) {
      console.error(moderateError);
      setError(LIBRARY_TEXT.previewStatusFailed);
    } finally {
      setBusy(false);
    }
  }

  const title = video?.title?.trim() || LIBRARY_TEXT.untitledVideo;
  const videoUrl = safeHttpUrl(video?.video_url);
  const platformName = video ? VIDEO_SOURCES[video.platform].name : "";

  return (
    <AppModal
      id="preview-modal"
      open={video !== null}
      onClose={onClose}
      title={LIBRARY_TEXT.previewTitle}
      variant="large"
      primaryAction={{
        content: enabled ? LIBRARY_TEXT.unpublishVideo : LIBRARY_TEXT.approveVideo,
        destructive: enabled,
        loading: busy,
        disabled: closing,
        onAction: () => void moderate(),
      }}
      secondaryActions={[{ content: ACTION_TEXT.close, onAction: onClose }]}
    >
      {video ? (
        <InlineGrid columns={{ xs: 1, md: ["oneThird", "twoThirds"] }} gap="500">
          <Player video={video} title={title} videoRef={playerRef} tracks={tracks} onDuration={setDurationMs} />
          <BlockStack gap="300">
            {error ? (
              <Banner tone="critical" onDismiss={() => setError(null)}>
                <p>{error}</p>
              </Banner>
            ) : null}
            <InlineStack gap="200" blockAlign="center">
              <Text as="h2" variant="headingMd" breakWord>
                {title}
              </Text>
              {enabled ? <Badge tone="success">{LIBRARY_TEXT.approved}</Badge> : <Badge tone="attention">{LIBRARY_TEXT.pendingReview}</Badge>}
            </InlineStack>
            {/* Held by the auto-approve rules' blocked words (decision 054): said before the merchant approves it. */}
            {!enabled && video.held_words ? (
              <Banner tone="warning">
                <p>{AUTO_APPROVE_TEXT.heldReason(video.held_words)}</p>
              </Banner>
            ) : null}
            {video.platform === "upload" ? <UploadTitle key={`title-${video.id}`} video={video} onRenamed={() => onRenamed?.()} /> : null}
            <InlineGrid columns={2} gap="300">
              <Detail label={LIBRARY_TEXT.author}>
                <Text as="span" breakWord>
                  {video.author_name || LIBRARY_TEXT.noValue}
                </Text>
              </Detail>
              <Detail label={LIBRARY_TEXT.channel}>
                <Text as="span" breakWord>
                  {video.channel_username ? `@${video.channel_username}` : LIBRARY_TEXT.noValue}
                </Text>
              </Detail>
              <Detail label={LIBRARY_TEXT.platform}>
                <Text as="span">{platformName}</Text>
              </Detail>
              <Detail label={video.file_name ? LIBRARY_TEXT.fileName : LIBRARY_TEXT.videoId}>
                <Text as="span" breakWord>
                  {videoReference(video)}
                </Text>
              </Detail>
            </InlineGrid>
            <ReachFigures video={video} platformName={platformName} />
            <Detail label={LIBRARY_TEXT.videoUrl}>
              {videoUrl ? (
                <a href={videoUrl} target="_blank" rel="noopener noreferrer" style={{ wordBreak: "break-all" }}>
                  {videoUrl}
                </a>
              ) : (
                <Text as="span">{LIBRARY_TEXT.noValue}</Text>
              )}
            </Detail>
            <Detail label={LIBRARY_TEXT.taggedProducts}>
              {video.product_tags.length > 0 ? (
                <InlineStack gap="100">
                  {video.product_tags.map((tag) => (
                    <Badge key={tag.id}>{tag.product_title}</Badge>
                  ))}
                </InlineStack>
              ) : (
                <Text as="span" tone="subdued">
                  {LIBRARY_TEXT.noTaggedProducts}
                </Text>
              )}
            </Detail>
            <Detail label={LIBRARY_TEXT.widgets}>
              {video.widget_names.length > 0 ? (
                <InlineStack gap="100">
                  {video.widget_names.map((name, index) => (
                    <Badge key={`${name}-${index}`} tone="info">
                      {name}
                    </Badge>
                  ))}
                </InlineStack>
              ) : (
                <Text as="span" tone="subdued">
                  {LIBRARY_TEXT.notInWidget}
                </Text>
              )}
            </Detail>
            <CaptionsPanel key={`captions-${video.id}`} video={video} videoRef={playerRef} durationMs={durationMs} onTracks={showTracks} />
          </BlockStack>
        </InlineGrid>
      ) : null}
    </AppModal>
  );
}
