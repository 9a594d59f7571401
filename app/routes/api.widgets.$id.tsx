import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { deleteWidget, listWidgets } from "~/models/widgets.server";

/*
 * One URL shape, two resources (spec 7): GET /api/widgets/{shopId} lists the
 * shop's widgets, DELETE /api/widgets/{widgetId}?shopId= deletes one.
 */

/** GET /api/widgets/{shopId}: { widgets } in "#N" order. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.id);
  return json({ widgets: await listWidgets(shop.id) });
}

/** DELETE /api/widgets/{widgetId}?shopId= */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  await callModel(() => deleteWidget(shop.id, widgetId));
  return json({ deleted: true });
}
