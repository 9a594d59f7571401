import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { badRequest, methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel } from "~/http/api-errors.server";
import { textInput } from "~/rules/text-input";
import { PLATFORM_IDS, PLATFORMS, isPlatformUrl } from "~/platforms/config";
import { enqueueImport } from "~/models/import-jobs.server";
import { API_TEXT, IMPORT_JOB_TEXT } from "~/messages";

const SingleVideoBody = z.object({
  shopId: z.string().optional(),
  videoUrl: textInput("videoUrl", { required: true }).min(1, "videoUrl is required").max(2000, "videoUrl is too long"),
  platform: z.enum(PLATFORM_IDS, { error: API_TEXT.oneOf("platform", PLATFORM_IDS) }),
});

/** POST /api/videos/single {shopId, videoUrl, platform}: starts an import job; 202 { job }. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request);
  const body = await readJsonBody(request, SingleVideoBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const config = PLATFORMS[body.platform];
  if (config.enabled && !isPlatformUrl(body.platform, body.videoUrl)) {
    const item = body.platform === "pinterest" ? "pin" : "video";
    badRequest(IMPORT_JOB_TEXT.notPlatformLink(config.name, item));
  }
  const job = await callModel(() => enqueueImport({ shopId: shop.id, kind: "single", platform: body.platform, input: body.videoUrl }));
  return json({ job }, { status: 202 });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
