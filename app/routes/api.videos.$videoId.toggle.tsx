import { z } from "zod";
import { apiRoute, type Endpoint } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { idInput } from "~/rules/text-input";
import { setVideoEnabled } from "~/models/videos.server";

const ToggleBody = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  /** On approve: the widgets to show the video in; empty or absent = all widgets ("Select All"). Ignored on unpublish. */
  widgetIds: z.array(idInput("widgetIds").min(1).max(64), { error: "widgetIds must be a list of widget ids" }).max(100).optional(),
  shopId: z.string().optional(),
});

const toggle: Endpoint<typeof ToggleBody> = {
  body: ToggleBody,
  handle: async ({ shop, params, body }) => ({
    video: await setVideoEnabled(shop.id, readIdParam(params.videoId, "videoId"), { enabled: body.enabled, widgetIds: body.widgetIds ?? [] }),
  }),
};

/**
 * PATCH /api/videos/{videoId}/toggle {enabled, widgetIds?}: approve or unpublish
 * (POST is taken too, as before). Answers { video }; the Free plan's 6th
 * approval is a 403 with the spec's message.
 */
const route = apiRoute({ PATCH: toggle, POST: toggle });

export const loader = route.loader;
export const action = route.action;
