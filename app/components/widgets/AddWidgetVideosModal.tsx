import { useEffect, useState } from "react";
import { Banner, BlockStack, Button, Checkbox, InlineStack, Spinner, Text, TextField } from "@shopify/polaris";
import type { WidgetDto, WidgetVideoDto, WidgetVideosDto } from "~/rules/api-types";
import { addWidgetVideos, fetchAddableVideos } from "~/browser/api-client";
import { describeError, errorText } from "~/rules/error-mapper";
import { ACTION_TEXT, LIBRARY_TEXT, WIDGET_VIDEOS_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";
import { VideoThumb } from "~/components/library/VideoThumb";

/** Typing pauses this long before the picker searches. */
const SEARCH_DELAY_MS = 300;

interface AddWidgetVideosModalProps {
  widget: WidgetDto;
  open: boolean;
  onClose: () => void;
  /** The videos were added: the widget's list as the server answered it, and how many were chosen. */
  onAdded: (data: WidgetVideosDto, count: number) => void;
}

/**
 * "Add videos": the shop's approved videos not in the widget yet, searched and
 * paged like the library, chosen with checkboxes and added at the end of the
 * widget. Drafts are not offered: approving is the library's (decision 055).
 */
export function AddWidgetVideosModal({ widget, open, onClose, onAdded }: AddWidgetVideosModalProps) {
  const [wasOpen, setOpenedAt] = useState<boolean>(false);
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [videos, setVideos] = useState<WidgetVideoDto[]>([]);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(1);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // Every opening starts afresh: nothing chosen, no search, the first page.
  if (open !== wasOpen) {
    setOpenedAt(open);
    setSearch("");
    setQuery("");
    setVideos([]);
    setPage(1);
    setPageCount(1);
    setStatus("loading");
    setChosen([]);
    setAdding(false);
    setAddError(null);
  }

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setStatus("loading");
    fetchAddableVideos(widget.id, { search: query, page }, abort.signal).then(
      (data) => {
        setVideos((shown) => (page === 1 ? data.videos : [...shown, ...data.videos.filter((video) => !shown.some((old) => old.id === video.id))]));
        setPageCount(data.pageCount);
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
  }, [open, widget.id, query, page, attempt]);

  function onSearch(value: string) {
    setSearch(value);
    setPage(1);
  }

  function toggle(videoId: string, checked: boolean) {
    setChosen((current) => (checked ? [...current, videoId] : current.filter((id) => id !== videoId)));
  }

  async function add() {
    if (!chosen.length || adding) return;
    setAdding(true);
    setAddError(null);
    try {
      const data = await addWidgetVideos(widget.id, chosen);
      onAdded(data, chosen.length);
    } catch (error) {
      console.error(error);
      setAddError(errorText(error) || describeError(error, "widget"));
      setAdding(false);
    }
  }

  return (
    <AppModal
      id={`add-videos-${widget.id}`}
      open={open}
      onClose={() => !adding && onClose()}
      title={WIDGET_VIDEOS_TEXT.pickerTitle(widget.name)}
      primaryAction={{ content: WIDGET_VIDEOS_TEXT.pickerAdd(chosen.length), disabled: chosen.length === 0, loading: adding, onAction: () => void add() }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, disabled: adding, onAction: onClose }]}
    >
      <BlockStack gap="300">
        <Text as="p" tone="subdued">
          {WIDGET_VIDEOS_TEXT.pickerIntro}
        </Text>
        <TextField
          label={WIDGET_VIDEOS_TEXT.pickerSearch}
          value={search}
          onChange={onSearch}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => onSearch("")}
        />
        {addError ? (
          <Banner tone="critical" onDismiss={() => setAddError(null)}>
            <p>{addError}</p>
          </Banner>
        ) : null}
        {status === "failed" ? (
          <Banner tone="critical" title={WIDGET_VIDEOS_TEXT.pickerFailed} action={{ content: ACTION_TEXT.tryAgain, onAction: () => setAttempt((n) => n + 1) }}>
            <p>{loadError}</p>
          </Banner>
        ) : null}
        {status === "ready" && videos.length === 0 ? (
          <Text as="p" tone="subdued">
            {query ? WIDGET_VIDEOS_TEXT.pickerNoMatch : WIDGET_VIDEOS_TEXT.pickerEmpty}
          </Text>
        ) : null}
        {videos.length > 0 ? (
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {videos.map((video) => (
              <li key={video.id} style={{ padding: "var(--p-space-100) 0" }}>
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <VideoThumb url={video.thumbnail_url} platform={video.platform} alt="" />
                  <Checkbox
                    label={video.title?.trim() || LIBRARY_TEXT.untitledVideo}
                    helpText={video.channel_username ? `@${video.channel_username}` : undefined}
                    checked={chosen.includes(video.id)}
                    onChange={(checked) => toggle(video.id, checked)}
                  />
                </InlineStack>
              </li>
            ))}
          </ul>
        ) : null}
        {status === "loading" ? (
          <InlineStack gap="200" blockAlign="center">
            <Spinner size="small" accessibilityLabel={WIDGET_VIDEOS_TEXT.pickerLoading} />
            <Text as="span" tone="subdued">
              {WIDGET_VIDEOS_TEXT.pickerLoading}
            </Text>
          </InlineStack>
        ) : null}
        {status === "ready" && page < pageCount ? (
          <InlineStack>
            <Button onClick={() => setPage((n) => n + 1)}>{WIDGET_VIDEOS_TEXT.pickerMore}</Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </AppModal>
  );
}
