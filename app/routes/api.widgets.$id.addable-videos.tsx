import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam, readQuery } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { listAddableVideos } from "~/models/widget-videos.server";

const AddableQuery = z.object({
  search: textInput("search").max(200).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/widgets/{widgetId}/addable-videos?search=&page=&shopId= : approved videos not in the widget yet (its "Add videos" picker). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  const query = readQuery(request, AddableQuery);
  return json(await callModel(() => listAddableVideos(shop.id, widgetId, query)));
}
