import { useEffect, useState } from "react";
import { Banner, BlockStack, InlineStack, Select, Spinner, Text, TextField } from "@shopify/polaris";
import type { TaggedProductsDto } from "~/rules/api-types";
import { fetchTaggedProducts } from "~/browser/api-client";
import { describeError } from "~/rules/error-mapper";
import { ACTION_TEXT, WIDGET_SOURCE_TEXT } from "~/messages";

/** Typing pauses this long before the picker searches. */
const SEARCH_DELAY_MS = 300;

/** The choice "a product with no videos": not a product id (those are gid://shopify/Product/...). */
export const PRODUCT_WITHOUT_VIDEOS = "without-videos";

/** The product page the preview shows: a product's id and title, PRODUCT_WITHOUT_VIDEOS, or "" for none. */
export interface PreviewProduct {
  id: string;
  title: string;
}

export const NO_PREVIEW_PRODUCT: PreviewProduct = { id: "", title: "" };

interface ProductPreviewPickerProps {
  value: PreviewProduct;
  onChange: (product: PreviewProduct) => void;
}

/**
 * Which product page the Customize preview of a "Videos tagged with this
 * product" widget shows (decision 079): the shop's products with approved
 * videos tagged, by title (searched once there are more than one list shows),
 * and "a product with no videos" to see what the fallback does. A native
 * select: keyboard and phone friendly.
 */
export function ProductPreviewPicker({ value, onChange }: ProductPreviewPickerProps) {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [data, setData] = useState<TaggedProductsDto | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [loadError, setLoadError] = useState<string | null>(null);
  // Once the shop has more products than one list shows, the search field stays.
  const [searchable, setSearchable] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const abort = new AbortController();
    setStatus("loading");
    fetchTaggedProducts(query, abort.signal).then(
      (found) => {
        setData(found);
        setStatus("ready");
        if (found.total > found.products.length) setSearchable(true);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(error);
        setLoadError(describeError(error));
        setStatus("failed");
      },
    );
    return () => abort.abort();
  }, [query, attempt]);

  const products = data?.products ?? [];
  const options = [
    { label: WIDGET_SOURCE_TEXT.chooseProduct, value: "" },
    ...products.map((product) => ({ label: WIDGET_SOURCE_TEXT.productOption(product.title, product.video_count), value: product.id })),
    // The chosen product stays choosable while a search leaves it out.
    ...(value.id && value.id !== PRODUCT_WITHOUT_VIDEOS && !products.some((product) => product.id === value.id)
      ? [{ label: value.title, value: value.id }]
      : []),
    { label: WIDGET_SOURCE_TEXT.productWithoutVideos, value: PRODUCT_WITHOUT_VIDEOS },
  ];

  function choose(id: string) {
    if (id === "" || id === PRODUCT_WITHOUT_VIDEOS) return onChange({ id, title: id ? WIDGET_SOURCE_TEXT.productWithoutVideos : "" });
    onChange({ id, title: products.find((product) => product.id === id)?.title ?? value.title });
  }

  return (
    <BlockStack gap="200">
      {searchable ? (
        <TextField
          label={WIDGET_SOURCE_TEXT.searchProducts}
          value={search}
          onChange={setSearch}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => setSearch("")}
        />
      ) : null}
      <Select label={WIDGET_SOURCE_TEXT.previewProduct} helpText={WIDGET_SOURCE_TEXT.previewProductHelp} options={options} value={value.id} onChange={choose} />
      {status === "loading" ? (
        <InlineStack gap="200" blockAlign="center">
          <Spinner size="small" accessibilityLabel={WIDGET_SOURCE_TEXT.loadingProducts} />
          <Text as="span" tone="subdued">
            {WIDGET_SOURCE_TEXT.loadingProducts}
          </Text>
        </InlineStack>
      ) : null}
      {status === "failed" ? (
        <Banner tone="critical" title={WIDGET_SOURCE_TEXT.productsFailed} action={{ content: ACTION_TEXT.tryAgain, onAction: () => setAttempt((n) => n + 1) }}>
          <p>{loadError}</p>
        </Banner>
      ) : null}
      {status === "ready" && data && products.length === 0 ? (
        <Text as="p" tone="subdued">
          {query ? WIDGET_SOURCE_TEXT.noProductMatch : WIDGET_SOURCE_TEXT.noTaggedProducts}
        </Text>
      ) : null}
      {status === "ready" && data && data.total > products.length ? (
        <Text as="p" tone="subdued">
          {WIDGET_SOURCE_TEXT.moreProducts(products.length, data.total)}
        </Text>
      ) : null}
    </BlockStack>
  );
}
