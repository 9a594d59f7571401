/**
 * One import job's steps (decision 008, 023), run by the import runner
 * (import-runner.server.ts, which schedules them): a job saves what it fetched
 * as it goes; a failure part-way keeps those videos and records the
 * importer's failure kind and message. Its writes are conditional on the job
 * still running and on its account still existing, and its end is written
 * with retries.
 */
import { prisma, type ImportJob, type Prisma } from "~/db.server";
import { IMPORT_JOB_TEXT, LIBRARY_TEXT } from "~/messages";
import { CHANNEL_IMPORT_LIMIT } from "~/constants";
import { ImportError, type ImportedVideo, type ImportFailure, type PlatformId, type PlatformImporter } from "~/contracts/platforms";
import { channelExists, recordChannelSync, refreshChannelFromImport, upsertChannelFromImport } from "~/models/channels.server";
import { ImportUnavailableError } from "~/rules/domain-errors";
import { keepThumbnailCopies } from "~/models/thumbnail-copies.server";
import { saveImportedVideos } from "~/models/videos.server";
import { applyAutoApproveRules } from "~/models/auto-approve-rules.server";
import { withActorRunSlot } from "~/models/actor-run-slots.server";
import { NO_RULES_OUTCOME, addRulesOutcomes } from "~/rules/auto-approve";
import { parseLinkResults } from "~/rules/link-list";
import { importLinks } from "./link-import.server";
import { scheduleStorefrontPublish } from "~/models/storefront-publishing.server";
import { mirrorApprovedVideos } from "./video-mirror.server";
import { JOB_TIME_LIMIT_MS } from "~/models/import-job-limits.server";
import type { AdminGraphql } from "~/shopify/admin-gateway.server";

/** What the runner gives each job: declared here, below the runner that schedules jobs, so the two never import each other. */
export interface ImportRunnerOptions {
  /** The platform's importer (tests inject a fake). */
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** Admin GraphQL for a shop outside any request: the shop's offline session. */
  adminGraphqlFor: (shopDomain: string) => Promise<AdminGraphql>;
  /**
   * A failure that stops every import of this importer before it is queued;
   * by default: the importer runs an Apify actor and no APIFY_TOKEN is set.
   */
  readinessOf: (importer: PlatformImporter) => ImportFailure | null;
  concurrency: number;
  /** Waits between polls for the thumbnail copies' CDN URLs. */
  thumbnailPollDelaysMs: readonly number[];
}

/** Waits between attempts to record a job's end: about 16 s in all, so a short database lock passes. */
const FINISH_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];
/** Videos saved per progress update. */
const SAVE_CHUNK = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failureOf(error: unknown): ImportFailure {
  if (error instanceof ImportError) return { kind: error.kind, message: error.message, detail: error.detail };
  if (error instanceof ImportUnavailableError) return { kind: error.kind, message: error.message };
  console.error("Import failed unexpectedly", error);
  return { kind: "failed", message: IMPORT_JOB_TEXT.unexpectedFailure };
}

const timedOut = () => new ImportError("timeout", LIBRARY_TEXT.importTimedOut);
const accountRemoved = (): ImportFailure => ({ kind: "not_found", message: LIBRARY_TEXT.accountRemoved });

/** Rejects with a timeout ImportError when the job's time is up, whatever the importer does. */
function withTimeLimit<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The job is no longer this runner's to write: the watchdog failed it (its process looked dead, or it was overdue). */
class JobTakenOver extends Error {}

/** The account the job imports into was removed: its writes stop, and the job fails saying so. */
class AccountRemoved extends Error {}

type JobEnd = Pick<ImportJob, "status" | "error" | "errorKind" | "progressFetched" | "progressDone" | "videosAdded">;

/**
 * Records the job's end, only while it is still running and still bound to
 * its account (a removal meanwhile turns the end into "account removed").
 * Retried with backoff, so a database locked for a few seconds does not leave
 * the job running; if it still cannot be written, the watchdog of any process
 * fails the job once its heartbeat is stale. Resolves to the end written, or
 * null when the job was no longer this runner's.
 */
