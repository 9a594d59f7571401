import { useCallback, useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, EmptyState, InlineGrid, InlineStack, List, Text } from "@shopify/polaris";
import type { PageContext } from "~/constants";
import type { LayoutType } from "~/contracts/widget-layouts";
import type { ProductPublishFailureDto, WidgetDto } from "~/rules/api-types";
import { createWidget, deleteWidget, fetchThemeSetup, markWidgetInstalled } from "~/browser/api-client";
import { requestInstallReviewPrompt } from "~/browser/review-prompts";
import { confirmLeavingUnsaved } from "~/browser/leave-confirmation";
import { describeError } from "~/rules/error-mapper";
import { installLinks, installsAsEmbed, themeEditorUrl, type InstallLink } from "~/rules/widget-rules";
import { embedHandleFor, needsWidgetNumber, widgetMissingContexts, widgetPageStatuses, type PageStatus, type ThemeSetup } from "~/rules/theme-setup";
import { ACTION_TEXT, PAGE_CONTEXT_LABELS, PAGE_TITLES, THEME_BLOCK_NAMES, WIDGET_TEXT, themeBlockName } from "~/messages";
import type { StorefrontVideo, StorefrontWidget } from "~/storefront/widget-data";
import { AppPage } from "~/components/AppPage";
import { AppModal } from "~/components/AppModal";
import { ConfirmModal } from "~/components/ConfirmModal";
import { CustomizeWidget, type WidgetDraft } from "./CustomizeWidget";
import { LayoutPicker } from "./LayoutPicker";
import { ProductPublishBanner } from "./ProductPublishBanner";
import { WidgetCard, arrangeButtonId } from "./WidgetCard";
import { WidgetVideosEditor } from "./WidgetVideosEditor";

export interface WidgetsPageData {
  shopFound: boolean;
  widgets: WidgetDto[];
  /** Each widget's storefront data, by widget id (the cards' mini previews). */
  previews: Record<string, StorefrontWidget>;
  /** The shop's approved videos for the Customize preview. */
  videos: StorefrontVideo[];
  apiKey: string;
  /** Where the theme editor lives (the shop's own origin). */
  shopOrigin: string;
  /** The published theme's app blocks and embeds (each card's "Live on"); null when unread. */
  themeSetup: ThemeSetup | null;
  /** Why the product pages could not be updated the last time (decision 079); null when they were. */
  productPublish: ProductPublishFailureDto | null;
}

type Creating = { step: "type" } | { step: "customize"; layout: LayoutType };
type ThemeDto = { name: string; type: "json" | "liquid" };
/** An install in progress: the deep links still to open (one per page lacking the widget, or one app embed) and those opened. */
type Installing = {
  widget: WidgetDto;
  theme: ThemeDto;
  links: InstallLink[];
  opened: string[];
  stage: "open" | "confirm";
  /** Per chosen page, what the theme shows there now (issue 29 item 2). */
  statuses: PageStatus[];
  /** The block or embed a link adds will not show this widget unless its number is typed (issue 29 item 1). */
  typeNumber: boolean;
};
type Notice = { tone: "success" | "critical"; title?: string; message: string; steps?: string[] };

/** How to take a deleted widget off the theme: Shopify does not let apps remove theme blocks. */
function removalSteps(widget: WidgetDto): string[] {
  return WIDGET_TEXT.removalSteps(widget.display_number);
}

function installSteps({ widget, theme, typeNumber }: Installing): { title: string; steps: string[] } {
  const pages = widget.page_contexts.map((context) => PAGE_CONTEXT_LABELS[context]).join(", ");
  const embed = themeBlockName(embedHandleFor(widget.layout_type)) ?? "";
  if (theme.type === "liquid") {
    return { title: WIDGET_TEXT.embedTitle, steps: WIDGET_TEXT.embedSteps(theme.name, embed, widget.name, pages, typeNumber ? widget.display_number : null) };
  }
  const embedded = installsAsEmbed(widget.layout_type, theme.type, widget.page_contexts);
  const number = typeNumber ? widget.display_number : null;
  return {
    title: WIDGET_TEXT.readyTitle(widget.name),
    steps: embedded ? WIDGET_TEXT.appEmbedSteps(embed, theme.name, number) : WIDGET_TEXT.blockSteps(THEME_BLOCK_NAMES[widget.layout_type], theme.name, number),
  };
}

