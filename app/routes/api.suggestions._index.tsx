import { z } from "zod";
import { IMPORT_REVIEW_MAX_VIDEOS, SUGGESTION_REVIEW_MAX_VIDEOS } from "~/constants";
import { apiRoute } from "~/http/api-route.server";
import { PRODUCT_GID_PATTERN } from "~/models/tags.server";
import { catalogueReadiness, suggestionsState } from "~/models/catalogue-readiness.server";
import { suggestionsForImport, suggestionsForVideos, tagSuggestedProducts } from "~/models/suggestions.server";
import { SUGGESTIONS_PER_VIDEO } from "~/suggestions/product-suggestions";
import { idInput } from "~/rules/text-input";

// A NUL or a lone surrogate would reach the database and fail there (500): refused here with a 400 naming it (decision 021).
const VideoId = idInput("videoId").trim().min(1).max(64);

/** The most pairs a confirmation may carry: every suggestion of the largest review. */
const MAX_TAGS = Math.max(SUGGESTION_REVIEW_MAX_VIDEOS, IMPORT_REVIEW_MAX_VIDEOS) * SUGGESTIONS_PER_VIDEO;

const SuggestionsBody = z.discriminatedUnion("intent", [
  // The review: the chosen videos with their suggestions; nothing is tagged.
  z.object({ intent: z.literal("review"), shopId: z.string().optional(), videoIds: z.array(VideoId).min(1).max(SUGGESTION_REVIEW_MAX_VIDEOS) }),
  // The review of a whole import (decision 078): its videos that have suggestions; nothing is tagged.
  z.object({ intent: z.literal("review-import"), shopId: z.string().optional(), importJobId: idInput("importJobId").trim().min(1).max(64) }),
  // The merchant's confirmation: exactly the pairs left checked.
  z.object({
    intent: z.literal("tag"),
    shopId: z.string().optional(),
    tags: z
      .array(z.object({ videoId: VideoId, productId: z.string().trim().regex(PRODUCT_GID_PATTERN, "productId must be a Shopify product id") }))
      .min(1)
      .max(MAX_TAGS),
  }),
]);

/**
 * POST /api/suggestions (decision 053), the library's "Tag suggested products":
 * {intent: "review", videoIds} answers { videos: [{video_id, suggestions}], catalogue } (catalogue as
 * GET /api/videos/{id}/suggestions answers it);
 * {intent: "review-import", importJobId} (decision 078) answers { videos: [{video_id, suggestions, video}],
 * imported, catalogue }: the import's videos that have suggestions, each with the video as the library shows it,
 * and how many videos of the import are in the library (404 for a job of another shop);
 * {intent: "tag", tags: [{videoId, productId}]} tags those pairs and answers { tagged }.
 */
const route = apiRoute({
  POST: {
    body: SuggestionsBody,
    handle: async ({ shop, admin, body }) => {
      if (body.intent === "tag") return tagSuggestedProducts(shop.id, body.tags);
      if (body.intent === "review-import") {
        const [{ videos, imported, indexBuilding }, readiness] = await Promise.all([
          suggestionsForImport(shop.id, body.importJobId, admin.graphql),
          catalogueReadiness(shop.id),
        ]);
        return { videos, imported, catalogue: suggestionsState(readiness, indexBuilding) };
      }
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
