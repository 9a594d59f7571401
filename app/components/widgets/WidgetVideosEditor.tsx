import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Badge, Banner, BlockStack, Box, Button, ButtonGroup, InlineStack, SkeletonBodyText, Text } from "@shopify/polaris";
import { ArrowDownIcon, ArrowUpIcon, DeleteIcon, DragHandleIcon, PinIcon } from "@shopify/polaris-icons";
import type { WidgetDto, WidgetVideoDto, WidgetVideosDto } from "~/rules/api-types";
import { changeWidgetVideo, fetchWidgetVideos, removeWidgetVideo, type WidgetVideoChange } from "~/browser/api-client";
import { describeError, errorText } from "~/rules/error-mapper";
import { allowedRange, moveVideo, pinVideo, removeVideo } from "~/rules/widget-order";
import { ACTION_TEXT, LIBRARY_TEXT, WIDGET_VIDEOS_TEXT } from "~/messages";
import { NamedCard } from "~/components/NamedCard";
import { ConfirmModal } from "~/components/ConfirmModal";
import { VideoThumb } from "~/components/library/VideoThumb";
import { AddWidgetVideosModal } from "./AddWidgetVideosModal";

type Entry = WidgetVideoDto & { videoId: string };
type Control = "handle" | "up" | "down" | "pin";

const entries = (videos: readonly WidgetVideoDto[]): Entry[] => videos.map((video) => ({ ...video, videoId: video.id }));
const titleOf = (video: WidgetVideoDto) => video.title?.trim() || LIBRARY_TEXT.untitledVideo;

interface WidgetVideosEditorProps {
  widget: WidgetDto;
  onClose: () => void;
  /** The widget's videos changed on the server: the cards' previews are stale. */
  onChanged: () => void;
}

/**
 * Issue 16 item 3: a widget's videos in the storefront's order, reordered by
 * native drag and drop or by keyboard (Move up / Move down, or the arrow keys
 * on a video's handle), pinned first, removed after a confirmation, and added
 * from a picker of approved videos. Each change shows at once and is sent in
 * turn; once every change has been answered the list shows the server's order
 * (a failed one says so and shows what the store has).
 */
