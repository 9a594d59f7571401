/**
 * The failures Apify actors report inside their datasets, as the importers'
 * failure kinds (was in app/rules/domain-errors.ts; platform knowledge belongs
 * with the platforms, issue 26 item 1).
 */
import type { ImportFailure, ImportFailureKind } from "~/contracts/platforms";
import { FAILURE_TEXT_MAX, cleanText, field, isItem, type Item } from "./normalize";

/**
 * Actors report an account or post they could not scrape as a dataset item
 * carrying an error, not as a failed run. What we know of those items
 * (assumptions, recorded in docs/decisions/007-platform-importers.md):
 *
 * - apify/instagram-reel-scraper and apify/instagram-scraper push
 *   `{ error: "no_items", errorDescription: "Empty or private data for provided input", inputUrl, ... }`
 *   for private accounts, accounts without reels and blocked requests alike
 *   (it cannot tell them apart); we read it as "private", whose advice (make
 *   sure the account is public) fits every case. `error: "not_found"` is read
 *   as a missing account or post.
 * - clockworks/tiktok-scraper pushes one item per input it cannot scrape with
 *   an `error` text (its wording varies between versions), or an item whose
 *   `authorMeta.privateAccount` is true and that has no video id. We classify
 *   by the text: "private", "not found"/"doesn't exist", "no videos".
 *
 * Anything else with an error is kind "failed" with the actor's own words.
 */
const ACTOR_ERROR_CODES: Record<string, ImportFailureKind> = {
  no_items: "private",
  not_found: "not_found",
  restricted_page: "private",
  private: "private",
  private_profile: "private",
};

function actorErrorText(item: Item): string | null {
  for (const key of ["error", "errorMessage", "errorDescription", "message"]) {
    const value = field(item, key);
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** The failure an actor's item reports, or null for an ordinary item. */
export function errorItemFailure(item: unknown, idField: string): ImportFailure | null {
  if (!isItem(item)) return null;
  const error = actorErrorText(item);
  const hasId = field(item, idField) != null && field(item, idField) !== "";
  if (!error) {
    return !hasId && field(item, "authorMeta.privateAccount") === true ? { kind: "private", message: "The account is private" } : null;
  }
  const description = typeof item.errorDescription === "string" && item.errorDescription !== error ? ` (${item.errorDescription})` : "";
  const message = cleanText(`${error}${description}`, FAILURE_TEXT_MAX) ?? "The actor reported an error without a readable reason";
  const code = ACTOR_ERROR_CODES[error.toLowerCase()];
  if (code) return { kind: code, message };
  if (/private|restricted|login required/i.test(message)) return { kind: "private", message };
  if (/not[ _-]?found|doesn'?t exist|does not exist|no such|unavailable|removed|deleted|404/i.test(message)) return { kind: "not_found", message };
  if (/no (?:videos|posts|reels|items)|empty/i.test(message)) return { kind: "empty", message };
  return { kind: "failed", message };
}
