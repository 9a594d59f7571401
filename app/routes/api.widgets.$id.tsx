import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/lib/api.server";
import { listWidgetSummaries } from "~/models/widgets.server";

/*
 * GET /api/widgets/{shopId} here; DELETE /api/widgets/{widgetId} (the Widgets
 * feature) shares this URL shape and belongs in this file's action, hence `$id`.
 */

/** GET /api/widgets/{shopId}: { widgets } (id, name, layout_type), for the Approve dialog. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, params.id);
  return json({ widgets: await listWidgetSummaries(shop.id) });
}
