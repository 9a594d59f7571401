/**
 * Imports run as jobs: an ImportJob row the merchant can watch (progress,
 * result, failure), so the request that started it answers at once and the
 * import survives the merchant leaving the page
 * (docs/decisions/008-video-library-jobs-and-free-limit.md). This module is
 * the jobs' data: creating one (enqueueImport, which hands it to this
 * process's runner, app/jobs/import-runner.server.ts), reading them, and
 * failing the ones nobody will finish.
 *
 * No job stays "running" (decision 023). Each process touches its jobs' rows
 * every HEARTBEAT_MS; a queued/running job not touched for STALE_AFTER_MS (its
 * process died: a crash or a deploy) is failed as interrupted, and one still
 * running JOB_OVERDUE_MS after it started (its runner is stuck) is failed as
 * timed out. The watchdog of every process that runs jobs
 * (app/jobs/import-job-watchdog.server.ts) does this every
 * WATCHDOG_INTERVAL_MS, and reading a job does it too. We fail instead of
 * re-queuing: re-running could bill another actor run for an import the
 * merchant may already have retried, and a job that kills its process would
 * loop. The merchant retries with one click; it is idempotent.
 */
import { prisma, type ImportJob, type Prisma } from "~/db.server";
import type { ImportJobDto, ImportJobKind, ImportJobStatus } from "~/rules/api-types";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT, LIBRARY_TEXT } from "~/messages";
import { ImportError, type ImportFailure, type ImportFailureKind, type PlatformId, type PlatformImporter } from "~/contracts/platforms";
import { channelUsernameKey, recordChannelSync } from "~/models/channels.server";
import { DomainValidationError, ImportLimitError, ImportUnavailableError, RecordNotFoundError } from "~/rules/domain-errors";
import { IMPORT_CAPS } from "~/constants";
import { parseLinkResults, pastedLinksProblem, readPastedLinks, type LinkResult } from "~/rules/link-list";
import { PLATFORMS } from "~/platforms/config";
import { parseVideoUrl, platformOfLink } from "~/rules/platform-urls";
import { ACTIVE_IMPORT_STATUSES, JOB_OVERDUE_MS, STALE_AFTER_MS } from "./import-job-limits.server";
import { importRunnerHere } from "./background-work.server";

/** Finished jobs stay in the active list this long, so the page shows the result after navigating back. */
export const RECENTLY_FINISHED_MS = 60_000;

// ---------------------------------------------------------------- DTO

export function toImportJobDto(job: ImportJob): ImportJobDto {
  return {
    id: job.id,
    kind: job.kind as ImportJobKind,
    platform: job.platform as PlatformId,
    input: job.input,
    channel_id: job.channelId,
    status: job.status as ImportJobStatus,
    progress: { fetched: job.progressFetched, saved: job.progressDone, total: job.progressTotal },
    videos_added: job.videosAdded,
    rules: { approved: job.rulesApproved, held: job.rulesHeld, over_limit: job.rulesOverLimit },
    ...(job.photoPostsSkipped > 0 ? { photo_posts_skipped: job.photoPostsSkipped } : {}),
    error: job.error,
    error_kind: (job.errorKind as ImportFailureKind | null) ?? null,
    ...(job.kind === "links" ? { links: parseLinkResults(job.links) } : {}),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- enqueue

export interface EnqueueImportInput {
  shopId: string;
  kind: ImportJobKind;
  platform: PlatformId;
  /** channel: the username (with or without "@"); single: the video URL; sync: ignored (the channel's username). */
  input: string;
  /** sync: the connected account to refresh. */
  channelId?: string | null;
  trigger?: "manual" | "auto";
}

/**
 * Refuses an import that cannot run at all, before a job exists: an unknown or
 * disabled platform (Coming Soon), a method the platform does not offer
 * (Pinterest accounts), or no Apify token.
 */
export function importerReadyFor(platform: PlatformId, kind: ImportJobKind): PlatformImporter {
  let importer: PlatformImporter;
  try {
    importer = importRunnerHere().importerFor(platform);
  } catch (error) {
    if (error instanceof ImportError) throw new ImportUnavailableError(error.kind, error.message);
    throw error;
  }
  const { config } = importer;
  if (!config.enabled) throw new ImportUnavailableError("invalid_input", IMPORT_JOB_TEXT.platformNotAvailable(config.label, config.name));
  if (kind === "single" ? !config.features.singleVideos : !config.features.channels) {
    throw new ImportUnavailableError("invalid_input", IMPORT_JOB_TEXT.methodNotSupported(config.name, kind === "single" ? "single videos" : "accounts"));
  }
  const failure = importRunnerHere().readinessOf(importer);
  if (failure) throw new ImportUnavailableError(failure.kind, failure.message);
  return importer;
}

/**
 * Refuses one import more than the shop's plan runs at once (decision 061):
 * the merchant's imports queued or running that may still finish are counted
 * (Premium's auto-syncs are not). Called inside the enqueue transaction,
 * which holds the shop's row, so requests racing on several app instances
 * are counted one after another.
 */
async function refuseImportOverCap(tx: Prisma.TransactionClient, shopId: string): Promise<void> {
  const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true } });
  const plan = shop.plan === "premium" ? "premium" : "free";
  const active = await tx.importJob.findMany({
    where: { shopId, trigger: "manual", status: { in: ACTIVE_IMPORT_STATUSES } },
    select: { id: true, status: true, updatedAt: true, startedAt: true },
  });
  if (active.filter((job) => !abandonmentOf(job)).length >= IMPORT_CAPS[plan].imports) {
    throw new ImportLimitError(IMPORT_JOB_TEXT.tooManyImports(plan));
  }
}

