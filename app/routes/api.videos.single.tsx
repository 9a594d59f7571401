import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { badRequest } from "~/http/api.server";
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
const route = apiRoute({
  POST: {
    body: SingleVideoBody,
    status: 202,
    handle: async ({ shop, body }) => {
      const config = PLATFORMS[body.platform];
      if (config.enabled && !isPlatformUrl(body.platform, body.videoUrl)) {
        const item = body.platform === "pinterest" ? "pin" : "video";
        badRequest(IMPORT_JOB_TEXT.notPlatformLink(config.name, item));
      }
      return { job: await enqueueImport({ shopId: shop.id, kind: "single", platform: body.platform, input: body.videoUrl }) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
