import { useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useLocation, useNavigate } from "@remix-run/react";
import { SaveBar } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Button, Card, Checkbox, ChoiceList, InlineGrid, InlineStack, Link, Select, Text, TextField } from "@shopify/polaris";
import { PAGE_CONTEXTS, type PageContext } from "~/constants";
import { type LayoutType } from "~/contracts/widget-layouts";
import { appHref } from "~/rules/app-links";
import { confirmLeavingUnsaved } from "~/browser/leave-confirmation";
import { ACTION_TEXT, LAYOUTS, PAGE_CONTEXT_LABELS, WIDGET_TEXT } from "~/messages";
import { PRIORITY_OPTIONS, defaultWidgetName, togglePageContext } from "~/rules/widget-rules";
import {
  WIDGET_DEFAULTS,
  WIDGET_SETTING_DECLARATIONS,
  layoutUsesSetting,
  readChoice,
  settingsForLayout,
  type WidgetChoiceSettingName,
  type WidgetSettings,
  type WidgetSource,
} from "~/rules/widget-settings";
import { browserOrigin, previewVideoCount, sampleVideos } from "~/storefront/sample-videos";
import { STOREFRONT_DATA_VERSION, type StorefrontVideo, type StorefrontWidget } from "~/storefront/widget-data";
import { WidgetPreview } from "./WidgetPreview";

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

interface DraftFields {
  name: string;
  pageContexts: readonly PageContext[];
  priority: number;
  settings: WidgetSettings;
}

/** Whether the merchant changed anything from the new widget's defaults: what the save bar is shown for. */
function draftChanged(draft: DraftFields): boolean {
  const { settings } = WIDGET_DEFAULTS;
  return (
    draft.name !== "" ||
    draft.priority !== WIDGET_DEFAULTS.priority ||
    draft.pageContexts.join() !== WIDGET_DEFAULTS.pageContexts.join() ||
    (Object.keys(settings) as Array<keyof WidgetSettings>).some((key) => draft.settings[key] !== settings[key])
  );
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
  const [contextError, setContextError] = useState<string | null>(null);

  const usingSamples = videos.length === 0;
  const preview = useMemo<StorefrontWidget>(
    () => ({
      v: STOREFRONT_DATA_VERSION,
      id: "preview",
      number: 0,
      name: name.trim() || defaultWidgetName(layout),
      layout,
      pageContexts,
      priority,
      settings,
      currency: "USD",
      videos: (usingSamples ? sampleVideos(browserOrigin()) : videos).slice(0, previewVideoCount(layout)),
    }),
    [name, layout, pageContexts, priority, settings, usingSamples, videos],
  );

  function togglePage(context: PageContext, checked: boolean) {
    const next = togglePageContext(pageContexts, context, checked);
    setPageContexts(next);
    if (next.length > 0) setContextError(null);
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
      sourceType: WIDGET_DEFAULTS.sourceType,
      productFallback: WIDGET_DEFAULTS.productFallback,
    });
  }

  function discard() {
    setName("");
    setPageContexts([...WIDGET_DEFAULTS.pageContexts]);
    setPriority(WIDGET_DEFAULTS.priority);
    setSettings(WIDGET_DEFAULTS.settings);
    setContextError(null);
  }

  // Unsaved changes show Shopify's contextual save bar (BFS 4.1.5). The admin's own
  // navigation is held by the save bar itself; the app's links ask App Bridge first.
  const [leaving, setLeaving] = useState(false);
  // Read by the blocker at navigation time, before a re-render could give it the new state.
  const leavingRef = useRef(false);
  const dirty = draftChanged({ name, pageContexts, priority, settings }) && !leaving;
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
          <WidgetPreview widget={preview} label={WIDGET_TEXT.previewLabel} />
        </BlockStack>
      </Card>
    </InlineGrid>
  );
}
