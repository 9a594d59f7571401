/**
 * The Dashboard's figures (spec 2): what the merchant has set up, and how
 * much shoppers engage. Counts only; each is one indexed query per shop.
 */
import { totalClicks } from "./analytics.server";
import type { ConnectedAccountsDto, DashboardStats, WidgetDto } from "~/rules/api-types";
import { shopAutoSyncs, type SyncShop } from "~/rules/auto-sync";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";
import { countLibrary } from "./library-counts.server";
import type { ThemeSetup } from "~/rules/theme-setup";
import { countWidgetsOnStore, loadThemeSetup } from "./theme-setup.server";
import { listChannels } from "./channels.server";
import { listWidgets } from "./widgets.server";

export interface DashboardData {
  stats: DashboardStats;
  widgets: WidgetDto[];
  /**
   * The published theme read once for the whole page (issue 29 item 2): the
   * Active Widgets figure, the Theme setup card and whether the merchant is
   * "all set" come from this one reading. Null without widgets, or when the
   * theme cannot be read.
   */
  themeSetup: ThemeSetup | null;
  /**
   * The connected accounts, and whether they sync by themselves: the Import
   * dialog opens with them, at its final size (decision 087).
   */
  importAccounts: ConnectedAccountsDto;
}

export async function loadDashboard(shop: { id: string } & SyncShop, graphql: AdminGraphql): Promise<DashboardData> {
  const shopId = shop.id;
  const widgets = await listWidgets(shopId);
  const [library, clicks, themeSetup, channels] = await Promise.all([
    countLibrary(shopId),
    totalClicks(shopId),
    widgets.length > 0 ? loadThemeSetup(graphql) : Promise.resolve(null),
    listChannels(shopId),
  ]);
  const installedWidgets = widgets.filter((widget) => widget.installed_at !== null).length;
  const activeWidgets = countWidgetsOnStore(widgets, themeSetup);
  return {
    stats: { ...library, installedWidgets, activeWidgets, totalClicks: clicks },
    widgets,
    themeSetup,
    importAccounts: { channels, autoSync: shopAutoSyncs(shop) },
  };
}
