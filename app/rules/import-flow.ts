/**
 * Pure rules of the Import modal and of import jobs (spec 2, 5, 8): what the
 * form sends, when Find is enabled, and what the merchant reads when a job ends.
 * Client-safe, no React.
 */
import type { ErrorContext } from "~/messages";
import { ERROR_MAPPER, IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT, IMPORT_TEXT, LIBRARY_TEXT, channelImported, channelSynced } from "~/messages";
import type { ImportMethod, PlatformId } from "~/contracts/platforms";
import type { ImportJobDto, ImportJobKind } from "./api-types";
import { describeError, formatMappedError } from "./error-mapper";
import { rulesOutcomeText } from "./auto-approve";
import { tallyLinks } from "./link-list";

/** Spec 5: "@" is stripped from a username; a URL is sent as typed, trimmed. */
export function normalizeImportValue(value: string, method: ImportMethod): string {
  const trimmed = value.trim();
  return method === "username" ? trimmed.replace(/^@+/, "").trim() : trimmed;
}

/** Spec 5: Find is disabled unless the value is non-empty and the permission box is checked. */
export function canFind(value: string, method: ImportMethod, permissionConfirmed: boolean): boolean {
  return permissionConfirmed && normalizeImportValue(value, method).length > 0;
}

export function isJobRunning(job: Pick<ImportJobDto, "status">): boolean {
  return job.status === "queued" || job.status === "running";
}

const ERROR_CONTEXT: Record<ImportJobKind, ErrorContext> = {
  channel: "channel",
  single: "video",
  sync: "sync",
  links: "video",
};

/** The mapper context of an import's failures: channel, video or sync. */
export function importErrorContext(kind: ImportJobKind): ErrorContext {
  return ERROR_CONTEXT[kind];
}

/**
 * Spec 8 success texts: channel import, single video (or pin), resync. An
 * import that added nothing says so instead of claiming an addition: the post
 * is already in the library, or the account has nothing new. (A resync's
 * "0 new videos added" is already true.)
 */
export function jobSuccessMessage(job: Pick<ImportJobDto, "kind" | "platform" | "input" | "videos_added" | "links" | "photo_posts_skipped">): string {
  const pin = job.platform === ("pinterest" satisfies PlatformId);
  switch (job.kind) {
    case "channel":
      return withPhotoPostsSkipped(job.videos_added > 0 ? channelImported(job.videos_added, job.input) : IMPORT_TEXT.nothingNew(job.input), job);
    case "sync":
      return withPhotoPostsSkipped(channelSynced(job.input, job.videos_added), job);
    case "single":
      if (job.videos_added === 0) return IMPORT_TEXT.alreadyInLibrary(pin ? "pin" : "video");
      return pin ? LIBRARY_TEXT.pinAdded : LIBRARY_TEXT.videoAdded;
    case "links": {
      const tally = tallyLinks(job.links ?? []);
      return IMPORT_LINKS_TEXT.summary(tally.added, tally.already, tally.failed);
    }
  }
}

/** An account import's text, then the photo posts it skipped (decision 081): spec 8's text stays as it is, first. */
function withPhotoPostsSkipped(text: string, job: Pick<ImportJobDto, "photo_posts_skipped">): string {
  const skipped = job.photo_posts_skipped ?? 0;
  if (skipped <= 0) return text;
  return `${text}${/[.!?]$/.test(text) ? "" : "."} ${IMPORT_JOB_TEXT.photoPostsSkipped(skipped)}`;
}

/** How many videos a failed job kept, in words; null when it kept none. */
function keptVideosNote(saved: number): string | null {
  if (saved <= 0) return null;
  return IMPORT_TEXT.keptVideos(saved);
}

/**
 * A failed job through the generic mapper ("<title>: <message>"); a job that
 * failed part-way also says what was kept.
 */
export function jobFailureMessage(job: Pick<ImportJobDto, "kind" | "error" | "error_kind" | "videos_added">): string {
  // A run that outlived its time limit is a timeout even when its message does not say "timeout".
  const text = job.error_kind === "timeout" ? formatMappedError(ERROR_MAPPER.timeout) : describeError(new Error(job.error ?? ""), importErrorContext(job.kind));
  const kept = keptVideosNote(job.videos_added);
  if (!kept) return text;
  return /[.!?]$/.test(text) ? `${text} ${kept}` : `${text}. ${kept}`;
}

export interface JobOutcome {
  /** info: the import ran but added nothing (nothing new, or stopped by the merchant); warning: some links failed, others did not. */
  tone: "success" | "info" | "warning" | "critical";
  message: string;
}

/** A links job that ran through: as good as its links (decision 056). */
function linksOutcome(job: ImportJobDto): JobOutcome {
  const tally = tallyLinks(job.links ?? []);
  const message = jobSuccessMessage(job);
  if (tally.failed === 0) return { tone: tally.added > 0 ? "success" : "info", message };
  return { tone: tally.added + tally.already > 0 ? "warning" : "critical", message };
}

export function jobOutcome(job: ImportJobDto): JobOutcome {
  const outcome = jobOwnOutcome(job);
  // Then what the auto-approve rules did with the videos it added (decision 054).
  const rules =
    job.videos_added > 0 ? rulesOutcomeText(job.rules && { approved: job.rules.approved, held: job.rules.held, overLimit: job.rules.over_limit }) : null;
  return rules ? { ...outcome, message: `${outcome.message}${/[.!?]$/.test(outcome.message) ? "" : "."} ${rules}` } : outcome;
}

function jobOwnOutcome(job: ImportJobDto): JobOutcome {
  if (job.status === "cancelled") return { tone: "info", message: IMPORT_TEXT.cancelled(job.videos_added) };
  if (job.status !== "succeeded") return { tone: "critical", message: jobFailureMessage(job) };
  if (job.kind === "links") return linksOutcome(job);
  const nothingAdded = job.videos_added === 0 && job.kind !== "sync";
  return { tone: nothingAdded ? "info" : "success", message: jobSuccessMessage(job) };
}

/**
 * Whether the library offers "Tag suggested products" for a finished import's
 * videos (decision 078): it added some, whatever its end (a failed or
 * cancelled import keeps what it saved).
 */
export function offersImportReview(job: Pick<ImportJobDto, "status" | "videos_added">): boolean {
  return !isJobRunning(job) && job.videos_added > 0;
}

/** Progress line of a running job, e.g. "Fetched 12 of 30 · saved 10". */
export function jobProgressText(job: Pick<ImportJobDto, "status" | "progress" | "kind">): string {
  if (job.status === "queued") return IMPORT_TEXT.waitingToStart;
  if (job.kind === "links") return IMPORT_LINKS_TEXT.progress(job.progress.saved, job.progress.total ?? 0);
  const { fetched, saved, total } = job.progress;
  return IMPORT_TEXT.jobProgress(fetched, total, saved);
}

/** 0-100 when the total is known, else null (indeterminate). */
export function jobProgressPercent(job: Pick<ImportJobDto, "progress">): number | null {
  const { saved, total } = job.progress;
  if (!total) return null;
  return Math.max(0, Math.min(100, Math.round((saved / total) * 100)));
}

/** What a job imports, for the progress list: "@user" or the URL. */
export function jobSubject(job: Pick<ImportJobDto, "kind" | "input" | "progress">): string {
  if (job.kind === "links") return IMPORT_LINKS_TEXT.jobSubject(job.progress.total ?? job.input.split("\n").length);
  return job.kind === "single" ? job.input : `@${job.input}`;
}
