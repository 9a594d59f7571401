import { useEffect, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Button, Divider, EmptyState, InlineStack, Layout, Text, TextField } from "@shopify/polaris";
import type { AutoApproveData, AutoApproveRuleDto } from "~/rules/api-types";
import { deleteAutoApproveRule, saveBlockedWords } from "~/browser/api-client";
import { parseBlockedWords } from "~/rules/auto-approve";
import { appHref } from "~/rules/app-links";
import { describeError } from "~/rules/error-mapper";
import { PLATFORMS } from "~/platforms/config";
import { ACTION_TEXT, AUTO_APPROVE_TEXT, PAGE_TITLES } from "~/messages";
import { AppPage } from "~/components/AppPage";
import { ConfirmModal } from "~/components/ConfirmModal";
import { NamedCard } from "~/components/NamedCard";
import { numberFormat } from "~/rules/intl-formats";
import { RuleModal, type RuleDialog } from "./RuleModal";

type Notice = { tone: "success" | "critical"; message: string };

/** One rule of the list: its name and state, what it matches, where it approves to, Edit and Delete. */
function RuleItem({
  rule,
  data,
  divided,
  onEdit,
  onDelete,
}: {
  rule: AutoApproveRuleDto;
  data: AutoApproveData;
  divided: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const accounts = data.channels
    .filter((channel) => rule.channel_ids.includes(channel.id))
    .map((channel) => AUTO_APPROVE_TEXT.accountChoice(channel.username, PLATFORMS[channel.platform]?.name ?? channel.platform));
  const widgets = data.widgets.filter((widget) => rule.widget_ids.includes(widget.id)).map((widget) => widget.name);
  const lines: Array<{ text: string; tone?: "caution" }> = [];
  if (accounts.length) lines.push({ text: AUTO_APPROVE_TEXT.fromAccounts(accounts.join(", ")) });
  if (rule.hashtags.length) lines.push({ text: AUTO_APPROVE_TEXT.withHashtags(rule.hashtags.map((tag) => `#${tag}`).join(", ")) });
  if (!accounts.length && !rule.hashtags.length) lines.push({ text: AUTO_APPROVE_TEXT.noAccountsLeft, tone: "caution" });
  if (rule.all_widgets) lines.push({ text: AUTO_APPROVE_TEXT.intoEveryWidget });
  else if (widgets.length) lines.push({ text: AUTO_APPROVE_TEXT.intoWidgets(widgets.join(", ")) });
  else lines.push({ text: AUTO_APPROVE_TEXT.noWidgetsLeft, tone: "caution" });
  const minimums = [
    rule.min_plays === null ? null : AUTO_APPROVE_TEXT.minPlaysPart(numberFormat().format(rule.min_plays)),
    rule.min_likes === null ? null : AUTO_APPROVE_TEXT.minLikesPart(numberFormat().format(rule.min_likes)),
  ].filter((part): part is string => part !== null);
  if (minimums.length) lines.push({ text: AUTO_APPROVE_TEXT.withMinimums(minimums) });
  if (rule.tag_top_suggestion) lines.push({ text: AUTO_APPROVE_TEXT.tagsTopSuggestion });

  return (
    <li style={{ listStyle: "none" }} aria-label={rule.name}>
      {divided ? <Divider /> : null}
      <Box paddingBlock="300">
        <InlineStack align="space-between" blockAlign="start" gap="300">
          <div style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <BlockStack gap="100">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm" breakWord>
                  {rule.name}
                </Text>
                {rule.enabled ? <Badge tone="success">{AUTO_APPROVE_TEXT.ruleOn}</Badge> : <Badge>{AUTO_APPROVE_TEXT.ruleOff}</Badge>}
              </InlineStack>
              {lines.map((line) => (
                <Text key={line.text} as="p" tone={line.tone ?? "subdued"} breakWord>
                  {line.text}
                </Text>
              ))}
            </BlockStack>
          </div>
          <InlineStack gap="200">
            <Button onClick={onEdit} accessibilityLabel={AUTO_APPROVE_TEXT.editRuleOf(rule.name)}>
              {AUTO_APPROVE_TEXT.editRule}
            </Button>
            <Button tone="critical" variant="secondary" onClick={onDelete} accessibilityLabel={AUTO_APPROVE_TEXT.deleteRuleOf(rule.name)}>
              {AUTO_APPROVE_TEXT.deleteRule}
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
    </li>
  );
}

/** The blocked words: one text field, checked as the server checks it, saved on its own. */
function BlockedWords({ words, onSaved }: { words: string[]; onSaved: (notice: Notice) => void }) {
  const stored = words.join("\n");
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(stored), [stored]);

  async function save() {
    const parsed = parseBlockedWords(value);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveBlockedWords(value);
      setValue(saved.join("\n"));
      onSaved({ tone: "success", message: AUTO_APPROVE_TEXT.blockedSaved });
    } catch (saveError) {
      console.error(saveError);
      setError(describeError(saveError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <NamedCard>
      {(headingId) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd" id={headingId}>
              {AUTO_APPROVE_TEXT.blockedTitle}
            </Text>
            <TextField
              label={AUTO_APPROVE_TEXT.blockedLabel}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(undefined);
              }}
              multiline={3}
              helpText={AUTO_APPROVE_TEXT.blockedHelp}
              error={error}
              autoComplete="off"
              disabled={busy}
            />
            <InlineStack align="end">
              <Button submit loading={busy} disabled={value === stored}>
                {AUTO_APPROVE_TEXT.saveBlocked}
              </Button>
            </InlineStack>
          </BlockStack>
        </form>
      )}
    </NamedCard>
  );
}

