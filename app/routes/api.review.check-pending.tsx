import { apiRoute } from "~/http/api-route.server";
import { pendingReviewPrompts } from "~/models/review-prompts.server";

/** GET /api/review/check-pending?shopId=: { has15DayPrompt, has30DayPrompt } (spec 7). */
export const { loader, action } = apiRoute({
  GET: { handle: ({ shop }) => pendingReviewPrompts(shop.id) },
});
