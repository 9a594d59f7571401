import { useEffect, useRef, useState } from "react";
import { Autocomplete, Banner, BlockStack, Box, InlineStack, Tag, Text } from "@shopify/polaris";
import type { ProductSearchResult, ProductTagDto, VideoDto } from "~/rules/api-types";
import { ApiError, addVideoTag, fetchVideoTags, removeVideoTag, searchProducts } from "~/browser/api-client";
import { displayTitle } from "~/rules/library-selection";
import { PRODUCT_SEARCH_MIN_CHARS } from "~/constants";
import { LIBRARY_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";

const SEARCH_DEBOUNCE_MS = 250;

interface TagProductsModalProps {
  /** The video being tagged; null = closed. */
  video: VideoDto | null;
  shopId: string;
  /** `changed`: tags were added or removed, so the list's data is stale. */
  onClose: (changed: boolean) => void;
}

/**
 * Spec 2 Tag Products: the video's products as removable tags and a product
 * search (from 2 characters) where choosing a product tags it at once. Done
 * shows the count and is disabled with no tags. An add failure shows a
 * critical banner; removal and search failures are only logged (spec 8).
 */
export function TagProductsModal({ video, shopId, onClose }: TagProductsModalProps) {
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [tags, setTags] = useState<ProductTagDto[]>([]);
  const [input, setInput] = useState("");
  const [options, setOptions] = useState<ProductSearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = useRef(false);

  const videoId = video?.id ?? null;
  if (videoId !== openedFor) {
    setOpenedFor(videoId);
    setTags(video?.product_tags ?? []);
    setInput("");
    setOptions([]);
    setSearching(false);
    setAdding(false);
    setError(null);
    changed.current = false;
  }

  // The list may be a little old: read the video's tags afresh on opening.
  useEffect(() => {
    if (!videoId) return;
    let cancelled = false;
    fetchVideoTags(videoId, shopId).then(
      (fresh) => !cancelled && setTags(fresh),
      (loadError: unknown) => console.error(loadError),
    );
    return () => {
      cancelled = true;
    };
  }, [videoId, shopId]);

  useEffect(() => {
    const query = input.trim();
    if (!videoId || query.length < PRODUCT_SEARCH_MIN_CHARS) {
      setOptions([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      searchProducts(query, shopId, controller.signal).then(
        (results) => {
          setOptions(results);
          setSearching(false);
        },
        (searchError: unknown) => {
          if (controller.signal.aborted) return;
          console.error(searchError);
          setOptions([]);
          setSearching(false);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, videoId, shopId]);

  const taggedIds = new Set(tags.map((tag) => tag.product_id));
  const choices = options.filter((product) => !taggedIds.has(product.id));

  async function add(productId: string) {
    const product = options.find((option) => option.id === productId);
    if (!video || !product || taggedIds.has(product.id) || adding) return;
    setAdding(true);
    setError(null);
    try {
      const tag = await addVideoTag(video.id, { productId: product.id, productTitle: product.title, shopId });
      setTags((current) => [
        ...current,
        { id: tag?.id ?? `${product.id}`, product_id: tag?.product_id ?? product.id, product_title: tag?.product_title ?? product.title },
      ]);
      changed.current = true;
    } catch (addError) {
      console.error(addError);
      setError(addError instanceof ApiError && addError.message ? addError.message : LIBRARY_TEXT.tagAddFailed);
    } finally {
      setAdding(false);
    }
  }

  async function remove(tag: ProductTagDto) {
    try {
      await removeVideoTag(tag.id, shopId);
      setTags((current) => current.filter((existing) => existing.id !== tag.id));
      changed.current = true;
    } catch (removeError) {
      console.error(removeError);
    }
  }

  const close = () => onClose(changed.current);
  const showEmpty = input.trim().length >= PRODUCT_SEARCH_MIN_CHARS && !searching && choices.length === 0;

  return (
    <AppModal
      id="tag-products-modal"
      open={video !== null}
      onClose={close}
      title={LIBRARY_TEXT.tagProductsTitle}
      primaryAction={{ content: LIBRARY_TEXT.tagDone(tags.length), disabled: tags.length === 0, onAction: close }}
    >
      <BlockStack gap="400">
        {video ? (
          <Text as="p" tone="subdued" breakWord>
            {displayTitle(video.title, video.video_id)}
          </Text>
        ) : null}
        {error ? (
          <Banner tone="critical" onDismiss={() => setError(null)}>
            <p>{error}</p>
          </Banner>
        ) : null}
        <Autocomplete
          options={choices.map((product) => ({ value: product.id, label: product.title }))}
          selected={[]}
          onSelect={([productId]) => productId && void add(productId)}
          loading={searching || adding}
          emptyState={
            showEmpty ? (
              <Box padding="300">
                <Text as="p" tone="subdued">
                  {LIBRARY_TEXT.noProductsFound}
                </Text>
              </Box>
            ) : undefined
          }
          textField={
            <Autocomplete.TextField
              label={LIBRARY_TEXT.searchProducts}
              value={input}
              onChange={setInput}
              placeholder={LIBRARY_TEXT.searchProducts}
              helpText={LIBRARY_TEXT.searchProductsHelp(PRODUCT_SEARCH_MIN_CHARS)}
              autoComplete="off"
            />
          }
        />
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {LIBRARY_TEXT.taggedProductsList}
          </Text>
          {tags.length === 0 ? (
            <Text as="p" tone="subdued">
              {LIBRARY_TEXT.noTaggedProducts}
            </Text>
          ) : (
            <InlineStack gap="200">
              {tags.map((tag) => (
                <Tag key={tag.id} onRemove={() => void remove(tag)}>
                  {tag.product_title}
                </Tag>
              ))}
            </InlineStack>
          )}
        </BlockStack>
      </BlockStack>
    </AppModal>
  );
}
