import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { resolveVideoMediaIssue } from "~/models/media-health-actions.server";
import { API_TEXT } from "~/messages";
import { MEDIA_ISSUE_ACTIONS } from "~/rules/media-issues";

const ResolveBody = z.object({
  action: z.enum(MEDIA_ISSUE_ACTIONS, { error: API_TEXT.oneOf("action", MEDIA_ISSUE_ACTIONS) }),
});

/**
 * POST /api/media-issues/{videoId} {action}: the merchant's choice for a video
 * the media check flagged (decision 036): keep showing our copy, unpublish,
 * or retry; 200 { mediaIssues } (what the banner still lists).
 */
const route = apiRoute({
  POST: {
    body: ResolveBody,
    handle: async ({ shop, params, body }) => ({ mediaIssues: await resolveVideoMediaIssue(shop.id, readIdParam(params.videoId, "videoId"), body.action) }),
  },
});

export const loader = route.loader;
export const action = route.action;
