import { useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useLocation, useNavigate } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Button, Card, Checkbox, ChoiceList, InlineGrid, InlineStack, Link, Select, Text, TextField } from "@shopify/polaris";
import { PAGE_CONTEXTS, type PageContext } from "~/constants";
import { type LayoutType } from "~/contracts/widget-layouts";
import { appHref } from "~/rules/app-links";
import { confirmLeavingUnsaved } from "~/browser/leave-confirmation";
import { fetchProductPreviewVideos } from "~/browser/api-client";
import { ACTION_TEXT, LAYOUTS, PAGE_CONTEXT_LABELS, WIDGET_SOURCE_LABELS, WIDGET_SOURCE_TEXT, WIDGET_TEXT } from "~/messages";
import { PRIORITY_OPTIONS, defaultWidgetName, togglePageContext } from "~/rules/widget-rules";
import { productPageVideos } from "~/rules/widget-source";
import {
  WIDGET_DEFAULTS,
  WIDGET_SETTING_DECLARATIONS,
  layoutUsesSetting,
  readChoice,
  readWidgetSource,
  settingsForLayout,
  WIDGET_SOURCES,
  type WidgetChoiceSettingName,
  type WidgetSettings,
  type WidgetSource,
} from "~/rules/widget-settings";
import { browserOrigin, previewVideoCount, sampleVideos } from "~/storefront/sample-videos";
import { STOREFRONT_DATA_VERSION, type StorefrontVideo, type StorefrontWidget } from "~/storefront/widget-data";
import { WidgetPreview } from "./WidgetPreview";
import { NO_PREVIEW_PRODUCT, PRODUCT_WITHOUT_VIDEOS, ProductPreviewPicker, type PreviewProduct } from "./ProductPreviewPicker";

export interface WidgetDraft {
  name: string;
  layout: LayoutType;
  pageContexts: PageContext[];
  priority: number;
  /** Only the settings the layout uses (spec 5). */
  settings: Partial<WidgetSettings>;
  sourceType: WidgetSource;
  productFallback: boolean;
}

interface CustomizeWidgetProps {
  layout: LayoutType;
  /** The shop's approved videos; none = sample videos in the preview. */
  videos: StorefrontVideo[];
  saving: boolean;
  /** The server's refusal, shown above the form. */
  error: string | null;
  onBack: () => void;
  onCreate: (draft: WidgetDraft) => void;
}

/** The words for each choice setting's values; the values themselves come from the settings' declaration. */
const CHOICE_LABELS: { [Name in WidgetChoiceSettingName]: Record<WidgetSettings[Name], string> } = {
  theme: { light: WIDGET_TEXT.themeLight, dark: WIDGET_TEXT.themeDark },
  alignment: { left: WIDGET_TEXT.alignLeft, right: WIDGET_TEXT.alignRight },
};

function choicesOf<Name extends WidgetChoiceSettingName>(name: Name) {
  const labels: Record<string, string> = CHOICE_LABELS[name];
  return WIDGET_SETTING_DECLARATIONS[name].options.map((value) => ({ label: labels[value] ?? value, value }));
}

const SAVE_BAR_ID = "widget-editor-save-bar";

const SOURCE_HELP: Record<WidgetSource, string> = { all: WIDGET_SOURCE_TEXT.allHelp, product: WIDGET_SOURCE_TEXT.productHelp };
const SOURCE_CHOICES = WIDGET_SOURCES.map((source) => ({ label: WIDGET_SOURCE_LABELS[source], value: source, helpText: SOURCE_HELP[source] }));

interface DraftFields {
  name: string;
  pageContexts: readonly PageContext[];
  priority: number;
  settings: WidgetSettings;
  sourceType: WidgetSource;
  productFallback: boolean;
}

/** The fallback is only the product source's: with "all" it is never sent, nor counted as a change. */
const sentFallback = (draft: Pick<DraftFields, "sourceType" | "productFallback">) => draft.sourceType === "product" && draft.productFallback;

