import { useEffect, useState } from "react";
import { Banner, BlockStack, Box, Checkbox, Divider, InlineStack, Spinner, Text, Thumbnail } from "@shopify/polaris";
import { ImageIcon } from "@shopify/polaris-icons";
import type { ImportJobDto, SuggestionsCatalogueState, VideoDto, VideoSuggestionsDto } from "~/rules/api-types";
import { reviewImportSuggestions, reviewSuggestions, tagSuggestions } from "~/browser/api-client";
import { displayTitle } from "~/rules/library-selection";
import { productPriceLabel } from "~/rules/product-price";
import { matchPercent, namesakesLeftUnchecked } from "~/rules/suggestion-review";
import { ACTION_TEXT, LIBRARY_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";
import { SuggestionsPreparing } from "./SuggestionsPreparing";
import { VideoThumb } from "./VideoThumb";

interface SuggestionReviewModalProps {
  /** The selected videos; null = closed, unless `importJob` is given. */
  videos: VideoDto[] | null;
  /** Or a finished import: the review covers the videos it added that have suggestions (decision 078). */
  importJob?: ImportJobDto | null;
  shopId: string;
  /** `tagged`: how many tags were made (null when the merchant cancelled). */
  onClose: (tagged: number | null) => void;
}

const pairKey = (videoId: string, productId: string) => `${videoId} ${productId}`;

/** While the catalogue is read for the first time, or its suggestions prepared (decision 059), the review asks again this often. */
const CATALOGUE_POLL_MS = 2_000;
const CATALOGUE_POLLS_MAX = 30;

/**
 * "Tag suggested products" (decision 053): the selected videos, each with the
 * products suggested for it, checked but for namesakes whose matches tie (only
 * the first of those is checked, decision 069); the merchant unchecks what a
 * video does not show, and nothing is tagged until the confirmation. For a
 * whole import (decision 078) the server sends the import's videos that have
 * suggestions, with the videos themselves: the page has loaded one page of
 * the library, not every video of the import.
 */
export function SuggestionReviewModal({ videos, importJob = null, shopId, onClose }: SuggestionReviewModalProps) {
  const subject = importJob ?? videos;
  const [openedFor, setOpenedFor] = useState<VideoDto[] | ImportJobDto | null>(null);
  const [review, setReview] = useState<VideoSuggestionsDto[] | null>(null);
  /** An import's review: how many of its videos are in the library, with suggestions or not. */
  const [imported, setImported] = useState(0);
  const [catalogue, setCatalogue] = useState<SuggestionsCatalogueState>("ready");
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  if (subject !== openedFor) {
    setOpenedFor(subject);
    setReview(null);
    setImported(0);
    setUnchecked(new Set());
    setLoadFailed(false);
    setSaving(false);
    setSaveFailed(false);
  }

  const ids = videos?.map((video) => video.id).join(",") ?? "";
  const importJobId = importJob?.id ?? null;
  useEffect(() => {
    if (!ids && !importJobId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const ask = () =>
      importJobId
        ? reviewImportSuggestions(shopId, importJobId, controller.signal)
        : reviewSuggestions(shopId, ids.split(","), controller.signal).then((answer) => ({ ...answer, imported: 0 }));
    const load = () => {
      ask().then(
        (answer) => {
          setReview(answer.videos);
          setImported(answer.imported);
          setUnchecked(new Set(answer.videos.flatMap((video) => namesakesLeftUnchecked(video.suggestions).map((id) => pairKey(video.video_id, id)))));
          setCatalogue(answer.catalogue);
          const nothingYet = answer.videos.every((video) => video.suggestions.length === 0);
          if (answer.catalogue !== "ready" && nothingYet && ++polls < CATALOGUE_POLLS_MAX) timer = setTimeout(load, CATALOGUE_POLL_MS);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setLoadFailed(true);
        },
      );
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [ids, importJobId, shopId, attempt]);

  const checkedPairs = (review ?? []).flatMap((video) =>
    video.suggestions
      .filter((product) => !unchecked.has(pairKey(video.video_id, product.id)))
      .map((product) => ({ videoId: video.video_id, productId: product.id })),
  );
  const withSuggestions = (review ?? []).filter((video) => video.suggestions.length > 0);
  const videoById = new Map([
    ...(videos ?? []).map((video) => [video.id, video] as const),
    ...(review ?? []).flatMap((entry) => (entry.video ? [[entry.video_id, entry.video] as const] : [])),
  ]);
  const forImport = importJob !== null;

  const loadingText = importJob ? LIBRARY_TEXT.reviewImportLoading(importJob.videos_added) : LIBRARY_TEXT.reviewSuggestionsLoading;

  function toggle(videoId: string, productId: string, checked: boolean) {
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(pairKey(videoId, productId));
      else next.add(pairKey(videoId, productId));
      return next;
    });
  }

  async function confirm() {
    if (!checkedPairs.length || saving) return;
    setSaving(true);
    setSaveFailed(false);
    try {
      const tagged = await tagSuggestions(shopId, checkedPairs);
      onClose(tagged);
    } catch (error) {
      console.error(error);
      setSaveFailed(true);
      setSaving(false);
    }
  }

  return (
    <AppModal
      id="suggestion-review-modal"
      open={subject !== null}
      onClose={() => onClose(null)}
      title={LIBRARY_TEXT.reviewSuggestionsTitle}
      variant="large"
      primaryAction={{
        content: LIBRARY_TEXT.reviewConfirm(checkedPairs.length),
        disabled: checkedPairs.length === 0 || review === null,
        loading: saving,
        onAction: () => void confirm(),
      }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, onAction: () => onClose(null) }]}
    >
      <BlockStack gap="400">
        {saveFailed ? (
          <Banner tone="critical" onDismiss={() => setSaveFailed(false)}>
            <p>{LIBRARY_TEXT.reviewTagFailed}</p>
          </Banner>
        ) : null}
        {loadFailed ? (
          <Banner tone="critical" action={{ content: ACTION_TEXT.tryAgain, onAction: () => (setLoadFailed(false), setAttempt((n) => n + 1)) }}>
            <p>{LIBRARY_TEXT.reviewSuggestionsFailed}</p>
          </Banner>
        ) : review === null ? (
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <Spinner size="small" accessibilityLabel={loadingText} />
            <Text as="span" tone="subdued">
              {loadingText}
            </Text>
          </InlineStack>
        ) : withSuggestions.length === 0 ? (
          catalogue === "building" ? (
            <SuggestionsPreparing />
          ) : (
            <Text as="p" tone="subdued">
              {catalogue === "reading" ? LIBRARY_TEXT.catalogueReading : forImport ? LIBRARY_TEXT.reviewImportNone(imported) : LIBRARY_TEXT.reviewNoSuggestions}
            </Text>
          )
        ) : (
          <>
            <Text as="p">{forImport ? LIBRARY_TEXT.reviewImportIntro(withSuggestions.length, imported) : LIBRARY_TEXT.reviewSuggestionsIntro}</Text>
            <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {review.map((entry, index) => {
                const video = videoById.get(entry.video_id);
                const title = displayTitle(video?.title ?? null, video?.video_id ?? entry.video_id);
                return (
                  <li key={entry.video_id} aria-label={title}>
                    {index > 0 ? <Divider /> : null}
                    <Box paddingBlock="300">
                      <InlineStack gap="300" blockAlign="start" wrap={false}>
                        {video ? <VideoThumb url={video.thumbnail_url} platform={video.platform} alt="" /> : null}
                        <div style={{ flex: "1 1 auto", minWidth: 0 }}>
                          <BlockStack gap="200">
                            <Text as="h3" variant="headingSm" breakWord>
                              {title}
                            </Text>
                            {entry.suggestions.length === 0 ? (
                              <Text as="p" tone="subdued">
                                {LIBRARY_TEXT.reviewVideoNoSuggestions}
                              </Text>
                            ) : (
                              entry.suggestions.map((product) => (
                                <InlineStack key={product.id} gap="200" blockAlign="center" wrap={false}>
                                  <Thumbnail source={product.image_url ?? ImageIcon} alt="" size="extraSmall" />
                                  <Checkbox
                                    label={product.title}
                                    helpText={[productPriceLabel(product), LIBRARY_TEXT.suggestionScore(matchPercent(product.score))]
                                      .filter(Boolean)
                                      .join(" · ")}
                                    checked={!unchecked.has(pairKey(entry.video_id, product.id))}
                                    onChange={(checked) => toggle(entry.video_id, product.id, checked)}
                                    disabled={saving}
                                  />
                                </InlineStack>
                              ))
                            )}
                          </BlockStack>
                        </div>
                      </InlineStack>
                    </Box>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </BlockStack>
    </AppModal>
  );
}
