/**
 * The domain's refusals, typed so routes can answer them without parsing
 * messages: a record that is not the shop's (404, indistinguishable from a
 * missing one), input the domain refuses (400), the Free plan limit (403), an
 * import that cannot start at all (400 or 503). Messages are merchant-readable.
 */
import { LIBRARY_TEXT } from "~/messages";
import type { ImportFailureKind } from "~/platforms/types";

/** Not found, or belongs to another shop: the same answer, so nothing leaks. */
export class RecordNotFoundError extends Error {
  constructor(readonly record: string) {
    super(`${record} not found`);
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

/** Prisma's unique-constraint violation (both providers report P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}
