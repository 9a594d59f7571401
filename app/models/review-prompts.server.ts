/**
 * App-store review prompts (spec 4): which prompts a shop has been shown.
 * Each type is shown at most once per shop (unique key), so recording twice
 * (two tabs, a retry) changes nothing.
 */
import { prisma } from "~/db.server";

export const REVIEW_PROMPT_TYPES = ["widget_install", "15_days", "30_days"] as const;
export type ReviewPromptType = (typeof REVIEW_PROMPT_TYPES)[number];

export async function markReviewPromptShown(shopId: string, promptType: ReviewPromptType): Promise<void> {
  await prisma.reviewPrompt.upsert({
    where: { shopId_promptType: { shopId, promptType } },
    create: { shopId, promptType },
    update: {},
  });
}
