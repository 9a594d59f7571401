import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { readIdParam, readQuery } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { listAddableVideos } from "~/models/widget-videos.server";

const AddableQuery = z.object({
  search: textInput("search").max(200).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/widgets/{widgetId}/addable-videos?search=&page=&shopId= : approved videos not in the widget yet (its "Add videos" picker). */
const route = apiRoute({
  GET: { handle: ({ shop, params, request }) => listAddableVideos(shop.id, readIdParam(params.id, "widgetId"), readQuery(request, AddableQuery)) },
});

export const loader = route.loader;
export const action = route.action;