async function finishJob(jobId: string, channelId: string | null, end: JobEnd): Promise<JobEnd | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const finishedAt = new Date();
      const bound = await prisma.importJob.updateMany({
        where: { id: jobId, status: "running", ...(channelId ? { channelId } : {}) },
        data: { ...end, finishedAt },
      });
      if (bound.count) return end;
      if (!channelId) return null; // the watchdog failed it
      // Still running but unbound: its account was removed (channelId set to null), and with it the videos the job added.
      const removedEnd = { ...end, status: "failed", error: accountRemoved().message, errorKind: accountRemoved().kind, videosAdded: 0 };
      const unbound = await prisma.importJob.updateMany({ where: { id: jobId, status: "running" }, data: { ...removedEnd, finishedAt } });
      return unbound.count ? removedEnd : null;
    } catch (error) {
      const delayMs = FINISH_RETRY_DELAYS_MS[attempt];
      if (delayMs === undefined) throw error;
      console.warn(`Could not record the end of import job ${jobId}; trying again`, error);
      await sleep(delayMs);
    }
  }
}

/** What a job run needs of the runner that runs it: its dependencies, the job's account binding and its cancel switch. */
export interface JobRunner {
  options: Readonly<ImportRunnerOptions>;
  bindings: Map<string, string | null>;
  cancellations: Map<string, AbortController>;
}

/**
 * One job's steps, from queued to its end: fetch through the importer (an
 * actor run waits for one of the shop's slots), save in chunks with progress,
 * apply the auto-approve rules, copy thumbnails, republish, and record the
 * end; conditional writes keep a job the watchdog failed, or whose account
 * was removed, from being undone.
 */
