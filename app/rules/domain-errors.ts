/**
 * The domain's errors, in one client-safe module:
 *
 * - its typed refusals, so the HTTP boundary (app/http/api-errors.server.ts)
 *   answers them without parsing messages: a record that is not the shop's
 *   (404, indistinguishable from a missing one), input the domain refuses
 *   (400), the Free plan limit (403), an import that cannot start at all (400
 *   or 503), one import more than the plan runs at once (429). Messages are
 *   merchant-readable;
 * - the classification of the failures Apify actors report inside their
 *   datasets (errorItemFailure), as the importers' failure kinds.
 *
 * What the merchant reads of a failure is app/rules/error-mapper.ts's job.
 * Decision 028 records why there are these two modules.
 */
import { API_TEXT, LIBRARY_TEXT } from "~/messages";
import { FAILURE_TEXT_MAX, cleanText, field, isItem, type Item } from "~/platforms/normalize";
import type { ImportFailure, ImportFailureKind } from "~/platforms/types";

/** Not found, or belongs to another shop: the same answer, so nothing leaks. */
export class RecordNotFoundError extends Error {
  constructor(readonly record: string) {
    super(API_TEXT.recordNotFound(record));
    this.name = "RecordNotFoundError";
  }
}

/** Input the domain refuses (a duplicate view name, an unchanged rename, ...). */
export class DomainValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DomainValidationError";
  }
}

/** Spec 9: a Free shop may have at most 5 approved videos. The message is the spec's, verbatim. */
export class FreePlanLimitError extends Error {
  constructor() {
    super(LIBRARY_TEXT.freePlanLimit);
    this.name = "FreePlanLimitError";
  }
}

/**
 * An import refused before a job is queued: the platform is disabled (Coming
 * Soon), does not offer that import method, or the importer cannot run at all
 * (no Apify token). `kind` is the importer's failure kind, for the UI's mapper.
 */
export class ImportUnavailableError extends Error {
  constructor(
    readonly kind: ImportFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "ImportUnavailableError";
  }
}

/** The shop already has as many imports in progress as its plan runs at once (decision 061): 429, with the message. */
export class ImportLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportLimitError";
  }
}

/** Prisma's unique-constraint violation (both providers report P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}

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
