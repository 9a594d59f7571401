import { useEffect, useId, useRef, useState } from "react";
import { Banner, BlockStack, Box, Button, InlineStack, Listbox, Spinner, Tag, Text, TextField, Thumbnail } from "@shopify/polaris";
import { ImageIcon } from "@shopify/polaris-icons";
import type { ProductSearchResult, ProductSuggestionDto, ProductTagDto, VideoDto } from "~/rules/api-types";
import { ApiError, addVideoTag, fetchVideoSuggestions, fetchVideoTags, removeVideoTag, searchProducts } from "~/browser/api-client";
import { displayTitle } from "~/rules/library-selection";
import { productPriceLabel } from "~/rules/product-price";
import { matchPercent } from "~/rules/suggestion-review";
import { PRODUCT_SEARCH_MIN_CHARS } from "~/constants";
import { ACTION_TEXT, LIBRARY_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";
import { SuggestionsPreparing } from "./SuggestionsPreparing";

const SEARCH_DEBOUNCE_MS = 250;
/** While the shop's catalogue is being read for the first time, or its suggestions prepared, the suggestions are asked for again this often. */
const CATALOGUE_POLL_MS = 2_000;
const CATALOGUE_POLLS_MAX = 30;

/** A product picked in Shopify's own picker: the part of App Bridge's Product resource used here. */
interface PickedProduct {
  id: string;
  title: string;
}
type ResourcePicker = (options: { type: "product"; action: "add"; multiple: boolean }) => Promise<PickedProduct[] | undefined>;

/** App Bridge's `shopify.resourcePicker`; it exists only inside the admin's frame. */
function resourcePicker(): ResourcePicker {
  const picker = (globalThis as { shopify?: { resourcePicker?: ResourcePicker } }).shopify?.resourcePicker;
  if (!picker) throw new Error("App Bridge's resourcePicker is not available");
  return picker;
}

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
 * The results are a list right under the field, inside the dialog (never a
 * popover, which the admin's dialog would place elsewhere), each with the
 * product's image and price. Browse opens Shopify's own product picker to tag
 * several products at once.
 */
export function TagProductsModal({ video, shopId, onClose }: TagProductsModalProps) {
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [tags, setTags] = useState<ProductTagDto[]>([]);
  const [input, setInput] = useState("");
  const [options, setOptions] = useState<ProductSearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [activeOptionId, setActiveOptionId] = useState<string | undefined>(undefined);
  const [suggestions, setSuggestions] = useState<ProductSuggestionDto[]>([]);
  const [suggestionState, setSuggestionState] = useState<"loading" | "reading" | "building" | "ready" | "failed">("loading");
  const changed = useRef(false);
  const listId = `product-results-${useId().replace(/:/g, "")}`;

  const videoId = video?.id ?? null;
  if (videoId !== openedFor) {
    setOpenedFor(videoId);
    setTags(video?.product_tags ?? []);
    setInput("");
    setOptions([]);
    setSearching(false);
    setAdding(false);
    setError(null);
    setSuggestions([]);
    setSuggestionState("loading");
    changed.current = false;
  }

  // The top suggestions (decision 053); while the catalogue is read for the first time, or its index built (decision 059), asked again.
  useEffect(() => {
    if (!videoId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const load = () => {
      fetchVideoSuggestions(videoId, shopId, controller.signal).then(
        (answer) => {
          setSuggestions(answer.suggestions);
          const waiting = answer.catalogue !== "ready" && answer.suggestions.length === 0 ? answer.catalogue : null;
          setSuggestionState(waiting ?? "ready");
          if (waiting && ++polls < CATALOGUE_POLLS_MAX) timer = setTimeout(load, CATALOGUE_POLL_MS);
        },
        (loadError: unknown) => {
          if (controller.signal.aborted) return;
          console.error(loadError);
          setSuggestionState("failed");
        },
      );
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [videoId, shopId]);

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

  /** Tags one product; false when it failed (the banner says why). */
  async function tag(product: { id: string; title: string }): Promise<boolean> {
    if (!video) return false;
    try {
      const tag = await addVideoTag(video.id, { productId: product.id, productTitle: product.title, shopId });
      setTags((current) => [
        ...current,
        { id: tag?.id ?? `${product.id}`, product_id: tag?.product_id ?? product.id, product_title: tag?.product_title ?? product.title },
      ]);
      changed.current = true;
      return true;
    } catch (addError) {
      console.error(addError);
      setError(addError instanceof ApiError && addError.message ? addError.message : LIBRARY_TEXT.tagAddFailed);
      return false;
    }
  }

  async function add(productId: string) {
    const product = options.find((option) => option.id === productId);
    if (!video || !product || taggedIds.has(product.id) || adding) return;
    setAdding(true);
    setError(null);
    await tag(product);
    setAdding(false);
  }

  async function tagSuggestion(product: ProductSuggestionDto) {
    if (!video || taggedIds.has(product.id) || adding) return;
    setAdding(true);
    setError(null);
    await tag(product);
    setAdding(false);
  }

  async function browse() {
    if (!video || adding) return;
    setError(null);
    let picked: PickedProduct[] | undefined;
    try {
      picked = await resourcePicker()({ type: "product", action: "add", multiple: true });
    } catch (pickerError) {
      console.error(pickerError);
      setError(LIBRARY_TEXT.productPickerFailed);
      return;
    }
    const fresh = (picked ?? []).filter((product, index, all) => !taggedIds.has(product.id) && all.findIndex((other) => other.id === product.id) === index);
    if (fresh.length === 0) return;
    setAdding(true);
    // One at a time, in the order picked; the first refusal stops the rest (its banner says why).
    for (const product of fresh) {
      if (!(await tag({ id: product.id, title: product.title }))) break;
    }
    setAdding(false);
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
  const openSuggestions = suggestions.filter((product) => !taggedIds.has(product.id));
  const searched = input.trim().length >= PRODUCT_SEARCH_MIN_CHARS;
  const showEmpty = searched && !searching && choices.length === 0;
  const showResults = searched && (searching || choices.length > 0 || showEmpty);

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
        <section aria-label={LIBRARY_TEXT.suggestedProducts}>
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {LIBRARY_TEXT.suggestedProducts}
            </Text>
            {suggestionState === "loading" ? (
              <InlineStack gap="200" blockAlign="center">
                <Spinner size="small" accessibilityLabel={LIBRARY_TEXT.suggestionsLoading} />
                <Text as="span" tone="subdued">
                  {LIBRARY_TEXT.suggestionsLoading}
                </Text>
              </InlineStack>
            ) : suggestionState === "reading" ? (
              <Text as="p" tone="subdued">
                {LIBRARY_TEXT.catalogueReading}
              </Text>
            ) : suggestionState === "building" ? (
              <SuggestionsPreparing />
            ) : openSuggestions.length === 0 ? (
              <Text as="p" tone="subdued">
                {LIBRARY_TEXT.noSuggestions}
              </Text>
            ) : (
              <>
                <Text as="p" tone="subdued">
                  {LIBRARY_TEXT.suggestedProductsHelp}
                </Text>
                <Box borderWidth="025" borderColor="border" borderRadius="200">
                  <ul data-suggested-products="" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                    {openSuggestions.map((product) => (
                      <li key={product.id}>
                        <Box paddingInline="300" paddingBlock="200">
                          <InlineStack gap="300" blockAlign="center" wrap={false}>
                            <Thumbnail source={product.image_url ?? ImageIcon} alt="" size="small" />
                            <div style={{ flex: "1 1 auto", minWidth: 0 }}>
                              <BlockStack gap="050">
                                <Text as="span" breakWord>
                                  {product.title}
                                </Text>
                                <Text as="span" tone="subdued" variant="bodySm" numeric>
                                  {[productPriceLabel(product), LIBRARY_TEXT.suggestionScore(matchPercent(product.score))].filter(Boolean).join(" · ")}
                                </Text>
                              </BlockStack>
                            </div>
                            <Button
                              onClick={() => void tagSuggestion(product)}
                              disabled={adding}
                              accessibilityLabel={LIBRARY_TEXT.tagSuggestion(product.title)}
                            >
                              {ACTION_TEXT.tag}
                            </Button>
                          </InlineStack>
                        </Box>
                      </li>
                    ))}
                  </ul>
                </Box>
              </>
            )}
          </BlockStack>
        </section>
        <BlockStack gap="200">
          <TextField
            label={LIBRARY_TEXT.searchProducts}
            value={input}
            onChange={setInput}
            placeholder={LIBRARY_TEXT.searchProducts}
            helpText={LIBRARY_TEXT.searchProductsHelp(PRODUCT_SEARCH_MIN_CHARS)}
            autoComplete="off"
            role="combobox"
            ariaAutocomplete="list"
            ariaExpanded={showResults}
            ariaControls={showResults ? listId : undefined}
            ariaActiveDescendant={showResults ? activeOptionId : undefined}
            connectedRight={
              <Button onClick={() => void browse()} disabled={adding} accessibilityLabel={LIBRARY_TEXT.browseProductsLabel}>
                {LIBRARY_TEXT.browseProducts}
              </Button>
            }
          />
          {showResults ? (
            <div data-product-results="" style={{ maxHeight: "min(320px, 40vh)", overflowY: "auto" }}>
              <Box borderWidth="025" borderColor="border" borderRadius="200">
                {showEmpty ? (
                  <Box padding="300">
                    <Text as="p" tone="subdued">
                      {LIBRARY_TEXT.noProductsFound}
                    </Text>
                  </Box>
                ) : (
                  <Listbox
                    customListId={listId}
                    accessibilityLabel={LIBRARY_TEXT.searchResultsLabel}
                    enableKeyboardControl
                    onActiveOptionChange={(_value, domId) => setActiveOptionId(domId)}
                    onSelect={(productId) => void add(productId)}
                  >
                    {choices.map((product) => (
                      <Listbox.Option key={product.id} value={product.id} accessibilityLabel={product.title} disabled={adding}>
                        <Box paddingInline="300" paddingBlock="200">
                          <InlineStack gap="300" blockAlign="center" wrap={false}>
                            <Thumbnail source={product.image_url ?? ImageIcon} alt="" size="small" />
                            <div style={{ flex: "1 1 auto", minWidth: 0 }}>
                              <Text as="span" breakWord>
                                {product.title}
                              </Text>
                            </div>
                            <div style={{ flex: "0 0 auto", whiteSpace: "nowrap" }}>
                              <Text as="span" tone="subdued" numeric>
                                {productPriceLabel(product)}
                              </Text>
                            </div>
                          </InlineStack>
                        </Box>
                      </Listbox.Option>
                    ))}
                    {searching ? <Listbox.Loading accessibilityLabel={LIBRARY_TEXT.searchResultsLabel} /> : null}
                  </Listbox>
                )}
              </Box>
            </div>
          ) : null}
        </BlockStack>
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