export async function runImportJob(jobId: string, runner: JobRunner): Promise<void> {
  // A job the watchdog failed while it waited here (this process looked dead) does not run.
  const started = await prisma.importJob.updateMany({
    where: { id: jobId, status: "queued" },
    data: { status: "running", startedAt: new Date(), attempts: { increment: 1 } },
  });
  if (!started.count) return;
  const job = await prisma.importJob.findUniqueOrThrow({ where: { id: jobId }, include: { shop: { select: { shopDomain: true } } } });
  const shopId = job.shopId;
  const platform = job.platform as PlatformId;
  const cancel = new AbortController();
  runner.cancellations.set(jobId, cancel);
  const signal = AbortSignal.any([AbortSignal.timeout(JOB_TIME_LIMIT_MS), cancel.signal]);
  const progress = { fetched: 0, saved: 0, added: 0, rules: NO_RULES_OUTCOME };
  const savedIds: string[] = [];
  // Known from the start for a sync or the re-import of a connected account; set once a new account is created.
  let channelId = job.kind === "single" ? null : (runner.bindings.get(jobId) ?? null);
  let failure: ImportFailure | null = null;
  let removed = false;
  /** One call of an importer: an actor run waits for one of the shop's slots (decision 061); oEmbed calls do not. */
  const actorRun = <T>(importer: PlatformImporter, run: () => Promise<T>): Promise<T> =>
    importer.config.actorId ? withActorRunSlot(shopId, jobId, signal, run) : run();

  /** Writes progress while the job is still this runner's and its account still exists. */
  const recordProgress = async (data: Prisma.ImportJobUpdateManyMutationInput) => {
    const { count } = await prisma.importJob.updateMany({ where: { id: jobId, status: "running", ...(channelId ? { channelId } : {}) }, data });
    if (count) return;
    const row = await prisma.importJob.findUnique({ where: { id: jobId }, select: { status: true } });
    throw row?.status === "running" ? new AccountRemoved() : new JobTakenOver();
  };

  // Feeds list newest first; saving from the oldest end keeps that order in the newest-first library.
  const saveAll = async (videos: ImportedVideo[]) => {
    for (let end = videos.length; end > 0; end -= SAVE_CHUNK) {
      if (signal.aborted) throw timedOut();
      const chunk = videos.slice(Math.max(0, end - SAVE_CHUNK), end);
      // A removed account's id fails these writes (foreign key), so nothing is saved into it.
      const saved = await saveImportedVideos(shopId, platform, chunk, channelId, jobId);
      savedIds.push(...saved.videoIds);
      progress.saved += chunk.length;
      progress.added += saved.added;
      // The merchant's auto-approve rules see the videos this job created, as soon as they are saved (decision 054).
      progress.rules = addRulesOutcomes(progress.rules, await applyAutoApproveRules(shopId, saved.createdIds));
      await recordProgress({
        progressDone: progress.saved,
        videosAdded: progress.added,
        rulesApproved: progress.rules.approved,
        rulesHeld: progress.rules.held,
        rulesOverLimit: progress.rules.overLimit,
      });
    }
  };

  try {
    const importer = job.kind === "links" ? null : runner.options.importerFor(platform);
    if (job.kind === "links") {
      const links = parseLinkResults(job.links);
      await withTimeLimit(
        importLinks({
          shopId,
          jobId,
          links,
          signal,
          importerFor: runner.options.importerFor,
          actorRun,
          onSaved: async (ids, createdIds) => {
            savedIds.push(...ids);
            // The auto-approve rules see each link's new video as it is saved, as saveAll does for the other kinds (decision 054).
            progress.rules = addRulesOutcomes(progress.rules, await applyAutoApproveRules(shopId, createdIds));
          },
          record: (results, linkProgress) => {
            progress.fetched = progress.saved = linkProgress.done;
            progress.added = linkProgress.added;
            return recordProgress({
              links: JSON.stringify(results),
              progressFetched: linkProgress.done,
              progressDone: linkProgress.done,
              videosAdded: linkProgress.added,
              rulesApproved: progress.rules.approved,
              rulesHeld: progress.rules.held,
              rulesOverLimit: progress.rules.overLimit,
            });
          },
        }),
        signal,
      );
    } else if (job.kind === "single") {
      const { video } = await withTimeLimit(
        actorRun(importer!, () => importer!.importVideo(job.input, { signal })),
        signal,
      );
      progress.fetched = 1;
      await recordProgress({ progressFetched: 1, progressTotal: 1 });
      await saveAll([video]);
    } else {
      let username = job.input;
      if (channelId) {
        const channel = await prisma.channel.findFirst({ where: { id: channelId, shopId }, select: { username: true } });
        if (!channel) throw new AccountRemoved();
        username = channel.username;
      }
      const result = await withTimeLimit(
        actorRun(importer!, () => importer!.importChannel(username, { limit: CHANNEL_IMPORT_LIMIT, signal })),
        signal,
      );
      if (channelId) {
        // Never re-created: a removal while the platform answered wins.
        if (!(await refreshChannelFromImport(shopId, channelId, platform, result.channel))) throw new AccountRemoved();
      } else if (result.videos.length || !result.error) {
        // A failed account import that found nothing creates no account.
        channelId = (await upsertChannelFromImport(shopId, platform, username, result.channel)).id;
      }
      progress.fetched = result.videos.length;
      // Binds the row to the account; a removal from here on sets it to null (and fails this write: foreign key).
      const { count } = await prisma.importJob.updateMany({
        where: { id: jobId, status: "running" },
        data: { channelId, progressFetched: progress.fetched, progressTotal: result.videos.length, photoPostsSkipped: result.photoPostsSkipped ?? 0 },
      });
      if (!count) throw new JobTakenOver();
      runner.bindings.set(jobId, channelId);
      await saveAll(result.videos);
      failure = result.error ?? null;
    }
  } catch (error) {
    // Cancelled by the merchant (the row says so) or failed by the watchdog: no longer this runner's to write.
    if (error instanceof JobTakenOver || cancel.signal.aborted) return;
    // Whatever failed (a write refused by the foreign key, a video gone with its account), a removed account is the reason.
    removed = error instanceof AccountRemoved || (channelId !== null && !(await channelExists(shopId, channelId).catch(() => true)));
    failure = removed ? accountRemoved() : failureOf(error);
  }

  if (failure?.detail) console.warn(`Import job ${jobId} (${platform}) failed: ${failure.detail}`);
  const end = await finishJob(jobId, channelId, {
    status: failure ? "failed" : "succeeded",
    error: failure?.message.slice(0, 2000) ?? null,
    errorKind: failure?.kind ?? null,
    progressFetched: progress.fetched,
    progressDone: progress.saved,
    // The videos it added went with the account.
    videosAdded: removed ? 0 : progress.added,
  });
  if (!end) return;
  if (channelId && job.kind !== "single") {
    await recordChannelSync(shopId, channelId, { error: end.error }).catch((error: unknown) => console.warn("Could not record the account's sync", error));
  }

  // The merchant already sees the result; the copies only make thumbnails last.
  await keepThumbnailCopies(shopId, job.shop.shopDomain, savedIds, {
    adminGraphqlFor: runner.options.adminGraphqlFor,
    pollDelaysMs: runner.options.thumbnailPollDelaysMs,
  }).catch((error: unknown) => console.warn(`Thumbnail copies for import job ${jobId} failed`, error));
  // Published videos may have new titles or posters.
  if (savedIds.length) scheduleStorefrontPublish(shopId);
  // A resync found fresh download URLs: approved videos still without a copy get one now (decision 035).
  if (savedIds.length) await mirrorApprovedVideos(shopId, savedIds);
}
