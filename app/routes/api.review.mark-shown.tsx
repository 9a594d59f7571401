import { z } from "zod";
import { apiRoute } from "~/http/api-route.server";
import { REVIEW_PROMPT_TYPES } from "~/constants";
import { markReviewPromptShown } from "~/models/review-prompts.server";

const MarkShownBody = z.object({ shopId: z.string().optional(), promptType: z.enum(REVIEW_PROMPT_TYPES) });

/** POST /api/review/mark-shown {shopId, promptType}: records that the prompt was shown. */
const route = apiRoute({
  POST: {
    body: MarkShownBody,
    handle: async ({ shop, body }) => {
      await markReviewPromptShown(shop.id, body.promptType);
      return { recorded: true };
    },
  },
});

export const loader = route.loader;
export const action = route.action;
