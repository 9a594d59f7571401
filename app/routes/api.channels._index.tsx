import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { badRequest } from "~/http/api.server";
import { textInput } from "~/rules/text-input";
import { PLATFORM_IDS, PLATFORMS, normalizeUsername } from "~/platforms/config";
import { enqueueImport } from "~/models/import-jobs.server";
import { API_TEXT, IMPORT_JOB_TEXT } from "~/messages";

const ImportChannelBody = z.object({
  shopId: z.string().optional(),
  username: textInput("username", { required: true }).min(1, "username is required").max(200, "username is too long"),
  platform: z.enum(PLATFORM_IDS, { error: API_TEXT.oneOf("platform", PLATFORM_IDS) }),
});

/** POST /api/channels {shopId, username, platform}: imports an account's latest videos as a job; 202 { job }. */
const route = apiRoute({
  POST: {
    body: ImportChannelBody,
    status: 202,
    handle: async ({ shop, body }) => {
      const config = PLATFORMS[body.platform];
      // "@" is stripped (spec 5); a pasted profile URL gives its username.
      const username = config.enabled ? normalizeUsername(body.platform, body.username) : body.username.replace(/^@+/, "");
      if (username === null) badRequest(IMPORT_JOB_TEXT.notUsername(body.username.slice(0, 60), config.name));
      return { job: await enqueueImport({ shopId: shop.id, kind: "channel", platform: body.platform, input: username }) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
