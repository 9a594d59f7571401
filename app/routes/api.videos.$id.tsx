import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam, readQuery } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { parseVideoListQuery } from "~/rules/video-list-query";
import { deleteVideo, listVideos } from "~/models/videos.server";

/** The search text is checked; the other filters fall back to their defaults when unreadable (parseVideoListQuery). */
const VideoListSearch = z.object({ q: textInput("q", { collapseSpaces: true }).optional() });

/*
 * One URL shape, two resources (spec 7): GET /api/videos/{shopId} lists the
 * shop's library, DELETE /api/videos/{videoId} deletes one video. Hence the
 * neutral `$id`.
 */

/** GET /api/videos/{shopId}?tab=&q=&platform=&page= : one VideoListPage (filters and paging on the server). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.id);
  readQuery(request, VideoListSearch);
  const query = parseVideoListQuery(new URL(request.url).searchParams);
  return json(await listVideos(shop.id, query));
}

/** DELETE /api/videos/{videoId}[?shopId=] */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const videoId = readIdParam(params.id, "videoId");
  await callModel(() => deleteVideo(shop.id, videoId));
  return json({ deleted: true });
}
