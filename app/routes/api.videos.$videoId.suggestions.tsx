import { apiRoute } from "~/http/api-route.server";
import { readIdParam } from "~/http/request-input.server";
import { catalogueReadiness, suggestionsState } from "~/models/catalogue-readiness.server";
import { suggestionsForVideo } from "~/models/suggestions.server";

/**
 * GET /api/videos/{videoId}/suggestions?shopId= : { suggestions, catalogue }
 * (decision 053): the products Clipcart suggests for the video, best first,
 * without those already tagged; `catalogue` is "reading" until the shop's
 * catalogue was read once, "building" while this instance builds the shop's
 * suggestion index (decision 059; the dialog asks again in both), then "ready".
 */
const route = apiRoute({
  GET: {
    handle: async ({ shop, admin, params }) => {
      const [{ suggestions, indexBuilding }, readiness] = await Promise.all([
        suggestionsForVideo(shop.id, readIdParam(params.videoId, "videoId"), admin.graphql),
        catalogueReadiness(shop.id),
      ]);
      return { suggestions, catalogue: suggestionsState(readiness, indexBuilding) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
