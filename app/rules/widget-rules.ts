/**
 * Spec 4 and 5 widget rules, shared by the Customize form and the server
 * (client-safe): page-context selection, the default name, defaults, which
 * settings apply to which layout, and the theme editor deep link.
 */
import { PAGE_CONTEXTS, THEME_EDITOR_TEMPLATE, type PageContext } from "~/constants";
import { type LayoutType } from "~/contracts/widget-layouts";
import { THEME_BLOCK_HANDLES } from "~/contracts/theme-extension";
import { embedHandleFor, installsAsEmbed } from "./theme-setup";
import { LAYOUTS, PAGE_CONTEXT_LABELS, WIDGET_TEXT } from "~/messages";
import { WIDGET_PRIORITIES, layoutUsesSetting } from "./widget-settings";

function isPageContext(value: unknown): value is PageContext {
  return typeof value === "string" && (PAGE_CONTEXTS as readonly string[]).includes(value);
}

/**
 * Ticking or unticking one page (spec 4): all_pages is exclusive (choosing it
 * clears the others), choosing a specific page removes all_pages. Empty is
 * allowed here; creation refuses it.
 */
export function togglePageContext(current: readonly PageContext[], context: PageContext, checked: boolean): PageContext[] {
  if (!checked) return current.filter((existing) => existing !== context);
  if (context === "all_pages") return ["all_pages"];
  const specific = current.filter((existing) => existing !== "all_pages" && existing !== context);
  // Keep the spec's order, so the first context (the theme editor's template) is predictable.
  return PAGE_CONTEXTS.filter((known) => known === context || specific.includes(known));
}

/** A stored or submitted list made valid: known contexts, no repeats, all_pages alone. */
export function normalizePageContexts(contexts: readonly unknown[]): PageContext[] {
  const known = contexts.filter(isPageContext);
  if (known.includes("all_pages")) return ["all_pages"];
  return [...new Set(known)];
}

/**
 * Spec 2 Analytics rule, also the card badges' source: a list or a JSON
 * string; empty, unparsable or containing all_pages means All Pages.
 */
export function readPageContexts(value: unknown): PageContext[] {
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return ["all_pages"];
    }
  }
  if (!Array.isArray(list)) return ["all_pages"];
  const contexts = normalizePageContexts(list);
  return contexts.length === 0 ? ["all_pages"] : contexts;
}

/** The Page Context column of Widget Performance: "All Pages", or the pages' names joined by commas. */
export function describePageContexts(value: unknown): string {
  return readPageContexts(value)
    .map((context) => PAGE_CONTEXT_LABELS[context])
    .join(", ");
}

export function defaultWidgetName(layout: LayoutType): string {
  return WIDGET_TEXT.defaultName(LAYOUTS[layout].title);
}

/** Theme choice is offered for carousel and grid only (spec 5). */
export function layoutHasTheme(layout: LayoutType): boolean {
  return layoutUsesSetting(layout, "theme");
}

export const PRIORITY_OPTIONS = WIDGET_PRIORITIES.map((value) => ({ value, label: WIDGET_TEXT.priorityOption(value) }));

export { installsAsEmbed } from "./theme-setup";

/**
 * The theme editor deep link for the main theme (spec 9): the given page's
 * template (by default the first page context's) unless it is all_pages;
 * `addAppBlockId=<api key>/<block>` for blocks, `activateAppId` for app embeds.
 */
export function themeEditorUrl(options: {
  shopOrigin: string;
  apiKey: string;
  layout: LayoutType;
  pageContexts: readonly PageContext[];
  themeType: "liquid" | string;
  /** The page whose template opens (issue 15 item 11: one link per page still lacking the widget). */
  page?: PageContext;
}): string {
  const url = new URL("/admin/themes/current/editor", options.shopOrigin);
  const page = options.page ?? options.pageContexts[0];
  if (page && page !== "all_pages") url.searchParams.set("template", THEME_EDITOR_TEMPLATE[page]);
  if (installsAsEmbed(options.layout, options.themeType, options.pageContexts)) {
    url.searchParams.set("context", "apps");
    url.searchParams.set("activateAppId", `${options.apiKey}/${embedHandleFor(options.layout)}`);
  } else {
    url.searchParams.set("addAppBlockId", `${options.apiKey}/${THEME_BLOCK_HANDLES[options.layout]}`);
    url.searchParams.set("target", "newAppsSection");
  }
  return url.href;
}

/** A deep link that puts the widget on some of its pages: `pages` are the ones it fills. */
export interface InstallLink {
  pages: PageContext[];
  url: string;
}

/**
 * Issue 15 item 11: what gets the widget onto every page kind still lacking
 * it. Through an app embed (Sticky, vintage themes, All Pages) one link covers
 * them all; otherwise one app-block link per page template.
 */
export function installLinks(options: {
  shopOrigin: string;
  apiKey: string;
  layout: LayoutType;
  pageContexts: readonly PageContext[];
  themeType: "liquid" | string;
  missing: readonly PageContext[];
}): InstallLink[] {
  if (options.missing.length === 0) return [];
  if (installsAsEmbed(options.layout, options.themeType, options.pageContexts)) {
    return [{ pages: [...options.missing], url: themeEditorUrl({ ...options, page: options.missing[0] }) }];
  }
  return options.missing.map((page) => ({ pages: [page], url: themeEditorUrl({ ...options, page }) }));
}
