import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { deleteWidget, listWidgets } from "~/models/widgets.server";

/*
 * One URL shape, two resources (spec 7): GET /api/widgets/{shopId} lists the
 * shop's widgets, DELETE /api/widgets/{widgetId}?shopId= deletes one.
 */
const route = apiRoute({
  /** GET /api/widgets/{shopId}: { widgets } in "#N" order. */
  GET: { shopParam: "id", handle: async ({ shop }) => ({ widgets: await listWidgets(shop.id) }) },
  /** DELETE /api/widgets/{widgetId}?shopId= */
  DELETE: {
    handle: async ({ shop, params }) => {
      await deleteWidget(shop.id, readIdParam(params.id, "widgetId"));
      return { deleted: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
