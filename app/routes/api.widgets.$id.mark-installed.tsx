import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { markWidgetInstalled } from "~/models/widgets.server";

/** POST /api/widgets/{widgetId}/mark-installed (empty body): the "Got it" after installing; { widget }. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  return json({ widget: await callModel(() => markWidgetInstalled(shop.id, widgetId)) });
}
