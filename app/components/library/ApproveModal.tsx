import { useState } from "react";
import { useShop } from "~/browser/shop-context";
import { Banner, BlockStack, Button, Checkbox, InlineStack, Text } from "@shopify/polaris";
import type { WidgetSummaryDto } from "~/rules/api-types";
import { requestPremiumUpgrade, toggleVideo } from "~/browser/api-client";
import { describeError, errorText } from "~/rules/error-mapper";
import { approvalWidgetIds, freePlanRoom, summarizeApproval, type ApprovalOutcome, type ApprovalSummary } from "~/rules/library-selection";
import { ACTION_TEXT, LAYOUT_NAMES, LIBRARY_TEXT, PLAN_TEXT, approveDialogTitle } from "~/messages";
import { AppModal } from "~/components/AppModal";

interface ApproveModalProps {
  /** Videos to approve (only those not approved yet); null = closed. */
  videoIds: string[] | null;
  widgets: WidgetSummaryDto[];
  /** Approved videos counted against the Free plan's limit; null on Premium. */
  freePlanApproved: number | null;
  /** Where "Create Widget" leads (the Widgets page, with the app's query string). */
  onCreateWidget: () => void;
  onClose: () => void;
  /** Some or all videos were approved: the list is stale. Success closes the dialog. */
  onApproved: (summary: ApprovalSummary) => void;
}

/**
 * Spec 2 Approve-to-widgets: the widgets as checkboxes (name and layout) with
 * Select All; Approve is enabled once a widget is chosen or Select All is on
 * (then an empty list is sent, meaning every widget). The dialog stays open on
 * errors, saying which part failed. On Free it says how many videos are
 * approved of the limit, and before approving more than fit, how many will be
 * (decision 069). Once the limit refuses a video, or when it is already
 * reached, nothing more can be approved: the dialog says the limit is reached,
 * offers the upgrade and disables Approve.
 */
export function ApproveModal({ videoIds, widgets, freePlanApproved, onCreateWidget, onClose, onApproved }: ApproveModalProps) {
  const [openedFor, setOpenedFor] = useState<string[] | null>(null);
  const [selectAll, setSelectAll] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string[]>([]);
  const [limitReached, setLimitReached] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const { shopDomain } = useShop();

  if (videoIds !== openedFor) {
    setOpenedFor(videoIds);
    setSelectAll(false);
    setChosen(new Set());
    setBusy(false);
    setError(null);
    setPending(videoIds ?? []);
    setLimitReached(false);
    setUpgrading(false);
  }

  const widgetIds = approvalWidgetIds(selectAll, chosen);
  const count = pending.length;
  const room = freePlanRoom(freePlanApproved, count);
  // Already at the limit when the dialog opens: said at once rather than after a refused approval.
  const full = limitReached || room?.room === 0;

  function toggleWidget(widgetId: string, checked: boolean) {
    // Unticking one widget while Select All is on keeps the others ticked.
    const next = selectAll ? new Set(widgets.map((widget) => widget.id)) : new Set(chosen);
    if (checked) next.add(widgetId);
    else next.delete(widgetId);
    setSelectAll(false);
    setChosen(next);
  }

  async function approve() {
    if (!widgetIds || busy || pending.length === 0) return;
    setBusy(true);
    setError(null);
    const outcomes: Array<ApprovalOutcome & { videoId: string }> = [];
    // One at a time: the Free plan limit is then reached in the merchant's order.
    for (const videoId of pending) {
      try {
        await toggleVideo(videoId, { enabled: true, widgetIds });
        outcomes.push({ videoId, ok: true });
      } catch (approveError) {
        console.error(approveError);
        outcomes.push({ videoId, ok: false, error: errorText(approveError) });
      }
    }
    const summary = summarizeApproval(outcomes);
    setBusy(false);
    if (summary.failed > 0) {
      // Stay open; a retry applies to the videos that were refused.
      setPending(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.videoId));
      setError(summary.message);
      setLimitReached(summary.limitReached);
    }
    if (summary.approved > 0) onApproved(summary);
  }

  async function upgrade() {
    setUpgrading(true);
    try {
      // Shopify's approval page replaces the whole admin, as on the Plan page.
      window.open(await requestPremiumUpgrade(shopDomain), "_top");
    } catch (upgradeError) {
      console.error(upgradeError);
      setError(`${PLAN_TEXT.upgradeFailed}: ${describeError(upgradeError, "billing")}`);
      setUpgrading(false);
    }
  }

  const noWidgets = widgets.length === 0;

  return (
    <AppModal
      id="approve-modal"
      open={videoIds !== null}
      onClose={onClose}
      title={full ? LIBRARY_TEXT.limitReachedTitle : approveDialogTitle(count || 1)}
      primaryAction={{
        content: ACTION_TEXT.approve,
        disabled: widgetIds === null || noWidgets || count === 0 || full,
        loading: busy,
        onAction: () => void approve(),
      }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, disabled: busy, onAction: onClose }]}
    >
      <BlockStack gap="400">
        {full ? (
          <Banner tone="warning" action={{ content: PLAN_TEXT.upgrade, loading: upgrading, onAction: () => void upgrade() }}>
            <p>{limitReached && error ? error : LIBRARY_TEXT.freePlanLimit}</p>
          </Banner>
        ) : error ? (
          <Banner tone="critical" onDismiss={() => setError(null)}>
            <p>{error}</p>
          </Banner>
        ) : room?.overflows ? (
          <Banner tone="warning" action={{ content: PLAN_TEXT.upgrade, loading: upgrading, onAction: () => void upgrade() }}>
            <p>{LIBRARY_TEXT.freePlanRoom(room.room, count)}</p>
          </Banner>
        ) : null}
        {room ? (
          <Text as="p" tone="subdued">
            {LIBRARY_TEXT.freePlanApproved(room.approved, room.limit)}
          </Text>
        ) : null}
        {full ? null : noWidgets ? (
          <Banner tone="warning" title={LIBRARY_TEXT.noWidgetsTitle}>
            <BlockStack gap="200" inlineAlign="start">
              <p>{LIBRARY_TEXT.noWidgetsBody}</p>
              <Button onClick={onCreateWidget}>{ACTION_TEXT.createWidget}</Button>
            </BlockStack>
          </Banner>
        ) : (
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="p">{LIBRARY_TEXT.chooseWidgets(count)}</Text>
              <Button pressed={selectAll} onClick={() => setSelectAll((on) => !on)} disabled={busy}>
                {LIBRARY_TEXT.selectAll}
              </Button>
            </InlineStack>
            <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
              <legend>
                <Text as="span" visuallyHidden>
                  {LIBRARY_TEXT.widgets}
                </Text>
              </legend>
              <BlockStack gap="100">
                {widgets.map((widget) => (
                  <Checkbox
                    key={widget.id}
                    label={LIBRARY_TEXT.widgetChoice(widget.name, LAYOUT_NAMES[widget.layout_type] ?? widget.layout_type)}
                    checked={selectAll || chosen.has(widget.id)}
                    onChange={(checked) => toggleWidget(widget.id, checked)}
                    disabled={busy}
                  />
                ))}
              </BlockStack>
            </fieldset>
            {widgetIds === null ? (
              <Text as="p" tone="caution">
                {LIBRARY_TEXT.selectWidgets}
              </Text>
            ) : null}
          </BlockStack>
        )}
      </BlockStack>
    </AppModal>
  );
}
