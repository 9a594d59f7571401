import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { UPLOAD_FILENAME_MAX_LENGTH, VIDEO_UPLOAD } from "~/constants";
import { API_TEXT, UPLOAD_TEXT } from "~/messages";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel } from "~/http/api-errors.server";
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
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop, admin } = await requireApiShop(request);
  const body = await readJsonBody(request, UploadTargetsBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const targets = await callModel(() => stageUploads(shop.id, admin.graphql, body.files));
  return json({ targets });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
