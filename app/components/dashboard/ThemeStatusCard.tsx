import { useCallback, useEffect, useState } from "react";
import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { fetchThemeSetup } from "~/browser/api-client";
import type { ThemeSetup } from "~/rules/theme-setup";
import { installsAsEmbed } from "~/rules/theme-setup";
import {
  everyWidgetLive,
  setupPieces,
  widgetSetupRows,
  type ExtensionStatus,
  type ListedWidget,
  type SetupPiece,
  type WidgetPageRow,
  type WidgetSetupRow,
} from "~/rules/theme-status";
import { PAGE_CONTEXT_LABELS, THEME_STATUS_TEXT, WIDGET_TEXT, themeBlockName } from "~/messages";

export interface ThemeCheckData {
  /** The shop's widgets: what they need in the theme. */
  widgets: ListedWidget[];
  /** The published theme as the server read it for this page load; null when it could not be read. */
  themeSetup: ThemeSetup | null;
  apiKey: string;
  shopOrigin: string;
}

/**
 * "rows": per widget and page, from the server's reading of the theme (the
 * Widgets page reads the same); "pieces": App Bridge's app.extensions() when
 * the server could not read the theme (it knows blocks and embeds, not the
 * widget each shows).
 */
export type ThemeCheck = { state: "checking" } | { state: "failed" } | { state: "rows"; rows: WidgetSetupRow[] } | { state: "pieces"; pieces: SetupPiece[] };

function pieceLabel(piece: SetupPiece): string {
  const name = themeBlockName(piece.handle) ?? piece.handle;
  return piece.page ? THEME_STATUS_TEXT.block(name, PAGE_CONTEXT_LABELS[piece.page]) : THEME_STATUS_TEXT.embed(name);
}

/** App Bridge's app.extensions(), where the admin offers it. */
async function readExtensions(): Promise<ExtensionStatus[]> {
  const app = (window as { shopify?: { app?: { extensions?: () => Promise<unknown> } } }).shopify?.app;
  if (!app?.extensions) throw new Error("App Bridge app.extensions() is not available");
  return (await app.extensions()) as ExtensionStatus[];
}

async function checkWithAppBridge(data: ThemeCheckData): Promise<ThemeCheck> {
  try {
    return { state: "pieces", pieces: setupPieces(await readExtensions(), data.widgets, data) };
  } catch (error) {
    console.warn("Could not check the live theme", error);
    return { state: "failed" };
  }
}

/**
 * The Dashboard's one reading of the theme, shared by the Theme setup card and
 * the panel that says "You're all set" (issue 29 item 2): the page load's
 * reading first, Check again reads it anew.
 */
export function useThemeCheck(shopId: string, data: ThemeCheckData | null) {
  const initial = (): ThemeCheck => (data?.themeSetup ? { state: "rows", rows: widgetSetupRows(data.widgets, data.themeSetup, data) } : { state: "checking" });
  const [check, setCheck] = useState<ThemeCheck>(initial);

  const run = useCallback(async () => {
    if (!data) return;
    setCheck({ state: "checking" });
    try {
      const setup = await fetchThemeSetup(shopId);
      setCheck({ state: "rows", rows: widgetSetupRows(data.widgets, setup, data) });
    } catch (error) {
      console.warn("The server could not read the published theme", error);
      setCheck(await checkWithAppBridge(data));
    }
  }, [data, shopId]);

  // Without the server's reading, App Bridge is asked once after the first render.
  useEffect(() => {
    if (data && !data.themeSetup && data.widgets.length > 0) void checkWithAppBridge(data).then(setCheck);
  }, [data]);

  const allLive = check.state === "rows" ? everyWidgetLive(check.rows) : null;
  return { check, run, allLive };
}

/**
 * Issue 15 item 22, issue 29 item 2: whether each widget is on every page it
 * is for in the live theme (live, not added, or another widget shown there
 * instead), with the theme editor deep link that adds it and the number to
 * type where Shopify's link cannot set it; Check again for when the merchant
 * is back.
 */