/**
 * Creates an ImportJob and starts it in this process without waiting for it.
 * The same import already queued or running (the merchant clicked twice, or
 * resynced an account that is still importing) answers that job instead. A
 * new one the merchant asks for beyond the plan's imports at once is refused
 * (ImportLimitError).
 */
export async function enqueueImport(request: EnqueueImportInput): Promise<ImportJobDto> {
  importerReadyFor(request.platform, request.kind);
  let input = request.input.trim();
  let channelId = request.channelId ?? null;
  if (request.kind === "sync") {
    if (!channelId) throw new RecordNotFoundError("Channel");
    const channel = await prisma.channel.findFirst({ where: { id: channelId, shopId: request.shopId } });
    if (!channel) throw new RecordNotFoundError("Channel");
    input = channel.username;
  } else if (request.kind === "channel") {
    input = channelUsernameKey(input);
    // Importing an account that is already connected refreshes it: the job is bound to it, so removing it meanwhile wins.
    const connected = await prisma.channel.findUnique({
      where: { shopId_platform_username: { shopId: request.shopId, platform: request.platform, username: input } },
      select: { id: true },
    });
    channelId = connected?.id ?? null;
  }

  // The check and the create hold the shop's row lock (PostgreSQL) or the write lock (SQLite): the same import
  // asked twice at once, of two app instances, starts one job (decision 025).
  const { job, existing } = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "Shop" SET "plan" = "plan" WHERE "id" = ${request.shopId}`;
    const sameImport = await tx.importJob.findFirst({
      where: {
        shopId: request.shopId,
        platform: request.platform,
        input,
        kind: request.kind === "single" ? "single" : { in: ["channel", "sync"] },
        status: { in: ACTIVE_IMPORT_STATUSES },
      },
      orderBy: { createdAt: "desc" },
    });
    if (sameImport && !abandonmentOf(sameImport) && importsInto(sameImport, channelId)) return { job: sameImport, existing: true };
    if ((request.trigger ?? "manual") === "manual") await refuseImportOverCap(tx, request.shopId);
    const created = await tx.importJob.create({
      data: {
        shopId: request.shopId,
        kind: request.kind,
        trigger: request.trigger ?? "manual",
        platform: request.platform,
        input,
        channelId,
      },
    });
    return { job: created, existing: false };
  });
  if (existing) return toImportJobDto(job);
  importRunnerHere().run(job.id, channelId);
  return toImportJobDto(job);
}

// ---------------------------------------------------------------- many links at once (decision 056)

/**
 * A pasted link as the job starts it: pending, or failed at once when nothing
 * can import it (another website, a Coming Soon platform, a platform link that
 * is not a video, an importer that cannot run).
 */
function linkAtStart(url: string): LinkResult {
  const platform = platformOfLink(url);
  const failed = (reason: string): LinkResult => ({ url, platform, status: "failed", reason });
  if (!platform) return failed(IMPORT_LINKS_TEXT.unknownSite);
  try {
    importerReadyFor(platform, "single");
  } catch (error) {
    if (error instanceof ImportUnavailableError) return failed(error.message);
    throw error;
  }
  if (!parseVideoUrl(platform, url)) return failed(IMPORT_LINKS_TEXT.notVideoLink(PLATFORMS[platform].name, platform === "pinterest" ? "pin" : "video"));
  return { url, platform, status: "pending", reason: null };
}

export interface EnqueueLinksInput {
  shopId: string;
  /** Where the merchant started it (the Import modal's platform); each link's own platform comes from its host. */
  platform: PlatformId;
  links: readonly string[];
}

/**
 * Starts one job for several pasted links of any platforms (issue 16). The
 * links are read again as the modal reads them (repeats collapse; a line that
 * is not a link, or more than IMPORT_LINKS_MAX, is refused with the modal's
 * message). The same list already importing answers that job; a new one
 * beyond the plan's imports at once is refused (ImportLimitError).
 */
export async function enqueueLinksImport(request: EnqueueLinksInput): Promise<ImportJobDto> {
  const pasted = readPastedLinks(request.links.join("\n"));
  const problem = pastedLinksProblem(pasted);
  if (problem) throw new DomainValidationError(problem);
  if (!pasted.links.length) throw new DomainValidationError(IMPORT_LINKS_TEXT.notLinks([1]));
  const links = pasted.links.map(linkAtStart);
  const input = pasted.links.join("\n");
  const { job, existing } = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "Shop" SET "plan" = "plan" WHERE "id" = ${request.shopId}`;
    const sameImport = await tx.importJob.findFirst({
      where: { shopId: request.shopId, kind: "links", input, status: { in: ACTIVE_IMPORT_STATUSES } },
      orderBy: { createdAt: "desc" },
    });
    if (sameImport && !abandonmentOf(sameImport)) return { job: sameImport, existing: true };
    await refuseImportOverCap(tx, request.shopId);
    const created = await tx.importJob.create({
      data: {
        shopId: request.shopId,
        kind: "links",
        trigger: "manual",
        platform: request.platform,
        input,
        links: JSON.stringify(links),
        progressTotal: links.length,
      },
    });
    return { job: created, existing: false };
  });
  if (!existing) importRunnerHere().run(job.id, null);
  return toImportJobDto(job);
}

