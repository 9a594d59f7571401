import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { markWidgetInstalled } from "~/models/widgets.server";

/** POST /api/widgets/{widgetId}/mark-installed (empty body): the "Got it" after installing; { widget }. */
const route = apiRoute({
  POST: { handle: async ({ shop, params }) => ({ widget: await markWidgetInstalled(shop.id, readIdParam(params.id, "widgetId")) }) },
});

export const loader = route.loader;
export const action = route.action;
