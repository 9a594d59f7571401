/**
 * Where the widgets are in the published theme (issue 15 items 4 and 11),
 * read from the theme's own files (never written): the app blocks in the four
 * page templates and the app embeds switched on in config/settings_data.json.
 * Client-safe: the Widgets page works out each widget's missing pages and the
 * deep links that fill them from this.
 */
import { SHOPIFY_APP_HANDLE, THEME_EDITOR_TEMPLATE, type LayoutType, type PageContext } from "~/constants";
import { THEME_BLOCK_HANDLES } from "~/storefront/widget-data";

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
 * Whether a widget goes in through an app embed rather than app blocks: Sticky
 * always; every widget on a vintage theme (page-widgets embed); a widget for
 * All Pages too, since no block reaches every page of a JSON theme.
 */
export function installsAsEmbed(layout: LayoutType, themeType: "liquid" | string, pageContexts: readonly PageContext[] = []): boolean {
  return layout === "sticky" || themeType === "liquid" || pageContexts.includes("all_pages");
}

/** The embed that shows this layout's widgets. */
export function embedHandleFor(layout: LayoutType): string {
  return layout === "sticky" ? THEME_BLOCK_HANDLES.sticky : THEME_BLOCK_HANDLES.pageWidgets;
}

interface PlacedWidget {
  layout_type: LayoutType;
  page_contexts: readonly PageContext[];
  display_number: number;
}

/** A block or embed set to this widget, or set to automatic (it shows the page's widget of its layouts). */
function shows(block: PlacedBlock, handle: string, widget: PlacedWidget): boolean {
  return block.handle === handle && (block.widgetNumber === null || block.widgetNumber === widget.display_number);
}

/**
 * The widget's chosen pages that the theme shows it on: through its app embed
 * (switched on: every chosen page, All Pages included) or, on JSON themes, an
 * app block of its layout in the page's template.
 */
export function widgetLiveContexts(widget: PlacedWidget, setup: ThemeSetup): PageContext[] {
  const embedded = setup.embeds.some((block) => shows(block, embedHandleFor(widget.layout_type), widget));
  if (embedded) return [...widget.page_contexts];
  if (widget.layout_type === "sticky" || setup.type === "liquid") return [];
  const handle = THEME_BLOCK_HANDLES[widget.layout_type];
  return widget.page_contexts.filter((context) => context !== "all_pages" && setup.templates[context].some((block) => shows(block, handle, widget)));
}

/** The widget's chosen pages still lacking it. */
export function widgetMissingContexts(widget: PlacedWidget, setup: ThemeSetup): PageContext[] {
  const live = new Set(widgetLiveContexts(widget, setup));
  return widget.page_contexts.filter((context) => !live.has(context));
}