/**
 * Whether an active job still imports into `channelId` (the account connected
 * under that name now, or null): a job whose account was removed since it was
 * asked for will fail, so asking again starts a new one.
 */
function importsInto(job: ImportJob, channelId: string | null): boolean {
  if (job.kind === "single") return true;
  if (job.kind === "sync" && !job.channelId) return false;
  const accountHere = importRunnerHere().accountOf(job.id);
  if (accountHere !== undefined && accountHere !== job.channelId) return false;
  return job.channelId === channelId;
}

// ---------------------------------------------------------------- reading, and failing what nobody will finish

/** Why nobody will finish this job, or null while it may still finish: its process died, or its runner is stuck. */
function abandonmentOf(job: Pick<ImportJob, "id" | "status" | "updatedAt" | "startedAt">, now = Date.now()): ImportFailure | null {
  if (!ACTIVE_IMPORT_STATUSES.includes(job.status as ImportJobStatus)) return null;
  if (job.status === "running" && job.startedAt && now - job.startedAt.getTime() > JOB_OVERDUE_MS) {
    return { kind: "timeout", message: LIBRARY_TEXT.importTimedOut };
  }
  if (!importRunnerHere().runs(job.id) && now - job.updatedAt.getTime() > STALE_AFTER_MS) return { kind: "failed", message: LIBRARY_TEXT.importInterrupted };
  return null;
}

