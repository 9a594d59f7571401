import { z } from "zod";
import { UPLOAD_TITLE_MAX_LENGTH } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
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

const RenameBody = z.object({
  title: textInput("title", { required: true, collapseSpaces: true })
    .min(1, "title is required")
    .max(UPLOAD_TITLE_MAX_LENGTH, `title is at most ${UPLOAD_TITLE_MAX_LENGTH} characters`),
});

/*
 * One URL shape, two resources (spec 7): GET /api/videos/{shopId} lists the
 * shop's library, DELETE and PATCH /api/videos/{videoId} delete or rename one
 * video. Hence the neutral `$id`.
 */
const route = apiRoute({
  /** GET /api/videos/{shopId}?tab=&q=&platform=&page= : one VideoListPage (filters and paging on the server). */
  GET: {
    shopParam: "id",
    handle: ({ shop, request, url }) => {
      readQuery(request, VideoListSearch);
      return listVideos(shop.id, parseVideoListQuery(url.searchParams));
    },
  },
  /** PATCH /api/videos/{videoId} {title}: renames one of the merchant's own uploads (an imported video keeps its platform's title, which a resync refreshes); 200 { video }. */
  PATCH: {
    body: RenameBody,
    handle: async ({ shop, params, body }) => ({ video: await renameUpload(shop.id, readIdParam(params.id, "videoId"), body.title) }),
  },
  /** DELETE /api/videos/{videoId}[?shopId=] */
  DELETE: {
    handle: async ({ shop, params }) => {
      await deleteVideo(shop.id, readIdParam(params.id, "videoId"));
      return { deleted: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
