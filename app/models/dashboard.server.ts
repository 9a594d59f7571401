/**
 * The Dashboard's figures (spec 2): what the merchant has set up, and how
 * much shoppers engage. Counts only; each is one indexed query per shop.
 */
import { prisma } from "~/db.server";
import { totalClicks } from "./analytics.server";
import type { DashboardStats } from "~/rules/api-types";
import { countLibrary } from "./library-counts.server";

export async function loadDashboardStats(shopId: string): Promise<DashboardStats> {
  const [library, installedWidgets, clicks] = await Promise.all([
    countLibrary(shopId),
    prisma.widget.count({ where: { shopId, installedAt: { not: null } } }),
    totalClicks(shopId),
  ]);
  return { ...library, installedWidgets, totalClicks: clicks };
}
