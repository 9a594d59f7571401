/**
 * App-store review prompts (spec 4): which prompts a shop has been shown.
 * Each type is shown at most once per shop (unique key), so recording twice
 * (two tabs, a retry) changes nothing.
 */
import { prisma } from "~/db.server";
import { REVIEW_PROMPT_DAYS, type ReviewPromptType } from "~/constants";
import type { PendingReviewPromptsDto } from "~/rules/api-types";
import { DAY_MS } from "~/rules/time";

export async function markReviewPromptShown(shopId: string, promptType: ReviewPromptType): Promise<void> {
  await prisma.reviewPrompt.upsert({
    where: { shopId_promptType: { shopId, promptType } },
    create: { shopId, promptType },
    update: {},
  });
}

const [FIRST_PROMPT_DAYS, SECOND_PROMPT_DAYS] = REVIEW_PROMPT_DAYS;

/**
 * Which of the timed prompts (spec 4, 9: 15 and 30 days) are due: counted from
 * the shop's first activity (first approval or widget install) or, before any,
 * from the install, and only while not yet shown. The app shows at most one
 * per load and the 15-day one first; an uninstalled shop is never due.
 */
export async function pendingReviewPrompts(shopId: string, now = new Date()): Promise<PendingReviewPromptsDto> {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { installedAt: true, firstActiveAt: true, uninstalledAt: true, reviewPrompts: { select: { promptType: true } } },
  });
  if (!shop || shop.uninstalledAt) return { has15DayPrompt: false, has30DayPrompt: false };
  const since = (shop.firstActiveAt ?? shop.installedAt).getTime();
  const shown = new Set(shop.reviewPrompts.map((prompt) => prompt.promptType));
  const due = (days: number, type: ReviewPromptType) => now.getTime() - since >= days * DAY_MS && !shown.has(type);
  return { has15DayPrompt: due(FIRST_PROMPT_DAYS, "15_days"), has30DayPrompt: due(SECOND_PROMPT_DAYS, "30_days") };
}
