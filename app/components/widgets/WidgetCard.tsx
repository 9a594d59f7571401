import { useMemo } from "react";
import { Badge, BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { NamedCard } from "~/components/NamedCard";
import type { WidgetDto } from "~/rules/api-types";
import type { PageStatus } from "~/rules/theme-setup";
import { layoutHasTheme } from "~/rules/widget-rules";
import { ACTION_TEXT, LAYOUT_NAMES, PAGE_CONTEXT_LABELS, WIDGET_SOURCE_LABELS, WIDGET_TEXT, WIDGET_VIDEOS_TEXT } from "~/messages";
import type { StorefrontWidget } from "~/storefront/widget-data";
import { browserOrigin, withSampleVideos } from "~/storefront/sample-videos";
import { THUMBNAIL_HEIGHT_PX, WidgetThumbnail } from "./WidgetThumbnail";

interface WidgetCardProps {
  widget: WidgetDto;
  preview: StorefrontWidget | undefined;
  /** The shop has no approved video: the mini preview shows the sample videos. */
  samples?: boolean;
  installing: boolean;
  /** What the published theme shows on each of the widget's pages (issue 29 item 2); null when the theme could not be read. */
  statuses: PageStatus[] | null;
  onInstall: () => void;
  onDelete: () => void;
  /** Opens the editor of the widget's videos (issue 16 item 3). */
  onArrange: () => void;
}

/** The card's "Arrange videos" button, where focus returns when the editor closes. */
export const arrangeButtonId = (widgetId: string) => `arrange-videos-${widgetId}`;

/**
 * Spec 2 widget card: mini preview, "#N", name, badges, Install on Store and
 * Delete. The preview is a thumbnail of a fixed height (decision 066), so a
 * row of cards fits a laptop's first screen whatever their layouts.
 */
export function WidgetCard({ widget, preview, samples = false, installing, statuses, onInstall, onDelete, onArrange }: WidgetCardProps) {
  const shown = useMemo(() => (preview && samples && preview.videos.length === 0 ? withSampleVideos(preview, browserOrigin()) : preview), [preview, samples]);
  return (
    <NamedCard>
      {(headingId) => (
        <BlockStack gap="200">
          <Box background="bg-surface-secondary" borderRadius="200">
            {shown && shown.videos.length > 0 ? (
              <WidgetThumbnail widget={shown} label={WIDGET_TEXT.cardPreviewLabel(widget.name)} />
            ) : (
              <Box minHeight={`${THUMBNAIL_HEIGHT_PX}px`} padding="200">
                <Text as="p" tone="subdued" alignment="center">
                  {WIDGET_TEXT.cardNoVideos}
                </Text>
              </Box>
            )}
          </Box>
          {shown && shown !== preview ? (
            <Text as="p" tone="subdued" variant="bodySm">
              {WIDGET_TEXT.cardSamples}
            </Text>
          ) : null}
          {/* Delete sits across from the name, quieter than the card's main actions: the three did not fit one row. */}
          <InlineStack gap="200" blockAlign="center" align="space-between" wrap={false}>
            <InlineStack gap="200" blockAlign="center" wrap={false}>
              <Badge tone="info">{`#${widget.display_number}`}</Badge>
              <Text as="h3" variant="headingSm" breakWord id={headingId}>
                {widget.name}
              </Text>
            </InlineStack>
            <Button variant="plain" tone="critical" onClick={onDelete}>
              {ACTION_TEXT.delete}
            </Button>
          </InlineStack>
          <InlineStack gap="100">
            <Badge>{LAYOUT_NAMES[widget.layout_type]}</Badge>
            {widget.installed_at ? <Badge tone="success">{WIDGET_TEXT.installed}</Badge> : null}
            {layoutHasTheme(widget.layout_type) ? <Badge>{WIDGET_TEXT.themeBadge(widget.settings.theme)}</Badge> : null}
            {/* The spec's source ("all") goes without saying; the product source is named (decision 079). */}
            {widget.source_type === "product" ? <Badge>{WIDGET_SOURCE_LABELS.product}</Badge> : null}
            {widget.page_contexts.map((context) => (
              <Badge key={context}>{PAGE_CONTEXT_LABELS[context]}</Badge>
            ))}
          </InlineStack>
          {statuses ? <LiveLine statuses={statuses} /> : null}
          <InlineStack gap="200">
            <Button variant="primary" onClick={onInstall} loading={installing}>
              {WIDGET_TEXT.installOnStore}
            </Button>
            <Button id={arrangeButtonId(widget.id)} onClick={onArrange}>
              {WIDGET_VIDEOS_TEXT.manage}
            </Button>
          </InlineStack>
        </BlockStack>
      )}
    </NamedCard>
  );
}

const pageNames = (statuses: readonly PageStatus[]) => statuses.map((status) => PAGE_CONTEXT_LABELS[status.page]).join(", ");

/** "Live on: ..." and, where the theme lacks it or shows another widget there, "Not on: ...". */
function LiveLine({ statuses }: { statuses: PageStatus[] }) {
  const live = statuses.filter((status) => status.state === "live");
  const lacking = statuses.filter((status) => status.state !== "live");
  if (live.length === 0) {
    return (
      <Text as="p" tone="subdued">
        {WIDGET_TEXT.notLive}
      </Text>
    );
  }
  return (
    <BlockStack gap="050">
      <Text as="p" tone="success">
        {WIDGET_TEXT.liveOn(pageNames(live))}
      </Text>
      {lacking.length > 0 ? (
        <Text as="p" tone="caution">
          {WIDGET_TEXT.missingOn(pageNames(lacking))}
        </Text>
      ) : null}
    </BlockStack>
  );
}
