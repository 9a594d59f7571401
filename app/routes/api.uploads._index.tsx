import { z } from "zod";
import { UPLOAD_FILENAME_MAX_LENGTH, VIDEO_UPLOAD } from "~/constants";
import { API_TEXT, UPLOAD_TEXT } from "~/messages";
import { apiRoute } from "~/http/api-route.server";
import { createUploads, uploadStatuses } from "~/models/video-uploads.server";
import { textInput } from "~/rules/text-input";

const CreateUploadsBody = z.object({
  shopId: z.string().optional(),
  uploads: z
    .array(
      z.object({
        resourceUrl: z.string().min(1).max(4000),
        filename: textInput("filename", { required: true })
          .min(1, API_TEXT.required("filename"))
          .max(UPLOAD_FILENAME_MAX_LENGTH, API_TEXT.tooLong("filename", UPLOAD_FILENAME_MAX_LENGTH)),
      }),
    )
    .min(1, API_TEXT.required("uploads"))
    .max(VIDEO_UPLOAD.filesAtOnce, UPLOAD_TEXT.tooMany),
});

const route = apiRoute({
  /**
   * POST /api/uploads {shopId, uploads: [{resourceUrl, filename}]}: the files
   * the browser uploaded become Shopify Files videos; 202 { uploads } to follow
   * with GET. They join the library (Draft) once Shopify has processed them.
   * Each resourceUrl must be a target POST /api/uploads/targets gave this shop,
   * not used before and not lapsed; otherwise 400 and Shopify is not asked
   * (decision 058). The file keeps the name it was declared under.
   */
  POST: {
    body: CreateUploadsBody,
    status: 202,
    handle: async ({ shop, admin, body }) => {
      return { uploads: await createUploads(shop.id, admin.graphql, body.uploads) };
    },
  },
  /** GET /api/uploads?ids=a,b: where the shop's uploads stand (processing, ready with the library video, failed with why). */
  GET: {
    handle: async ({ shop, url }) => ({ uploads: await uploadStatuses(shop.id, (url.searchParams.get("ids") ?? "").split(",").filter(Boolean)) }),
  },
});

export const loader = route.loader;
export const action = route.action;
