import { z } from "zod";
import { SUGGESTION_REVIEW_MAX_VIDEOS } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
import { PRODUCT_GID_PATTERN } from "~/models/tags.server";
import { catalogueReadiness, suggestionsState } from "~/models/catalogue-readiness.server";
import { suggestionsForVideos, tagSuggestedProducts } from "~/models/suggestions.server";
import { idInput } from "~/rules/text-input";

// A NUL or a lone surrogate would reach the database and fail there (500): refused here with a 400 naming it (decision 021).
const VideoId = idInput("videoId").trim().min(1).max(64);

const SuggestionsBody = z.discriminatedUnion("intent", [
  // The review: the chosen videos with their suggestions; nothing is tagged.
  z.object({ intent: z.literal("review"), shopId: z.string().optional(), videoIds: z.array(VideoId).min(1).max(SUGGESTION_REVIEW_MAX_VIDEOS) }),
  // The merchant's confirmation: exactly the pairs left checked.
  z.object({
    intent: z.literal("tag"),
    shopId: z.string().optional(),
    tags: z
      .array(z.object({ videoId: VideoId, productId: z.string().trim().regex(PRODUCT_GID_PATTERN, "productId must be a Shopify product id") }))
      .min(1)
      .max(SUGGESTION_REVIEW_MAX_VIDEOS * 3),
  }),
]);

/**
 * POST /api/suggestions (decision 053), the library's "Tag suggested products":
 * {intent: "review", videoIds} answers { videos: [{video_id, suggestions}], catalogue } (catalogue as
 * GET /api/videos/{id}/suggestions answers it);
 * {intent: "tag", tags: [{videoId, productId}]} tags those pairs and answers { tagged }.
 */
const route = apiRoute({
  POST: {
    body: SuggestionsBody,
    handle: async ({ shop, admin, body }) => {
      if (body.intent === "tag") return tagSuggestedProducts(shop.id, body.tags);
      const [{ videos, indexBuilding }, readiness] = await Promise.all([
        suggestionsForVideos(shop.id, body.videoIds, admin.graphql),
        catalogueReadiness(shop.id),
      ]);
      return { videos, catalogue: suggestionsState(readiness, indexBuilding) };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
