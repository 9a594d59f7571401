import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel } from "~/http/api-errors.server";
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
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request);
  const body = await readJsonBody(request, ResolveBody);
  const videoId = readIdParam(params.videoId, "videoId");
  const mediaIssues = await callModel(() => resolveVideoMediaIssue(shop.id, videoId, body.action));
  return json({ mediaIssues });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