/** abandonmentOf as a condition, re-checked by the UPDATE itself, so a job that came back to life meanwhile is never touched. */
function abandonedWhere(failure: ImportFailure, now: number): Prisma.ImportJobWhereInput {
  return failure.kind === "timeout"
    ? { status: "running", startedAt: { lt: new Date(now - JOB_OVERDUE_MS) } }
    : { status: { in: ACTIVE_IMPORT_STATUSES }, updatedAt: { lt: new Date(now - STALE_AFTER_MS) }, id: { notIn: importRunnerHere().jobs() } };
}

/**
 * Fails the given jobs that nobody will finish, and records the failure on
 * their account as a failed sync (the merchant sees why, and an auto-sync is
 * retried with backoff instead of waiting out its claim).
 */
async function failAbandonedJobs(jobs: ImportJob[], now = Date.now()): Promise<{ current: ImportJob[]; failedCount: number }> {
  const current = new Map<string, ImportJob>();
  const readAgain: string[] = [];
  for (const job of jobs) {
    const failure = abandonmentOf(job, now);
    if (!failure) continue;
    const data = { status: "failed", error: failure.message, errorKind: failure.kind, finishedAt: new Date(now) } as const;
    const { count } = await prisma.importJob.updateMany({ where: { AND: [{ id: job.id }, abandonedWhere(failure, now)] }, data });
    if (!count) {
      // Touched by its runner, or finished, since it was read.
      readAgain.push(job.id);
      continue;
    }
    current.set(job.id, { ...job, ...data });
    if (job.channelId && job.kind !== "single") {
      await recordChannelSync(job.shopId, job.channelId, { error: failure.message }).catch((error: unknown) =>
        console.warn("Could not record the account's interrupted sync", error),
      );
    }
  }
  const failedCount = current.size;
  if (readAgain.length) for (const row of await prisma.importJob.findMany({ where: { id: { in: readAgain } } })) current.set(row.id, row);
  return { current: jobs.map((job) => current.get(job.id) ?? job), failedCount };
}

/**
 * One pass of the watchdog: fails every job of every shop that nobody will
 * finish (see abandonmentOf). Resolves to the number failed.
 */
export async function failInterruptedImportJobs(now = Date.now()): Promise<number> {
  const candidates = await prisma.importJob.findMany({
    where: { OR: [abandonedWhere({ kind: "timeout", message: "" }, now), abandonedWhere({ kind: "failed", message: "" }, now)] },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  return (await failAbandonedJobs(candidates, now)).failedCount;
}

export async function getImportJob(shopId: string, jobId: string): Promise<ImportJobDto> {
  const job = await prisma.importJob.findFirst({ where: { id: jobId, shopId } });
  if (!job) throw new RecordNotFoundError("Import job");
  const [current] = (await failAbandonedJobs([job])).current;
  return toImportJobDto(current ?? job);
}

/**
 * The merchant stops an import: a queued or running job becomes "cancelled"
 * and its runner stops (here at once; in another process at its next write,
 * which requires a running job). Videos it saved stay. An ended job is
 * answered as it is.
 */
export async function cancelImportJob(shopId: string, jobId: string): Promise<ImportJobDto> {
  const job = await prisma.importJob.findFirst({ where: { id: jobId, shopId }, select: { id: true } });
  if (!job) throw new RecordNotFoundError("Import job");
  const { count } = await prisma.importJob.updateMany({
    where: { id: jobId, shopId, status: { in: ACTIVE_IMPORT_STATUSES } },
    data: { status: "cancelled", finishedAt: new Date() },
  });
  if (count) importRunnerHere().cancel(jobId);
  return getImportJob(shopId, jobId);
}

/** Queued and running jobs, and those that finished in the last minute, newest first. */
export async function listActiveImportJobs(shopId: string): Promise<ImportJobDto[]> {
  const jobs = await prisma.importJob.findMany({
    where: {
      shopId,
      OR: [{ status: { in: ACTIVE_IMPORT_STATUSES } }, { finishedAt: { gte: new Date(Date.now() - RECENTLY_FINISHED_MS) } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
  });
  return (await failAbandonedJobs(jobs)).current.map(toImportJobDto);
}

/** The shop's latest jobs, whatever their status. */
export async function listRecentImportJobs(shopId: string, limit = 20): Promise<ImportJobDto[]> {
  const jobs = await prisma.importJob.findMany({ where: { shopId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
  return (await failAbandonedJobs(jobs)).current.map(toImportJobDto);
}
