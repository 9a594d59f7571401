/**
 * The domain's errors, in one client-safe module:
 *
 * - its typed refusals, so the HTTP boundary (app/http/api-errors.server.ts)
 *   answers them without parsing messages: a record that is not the shop's
 *   (404, indistinguishable from a missing one), input the domain refuses
 *   (400), the Free plan limit (403), an import that cannot start at all (400
 *   or 503), one import more than the plan runs at once (429). Messages are
 *   merchant-readable. (How the failures Apify actors report inside their
 *   datasets become import failures is app/platforms/actor-failures.ts.)
 *
 * What the merchant reads of a failure is app/rules/error-mapper.ts's job.
 * Decision 028 records why there are these two modules.
 */
import type { ImportFailureKind } from "~/contracts/platforms";
import { API_TEXT, LIBRARY_TEXT } from "~/messages";

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
