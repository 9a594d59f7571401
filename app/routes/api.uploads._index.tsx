import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { UPLOAD_FILENAME_MAX_LENGTH, VIDEO_UPLOAD } from "~/constants";
import { API_TEXT, UPLOAD_TEXT } from "~/messages";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel } from "~/http/api-errors.server";
import { wakeVideoMirror } from "~/jobs/video-mirror.server";
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

/**
 * POST /api/uploads {shopId, uploads: [{resourceUrl, filename}]}: the files
 * the browser uploaded become Shopify Files videos; 202 { uploads } to follow
 * with GET. They join the library (Draft) once Shopify has processed them.
 * Each resourceUrl must be a target POST /api/uploads/targets gave this shop,
 * not used before and not lapsed; otherwise 400 and Shopify is not asked
 * (decision 058). The file keeps the name it was declared under.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { shop, admin } = await requireApiShop(request);
  const body = await readJsonBody(request, CreateUploadsBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const uploads = await callModel(() => createUploads(shop.id, admin.graphql, body.uploads));
  wakeVideoMirror();
  return json({ uploads }, { status: 202 });
}

/** GET /api/uploads?ids=a,b: where the shop's uploads stand (processing, ready with the library video, failed with why). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request);
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
  return json({ uploads: await uploadStatuses(shop.id, ids) });
}
