/**
 * The Dashboard's figures (spec 2): what the merchant has set up, and how
 * much shoppers engage. Counts only; each is one indexed query per shop.
 */
import { prisma } from "~/db.server";
import { totalClicks } from "./analytics.server";
import { countLibrary, type LibraryCounts } from "./library-counts.server";

export interface DashboardStats extends LibraryCounts {
  /** Widgets whose install the merchant confirmed ("Got it"). */
  installedWidgets: number;
  /** Video and product clicks since install ("video engagements"), as Analytics counts them. */
  totalClicks: number;
}

export async function loadDashboardStats(shopId: string): Promise<DashboardStats> {
  const [library, installedWidgets, clicks] = await Promise.all([
    countLibrary(shopId),
    prisma.widget.count({ where: { shopId, installedAt: { not: null } } }),
    totalClicks(shopId),
  ]);
  return { ...library, installedWidgets, totalClicks: clicks };
}
