/**
 * The Dashboard's figures (spec 2): what the merchant has set up, and how
 * much shoppers engage. Counts only; each is one indexed query per shop.
 */
import { prisma } from "~/db.server";
import { totalClicks } from "./analytics.server";
import type { DashboardStats } from "~/rules/api-types";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";
import { countLibrary } from "./library-counts.server";
import { countActiveWidgets } from "./theme-setup.server";

export async function loadDashboardStats(shopId: string, graphql: AdminGraphql): Promise<DashboardStats> {
  const [library, installedWidgets, activeWidgets, clicks] = await Promise.all([
    countLibrary(shopId),
    prisma.widget.count({ where: { shopId, installedAt: { not: null } } }),
    countActiveWidgets(shopId, graphql),
    totalClicks(shopId),
  ]);
  return { ...library, installedWidgets, activeWidgets, totalClicks: clicks };
}
