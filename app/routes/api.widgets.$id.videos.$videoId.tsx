import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { badRequest } from "~/http/api.server";
import { readIdParam } from "~/http/request-input.server";
import { WIDGET_VIDEOS_TEXT } from "~/messages";
import { moveWidgetVideo, pinWidgetVideo, removeWidgetVideo } from "~/models/widget-videos.server";

const ChangeBody = z.strictObject({
  /** Where the video goes, 0-based in the widget's list; kept within its group (pinned or not). */
  toIndex: z.number({ error: "toIndex must be a number" }).int().min(0).max(1_000_000).optional(),
  pinned: z.boolean({ error: "pinned must be true or false" }).optional(),
});

const ids = (params: Record<string, string | undefined>) => [readIdParam(params.id, "widgetId"), readIdParam(params.videoId, "videoId")] as const;

/**
 * PATCH /api/widgets/{widgetId}/videos/{videoId} {toIndex} or {pinned}: move or
 * (un)pin one video; DELETE takes it out of this widget. Each answers
 * { widget, videos } as they are after the change (issue 16 item 3).
 */
const route = apiRoute({
  PATCH: {
    body: ChangeBody,
    handle: ({ shop, params, body: { toIndex, pinned } }) => {
      const [widgetId, videoId] = ids(params);
      if (toIndex !== undefined && pinned === undefined) return moveWidgetVideo(shop.id, widgetId, videoId, toIndex);
      if (pinned !== undefined && toIndex === undefined) return pinWidgetVideo(shop.id, widgetId, videoId, pinned);
      badRequest(WIDGET_VIDEOS_TEXT.changeMissing);
    },
  },
  DELETE: { handle: ({ shop, params }) => removeWidgetVideo(shop.id, ...ids(params)) },
});

export const loader = route.loader;
export const action = route.action;
