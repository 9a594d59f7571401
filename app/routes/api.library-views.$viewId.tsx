import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
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
const route = apiRoute({
  PATCH: {
    body: UpdateViewBody,
    handle: async ({ shop, params, body }) => ({
      view: await updateLibraryView(shop.id, readIdParam(params.viewId, "viewId"), { name: body.name, query: body.query }),
    }),
  },
  DELETE: {
    handle: async ({ shop, params }) => {
      await deleteLibraryView(shop.id, readIdParam(params.viewId, "viewId"));
      return { deleted: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
