import { z } from "zod";
import { UPLOAD_FILENAME_MAX_LENGTH, VIDEO_UPLOAD } from "~/constants";
import { API_TEXT, UPLOAD_TEXT } from "~/messages";
import { apiRoute } from "~/http/api-route.server";
import { stageUploads } from "~/models/video-uploads.server";
import { textInput } from "~/rules/text-input";

const UploadTargetsBody = z.object({
  shopId: z.string().optional(),
  files: z
    .array(
      z.object({
        filename: textInput("filename", { required: true })
          .min(1, API_TEXT.required("filename"))
          .max(UPLOAD_FILENAME_MAX_LENGTH, API_TEXT.tooLong("filename", UPLOAD_FILENAME_MAX_LENGTH)),
        mimeType: z.string().max(100),
        fileSize: z.number().int().nonnegative(),
      }),
    )
    .min(1, API_TEXT.required("files"))
    .max(VIDEO_UPLOAD.filesAtOnce, UPLOAD_TEXT.tooMany),
});

/**
 * POST /api/uploads/targets {shopId, files: [{filename, mimeType, fileSize}]}:
 * where the browser uploads each video, straight to Shopify's bucket; 200
 * { targets: [{url, resourceUrl, parameters}] } in the order given. A file of
 * another type or over the size limit refuses the request (400, every problem said).
 * Each target is recorded for this shop: POST /api/uploads takes only those (decision 058).
 */
const route = apiRoute({
  POST: { body: UploadTargetsBody, handle: async ({ shop, admin, body }) => ({ targets: await stageUploads(shop.id, admin.graphql, body.files) }) },
});

export const loader = route.loader;
export const action = route.action;
