import { useCallback, useEffect, useState } from "react";
import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { LayoutType, PageContext } from "~/constants";
import { setupPieces, type ExtensionStatus, type SetupPiece } from "~/rules/theme-status";
import { PAGE_CONTEXT_LABELS, THEME_BLOCK_NAMES, THEME_STATUS_TEXT } from "~/messages";

export interface ThemeCheckData {
  /** The shop's widgets: what they need in the theme. */
  widgets: Array<{ layout_type: LayoutType; page_contexts: PageContext[] }>;
  apiKey: string;
  shopOrigin: string;
}

type Check = { state: "checking" } | { state: "failed" } | { state: "done"; pieces: SetupPiece[] };

const BLOCK_NAMES: Record<string, string> = {
  carousel: THEME_BLOCK_NAMES.carousel,
  grid: THEME_BLOCK_NAMES.grid,
  single: THEME_BLOCK_NAMES.single,
  sticky: THEME_BLOCK_NAMES.sticky,
  stories: THEME_BLOCK_NAMES.stories,
  "page-widgets": THEME_BLOCK_NAMES.pageWidgets,
};

function pieceLabel(piece: SetupPiece): string {
  const name = BLOCK_NAMES[piece.handle] ?? piece.handle;
  return piece.page ? THEME_STATUS_TEXT.block(name, PAGE_CONTEXT_LABELS[piece.page]) : THEME_STATUS_TEXT.embed(name);
}

/** App Bridge's app.extensions(), where the admin offers it. */
async function readExtensions(): Promise<ExtensionStatus[]> {
  const app = (window as { shopify?: { app?: { extensions?: () => Promise<unknown> } } }).shopify?.app;
  if (!app?.extensions) throw new Error("App Bridge app.extensions() is not available");
  return (await app.extensions()) as ExtensionStatus[];
}

/**
 * Issue 15 item 22: whether the app embeds and app blocks the widgets need are
 * active in the live theme, each missing one with a one-click fix (the theme
 * editor deep link, in a new tab), and Check again for when the merchant is back.
 */
export function ThemeStatusCard({ data }: { data: ThemeCheckData }) {
  const [check, setCheck] = useState<Check>({ state: "checking" });

  const run = useCallback(async () => {
    setCheck({ state: "checking" });
    try {
      const extensions = await readExtensions();
      setCheck({ state: "done", pieces: setupPieces(extensions, data.widgets, data) });
    } catch (error) {
      console.warn("Could not check the live theme", error);
      setCheck({ state: "failed" });
    }
  }, [data]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {THEME_STATUS_TEXT.title}
          </Text>
          <Button variant="plain" onClick={() => void run()} disabled={check.state === "checking"}>
            {THEME_STATUS_TEXT.checkAgain}
          </Button>
        </InlineStack>
        {check.state === "checking" ? (
          <Text as="p" tone="subdued">
            {THEME_STATUS_TEXT.checking}
          </Text>
        ) : null}
        {check.state === "failed" ? <Text as="p">{THEME_STATUS_TEXT.failed}</Text> : null}
        {check.state === "done" ? (
          <BlockStack gap="200">
            <Text as="p">{THEME_STATUS_TEXT.intro}</Text>
            <ul aria-label={THEME_STATUS_TEXT.title} style={{ margin: 0, padding: 0, listStyle: "none" }}>
              {check.pieces.map((piece) => {
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
        ) : null}
      </BlockStack>
    </Card>
  );
}

/** The one-click fix's words: an embed is activated, a block added. */
function fixAction(piece: { kind: string }): string {
  return piece.kind === "embed" ? THEME_STATUS_TEXT.activateEmbed : THEME_STATUS_TEXT.addBlock;
}