/** "Homepage shows "Home reel" (#1) instead" for each page where another widget sits where this one would. */
function replacedNotes(statuses: readonly PageStatus[], widgets: readonly WidgetDto[]): string[] {
  return statuses.flatMap((status) => {
    if (status.state !== "replaced") return [];
    const other = widgets.find((widget) => widget.display_number === status.by);
    return [WIDGET_TEXT.shownInstead(PAGE_CONTEXT_LABELS[status.page], other?.name ?? "", status.by)];
  });
}

const pageNames = (pages: readonly PageContext[]) => pages.map((context) => PAGE_CONTEXT_LABELS[context]).join(", ");

/** "Add to Product Pages" for an app block link; "Enable the app embed (...)" for the embed. */
function linkLabel(installing: Installing, link: InstallLink): string {
  const { widget, theme } = installing;
  return installsAsEmbed(widget.layout_type, theme.type, widget.page_contexts)
    ? WIDGET_TEXT.enableEmbedFor(pageNames(link.pages))
    : WIDGET_TEXT.addToPage(pageNames(link.pages));
}

/**
 * The Widgets page (spec 2): widget cards or the empty state, Add widget /
 * Cancel, the two creation steps, Install on Store with its dialogs, and
 * Delete with its confirmation.
 */
export function WidgetsManager({ data, shopId }: { data: WidgetsPageData; shopId: string }) {
  const { widgets, previews, videos, apiKey, shopOrigin, shopFound, themeSetup, productPublish } = data;
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const [creating, setCreating] = useState<Creating | null>(null);
  const [saving, setSaving] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [installing, setInstalling] = useState<Installing | null>(null);
  const [loadingThemeFor, setLoadingThemeFor] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState<WidgetDto | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [arrangingId, setArrangingId] = useState<string | null>(null);
  const arranging = widgets.find((widget) => widget.id === arrangingId) ?? null;

  // Opened before the shop's first bootstrap: read again now that it exists.
  useEffect(() => {
    if (!shopFound) revalidate();
  }, [shopFound, revalidate]);

  // Closing the editor drops its changes: App Bridge asks first while its save bar shows.
  const toggleCreating = useCallback(() => {
    void confirmLeavingUnsaved().then(() => {
      setCreateError(null);
      setCreating((current) => (current ? null : { step: "type" }));
    });
  }, []);

  async function create(draft: WidgetDraft) {
    setSaving(true);
    setCreateError(null);
    try {
      await createWidget({
        shopId,
        name: draft.name,
        layoutType: draft.layout,
        sourceType: draft.sourceType,
        productFallback: draft.productFallback,
        language: "en",
        pageContexts: draft.pageContexts,
        priority: draft.priority,
        settings: draft.settings,
      });
      setCreating(null);
      setNotice({ tone: "success", message: WIDGET_TEXT.created });
      revalidate();
    } catch (error) {
      console.error(error);
      setCreateError(describeError(error, "widget"));
    } finally {
      setSaving(false);
    }
  }

  async function startInstall(widget: WidgetDto) {
    setLoadingThemeFor(widget.id);
    setNotice(null);
    try {
      const setup = await fetchThemeSetup(shopId);
      const theme = { name: setup.themeName, type: setup.type };
      const missing = widgetMissingContexts(widget, setup, widgets);
      const links = installLinks({ shopOrigin, apiKey, layout: widget.layout_type, pageContexts: widget.page_contexts, themeType: setup.type, missing });
      const statuses = widgetPageStatuses(widget, setup, widgets);
      const typeNumber = (missing.length > 0 ? missing : widget.page_contexts).some((page) => needsWidgetNumber(widget, setup, widgets, page));
      setInstalling({ widget, theme, links, opened: [], stage: "open", statuses, typeNumber });
    } catch (error) {
      console.error(error);
      setNotice({ tone: "critical", message: WIDGET_TEXT.themeFetchFailed });
    } finally {
      setLoadingThemeFor(null);
    }
  }

  /** Opens one deep link in a new tab (the merchant saves there and comes back); once every link is opened, the confirmation. */
  function openLink(url: string) {
    if (!installing) return;
    window.open(url, "_blank", "noopener");
    const opened = installing.opened.includes(url) ? installing.opened : [...installing.opened, url];
    const done = installing.links.every((link) => opened.includes(link.url));
    setInstalling({ ...installing, opened, stage: done ? "confirm" : "open" });
  }

  /** Open Theme Editor: the next page still lacking the widget; when none lacks it, the theme editor at its first page. */
  function openThemeEditor() {
    if (!installing) return;
    const { widget, theme, links, opened } = installing;
    const next = links.find((link) => !opened.includes(link.url));
    openLink(next?.url ?? themeEditorUrl({ shopOrigin, apiKey, layout: widget.layout_type, pageContexts: widget.page_contexts, themeType: theme.type }));
  }

  async function confirmInstalled() {
    if (!installing) return;
    setConfirming(true);
    try {
      await markWidgetInstalled(installing.widget.id);
      setInstalling(null);
      setNotice({ tone: "success", message: WIDGET_TEXT.installedNotice(installing.widget.name) });
      revalidate();
      // Spec 4: after an install, ask for an app-store review (widget_install), once per visit.
      void requestInstallReviewPrompt(shopId);
    } catch (error) {
      console.error(error);
      setNotice({ tone: "critical", message: describeError(error, "widget") });
      setInstalling(null);
    } finally {
      setConfirming(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deleteWidget(deleting.id, shopId);
      setNotice({ tone: "success", title: WIDGET_TEXT.deleted, message: WIDGET_TEXT.deletedBody, steps: removalSteps(deleting) });
      setDeleting(null);
      revalidate();
    } catch (error) {
      console.error(error);
      setNotice({ tone: "critical", message: describeError(error, "delete") });
      setDeleting(null);
    } finally {
      setDeleteBusy(false);
    }
  }

  const closeArranging = useCallback(() => {
    const widgetId = arrangingId;
    setArrangingId(null);
    if (widgetId) requestAnimationFrame(() => document.getElementById(arrangeButtonId(widgetId))?.focus());
  }, [arrangingId]);

  const install = installing ? installSteps(installing) : null;
  const loadingList = navigation.state === "loading" && !creating;

  return (
    <AppPage title={PAGE_TITLES.widgets} primaryAction={{ content: creating ? ACTION_TEXT.cancel : WIDGET_TEXT.addWidget, onAction: toggleCreating }}>
      <BlockStack gap="400">
        {productPublish ? <ProductPublishBanner failure={productPublish} shopId={shopId} onRecheck={revalidate} /> : null}
        {notice ? (
          <Banner tone={notice.tone} title={notice.title} onDismiss={() => setNotice(null)}>
            <BlockStack gap="200">
              <p>{notice.message}</p>
              {notice.steps ? (
                <List type="number">
                  {notice.steps.map((step) => (
                    <List.Item key={step}>{step}</List.Item>
                  ))}
                </List>
              ) : null}
            </BlockStack>
          </Banner>
        ) : null}

        {creating?.step === "type" ? <LayoutPicker onPick={(layout) => setCreating({ step: "customize", layout })} /> : null}
        {creating?.step === "customize" ? (
          <CustomizeWidget
            key={creating.layout}
            layout={creating.layout}
            videos={videos}
            saving={saving}
            error={createError}
            onBack={() => setCreating({ step: "type" })}
            onCreate={(draft) => void create(draft)}
          />
        ) : null}

        {arranging ? <WidgetVideosEditor key={arranging.id} widget={arranging} onClose={closeArranging} onChanged={revalidate} /> : null}

        {widgets.length === 0 && !creating ? (
          <Card>
            <EmptyState
              heading={WIDGET_TEXT.emptyTitle}
              action={{ content: WIDGET_TEXT.addWidget, onAction: toggleCreating }}
              image="data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'/%3E"
            >
              <p>{WIDGET_TEXT.emptyBody}</p>
            </EmptyState>
          </Card>
        ) : null}

        {widgets.length > 0 ? (
          <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
            {widgets.map((widget) => (
              <WidgetCard
                key={widget.id}
                widget={widget}
                preview={previews[widget.id]}
                samples={videos.length === 0}
                installing={loadingThemeFor === widget.id}
                statuses={themeSetup ? widgetPageStatuses(widget, themeSetup, widgets) : null}
                onInstall={() => void startInstall(widget)}
                onDelete={() => setDeleting(widget)}
                onArrange={() => setArrangingId(widget.id)}
              />
            ))}
          </InlineGrid>
        ) : null}
        {loadingList ? (
          <Text as="p" tone="subdued">
            {WIDGET_TEXT.loading}
          </Text>
        ) : null}
      </BlockStack>

      <AppModal
        id="add-widget-to-theme"
        open={installing?.stage === "open"}
        onClose={() => setInstalling(null)}
        title={WIDGET_TEXT.addToThemeTitle}
        primaryAction={{ content: WIDGET_TEXT.openThemeEditor, onAction: openThemeEditor }}
        secondaryActions={[{ content: ACTION_TEXT.cancel, onAction: () => setInstalling(null) }]}
      >
        {installing ? (
          <BlockStack gap="200">
            <Text as="p">{WIDGET_TEXT.addToThemeBody(installing.theme.name, installing.widget.name)}</Text>
            {installing.links.length === 0 ? <Text as="p">{WIDGET_TEXT.allPagesLive(installing.widget.name)}</Text> : null}
            {replacedNotes(installing.statuses, widgets).map((note) => (
              <Text as="p" key={note}>
                {note}
              </Text>
            ))}
            {installing.links.length > 1 ? (
              <>
                <Text as="p">{WIDGET_TEXT.missingPages(installing.widget.name, pageNames(installing.links.flatMap((link) => link.pages)))}</Text>
                <BlockStack gap="100">
                  {installing.links.map((link) => (
                    <InlineStack key={link.url} gap="200" blockAlign="center">
                      <Button onClick={() => openLink(link.url)}>{linkLabel(installing, link)}</Button>
                      {installing.opened.includes(link.url) ? (
                        <Text as="span" tone="success">
                          {WIDGET_TEXT.linkOpened}
                        </Text>
                      ) : null}
                    </InlineStack>
                  ))}
                </BlockStack>
              </>
            ) : null}
            {installing.links.length > 0 ? (
              <Banner tone={installing.typeNumber ? "warning" : "info"}>
                <p data-testid="install-widget-number">
                  {installing.typeNumber
                    ? WIDGET_TEXT.typeNumber(installing.widget.display_number)
                    : WIDGET_TEXT.numberMayStayEmpty(installing.widget.display_number)}
                </p>
              </Banner>
            ) : null}
            <Text as="p" tone="subdued">
              {WIDGET_TEXT.addToThemeHint}
            </Text>
          </BlockStack>
        ) : null}
      </AppModal>

      <AppModal
        id="widget-installed"
        open={installing?.stage === "confirm"}
        onClose={() => setInstalling(null)}
        title={install?.title ?? ""}
        primaryAction={{ content: WIDGET_TEXT.gotIt, loading: confirming, onAction: () => void confirmInstalled() }}
      >
        {install ? (
          <List type="number">
            {install.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        ) : null}
      </AppModal>

      <ConfirmModal
        id="delete-widget"
        open={deleting !== null}
        title={deleting ? WIDGET_TEXT.deleteTitle(deleting.name) : ""}
        confirmLabel={ACTION_TEXT.delete}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => !deleteBusy && setDeleting(null)}
        body={
          deleting ? (
            <BlockStack gap="200">
              <Text as="p">{WIDGET_TEXT.deleteBody}</Text>
              <List type="number">
                {removalSteps(deleting).map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            </BlockStack>
          ) : null
        }
      />
    </AppPage>
  );
}
