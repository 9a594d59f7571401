import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, readJsonBody, requireApiShop } from "~/http/api.server";
import { UPLOAD_TITLE_MAX_LENGTH } from "~/constants";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam, readQuery } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { parseVideoListQuery } from "~/rules/video-list-query";
import { deleteVideo, listVideos, renameUpload } from "~/models/videos.server";

/** The search text is checked; the other filters fall back to their defaults when unreadable (parseVideoListQuery). */
const VideoListSearch = z.object({ q: textInput("q", { collapseSpaces: true }).optional() });

/*
 * One URL shape, two resources (spec 7): GET /api/videos/{shopId} lists the
 * shop's library, DELETE and PATCH /api/videos/{videoId} delete or rename one
 * video. Hence the neutral `$id`.
 */

/** GET /api/videos/{shopId}?tab=&q=&platform=&page= : one VideoListPage (filters and paging on the server). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.id);
  readQuery(request, VideoListSearch);
  const query = parseVideoListQuery(new URL(request.url).searchParams);
  return json(await listVideos(shop.id, query));
}

const RenameBody = z.object({
  title: textInput("title", { required: true, collapseSpaces: true })
    .min(1, "title is required")
    .max(UPLOAD_TITLE_MAX_LENGTH, `title is at most ${UPLOAD_TITLE_MAX_LENGTH} characters`),
});

/**
 * DELETE /api/videos/{videoId}[?shopId=]; PATCH /api/videos/{videoId} {title}
 * renames one of the merchant's own uploads (an imported video keeps its
 * platform's title, which a resync refreshes); 200 { video }.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH") return methodNotAllowed(["GET", "DELETE", "PATCH"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const videoId = readIdParam(params.id, "videoId");
  if (request.method === "PATCH") {
    const body = await readJsonBody(request, RenameBody);
    return json({ video: await callModel(() => renameUpload(shop.id, videoId, body.title)) });
  }
  await callModel(() => deleteVideo(shop.id, videoId));
  return json({ deleted: true });
}
