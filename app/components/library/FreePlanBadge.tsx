import { Badge } from "@shopify/polaris";
import { freePlanRoom } from "~/rules/library-selection";
import { LIBRARY_TEXT } from "~/messages";

/**
 * Beside the Video Library's title on Free (decision 069): how many videos are
 * approved of the plan's limit, so the merchant knows before an approval is
 * refused. Nothing on Premium.
 */
export function FreePlanBadge({ approved }: { approved: number | null }) {
  const room = freePlanRoom(approved);
  if (!room) return null;
  return <Badge tone={room.room === 0 ? "warning" : undefined}>{LIBRARY_TEXT.freePlanApproved(room.approved, room.limit)}</Badge>;
}
