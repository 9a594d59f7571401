import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { badRequest, methodNotAllowed, notFound, readJsonBody, requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
import { idInput, textInput } from "~/rules/text-input";
import { createLibraryView, duplicateLibraryView, libraryViewQueryInput, listLibraryViews } from "~/models/library-views.server";
import { API_TEXT } from "~/messages";

const CreateViewBody = z.object({
  shopId: z.string().optional(),
  name: textInput("name", { required: true, collapseSpaces: true }).max(500, "name is too long").optional(),
  query: libraryViewQueryInput.optional(),
  /** Copy this view instead, as "<name> copy". */
  duplicateOf: idInput("duplicateOf").min(1).optional(),
});

/** GET /api/library-views[?shopId=]: { views } in their saved order. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  return json({ views: await listLibraryViews(shop.id) });
}

/**
 * POST /api/library-views {name, query{tab, search, platforms}} saves a view;
 * {duplicateOf: viewId} copies one as "<name> copy". 201 { view }.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { shop } = await requireApiShop(request, shopIdFromQuery(request));
  const body = await readJsonBody(request, CreateViewBody);
  if (body.shopId !== undefined && body.shopId !== shop.id) notFound(API_TEXT.shopNotFound);
  const { duplicateOf, name } = body;
  if (!duplicateOf && name === undefined) badRequest("name: name is required");
  const view = await callModel(() =>
    duplicateOf ? duplicateLibraryView(shop.id, duplicateOf) : createLibraryView(shop.id, { name: name ?? "", query: body.query }),
  );
  return json({ view }, { status: 201 });
}
