/**
 * Issue 15 item 22 (Built for Shopify 4.2.3): what the Dashboard's theme setup
 * card lists, from App Bridge's `shopify.app.extensions()`: each app embed and
 * app block the shop's widgets need in the live theme, whether it is active,
 * and the theme editor deep link that fixes it. Client-safe.
 */
import { THEME_EDITOR_TEMPLATE, type LayoutType, type PageContext } from "~/constants";
import { THEME_BLOCK_HANDLES } from "~/storefront/widget-data";
import { embedHandleFor, installsAsEmbed, type TemplateContext } from "./theme-setup";
import { themeEditorUrl } from "./widget-rules";

/** The part of App Bridge's ExtensionInfo the card reads (theme app extensions). */
export interface ExtensionStatus {
  type: string;
  activations: Array<{
    handle?: string;
    target?: string;
    status?: "active" | "available" | "unavailable";
    activations?: Array<{ target: string }>;
  }>;
}

export interface SetupPiece {
  key: string;
  kind: "embed" | "block";
  /** The block or embed's handle (its file in the theme app extension). */
  handle: string;
  /** The page whose template holds the block (blocks only). */
  page: TemplateContext | null;
  active: boolean;
  /** Opens the theme editor where the merchant switches it on or adds it. */
  fixUrl: string;
}

interface WidgetNeed {
  layout_type: LayoutType;
  page_contexts: readonly PageContext[];
}

/**
 * The pieces the widgets need, in the order first needed: the embed a widget
 * shows through (Sticky, All Pages, vintage themes) or its layout's block in
 * each of its pages' templates. A vintage theme is one where app blocks are
 * "unavailable".
 */
export function setupPieces(
  extensions: readonly ExtensionStatus[],
  widgets: readonly WidgetNeed[],
  link: { shopOrigin: string; apiKey: string },
): SetupPiece[] {
  const entries = extensions.filter((extension) => extension.type === "theme_app_extension").flatMap((extension) => extension.activations);
  const byHandle = new Map(entries.map((entry) => [entry.handle ?? "", entry]));
  const themeType = entries.some((entry) => entry.target === "section" && entry.status === "unavailable") ? "liquid" : "json";
  const pieces = new Map<string, SetupPiece>();
  for (const widget of widgets) {
    const options = { ...link, layout: widget.layout_type, pageContexts: widget.page_contexts, themeType };
    if (installsAsEmbed(widget.layout_type, themeType, widget.page_contexts)) {
      const handle = embedHandleFor(widget.layout_type);
      const key = `embed:${handle}`;
      if (!pieces.has(key)) {
        const active = byHandle.get(handle)?.status === "active";
        pieces.set(key, { key, kind: "embed", handle, page: null, active, fixUrl: themeEditorUrl(options) });
      }
      continue;
    }
    const handle = THEME_BLOCK_HANDLES[widget.layout_type];
    for (const page of widget.page_contexts) {
      if (page === "all_pages") continue;
      const key = `block:${handle}:${page}`;
      if (pieces.has(key)) continue;
      const prefix = `template--${THEME_EDITOR_TEMPLATE[page]}/`;
      const active = (byHandle.get(handle)?.activations ?? []).some((placement) => placement.target.startsWith(prefix));
      pieces.set(key, { key, kind: "block", handle, page, active, fixUrl: themeEditorUrl({ ...options, page }) });
    }
  }
  return [...pieces.values()];
}