export function ThemeStatusCard({ data, check, onCheckAgain }: { data: ThemeCheckData; check: ThemeCheck; onCheckAgain: () => void }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {THEME_STATUS_TEXT.title}
          </Text>
          <Button variant="plain" onClick={onCheckAgain} disabled={check.state === "checking"}>
            {THEME_STATUS_TEXT.checkAgain}
          </Button>
        </InlineStack>
        {check.state === "checking" ? (
          <Text as="p" tone="subdued">
            {THEME_STATUS_TEXT.checking}
          </Text>
        ) : null}
        {check.state === "failed" ? <Text as="p">{THEME_STATUS_TEXT.failed}</Text> : null}
        {check.state === "rows" ? <WidgetRows rows={check.rows} data={data} /> : null}
        {check.state === "pieces" ? <PieceList pieces={check.pieces} /> : null}
      </BlockStack>
    </Card>
  );
}

function WidgetRows({ rows, data }: { rows: WidgetSetupRow[]; data: ThemeCheckData }) {
  return (
    <BlockStack gap="300">
      <Text as="p">{THEME_STATUS_TEXT.widgetsIntro}</Text>
      <ul aria-label={THEME_STATUS_TEXT.title} style={{ margin: 0, padding: 0, listStyle: "none" }}>
        {rows.map((row) => (
          <li key={row.widget.display_number} data-theme-widget={row.widget.display_number} style={{ padding: "6px 0" }}>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                {THEME_STATUS_TEXT.widgetHeading(row.widget.name, row.widget.display_number)}
              </Text>
              {row.pages.map((page) => (
                <PageLine key={page.status.page} widget={row.widget} page={page} themeType={data.themeSetup?.type ?? "json"} />
              ))}
            </BlockStack>
          </li>
        ))}
      </ul>
    </BlockStack>
  );
}

function PageLine({ widget, page, themeType }: { widget: ListedWidget; page: WidgetPageRow; themeType: string }) {
  const { status } = page;
  const pageName = PAGE_CONTEXT_LABELS[status.page];
  const badge =
    status.state === "live" ? (
      <Badge tone="success">{THEME_STATUS_TEXT.live}</Badge>
    ) : status.state === "missing" ? (
      <Badge tone="attention">{THEME_STATUS_TEXT.missing}</Badge>
    ) : (
      <Badge tone="attention">{THEME_STATUS_TEXT.replaced(page.instead?.name ?? "", status.by)}</Badge>
    );
  const action = installsAsEmbed(widget.layout_type, themeType, widget.page_contexts) ? WIDGET_TEXT.enableEmbedFor(pageName) : WIDGET_TEXT.addToPage(pageName);
  return (
    <div data-theme-page={status.page} data-state={status.state}>
      <InlineStack gap="200" blockAlign="center" wrap>
        <Text as="span">{pageName}</Text>
        {badge}
        {page.fixUrl ? (
          <Button size="slim" url={page.fixUrl} target="_blank">
            {action}
          </Button>
        ) : null}
      </InlineStack>
      {page.typeNumber ? (
        <Text as="p" tone="subdued" variant="bodySm">
          {WIDGET_TEXT.typeNumber(widget.display_number)}
        </Text>
      ) : null}
    </div>
  );
}

function PieceList({ pieces }: { pieces: SetupPiece[] }) {
  return (
    <BlockStack gap="200">
      <Text as="p">{THEME_STATUS_TEXT.intro}</Text>
      <ul aria-label={THEME_STATUS_TEXT.title} style={{ margin: 0, padding: 0, listStyle: "none" }}>
        {pieces.map((piece) => {
          const label = pieceLabel(piece);
          return (
            <li key={piece.key} data-theme-piece={piece.key} data-active={piece.active} style={{ padding: "4px 0" }}>
              <InlineStack gap="200" blockAlign="center" wrap>
                <Text as="span">{label}</Text>
                <Badge tone={piece.active ? "success" : "attention"}>{piece.active ? THEME_STATUS_TEXT.active : THEME_STATUS_TEXT.inactive}</Badge>
                {piece.active ? null : (
                  <Button size="slim" url={piece.fixUrl} target="_blank" accessibilityLabel={THEME_STATUS_TEXT.fixLabel(fixAction(piece), label)}>
                    {fixAction(piece)}
                  </Button>
                )}
              </InlineStack>
            </li>
          );
        })}
      </ul>
    </BlockStack>
  );
}

/** The one-click fix's words: an embed is activated, a block added. */
function fixAction(piece: { kind: string }): string {
  return piece.kind === "embed" ? THEME_STATUS_TEXT.activateEmbed : THEME_STATUS_TEXT.addBlock;
}
