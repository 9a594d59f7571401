import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { removeProductTag } from "~/models/tags.server";

/** DELETE /api/videos/tags/{tagId}?shopId= */
const route = apiRoute({
  DELETE: {
    handle: async ({ shop, params }) => {
      await removeProductTag(shop.id, readIdParam(params.tagId, "tagId"));
      return { deleted: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
