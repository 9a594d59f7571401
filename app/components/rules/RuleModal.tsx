import { useState } from "react";
import { Banner, BlockStack, Button, Checkbox, InlineError, InlineGrid, Text, TextField } from "@shopify/polaris";
import type { AutoApproveRuleDto, ChannelDto, WidgetSummaryDto } from "~/rules/api-types";
import { createAutoApproveRule, updateAutoApproveRule, type AutoApproveRuleBody } from "~/browser/api-client";
import { checkRule, type RuleField } from "~/rules/auto-approve";
import { errorText } from "~/rules/error-mapper";
import { PLATFORMS } from "~/platforms/config";
import { ACTION_TEXT, AUTO_APPROVE_TEXT, LAYOUT_NAMES, LIBRARY_TEXT } from "~/messages";
import { AppModal } from "~/components/AppModal";

/** What the dialog edits: a new rule, or one of the list. */
export type RuleDialog = { mode: "new" } | { mode: "edit"; rule: AutoApproveRuleDto };

interface RuleModalProps {
  dialog: RuleDialog | null;
  channels: ChannelDto[];
  widgets: WidgetSummaryDto[];
  onCreateWidget: () => void;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function draftOf(dialog: RuleDialog | null): AutoApproveRuleBody {
  if (dialog?.mode !== "edit")
    return { name: "", enabled: true, channelIds: [], hashtags: "", allWidgets: false, widgetIds: [], tagTopSuggestion: false, minPlays: "", minLikes: "" };
  const { rule } = dialog;
  return {
    name: rule.name,
    enabled: rule.enabled,
    channelIds: rule.channel_ids,
    hashtags: rule.hashtags.map((tag) => `#${tag}`).join(", "),
    allWidgets: rule.all_widgets,
    widgetIds: rule.widget_ids,
    tagTopSuggestion: rule.tag_top_suggestion,
    minPlays: rule.min_plays === null ? "" : String(rule.min_plays),
    minLikes: rule.min_likes === null ? "" : String(rule.min_likes),
  };
}

/** A fieldset whose legend reads as a form label. */
function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ padding: 0, marginBottom: "var(--p-space-100)" }}>
        <Text as="span" variant="bodyMd" fontWeight="medium">
          {legend}
        </Text>
      </legend>
      <BlockStack gap="100">{children}</BlockStack>
    </fieldset>
  );
}

/**
 * Adds or edits a rule: name, accounts and hashtags (either is enough), the
 * widgets it approves into (or every widget), whether it also tags each video
 * with its top suggested product when the match is strong (off unless chosen,
 * decision 078), its optional minimum plays and likes (decision 082), on or paused. The form is
 * checked with the server's own rules (checkRule) before it is sent; each
 * wrong field says why, and a refusal from the server keeps the dialog open.
 */
