import { apiRoute } from "~/http/api-route.server";
import { apiError } from "~/http/api.server";
import { readPublishedThemeSetup } from "~/models/theme-setup.server";
import { WIDGET_TEXT } from "~/messages";

/** GET /api/shops/{shopId}/theme-setup: the published theme and where our app blocks and embeds are in it (issue 15 item 11). */
const route = apiRoute({
  GET: {
    shopParam: "shopId",
    upstreamFailure: WIDGET_TEXT.themeFetchFailed,
    handle: async ({ admin }) => (await readPublishedThemeSetup(admin.graphql)) ?? apiError(404, WIDGET_TEXT.themeFetchFailed),
  },
});

export const loader = route.loader;
export const action = route.action;
