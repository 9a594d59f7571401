import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/lib/api.server";
import { callModel, shopIdFromQuery } from "~/lib/api-errors.server";
import { readIdParam } from "~/lib/request-input.server";
import { markWidgetInstalled } from "~/models/widgets.server";

/** POST /api/widgets/{widgetId}/mark-installed (empty body): the "Got it" after installing; { widget }. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const widgetId = readIdParam(params.id, "widgetId");
  return json({ widget: await callModel(() => markWidgetInstalled(shop.id, widgetId)) });
}
