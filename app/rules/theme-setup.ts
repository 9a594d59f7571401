/**
 * Where the widgets are in the published theme (issue 15 items 4 and 11),
 * read from the theme's own files (never written): the app blocks in the four
 * page templates and the app embeds switched on in config/settings_data.json.
 * Client-safe: the Widgets page works out each widget's missing pages and the
 * deep links that fill them from this.
 */
import { SHOPIFY_APP_HANDLE, THEME_EDITOR_TEMPLATE, type PageContext } from "~/constants";
import { THEME_BLOCK_HANDLES } from "~/contracts/theme-extension";
import { IN_PAGE_LAYOUTS, LAYOUT_TYPES, WIDGET_LAYOUTS, type LayoutType, type ThemeBlockHandle } from "~/contracts/widget-layouts";

/** The page kinds that have their own template (all but all_pages). */
export type TemplateContext = Exclude<PageContext, "all_pages">;
const TEMPLATE_CONTEXTS = Object.keys(THEME_EDITOR_TEMPLATE) as TemplateContext[];

/** One of our app blocks or embeds: its block handle and its "Widget number" setting (null = automatic). */
export interface PlacedBlock {
  handle: string;
  widgetNumber: number | null;
}

export interface ThemeSetup {
  themeId: string;
  themeName: string;
  /** "json": Online Store 2.0 (app blocks in JSON templates); "liquid": vintage (app embeds only). */
  type: "json" | "liquid";
  /** Our app blocks in each page's JSON template. */
  templates: Record<TemplateContext, PlacedBlock[]>;
  /** Our app embeds that are switched on. */
  embeds: PlacedBlock[];
}

export interface ThemeFile {
  filename: string;
  content: string | null;
}

interface BlockJson {
  type?: unknown;
  disabled?: unknown;
  settings?: { widget_number?: unknown } | null;
}

