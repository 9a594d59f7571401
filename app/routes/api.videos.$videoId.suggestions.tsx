import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiShop } from "~/http/api.server";
import { callModel, shopIdFromQuery } from "~/http/api-errors.server";
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
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop, admin } = await requireApiShop(request, shopIdFromQuery(request));
  const videoId = readIdParam(params.videoId, "videoId");
  const [{ suggestions, indexBuilding }, readiness] = await Promise.all([
    callModel(() => suggestionsForVideo(shop.id, videoId, admin.graphql)),
    catalogueReadiness(shop.id),
  ]);
  return json({ suggestions, catalogue: suggestionsState(readiness, indexBuilding) });
}
