/**
 * What the merchant has set up, counted one way for both pages that show it
 * (spec 2): the Dashboard's Performance Overview and the Analytics summary
 * (spec 3: totalVideos, enabledVideos, totalWidgets, taggedProducts).
 */
import { prisma } from "~/db.server";
import type { LibraryCounts } from "~/rules/api-types";

export async function countLibrary(shopId: string): Promise<LibraryCounts> {
  const [totalVideos, enabledVideos, totalWidgets, taggedVideos] = await Promise.all([
    prisma.video.count({ where: { shopId } }),
    prisma.video.count({ where: { shopId, enabled: true } }),
    prisma.widget.count({ where: { shopId } }),
    prisma.video.count({ where: { shopId, productTags: { some: {} } } }),
  ]);
  return { totalVideos, enabledVideos, totalWidgets, taggedVideos };
}

/**
 * The approved videos a Free shop has against its limit (decision 069); null
 * on Premium. Counted as the approval itself counts them (videos.server.ts).
 */
export async function countFreePlanApprovals(shopId: string): Promise<number | null> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { plan: true } });
  if (!shop || shop.plan === "premium") return null;
  return prisma.video.count({ where: { shopId, enabled: true } });
}