/**
 * The Auto-approve rules page (decision 054), reached from the Video Library:
 * what rules do, the Free plan's limit, the list of rules (add, edit, delete
 * after confirming) and the blocked words.
 */
export function AutoApproveRules({ data }: { data: AutoApproveData | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [dialog, setDialog] = useState<RuleDialog | null>(null);
  const [deleting, setDeleting] = useState<AutoApproveRuleDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  // Opened before the shop's first bootstrap: read again now that it exists.
  useEffect(() => {
    if (!data) revalidate();
  }, [data, revalidate]);

  const libraryHref = appHref("/content", location.search);
  const page = (children: React.ReactNode) => (
    <AppPage
      title={AUTO_APPROVE_TEXT.pageTitle}
      backAction={{ content: PAGE_TITLES.library, url: libraryHref }}
      primaryAction={data ? { content: AUTO_APPROVE_TEXT.addRule, onAction: () => setDialog({ mode: "new" }) } : undefined}
    >
      {children}
    </AppPage>
  );
  if (!data) return page(null);

  async function confirmDelete(rule: AutoApproveRuleDto) {
    setBusy(true);
    try {
      await deleteAutoApproveRule(rule.id);
      setNotice({ tone: "success", message: AUTO_APPROVE_TEXT.ruleDeleted });
    } catch (error) {
      console.error(error);
      setNotice({ tone: "critical", message: describeError(error, "delete") });
    }
    setBusy(false);
    setDeleting(null);
    revalidate();
  }

  return page(
    <>
      <Layout>
        {notice ? (
          <Layout.Section>
            <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
              <p>{notice.message}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <Text as="p">{AUTO_APPROVE_TEXT.intro}</Text>
            {data.plan.plan === "free" ? (
              <Banner tone="info">
                <p>{AUTO_APPROVE_TEXT.freePlanNote(data.plan.approved_count)}</p>
              </Banner>
            ) : null}
            <NamedCard>
              {(headingId) => (
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd" id={headingId}>
                    {AUTO_APPROVE_TEXT.rulesCard}
                  </Text>
                  {data.rules.length === 0 ? (
                    <EmptyState
                      heading={AUTO_APPROVE_TEXT.emptyTitle}
                      action={{ content: AUTO_APPROVE_TEXT.addRule, onAction: () => setDialog({ mode: "new" }) }}
                      image=""
                    >
                      <p>{AUTO_APPROVE_TEXT.emptyBody}</p>
                    </EmptyState>
                  ) : (
                    <ul aria-label={AUTO_APPROVE_TEXT.rulesList} style={{ margin: 0, padding: 0 }}>
                      {data.rules.map((rule, index) => (
                        <RuleItem
                          key={rule.id}
                          rule={rule}
                          data={data}
                          divided={index > 0}
                          onEdit={() => setDialog({ mode: "edit", rule })}
                          onDelete={() => setDeleting(rule)}
                        />
                      ))}
                    </ul>
                  )}
                </BlockStack>
              )}
            </NamedCard>
            <BlockedWords words={data.blocked_words} onSaved={setNotice} />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <RuleModal
        dialog={dialog}
        channels={data.channels}
        widgets={data.widgets}
        onCreateWidget={() => {
          setDialog(null);
          navigate(appHref("/widgets", location.search));
        }}
        onClose={() => setDialog(null)}
        onSaved={(message) => {
          setDialog(null);
          setNotice({ tone: "success", message });
          revalidate();
        }}
      />
      <ConfirmModal
        id="delete-rule-modal"
        open={deleting !== null}
        title={AUTO_APPROVE_TEXT.deleteTitle}
        body={AUTO_APPROVE_TEXT.deleteBody(deleting?.name ?? "")}
        confirmLabel={ACTION_TEXT.delete}
        busy={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => !busy && setDeleting(null)}
      />
    </>,
  );
}
