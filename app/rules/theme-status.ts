/**
 * What the Dashboard's Theme setup card lists (issue 15 item 22, issue 29
 * item 2): per widget and page, from the server's reading of the published
 * theme (the same as the Widgets page's); when the server cannot read the
 * theme, from App Bridge's `shopify.app.extensions()` (Built for Shopify
 * 4.2.3), which knows the blocks and embeds but not which widget each shows.
 * Client-safe.
 */
import { THEME_EDITOR_TEMPLATE, type PageContext } from "~/constants";
import { type LayoutType } from "~/contracts/widget-layouts";
import { THEME_BLOCK_HANDLES } from "~/contracts/theme-extension";
import {
  embedHandleFor,
  installsAsEmbed,
  needsWidgetNumber,
  widgetPageStatuses,
  type PageStatus,
  type PlacedWidget,
  type TemplateContext,
  type ThemeSetup,
} from "./theme-setup";
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

/** A widget as the Dashboard's Theme setup lists it. */
export interface ListedWidget extends PlacedWidget {
  name: string;
}

/** One chosen page of a widget: its status, the widget shown there instead, and the deep link that adds it. */
export interface WidgetPageRow {
  status: PageStatus;
  /** The widget the theme shows there instead ("replaced"). */
  instead: { name: string; number: number } | null;
  /** The theme editor deep link that puts the widget there (not live only). */
  fixUrl: string | null;
  /** The merchant must type the widget's number in the block or embed the link adds (a deep link cannot set it). */
  typeNumber: boolean;
}

export interface WidgetSetupRow {
  widget: ListedWidget;
  pages: WidgetPageRow[];
}

/**
 * Issue 29 item 2: the Dashboard's Theme setup from the same reading of the
 * published theme as the Widgets page's cards and install dialog, per widget
 * and per chosen page.
 */
export function widgetSetupRows(widgets: readonly ListedWidget[], setup: ThemeSetup, link: { shopOrigin: string; apiKey: string }): WidgetSetupRow[] {
  return widgets.map((widget) => ({
    widget,
    pages: widgetPageStatuses(widget, setup, widgets).map((status): WidgetPageRow => {
      const other = status.state === "replaced" ? widgets.find((candidate) => candidate.display_number === status.by) : undefined;
      const live = status.state === "live";
      return {
        status,
        instead: other ? { name: other.name, number: other.display_number } : null,
        fixUrl: live
          ? null
          : themeEditorUrl({ ...link, layout: widget.layout_type, pageContexts: widget.page_contexts, themeType: setup.type, page: status.page }),
        typeNumber: !live && needsWidgetNumber(widget, setup, widgets, status.page),
      };
    }),
  }));
}

/** Every widget live on every page it is for: the Dashboard may say "You're all set". */
export function everyWidgetLive(rows: readonly WidgetSetupRow[]): boolean {
  return rows.every((row) => row.pages.every((page) => page.status.state === "live"));
}
