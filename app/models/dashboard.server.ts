/**
 * The Dashboard's figures (spec 2): what the merchant has set up, and how
 * much shoppers engage. Counts only; each is one indexed query per shop.
 */
import { prisma } from "~/db.server";
import { totalClicks } from "./analytics.server";

export interface DashboardStats {
  totalVideos: number;
  /** Approved (published) videos. */
  enabledVideos: number;
  totalWidgets: number;
  /** Widgets whose install the merchant confirmed ("Got it"). */
  installedWidgets: number;
  /** Video and product clicks since install ("video engagements"), as Analytics counts them. */
  totalClicks: number;
  /** Videos with at least one tagged product. */
  taggedVideos: number;
}

export async function loadDashboardStats(shopId: string): Promise<DashboardStats> {
  const [totalVideos, enabledVideos, totalWidgets, installedWidgets, clicks, taggedVideos] = await Promise.all([
    prisma.video.count({ where: { shopId } }),
    prisma.video.count({ where: { shopId, enabled: true } }),
    prisma.widget.count({ where: { shopId } }),
    prisma.widget.count({ where: { shopId, installedAt: { not: null } } }),
    totalClicks(shopId),
    prisma.video.count({ where: { shopId, productTags: { some: {} } } }),
  ]);
  return { totalVideos, enabledVideos, totalWidgets, installedWidgets, totalClicks: clicks, taggedVideos };
}