/** Shopify writes a comment above generated JSON templates; JSON.parse does not accept it. */
function parseThemeJson(content: string | null): unknown {
  if (!content) return null;
  try {
    return JSON.parse(content.replace(/^\s*\/\*[\s\S]*?\*\//, ""));
  } catch {
    return null;
  }
}

const BLOCK_TYPE = /^shopify:\/\/apps\/([^/]+)\/blocks\/([^/]+)\//;

/** Our block, or null for another app's block, a theme block, or a disabled one. */
function ourBlock(block: BlockJson | null | undefined): PlacedBlock | null {
  if (!block || typeof block.type !== "string" || block.disabled === true) return null;
  const match = BLOCK_TYPE.exec(block.type);
  if (!match || match[1] !== SHOPIFY_APP_HANDLE) return null;
  const raw = block.settings?.widget_number;
  const number = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() ? Number(raw) : NaN;
  return { handle: match[2] ?? "", widgetNumber: Number.isInteger(number) && number > 0 ? number : null };
}

function blocksOf(record: unknown): PlacedBlock[] {
  if (!record || typeof record !== "object") return [];
  return Object.values(record as Record<string, BlockJson>)
    .map(ourBlock)
    .filter((block): block is PlacedBlock => block !== null);
}

function templateBlocks(content: string | null): PlacedBlock[] {
  const template = parseThemeJson(content) as { sections?: Record<string, { disabled?: unknown; blocks?: unknown }> } | null;
  return Object.values(template?.sections ?? {})
    .filter((section) => section && section.disabled !== true)
    .flatMap((section) => blocksOf(section.blocks));
}

function embedBlocks(content: string | null): PlacedBlock[] {
  const data = parseThemeJson(content) as { current?: unknown; presets?: Record<string, { blocks?: unknown }> } | null;
  if (!data) return [];
  // A vintage theme's `current` may name one of its presets.
  const current = typeof data.current === "string" ? data.presets?.[data.current] : (data.current as { blocks?: unknown } | undefined);
  return blocksOf(current?.blocks);
}

/** The theme's setup from its files; a theme with a JSON page template supports app blocks. */
export function readThemeSetup(theme: { id: string; name: string }, files: readonly ThemeFile[]): ThemeSetup {
  const byName = new Map(files.map((file) => [file.filename, file.content]));
  const templates = Object.fromEntries(
    TEMPLATE_CONTEXTS.map((context) => [context, templateBlocks(byName.get(`templates/${THEME_EDITOR_TEMPLATE[context]}.json`) ?? null)]),
  ) as Record<TemplateContext, PlacedBlock[]>;
  const type = TEMPLATE_CONTEXTS.some((context) => byName.has(`templates/${THEME_EDITOR_TEMPLATE[context]}.json`)) ? "json" : "liquid";
  return { themeId: theme.id, themeName: theme.name, type, templates, embeds: embedBlocks(byName.get("config/settings_data.json") ?? null) };
}

/**
 * Whether a widget goes in through an app embed rather than app blocks: a
 * layout installed as an embed (Sticky) always; every widget on a vintage
 * theme (page-widgets embed); a widget for All Pages too, since no block
 * reaches every page of a JSON theme.
 */
export function installsAsEmbed(layout: LayoutType, themeType: "liquid" | string, pageContexts: readonly PageContext[] = []): boolean {
  return WIDGET_LAYOUTS[layout].install === "embed" || themeType === "liquid" || pageContexts.includes("all_pages");
}

/** The embed that shows this layout's widgets: its own (Sticky's), or page-widgets for a layout that sits in the page. */
export function embedHandleFor(layout: LayoutType): ThemeBlockHandle {
  return WIDGET_LAYOUTS[layout].install === "embed" ? THEME_BLOCK_HANDLES[layout] : THEME_BLOCK_HANDLES.pageWidgets;
}

/** What deciding which widget a block shows needs to know of a widget (the published index carries the same). */
export interface PlacedWidget {
  layout_type: LayoutType;
  page_contexts: readonly PageContext[];
  display_number: number;
  /** 1 (highest) to 5 (lowest); automatic blocks and embeds show the highest. */
  priority: number;
}

/**
 * The layouts each block or embed shows: each layout's own, and page-widgets
 * every layout that sits in the page. The `layouts` each file in
 * extensions/clipcart-widgets/blocks/ hands to snippets/clipcart-pick.liquid
 * (a unit test reads the files and holds them to this).
 */
export const BLOCK_LAYOUTS: Readonly<Record<string, readonly LayoutType[]>> = {
  ...Object.fromEntries(LAYOUT_TYPES.map((layout) => [THEME_BLOCK_HANDLES[layout], [layout]])),
  [THEME_BLOCK_HANDLES.pageWidgets]: IN_PAGE_LAYOUTS,
};

/** A storefront page as clipcart-pick sees it: one of the four templates, or any other page. */
export type StorePage = TemplateContext | "other";

/** The app embeds (target body): the layouts installed as one, and page-widgets. */
export const EMBED_HANDLES: ReadonlySet<string> = new Set<string>([
  ...LAYOUT_TYPES.filter((layout) => WIDGET_LAYOUTS[layout].install === "embed").map((layout) => THEME_BLOCK_HANDLES[layout]),
  THEME_BLOCK_HANDLES.pageWidgets,
]);
const forPage = (widget: PlacedWidget, page: StorePage) =>
  widget.page_contexts.includes("all_pages") || (page !== "other" && widget.page_contexts.includes(page));

/**
 * The display number of the widget a block or embed shows on a page, or null:
 * snippets/clipcart-pick.liquid in TypeScript, so that the admin says what the
 * storefront really shows (issue 29 item 2). A set number shows that widget
 * when the block takes its layout (an embed, only on the widget's pages);
 * automatic shows the page's highest-priority widget of the block's layouts,
 * and an embed ranks All Pages widgets first (on a JSON theme page-specific
 * widgets sit in app blocks, so the embed is theirs; issue 29 item 1).
 * Unlike the Liquid, every widget is taken to have videos: this is where a
 * widget sits, not whether it has something to show today.
 */
export function shownWidgetNumber(block: PlacedBlock, page: StorePage, widgets: readonly PlacedWidget[]): number | null {
  const accepted = BLOCK_LAYOUTS[block.handle] ?? [];
  const embed = EMBED_HANDLES.has(block.handle);
  if (block.widgetNumber !== null) {
    const chosen = widgets.find((widget) => widget.display_number === block.widgetNumber);
    if (!chosen || !accepted.includes(chosen.layout_type)) return null;
    return !embed || forPage(chosen, page) ? chosen.display_number : null;
  }
  const rank = (widget: PlacedWidget) => (embed && !widget.page_contexts.includes("all_pages") ? 100 : 0) + widget.priority;
  const candidates = widgets
    .filter((widget) => accepted.includes(widget.layout_type) && forPage(widget, page))
    .sort((a, b) => rank(a) - rank(b) || a.display_number - b.display_number);
  return candidates[0]?.display_number ?? null;
}

/**
 * One of a widget's chosen pages as the published theme shows it: live (through
 * an app block or the app embed), missing (nothing there shows its layout), or
 * replaced (the block or embed that would show it shows widget `by` instead).
 */
export type PageStatus =
  | { page: PageContext; state: "live"; through: "block" | "embed" }
  | { page: PageContext; state: "missing" }
  | { page: PageContext; state: "replaced"; by: number };

/** The blocks and embeds on a page that can show `layout`; All Pages is what the embed shows on any other page. */
function piecesOn(setup: ThemeSetup, page: PageContext, layout: LayoutType): PlacedBlock[] {
  const takes = (block: PlacedBlock) => (BLOCK_LAYOUTS[block.handle] ?? []).includes(layout);
  const embeds = setup.embeds.filter(takes);
  if (page === "all_pages" || setup.type === "liquid") return embeds;
  return [...setup.templates[page].filter(takes), ...embeds];
}

/**
 * Per chosen page, what the published theme shows there for this widget. The
 * card's "Live on", the install dialog's links and the Dashboard's Theme setup
 * all read this one answer. `widgets` is the shop's widgets (the ones that
 * compete for automatic blocks).
 */
export function widgetPageStatuses(widget: PlacedWidget, setup: ThemeSetup, widgets: readonly PlacedWidget[]): PageStatus[] {
  const all = withWidget(widgets, widget);
  return widget.page_contexts.map((page): PageStatus => {
    const storePage: StorePage = page === "all_pages" ? "other" : page;
    const shown = piecesOn(setup, page, widget.layout_type).map((block) => ({ block, number: shownWidgetNumber(block, storePage, all) }));
    const mine = shown.find((entry) => entry.number === widget.display_number);
    if (mine) return { page, state: "live", through: EMBED_HANDLES.has(mine.block.handle) ? "embed" : "block" };
    // Another widget counts as shown "instead" only where this one would go in (a page's own widget on a
    // JSON theme goes in an app block, not in the embed that shows the All Pages widget there).
    const throughEmbed = installsAsEmbed(widget.layout_type, setup.type, widget.page_contexts);
    const other = shown.find((entry) => entry.number !== null && EMBED_HANDLES.has(entry.block.handle) === throughEmbed);
    return other?.number != null ? { page, state: "replaced", by: other.number } : { page, state: "missing" };
  });
}

/** The shop's widgets, with this one among them (a widget being created is not listed yet). */
function withWidget(widgets: readonly PlacedWidget[], widget: PlacedWidget): readonly PlacedWidget[] {
  return widgets.some((other) => other.display_number === widget.display_number) ? widgets : [...widgets, widget];
}

/** The widget's chosen pages that the theme shows it on. */
export function widgetLiveContexts(widget: PlacedWidget, setup: ThemeSetup, widgets: readonly PlacedWidget[]): PageContext[] {
  return widgetPageStatuses(widget, setup, widgets)
    .filter((status) => status.state === "live")
    .map((status) => status.page);
}

/** The widget's chosen pages still lacking it (nothing there, or another widget shown instead). */
export function widgetMissingContexts(widget: PlacedWidget, setup: ThemeSetup, widgets: readonly PlacedWidget[]): PageContext[] {
  return widgetPageStatuses(widget, setup, widgets)
    .filter((status) => status.state !== "live")
    .map((status) => status.page);
}

/**
 * Whether the merchant must type the widget's number in the block or embed the
 * deep link adds on `page`: Shopify's deep links cannot set a block's settings,
 * so this says whether "automatic" would show this widget there.
 */
export function needsWidgetNumber(widget: PlacedWidget, setup: ThemeSetup, widgets: readonly PlacedWidget[], page: PageContext): boolean {
  const all = withWidget(widgets, widget);
  const embedded = installsAsEmbed(widget.layout_type, setup.type, widget.page_contexts);
  const handle = embedded ? embedHandleFor(widget.layout_type) : THEME_BLOCK_HANDLES[widget.layout_type];
  // An app embed is one per theme: the link opens the one already there, set to whatever it was set to.
  const existing = embedded ? setup.embeds.find((block) => block.handle === handle) : undefined;
  if (existing && existing.widgetNumber !== null) return existing.widgetNumber !== widget.display_number;
  return shownWidgetNumber({ handle, widgetNumber: null }, page === "all_pages" ? "other" : page, all) !== widget.display_number;
}