/** Whether the merchant changed anything from the new widget's defaults: what the save bar is shown for. */
function draftChanged(draft: DraftFields): boolean {
  const { settings } = WIDGET_DEFAULTS;
  return (
    draft.name !== "" ||
    draft.priority !== WIDGET_DEFAULTS.priority ||
    draft.pageContexts.join() !== WIDGET_DEFAULTS.pageContexts.join() ||
    draft.sourceType !== WIDGET_DEFAULTS.sourceType ||
    sentFallback(draft) !== WIDGET_DEFAULTS.productFallback ||
    (Object.keys(settings) as Array<keyof WidgetSettings>).some((key) => draft.settings[key] !== settings[key])
  );
}

/** The product page the preview shows and its videos, once loaded. */
type ProductVideos = { productId: string; status: "loading" | "failed" } | { productId: string; status: "ready"; videos: StorefrontVideo[] };

/** Loads the chosen product's approved videos (a real product only); null while none is chosen. */
function useProductVideos(productId: string | null): ProductVideos | null {
  const [loaded, setLoaded] = useState<ProductVideos | null>(null);
  useEffect(() => {
    if (!productId) return;
    const abort = new AbortController();
    setLoaded({ productId, status: "loading" });
    fetchProductPreviewVideos(productId, abort.signal).then(
      (videos) => setLoaded({ productId, status: "ready", videos }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(error);
        setLoaded({ productId, status: "failed" });
      },
    );
    return () => abort.abort();
  }, [productId]);
  return productId && loaded?.productId === productId ? loaded : productId ? { productId, status: "loading" } : null;
}

/**
 * Step 2 of creating a widget (spec 2 and 5): the Customize form beside a live
 * preview drawn by the storefront's renderer. Only the settings the layout
 * uses are shown and sent.
 */
