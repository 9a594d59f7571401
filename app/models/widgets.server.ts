/**
 * Widgets as the Video Library sees them (the Approve dialog's checkboxes and
 * the preview's widget names). Creating and editing widgets is the Widgets
 * feature's, elsewhere.
 */
import { prisma } from "~/db.server";
import type { WidgetSummaryDto } from "~/lib/api-types";

export async function listWidgetSummaries(shopId: string): Promise<WidgetSummaryDto[]> {
  const widgets = await prisma.widget.findMany({
    where: { shopId },
    select: { id: true, name: true, layoutType: true },
    // "#N" order, as on the Widgets page.
    orderBy: [{ displayNumber: "asc" }],
  });
  return widgets.map((widget) => ({
    id: widget.id,
    name: widget.name,
    layout_type: widget.layoutType as WidgetSummaryDto["layout_type"],
  }));
}
