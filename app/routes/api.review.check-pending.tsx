import { apiRoute } from "~/http/api-route.server";
import { pendingReviewPrompts } from "~/models/review-prompts.server";

/** GET /api/review/check-pending?shopId=: { has15DayPrompt, has30DayPrompt } (spec 7). */
const route = apiRoute({
  GET: { handle: ({ shop }) => pendingReviewPrompts(shop.id) },
});

export const loader = route.loader;
export const action = route.action;
