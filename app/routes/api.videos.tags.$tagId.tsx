import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { removeProductTag } from "~/models/tags.server";

/** DELETE /api/videos/tags/{tagId}?shopId= */
export const { loader, action } = apiRoute({
  DELETE: {
    handle: async ({ shop, params }) => {
      await removeProductTag(shop.id, readIdParam(params.tagId, "tagId"));
      return { deleted: true };
    },
  },
});
