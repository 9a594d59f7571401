import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/lib/api.server";
import { callModel, shopIdFromQuery } from "~/lib/api-errors.server";
import { removeProductTag } from "~/models/tags.server";

/** DELETE /api/videos/tags/{tagId}?shopId= */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  await callModel(() => removeProductTag(shop.id, params.tagId ?? ""));
  return json({ deleted: true });
}

export async function loader() {
  return methodNotAllowed(["DELETE"]);
}