export function WidgetVideosEditor({ widget, onClose, onChanged }: WidgetVideosEditorProps) {
  const [videos, setVideos] = useState<Entry[]>([]);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [removing, setRemoving] = useState<Entry | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const serverOrder = useRef<WidgetVideoDto[] | null>(null);
  const focusAfter = useRef<{ videoId: string; control: Control } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const helpId = useId();
  const idPrefix = `wv-${widget.id}`;
  const controlId = (videoId: string, control: Control) => `${idPrefix}-${videoId}-${control}`;

  useEffect(() => {
    const abort = new AbortController();
    setStatus("loading");
    fetchWidgetVideos(widget.id, abort.signal).then(
      (data) => {
        setVideos(entries(data.videos));
        setStatus("ready");
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(error);
        setLoadError(describeError(error));
        setStatus("failed");
      },
    );
    return () => abort.abort();
  }, [widget.id, attempt]);

  // Opening moves focus to the editor's heading, so keyboard and screen reader users land in it.
  useEffect(() => {
    heading.current?.focus();
  }, [widget.id]);

  // After a keyboard move the row is somewhere else: focus follows it (or its handle when the button used is now disabled).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const element = document.getElementById(controlId(target.videoId, target.control)) as HTMLButtonElement | null;
    if (element && !element.disabled) element.focus();
    else document.getElementById(controlId(target.videoId, "handle"))?.focus();
  });

  /** Shows `next` at once and sends the change after the ones before it. */
  const send = useCallback(
    (next: Entry[], request: () => Promise<WidgetVideosDto>, message: string) => {
      setVideos(next);
      setSaveError(null);
      setAnnouncement(message);
      pending.current += 1;
      queue.current = queue.current.then(async () => {
        try {
          serverOrder.current = (await request()).videos;
        } catch (error) {
          console.error(error);
          setSaveError(errorText(error) || WIDGET_VIDEOS_TEXT.saveFailed);
          serverOrder.current = await fetchWidgetVideos(widget.id).then(
            (data) => data.videos,
            () => serverOrder.current,
          );
        } finally {
          pending.current -= 1;
          if (pending.current === 0) {
            if (serverOrder.current) setVideos(entries(serverOrder.current));
            onChanged();
          }
        }
      });
    },
    [widget.id, onChanged],
  );

  function change(video: Entry, next: Entry[], body: WidgetVideoChange, message: string) {
    send(next, () => changeWidgetVideo(widget.id, video.id, body), message);
  }

  function moveTo(video: Entry, toIndex: number, control: Control | null) {
    const next = moveVideo(videos, video.videoId, toIndex);
    const index = next.findIndex((entry) => entry.videoId === video.videoId);
    if (index === videos.findIndex((entry) => entry.videoId === video.videoId)) return;
    if (control) focusAfter.current = { videoId: video.videoId, control };
    change(video, next, { toIndex: index }, WIDGET_VIDEOS_TEXT.moved(titleOf(video), index, next.length));
  }

  function togglePin(video: Entry) {
    const next = pinVideo(videos, video.videoId, !video.pinned);
    focusAfter.current = { videoId: video.videoId, control: "pin" };
    change(
      video,
      next,
      { pinned: !video.pinned },
      video.pinned ? WIDGET_VIDEOS_TEXT.unpinnedNow(titleOf(video)) : WIDGET_VIDEOS_TEXT.pinnedNow(titleOf(video)),
    );
  }

  async function confirmRemove() {
    if (!removing) return;
    setRemoveBusy(true);
    const video = removing;
    // Wait for the changes before it, so the confirmation closes on the order the store has.
    await queue.current;
    send(removeVideo(videos, video.videoId), () => removeWidgetVideo(widget.id, video.id), WIDGET_VIDEOS_TEXT.removedNow(titleOf(video)));
    await queue.current;
    setRemoveBusy(false);
    setRemoving(null);
    heading.current?.focus();
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, video: Entry, index: number) {
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    moveTo(video, index + step, "handle");
  }

  // ------------------------------------------------------------ native drag and drop

  function dropIndexFor(event: DragEvent<HTMLLIElement>, index: number): number {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? index : index + 1;
  }

  function onDragOver(event: DragEvent<HTMLLIElement>, index: number) {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    const target = dropIndexFor(event, index);
    if (target !== dropIndex) setDropIndex(target);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    const video = videos.find((entry) => entry.videoId === dragging);
    const target = dropIndexFor(event, index);
    setDragging(null);
    setDropIndex(null);
    if (!video) return;
    const from = videos.indexOf(video);
    moveTo(video, target > from ? target - 1 : target, null);
  }

  function endDrag() {
    setDragging(null);
    setDropIndex(null);
  }

  const title = WIDGET_VIDEOS_TEXT.title(widget.name);
  const busy = status === "loading";

  return (
    <NamedCard>
      {(headingId) => (
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <h2 ref={heading} id={headingId} tabIndex={-1} style={{ outline: "none", margin: 0, minWidth: 0 }}>
              <Text as="span" variant="headingMd" breakWord>
                {title}
              </Text>
            </h2>
            <ButtonGroup>
              <Button onClick={() => setPicking(true)} disabled={status !== "ready"}>
                {WIDGET_VIDEOS_TEXT.addVideos}
              </Button>
              <Button variant="primary" onClick={onClose}>
                {WIDGET_VIDEOS_TEXT.done}
              </Button>
            </ButtonGroup>
          </InlineStack>
          <div>
            <Text as="p" tone="subdued">
              {WIDGET_VIDEOS_TEXT.intro}
            </Text>
            {/* What a keyboard move, pin, removal or addition did, for screen readers. */}
            <div role="status" aria-live="polite">
              <Text as="span" visuallyHidden>
                {announcement}
              </Text>
            </div>
          </div>
          {saveError ? (
            <Banner tone="critical" onDismiss={() => setSaveError(null)}>
              <p>{saveError}</p>
            </Banner>
          ) : null}

          {busy ? (
            <BlockStack gap="200">
              <Text as="p" tone="subdued">
                {WIDGET_VIDEOS_TEXT.loading}
              </Text>
              <SkeletonBodyText lines={4} />
            </BlockStack>
          ) : null}

          {status === "failed" ? (
            <Banner tone="critical" title={WIDGET_VIDEOS_TEXT.loadFailed} action={{ content: ACTION_TEXT.tryAgain, onAction: () => setAttempt((n) => n + 1) }}>
              <p>{loadError}</p>
            </Banner>
          ) : null}

          {status === "ready" && videos.length === 0 ? (
            <Box padding="400" background="bg-surface-secondary" borderRadius="200">
              <BlockStack gap="200" inlineAlign="center">
                <Text as="p" variant="headingSm">
                  {WIDGET_VIDEOS_TEXT.empty}
                </Text>
                <Text as="p" tone="subdued" alignment="center">
                  {WIDGET_VIDEOS_TEXT.emptyBody}
                </Text>
              </BlockStack>
            </Box>
          ) : null}

          {status === "ready" && videos.length > 0 ? (
            <>
              <Text as="p" tone="subdued" variant="bodySm" id={helpId}>
                {WIDGET_VIDEOS_TEXT.handleHelp}
              </Text>
              <ol aria-labelledby={headingId} style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {videos.map((video, index) => {
                  const range = allowedRange(videos, video.videoId);
                  const name = titleOf(video);
                  const dropBefore = dropIndex === index && dragging !== null;
                  const dropAfter = dropIndex === videos.length && index === videos.length - 1 && dragging !== null;
                  return (
                    <li
                      key={video.videoId}
                      data-widget-video={video.videoId}
                      draggable
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = "move";
                        event.dataTransfer.setData("text/plain", video.videoId);
                        setDragging(video.videoId);
                      }}
                      onDragOver={(event) => onDragOver(event, index)}
                      onDrop={(event) => onDrop(event, index)}
                      onDragEnd={endDrag}
                      style={{
                        borderTop: dropBefore ? "3px solid var(--p-color-border-emphasis)" : index === 0 ? "none" : "1px solid var(--p-color-border-secondary)",
                        borderBottom: dropAfter ? "3px solid var(--p-color-border-emphasis)" : "none",
                        padding: "var(--p-space-200) 0",
                        opacity: dragging === video.videoId ? 0.5 : 1,
                      }}
                    >
                      <InlineStack gap="200" blockAlign="center" wrap align="space-between">
                        <div style={{ display: "flex", alignItems: "center", gap: "var(--p-space-200)", minWidth: 0, flex: "1 1 200px" }}>
                          <span style={{ cursor: "grab" }}>
                            <Button
                              id={controlId(video.videoId, "handle")}
                              variant="tertiary"
                              icon={DragHandleIcon}
                              accessibilityLabel={WIDGET_VIDEOS_TEXT.handleLabel(name)}
                              ariaDescribedBy={helpId}
                              onKeyDown={(event) => onHandleKey(event, video, index)}
                            />
                          </span>
                          <Text as="span" tone="subdued" numeric>
                            {WIDGET_VIDEOS_TEXT.position(index)}
                          </Text>
                          <VideoThumb url={video.thumbnail_url} platform={video.platform} alt="" />
                          <div style={{ minWidth: 0 }}>
                            <BlockStack gap="100">
                              <Text as="span" fontWeight="medium" breakWord>
                                {name}
                              </Text>
                              <InlineStack gap="100">
                                {video.pinned ? <Badge tone="info">{WIDGET_VIDEOS_TEXT.pinnedBadge}</Badge> : null}
                                {video.enabled ? null : <Badge>{WIDGET_VIDEOS_TEXT.draftBadge}</Badge>}
                                {video.channel_username ? (
                                  <Text as="span" tone="subdued" variant="bodySm" breakWord>
                                    {`@${video.channel_username}`}
                                  </Text>
                                ) : null}
                              </InlineStack>
                              {video.enabled ? null : (
                                <Text as="span" tone="subdued" variant="bodySm">
                                  {WIDGET_VIDEOS_TEXT.draftHint}
                                </Text>
                              )}
                            </BlockStack>
                          </div>
                        </div>
                        <ButtonGroup variant="segmented">
                          <Button
                            id={controlId(video.videoId, "up")}
                            icon={ArrowUpIcon}
                            accessibilityLabel={WIDGET_VIDEOS_TEXT.moveUp(name)}
                            disabled={!range || index <= range.first}
                            onClick={() => moveTo(video, index - 1, "up")}
                          />
                          <Button
                            id={controlId(video.videoId, "down")}
                            icon={ArrowDownIcon}
                            accessibilityLabel={WIDGET_VIDEOS_TEXT.moveDown(name)}
                            disabled={!range || index >= range.last}
                            onClick={() => moveTo(video, index + 1, "down")}
                          />
                          <Button
                            id={controlId(video.videoId, "pin")}
                            icon={PinIcon}
                            pressed={video.pinned}
                            accessibilityLabel={video.pinned ? WIDGET_VIDEOS_TEXT.unpin(name) : WIDGET_VIDEOS_TEXT.pin(name)}
                            onClick={() => togglePin(video)}
                          />
                          <Button icon={DeleteIcon} tone="critical" accessibilityLabel={WIDGET_VIDEOS_TEXT.remove(name)} onClick={() => setRemoving(video)} />
                        </ButtonGroup>
                      </InlineStack>
                    </li>
                  );
                })}
              </ol>
            </>
          ) : null}

          <ConfirmModal
            id={`${idPrefix}-remove`}
            open={removing !== null}
            title={removing ? WIDGET_VIDEOS_TEXT.removeTitle(titleOf(removing)) : ""}
            body={WIDGET_VIDEOS_TEXT.removeBody(widget.name)}
            confirmLabel={ACTION_TEXT.remove}
            busy={removeBusy}
            onConfirm={() => void confirmRemove()}
            onClose={() => !removeBusy && setRemoving(null)}
          />
          <AddWidgetVideosModal
            widget={widget}
            open={picking}
            onClose={() => setPicking(false)}
            onAdded={(data, count) => {
              setPicking(false);
              serverOrder.current = data.videos;
              if (pending.current === 0) setVideos(entries(data.videos));
              setAnnouncement(WIDGET_VIDEOS_TEXT.addedNow(count));
              onChanged();
            }}
          />
        </BlockStack>
      )}
    </NamedCard>
  );
}
