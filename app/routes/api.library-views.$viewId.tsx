import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { readIdParam } from "~/http/request-input.server";
import { textInput } from "~/rules/text-input";
import { deleteLibraryView, libraryViewQueryInput, updateLibraryView } from "~/models/library-views.server";
import { API_TEXT } from "~/messages";

const UpdateViewBody = z
  .object({
    shopId: z.string().optional(),
    name: textInput("name", { required: true, collapseSpaces: true }).max(500, "name is too long").optional(),
    query: libraryViewQueryInput.optional(),
  })
  .refine((body) => body.name !== undefined || body.query !== undefined, { message: API_TEXT.viewChangeMissing });

/** PATCH /api/library-views/{viewId} {name?, query?}: rename and/or save filters; { view }. DELETE removes it. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "DELETE") {
    const { shop } = await requireApiShop(request, shopIdFromQuery(request));
    const viewId = readIdParam(params.viewId, "viewId");
    await callModel(() => deleteLibraryView(shop.id, viewId));
    return json({ deleted: true });
  }
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH", "DELETE"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const viewId = readIdParam(params.viewId, "viewId");
  const body = await readJsonBody(request, UpdateViewBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const view = await callModel(() => updateLibraryView(shop.id, viewId, { name: body.name, query: body.query }));
  return json({ view });
}

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}
