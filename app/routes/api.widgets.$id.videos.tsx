import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { WIDGET_VIDEOS_ADD_MAX } from "~/constants";
import { methodNotAllowed, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
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

/** GET /api/widgets/{widgetId}/videos?shopId= : { widget, videos } in the storefront's order (issue 16 item 3). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  return json(await callModel(() => listWidgetVideos(shop.id, widgetId)));
}

/** POST /api/widgets/{widgetId}/videos {videoIds}: approved videos added at the end; answers { widget, videos }. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  const body = await readJsonBody(request, AddBody);
  return json(await callModel(() => addWidgetVideos(shop.id, widgetId, body.videoIds)));
}