export function RuleModal({ dialog, channels, widgets, onCreateWidget, onClose, onSaved }: RuleModalProps) {
  const [openedFor, setOpenedFor] = useState<RuleDialog | null>(null);
  const [draft, setDraft] = useState<AutoApproveRuleBody>(() => draftOf(dialog));
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (dialog !== openedFor) {
    setOpenedFor(dialog);
    setDraft(draftOf(dialog));
    setErrors({});
    setFailure(null);
    setBusy(false);
  }

  function change(patch: Partial<AutoApproveRuleBody>, fields: RuleField[]) {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as RuleField))));
  }

  function toggle(list: string[], id: string, on: boolean): string[] {
    return on ? [...new Set([...list, id])] : list.filter((item) => item !== id);
  }

  async function save() {
    if (busy || !dialog) return;
    const checked = checkRule(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (dialog.mode === "edit") await updateAutoApproveRule(dialog.rule.id, draft);
      else await createAutoApproveRule(draft);
      onSaved(dialog.mode === "edit" ? AUTO_APPROVE_TEXT.ruleSaved : AUTO_APPROVE_TEXT.ruleCreated);
    } catch (error) {
      console.error(error);
      setFailure(errorText(error));
      setBusy(false);
    }
  }

  // Polaris's InlineError takes its id from the field's: "<fieldID>Error".
  const sourceErrorId = "rule-sourceError";
  const widgetsErrorId = "rule-widgetsError";

  return (
    <AppModal
      id="auto-approve-rule-modal"
      open={dialog !== null}
      onClose={onClose}
      title={dialog?.mode === "edit" ? AUTO_APPROVE_TEXT.editRuleTitle : AUTO_APPROVE_TEXT.newRuleTitle}
      primaryAction={{ content: AUTO_APPROVE_TEXT.saveRule, loading: busy, onAction: () => void save() }}
      secondaryActions={[{ content: ACTION_TEXT.cancel, disabled: busy, onAction: onClose }]}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <BlockStack gap="400">
          {failure ? (
            <Banner tone="critical" onDismiss={() => setFailure(null)}>
              <p>{failure}</p>
            </Banner>
          ) : null}
          <TextField
            label={AUTO_APPROVE_TEXT.nameLabel}
            value={draft.name}
            onChange={(name) => change({ name }, ["name"])}
            helpText={AUTO_APPROVE_TEXT.nameHelp}
            error={errors.name}
            autoComplete="off"
            disabled={busy}
          />
          <Group legend={AUTO_APPROVE_TEXT.accountsLabel}>
            {channels.length === 0 ? (
              <Text as="p" tone="subdued">
                {AUTO_APPROVE_TEXT.noAccounts}
              </Text>
            ) : (
              channels.map((channel) => (
                <Checkbox
                  key={channel.id}
                  label={AUTO_APPROVE_TEXT.accountChoice(channel.username, PLATFORMS[channel.platform]?.name ?? channel.platform)}
                  checked={draft.channelIds.includes(channel.id)}
                  onChange={(on) => change({ channelIds: toggle(draft.channelIds, channel.id, on) }, ["source"])}
                  ariaDescribedBy={errors.source ? sourceErrorId : undefined}
                  disabled={busy}
                />
              ))
            )}
          </Group>
          <TextField
            label={AUTO_APPROVE_TEXT.hashtagsLabel}
            value={draft.hashtags}
            onChange={(hashtags) => change({ hashtags }, ["hashtags", "source"])}
            helpText={AUTO_APPROVE_TEXT.hashtagsHelp}
            error={errors.hashtags}
            placeholder={AUTO_APPROVE_TEXT.hashtagsPlaceholder}
            autoComplete="off"
            disabled={busy}
          />
          {errors.source ? <InlineError message={errors.source} fieldID="rule-source" /> : null}
          <Group legend={AUTO_APPROVE_TEXT.widgetsLabel}>
            {widgets.length === 0 ? (
              <Banner tone="warning">
                <BlockStack gap="200" inlineAlign="start">
                  <p>{AUTO_APPROVE_TEXT.noWidgets}</p>
                  <Button onClick={onCreateWidget}>{ACTION_TEXT.createWidget}</Button>
                </BlockStack>
              </Banner>
            ) : (
              <>
                <Checkbox
                  label={AUTO_APPROVE_TEXT.everyWidget}
                  checked={draft.allWidgets}
                  onChange={(allWidgets) => change({ allWidgets }, ["widgets"])}
                  ariaDescribedBy={errors.widgets ? widgetsErrorId : undefined}
                  disabled={busy}
                />
                {widgets.map((widget) => (
                  <Checkbox
                    key={widget.id}
                    label={LIBRARY_TEXT.widgetChoice(widget.name, LAYOUT_NAMES[widget.layout_type] ?? widget.layout_type)}
                    checked={draft.allWidgets || draft.widgetIds.includes(widget.id)}
                    onChange={(on) => change({ widgetIds: toggle(draft.widgetIds, widget.id, on) }, ["widgets"])}
                    ariaDescribedBy={errors.widgets ? widgetsErrorId : undefined}
                    disabled={busy || draft.allWidgets}
                  />
                ))}
              </>
            )}
            {errors.widgets ? <InlineError message={errors.widgets} fieldID="rule-widgets" /> : null}
          </Group>
          <Group legend={AUTO_APPROVE_TEXT.minimumsLabel}>
            <InlineGrid columns={2} gap="300">
              <TextField
                label={AUTO_APPROVE_TEXT.minPlaysLabel}
                value={draft.minPlays}
                onChange={(minPlays) => change({ minPlays }, ["minPlays"])}
                error={errors.minPlays}
                inputMode="numeric"
                autoComplete="off"
                disabled={busy}
              />
              <TextField
                label={AUTO_APPROVE_TEXT.minLikesLabel}
                value={draft.minLikes}
                onChange={(minLikes) => change({ minLikes }, ["minLikes"])}
                error={errors.minLikes}
                inputMode="numeric"
                autoComplete="off"
                disabled={busy}
              />
            </InlineGrid>
            <Text as="p" variant="bodySm" tone="subdued">
              {AUTO_APPROVE_TEXT.minimumsHelp}
            </Text>
          </Group>
          <Checkbox
            label={AUTO_APPROVE_TEXT.tagTopSuggestionLabel}
            helpText={AUTO_APPROVE_TEXT.tagTopSuggestionHelp}
            checked={draft.tagTopSuggestion}
            onChange={(tagTopSuggestion) => change({ tagTopSuggestion }, [])}
            disabled={busy}
          />
          <Checkbox label={AUTO_APPROVE_TEXT.enabledLabel} checked={draft.enabled} onChange={(enabled) => change({ enabled }, [])} disabled={busy} />
        </BlockStack>
      </form>
    </AppModal>
  );
}