export function CustomizeWidget({ layout, videos, saving, error, onBack, onCreate }: CustomizeWidgetProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [pageContexts, setPageContexts] = useState<PageContext[]>([...WIDGET_DEFAULTS.pageContexts]);
  const [priority, setPriority] = useState<number>(WIDGET_DEFAULTS.priority);
  const [settings, setSettings] = useState<WidgetSettings>(WIDGET_DEFAULTS.settings);
  const [sourceType, setSourceType] = useState<WidgetSource>(WIDGET_DEFAULTS.sourceType);
  const [productFallback, setProductFallback] = useState<boolean>(WIDGET_DEFAULTS.productFallback);
  const [previewProduct, setPreviewProduct] = useState<PreviewProduct>(NO_PREVIEW_PRODUCT);
  const [contextError, setContextError] = useState<string | null>(null);

  const usingSamples = videos.length === 0;
  const bySource = sourceType === "product";
  const chosenProductId = bySource && previewProduct.id && previewProduct.id !== PRODUCT_WITHOUT_VIDEOS ? previewProduct.id : null;
  const productVideos = useProductVideos(chosenProductId);
  // A new widget has no videos yet: the shop's approved videos (or the samples) stand in for its own.
  const widgetVideos = useMemo(() => (usingSamples ? sampleVideos(browserOrigin()) : videos), [usingSamples, videos]);
  /** What the preview shows: the widget's videos, or on the chosen product's page what the storefront shows there. */
  const shown = useMemo(() => {
    if (!bySource || !previewProduct.id) return { videos: widgetVideos, note: bySource ? WIDGET_SOURCE_TEXT.noProductChosen : null };
    if (previewProduct.id !== PRODUCT_WITHOUT_VIDEOS && productVideos?.status !== "ready") {
      return { videos: null, note: productVideos?.status === "failed" ? WIDGET_SOURCE_TEXT.videosFailed : WIDGET_SOURCE_TEXT.loadingVideos };
    }
    const page = productPageVideos(widgetVideos, productVideos?.status === "ready" ? productVideos.videos : [], productFallback);
    const note =
      page.shows === "product"
        ? WIDGET_SOURCE_TEXT.showingProduct(previewProduct.title)
        : page.shows === "fallback"
          ? WIDGET_SOURCE_TEXT.showingFallback
          : WIDGET_SOURCE_TEXT.hiddenOnProduct;
    return { videos: page.shows === "nothing" ? null : page.videos, note };
  }, [bySource, previewProduct, productVideos, widgetVideos, productFallback]);
  const preview = useMemo<StorefrontWidget | null>(
    () =>
      shown.videos
        ? {
            v: STOREFRONT_DATA_VERSION,
            id: "preview",
            number: 0,
            name: name.trim() || defaultWidgetName(layout),
            layout,
            pageContexts,
            priority,
            settings,
            currency: "USD",
            // Already the videos of the page previewed: no `source`, so the renderer shows them as they are.
            videos: shown.videos.slice(0, previewVideoCount(layout)),
          }
        : null,
    [name, layout, pageContexts, priority, settings, shown.videos],
  );

  function togglePage(context: PageContext, checked: boolean) {
    const next = togglePageContext(pageContexts, context, checked);
    setPageContexts(next);
    if (next.length > 0) setContextError(null);
  }

  /** Where a product's videos show: a widget by product goes on Product Pages too, unless it is on all pages already. */
  const onProductPages = pageContexts.includes("product") || pageContexts.includes("all_pages");

  function chooseSource(source: WidgetSource) {
    setSourceType(source);
    if (source === "product" && !onProductPages) togglePage("product", true);
  }

  function submit() {
    if (pageContexts.length === 0) {
      setContextError(WIDGET_TEXT.noPageContext);
      return;
    }
    onCreate({
      name: name.trim(),
      layout,
      pageContexts,
      priority,
      settings: settingsForLayout(layout, settings),
      sourceType,
      productFallback: sentFallback({ sourceType, productFallback }),
    });
  }

  function discard() {
    setName("");
    setPageContexts([...WIDGET_DEFAULTS.pageContexts]);
    setPriority(WIDGET_DEFAULTS.priority);
    setSettings(WIDGET_DEFAULTS.settings);
    setSourceType(WIDGET_DEFAULTS.sourceType);
    setProductFallback(WIDGET_DEFAULTS.productFallback);
    setPreviewProduct(NO_PREVIEW_PRODUCT);
    setContextError(null);
  }

  // Unsaved changes show Shopify's contextual save bar (BFS 4.1.5). The admin's own
  // navigation is held by the save bar itself; the app's links ask App Bridge first.
  const [leaving, setLeaving] = useState(false);
  // Read by the blocker at navigation time, before a re-render could give it the new state.
  const leavingRef = useRef(false);
  const dirty = draftChanged({ name, pageContexts, priority, settings, sourceType, productFallback }) && !leaving;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leavingRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    const target = blocker.location;
    blocker.reset();
    void confirmLeavingUnsaved().then(() => {
      leavingRef.current = true;
      setLeaving(true);
      navigate(target);
    });
  }, [blocker, navigate]);

  const update = (change: Partial<WidgetSettings>) => setSettings((current) => ({ ...current, ...change }));
  const allPages = pageContexts.includes("all_pages");

  return (
    <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
      <SaveBar id={SAVE_BAR_ID} open={dirty} discardConfirmation>
        <button variant="primary" onClick={submit} disabled={saving} loading={saving ? "" : undefined}>
          {WIDGET_TEXT.save}
        </button>
        <button onClick={discard} disabled={saving}>
          {WIDGET_TEXT.discard}
        </button>
      </SaveBar>
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {WIDGET_TEXT.customizeTitle(LAYOUTS[layout].title)}
          </Text>
          {error ? (
            <Banner tone="critical">
              <p>{error}</p>
            </Banner>
          ) : null}
          <TextField
            label={WIDGET_TEXT.nameLabel}
            value={name}
            onChange={setName}
            placeholder={defaultWidgetName(layout)}
            helpText={WIDGET_TEXT.nameHelp(defaultWidgetName(layout))}
            autoComplete="off"
            maxLength={100}
          />
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <BlockStack gap="100">
              <legend>
                <Text as="span" variant="headingSm">
                  {WIDGET_TEXT.showOn}
                </Text>
              </legend>
              {PAGE_CONTEXTS.map((context) => (
                <Checkbox
                  key={context}
                  label={PAGE_CONTEXT_LABELS[context]}
                  checked={pageContexts.includes(context)}
                  disabled={allPages && context !== "all_pages"}
                  onChange={(checked) => togglePage(context, checked)}
                />
              ))}
              {contextError ? (
                <div role="alert">
                  <Text as="p" tone="critical">
                    {contextError}
                  </Text>
                </div>
              ) : null}
            </BlockStack>
          </fieldset>
          <BlockStack gap="200">
            <ChoiceList
              title={WIDGET_SOURCE_TEXT.title}
              choices={SOURCE_CHOICES.map((choice) =>
                choice.value === "product"
                  ? {
                      ...choice,
                      renderChildren: (selected: boolean) =>
                        selected ? (
                          <Checkbox
                            label={WIDGET_SOURCE_TEXT.fallback}
                            helpText={WIDGET_SOURCE_TEXT.fallbackHelp}
                            checked={productFallback}
                            onChange={setProductFallback}
                          />
                        ) : null,
                    }
                  : choice,
              )}
              selected={[sourceType]}
              onChange={([source]) => chooseSource(readWidgetSource(source ?? ""))}
            />
            {bySource && !onProductPages ? (
              <Banner tone="warning" action={{ content: WIDGET_SOURCE_TEXT.addProductPages, onAction: () => togglePage("product", true) }}>
                <p>{WIDGET_SOURCE_TEXT.productPagesMissing}</p>
              </Banner>
            ) : null}
          </BlockStack>
          <Select
            label={WIDGET_TEXT.priority}
            options={PRIORITY_OPTIONS.map((option) => ({ label: option.label, value: String(option.value) }))}
            value={String(priority)}
            onChange={(value) => setPriority(Number(value))}
            helpText={WIDGET_TEXT.priorityHelp}
          />
          {layoutUsesSetting(layout, "theme") ? (
            <ChoiceList
              title={WIDGET_TEXT.theme}
              choices={choicesOf("theme")}
              selected={[settings.theme]}
              onChange={([theme]) => update({ theme: readChoice("theme", theme) })}
            />
          ) : null}
          {layoutUsesSetting(layout, "autoScroll") ? (
            <Checkbox label={WIDGET_TEXT.autoScroll} checked={settings.autoScroll} onChange={(autoScroll) => update({ autoScroll })} />
          ) : null}
          {layoutUsesSetting(layout, "playPreviews") ? (
            <Checkbox
              label={WIDGET_TEXT.playPreviews}
              helpText={WIDGET_TEXT.playPreviewsHelp}
              checked={settings.playPreviews}
              onChange={(playPreviews) => update({ playPreviews })}
            />
          ) : null}
          {layoutUsesSetting(layout, "showCaptions") ? (
            <Checkbox
              label={WIDGET_TEXT.showCaptions}
              helpText={WIDGET_TEXT.showCaptionsHelp}
              checked={settings.showCaptions}
              onChange={(showCaptions) => update({ showCaptions })}
            />
          ) : null}
          {layoutUsesSetting(layout, "showHeader") ? (
            <Checkbox label={WIDGET_TEXT.showHeader} checked={settings.showHeader} onChange={(showHeader) => update({ showHeader })} />
          ) : null}
          {layoutUsesSetting(layout, "alignment") ? (
            <ChoiceList
              title={WIDGET_TEXT.alignment}
              choices={choicesOf("alignment")}
              selected={[settings.alignment]}
              onChange={([alignment]) => update({ alignment: readChoice("alignment", alignment) })}
            />
          ) : null}
          <InlineStack gap="200" align="end">
            <Button onClick={() => void confirmLeavingUnsaved().then(onBack)} disabled={saving}>
              {ACTION_TEXT.back}
            </Button>
            <Button variant="primary" onClick={submit} loading={saving}>
              {WIDGET_TEXT.create}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {ACTION_TEXT.preview}
          </Text>
          {usingSamples ? (
            <Banner tone="info">
              <p>
                {WIDGET_TEXT.samplesNotice} <Link url={appHref("/content", location.search)}>{WIDGET_TEXT.samplesLink}</Link> {WIDGET_TEXT.samplesAfterLink}
              </p>
            </Banner>
          ) : null}
          {bySource ? <ProductPreviewPicker value={previewProduct} onChange={setPreviewProduct} /> : null}
          {bySource ? (
            <div aria-live="polite">
              <Text as="p" tone="subdued">
                {shown.note}
              </Text>
            </div>
          ) : null}
          {preview ? <WidgetPreview widget={preview} label={WIDGET_TEXT.previewLabel} /> : null}
        </BlockStack>
      </Card>
    </InlineGrid>
  );
}
