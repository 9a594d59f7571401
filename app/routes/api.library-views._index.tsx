import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { badRequest } from "~/http/api.server";
import { idInput, textInput } from "~/rules/text-input";
import { createLibraryView, duplicateLibraryView, libraryViewQueryInput, listLibraryViews } from "~/models/library-views.server";

const CreateViewBody = z.object({
  shopId: z.string().optional(),
  name: textInput("name", { required: true, collapseSpaces: true }).max(500, "name is too long").optional(),
  query: libraryViewQueryInput.optional(),
  /** Copy this view instead, as "<name> copy". */
  duplicateOf: idInput("duplicateOf").min(1).optional(),
});

const route = apiRoute({
  /** GET /api/library-views[?shopId=]: { views } in their saved order. */
  GET: { handle: async ({ shop }) => ({ views: await listLibraryViews(shop.id) }) },
  /**
   * POST /api/library-views {name, query{tab, search, platforms}} saves a view;
   * {duplicateOf: viewId} copies one as "<name> copy". 201 { view }.
   */
  POST: {
    body: CreateViewBody,
    status: 201,
    handle: async ({ shop, body }) => {
      const { duplicateOf, name } = body;
      if (!duplicateOf && name === undefined) badRequest("name: name is required");
      const view = duplicateOf ? await duplicateLibraryView(shop.id, duplicateOf) : await createLibraryView(shop.id, { name: name ?? "", query: body.query });
      return { view };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
