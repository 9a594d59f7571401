import { apiRoute } from "~/http/api-route.server";
import { apiError } from "~/http/api.server";
import { activeThemeOf } from "~/models/products.server";
import { WIDGET_TEXT } from "~/messages";

/** GET /api/shops/{shopId}/active-theme: id, name, type of the published theme. */
const route = apiRoute({
  GET: {
    shopParam: "shopId",
    upstreamFailure: WIDGET_TEXT.themeFetchFailed,
    handle: async ({ admin }) => (await activeThemeOf(admin.graphql)) ?? apiError(404, WIDGET_TEXT.themeFetchFailed),
  },
});

export const loader = route.loader;
export const action = route.action;
