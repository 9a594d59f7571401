import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { removeProductTag } from "~/models/tags.server";

/** DELETE /api/videos/tags/{tagId}?shopId= */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const tagId = readIdParam(params.tagId, "tagId");
  await callModel(() => removeProductTag(shop.id, tagId));
  return json({ deleted: true });
}

export async function loader() {
  return methodNotAllowed(["DELETE"]);
}
