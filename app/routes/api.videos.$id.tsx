import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/lib/api.server";
import { callModel, shopIdFromQuery } from "~/lib/api-errors.server";
import { parseVideoListQuery } from "~/lib/video-list-query";
import { deleteVideo, listVideos } from "~/models/videos.server";

/*
 * One URL shape, two resources (spec 7): GET /api/videos/{shopId} lists the
 * shop's library, DELETE /api/videos/{videoId} deletes one video. Hence the
 * neutral `$id`.
 */

/** GET /api/videos/{shopId}?tab=&q=&platform=&page= : one VideoListPage (filters and paging on the server). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.id);
  const query = parseVideoListQuery(new URL(request.url).searchParams);
  return json(await listVideos(shop.id, query));
}

/** DELETE /api/videos/{videoId}[?shopId=] */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  await callModel(() => deleteVideo(shop.id, params.id ?? ""));
  return json({ deleted: true });
}
