/**
 * App-store review prompts (spec 4) in the browser: App Bridge's review
 * request, recorded on the server when Shopify showed it. A refusal, a failure
 * or an admin without the API is ignored: a review prompt never gets in the
 * merchant's way.
 */
import type { ReviewPromptType } from "~/constants";
import { fetchPendingReviewPrompts, markReviewPromptShown } from "./api-client";

type ReviewsApi = { request: () => Promise<{ success?: boolean; code?: string }> };

/** Asks Shopify for the review modal; records it as shown when it was. */
async function askForReview(shopId: string, promptType: ReviewPromptType): Promise<void> {
  try {
    const reviews = (globalThis as { shopify?: { reviews?: ReviewsApi } }).shopify?.reviews;
    const result = await reviews?.request();
    if (result?.success) await markReviewPromptShown(shopId, promptType);
  } catch (error) {
    console.warn("Review prompt not shown", error);
  }
}

// A visit is one load of the app's frame: module state lives exactly that long.
let installPromptAskedThisVisit = false;

/**
 * After a widget install (spec 4, widget_install): asked at most once per
 * visit, so installing several widgets in a row does not put Shopify's review
 * modal in front of the merchant again and again.
 */
export async function requestInstallReviewPrompt(shopId: string): Promise<void> {
  if (installPromptAskedThisVisit) return;
  installPromptAskedThisVisit = true;
  await askForReview(shopId, "widget_install");
}

// Once per load of the app (a full load of its frame), not per page.
let checkedThisLoad = false;

/** On app load: the due timed prompt, the 15-day one before the 30-day one, at most one. */
export async function showDueReviewPrompt(shopId: string): Promise<void> {
  if (checkedThisLoad) return;
  checkedThisLoad = true;
  try {
    const pending = await fetchPendingReviewPrompts(shopId);
    if (pending.has15DayPrompt) await askForReview(shopId, "15_days");
    else if (pending.has30DayPrompt) await askForReview(shopId, "30_days");
  } catch (error) {
    console.warn("Review prompts not checked", error);
  }
}
