/**
 * The failures Apify actors report inside their datasets, as the importers'
 * failure kinds (was in app/rules/domain-errors.ts; platform knowledge belongs
 * with the platforms, issue 26 item 1).
 */
import type { ImportFailure, ImportFailureKind } from "~/contracts/platforms";
import { IMPORT_JOB_TEXT } from "~/messages";
import { FAILURE_TEXT_MAX, cleanText, field, isItem, type Item } from "./normalize";

/**
 * Actors report an account or post they could not scrape as a dataset item
 * carrying an error, not as a failed run. What we know of those items
 * (assumptions, recorded in docs/decisions/007-platform-importers.md):
 *
 * - apify/instagram-reel-scraper and apify/instagram-scraper push
 *   `{ url, inputUrl, error: "no_items", errorDescription: "Empty or private data for provided input" }`
 *   for private accounts, accounts without reels and blocked requests alike
 *   (it cannot tell them apart, issue 28); we read it as "private".
 *   `error: "not_found"` is read as a missing account or post.
 * - clockworks/tiktok-scraper pushes one item per input it cannot scrape with
 *   an `error` text (its wording varies between versions), or an item whose
 *   `authorMeta.privateAccount` is true and that has no video id. We classify
 *   by the text: "private", "not found"/"doesn't exist", "no videos".
 *
 * Anything else with an error is kind "failed". The merchant reads spec 8's
 * words for the case (decision 081): an account the actor found private or
 * empty "may be private or temporarily unavailable", an account that does not
 * exist "check that the username is correct", a post "check that the URL is
 * valid and the video is publicly accessible", anything else "try again
 * later"; the actor's own words go to the server log (`detail`).
 */
const ACTOR_ERROR_CODES: Record<string, ImportFailureKind> = {
  no_items: "private",
  not_found: "not_found",
  restricted_page: "private",
  private: "private",
  private_profile: "private",
};

/** What the error item was about: an account (a channel import or resync) or a post (a video URL). */
export type ErrorItemSubject = "account" | "post";

function actorErrorText(item: Item): string | null {
  for (const key of ["error", "errorMessage", "errorDescription", "message"]) {
    const value = field(item, key);
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

function kindOf(error: string, words: string): ImportFailureKind {
  const code = ACTOR_ERROR_CODES[error.toLowerCase()];
  if (code) return code;
  if (/private|restricted|login required/i.test(words)) return "private";
  if (/not[ _-]?found|doesn'?t exist|does not exist|no such|unavailable|removed|deleted|404/i.test(words)) return "not_found";
  if (/no (?:videos|posts|reels|items)|empty/i.test(words)) return "empty";
  return "failed";
}

/** Spec 8's words for a failure of this kind about this subject. */
function plainReason(kind: ImportFailureKind, subject: ErrorItemSubject): string {
  if (kind === "failed") return IMPORT_JOB_TEXT.sourceFailed;
  if (subject === "post") return IMPORT_JOB_TEXT.postUnavailable;
  return kind === "not_found" ? IMPORT_JOB_TEXT.accountNotFound : IMPORT_JOB_TEXT.accountUnavailable;
}

/**
 * The failure an actor's item reports, or null for an ordinary item.
 * `hasVideoId`: the item names a post (by its id or its page URL).
 */
export function errorItemFailure(item: unknown, hasVideoId: boolean, subject: ErrorItemSubject): ImportFailure | null {
  if (!isItem(item)) return null;
  const error = actorErrorText(item);
  if (!error) {
    if (hasVideoId || field(item, "authorMeta.privateAccount") !== true) return null;
    return { kind: "private", message: plainReason("private", subject), detail: "The actor's item says the account is private" };
  }
  const description = typeof item.errorDescription === "string" && item.errorDescription !== error ? ` (${item.errorDescription})` : "";
  const words = cleanText(`${error}${description}`, FAILURE_TEXT_MAX) ?? "The actor reported an error without a readable reason";
  const kind = kindOf(error, words);
  return { kind, message: plainReason(kind, subject), detail: `The actor's error item: ${words}` };
}
