/**
 * The published theme's setup as its files show it (issue 15 items 4 and 11):
 * which widgets are really on the store, and on which of their pages.
 */
import { THEME_SETUP_FILES } from "~/constants";
import { fetchMainThemeFiles, type AdminGraphql } from "~/shopify/admin-gateway.server";
import { readThemeSetup, widgetLiveContexts, type ThemeSetup } from "~/rules/theme-setup";
import type { WidgetDto } from "~/rules/api-types";
import { listWidgets } from "./widgets.server";

/** The published theme's setup (null: the shop has no published theme); failures are thrown. */
export async function readPublishedThemeSetup(graphql: AdminGraphql): Promise<ThemeSetup | null> {
  const theme = await fetchMainThemeFiles(graphql, THEME_SETUP_FILES);
  return theme ? readThemeSetup(theme, theme.files) : null;
}

/** The published theme's setup, or null when there is none or it cannot be read (then nothing can be confirmed). */
export async function loadThemeSetup(graphql: AdminGraphql): Promise<ThemeSetup | null> {
  try {
    return await readPublishedThemeSetup(graphql);
  } catch (error) {
    if (error instanceof Response) throw error; // re-authentication answers from the library
    console.warn("Reading the published theme's files failed", error);
    return null;
  }
}

/**
 * "Active Widgets (deployed on store)": widgets the merchant installed ("Got
 * it") that the theme shows on at least one of their pages; when the theme
 * cannot be read, the installed ones.
 */
export function countWidgetsOnStore(widgets: readonly WidgetDto[], setup: ThemeSetup | null): number {
  const installed = widgets.filter((widget) => widget.installed_at !== null);
  if (!setup) return installed.length;
  return installed.filter((widget) => widgetLiveContexts(widget, setup, widgets).length > 0).length;
}

/** The shop's "Active Widgets (deployed on store)"; the theme is read only when some widget is installed. */
export async function countActiveWidgets(shopId: string, graphql: AdminGraphql): Promise<number> {
  const widgets = await listWidgets(shopId);
  if (!widgets.some((widget) => widget.installed_at !== null)) return 0;
  return countWidgetsOnStore(widgets, await loadThemeSetup(graphql));
}
