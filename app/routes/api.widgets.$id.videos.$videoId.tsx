import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { badRequest, methodNotAllowed, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { WIDGET_VIDEOS_TEXT } from "~/messages";
import { moveWidgetVideo, pinWidgetVideo, removeWidgetVideo } from "~/models/widget-videos.server";

const ChangeBody = z.strictObject({
  /** Where the video goes, 0-based in the widget's list; kept within its group (pinned or not). */
  toIndex: z.number({ error: "toIndex must be a number" }).int().min(0).max(1_000_000).optional(),
  pinned: z.boolean({ error: "pinned must be true or false" }).optional(),
});

/**
 * PATCH /api/widgets/{widgetId}/videos/{videoId} {toIndex} or {pinned}: move or
 * (un)pin one video; DELETE takes it out of this widget. Each answers
 * { widget, videos } as they are after the change (issue 16 item 3).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  const videoId = readIdParam(params.videoId, "videoId");
  if (request.method === "DELETE") return json(await callModel(() => removeWidgetVideo(shop.id, widgetId, videoId)));
  const body = await readJsonBody(request, ChangeBody);
  if ((body.toIndex === undefined) === (body.pinned === undefined)) badRequest(WIDGET_VIDEOS_TEXT.changeMissing);
  const { toIndex, pinned } = body;
  return json(
    await callModel(() => (toIndex !== undefined ? moveWidgetVideo(shop.id, widgetId, videoId, toIndex) : pinWidgetVideo(shop.id, widgetId, videoId, pinned!))),
  );
}

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
