import { z } from "zod";
import { WIDGET_VIDEOS_ADD_MAX } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { idInput } from "~/rules/text-input";
import { addWidgetVideos, listWidgetVideos } from "~/models/widget-videos.server";
import { WIDGET_VIDEOS_TEXT } from "~/messages";

const AddBody = z.object({
  videoIds: z
    .array(idInput("videoIds").min(1).max(64), { error: "videoIds must be a list of video ids" })
    .min(1, "videoIds must name at least one video")
    .max(WIDGET_VIDEOS_ADD_MAX, WIDGET_VIDEOS_TEXT.tooMany(WIDGET_VIDEOS_ADD_MAX)),
});

const route = apiRoute({
  /** GET /api/widgets/{widgetId}/videos?shopId= : { widget, videos } in the storefront's order (issue 16 item 3). */
  GET: { handle: ({ shop, params }) => listWidgetVideos(shop.id, readIdParam(params.id, "widgetId")) },
  /** POST /api/widgets/{widgetId}/videos {videoIds}: approved videos added at the end; answers { widget, videos }. */
  POST: { body: AddBody, handle: ({ shop, params, body }) => addWidgetVideos(shop.id, readIdParam(params.id, "widgetId"), body.videoIds) },
});

export const loader = route.loader;
export const action = route.action;
