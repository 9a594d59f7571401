import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { idInput } from "~/rules/text-input";
import { setVideoEnabled } from "~/models/videos.server";
import { API_TEXT } from "~/messages";

const ToggleBody = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  /** On approve: the widgets to show the video in; empty or absent = all widgets ("Select All"). Ignored on unpublish. */
  widgetIds: z.array(idInput("widgetIds").min(1).max(64), { error: "widgetIds must be a list of widget ids" }).max(100).optional(),
  shopId: z.string().optional(),
});

/**
 * PATCH /api/videos/{videoId}/toggle {enabled, widgetIds?}: approve or unpublish.
 * Answers { video }; the Free plan's 6th approval is a 403 with the spec's message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "POST") return methodNotAllowed(["PATCH"]);
  const { shop } = await requireApiShop(request);
  const videoId = readIdParam(params.videoId, "videoId");
  const body = await readJsonBody(request, ToggleBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const video = await callModel(() => setVideoEnabled(shop.id, videoId, { enabled: body.enabled, widgetIds: body.widgetIds ?? [] }));
  return json({ video });
}

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}
