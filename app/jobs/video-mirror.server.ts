/**
 * The video mirror runner (decision 035): takes the steps of the mirrors that
 * app/models/video-mirrors.server.ts defines, the copies of captions
 * (app/models/video-captions.server.ts, decision 084), and deletes the
 * Shopify files queued for deletion.
 *
 * - Approving a video creates its mirror and wakes this runner; it then works
 *   until nothing is due, sleeping until the next status read is due (the
 *   backoff lives on each row, so a restart resumes where it was). It holds
 *   no timer when idle.
 * - Every row is leased before a step, so several app instances (and `npm run
 *   worker`) share the work without stepping one mirror twice; a lease
 *   outlives the step's time limit, so a hung step cannot race its successor.
 * - The sweep (started by startBackgroundJobs) wakes the runner for work left
 *   by an instance that stopped, and asks for the copies an approval could not
 *   request.
 * VIDEO_MIRRORING=off keeps it asleep where no Shopify answers (the database
 * suite, benchmarks, unit tests that do not test it).
 */
import { onWork } from "~/models/background-work.server";
import { prisma, type VideoMirror } from "~/db.server";
import { getImporter } from "~/platforms/index.server";
import type { PlatformId, PlatformImporter } from "~/contracts/platforms";
import DataLoader from "dataloader";
import { AdminCostBudget, createVideoFiles, type AdminGraphql, type CreatedFile, type VideoFileState } from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import { claimDueMediaCheck, runMediaCheck, scheduleDailyPremiumChecks } from "~/models/media-health.server";
import { applyUploadState, forgetSettledUploads } from "~/models/video-uploads.server";
import { takeCaptionStep } from "~/models/video-captions.server";
import { leasesOn, roundLeaseHolder } from "~/models/leases.server";
import {
  approvedVideosWithoutMirror,
  deleteQueuedFile,
  prefetchFreshSources,
  readFileStates,
  requestVideoMirrors,
  takeMirrorStep,
  type MirrorStepDependencies,
  type MirrorStepOutcome,
} from "~/models/video-mirrors.server";
import { scheduleStorefrontPublish } from "~/models/storefront-publishing.server";
import { serverEnv } from "~/env.server";

export interface VideoMirrorOptions {
  /** Whether this process makes copies at all (VIDEO_MIRRORING; unit tests wake it only for their own shops). */
  enabled: boolean;
  /** Admin GraphQL for a shop outside any request (tests inject a recording Shopify). */
  adminGraphqlFor: (shopDomain: string) => Promise<AdminGraphql>;
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** Waits between status reads of a copy Shopify is processing. */
  pollDelaysMs: readonly number[];
  /** How long Shopify may process one copy. */
  processingTimeoutMs: number;
  /** The longest one step may take (an actor run for a fresh URL, a Shopify call). */
  stepTimeoutMs: number;
  /** Steps taken at once by this process (a round's copies are asked for together, so this bounds the batches too). */
  concurrency: number;
  /** The first wait before a failed file deletion is retried (doubling after). */
  deletionRetryMs: number;
  /**
   * Only these shops' work (null: every shop's). Tests that share one
   * database with other test files keep their runner to their own shops.
   */
  shopIds: readonly string[] | null;
  /** Whether it copies captions too (decision 084); tests of the video copies alone leave them be. */
  captions: boolean;
}

const DEFAULT_OPTIONS: VideoMirrorOptions = {
  enabled: serverEnv.VIDEO_MIRRORING === "on",
  adminGraphqlFor: offlineAdminGraphql,
  importerFor: getImporter,
  // Shopify transcodes a short vertical video in seconds to a minute; reads thin out to one a minute.
  pollDelaysMs: [1000, 2000, 3000, 5000, 8000, 15_000, 30_000, 60_000],
  processingTimeoutMs: 30 * 60_000,
  stepTimeoutMs: 3 * 60_000,
  concurrency: 25,
  deletionRetryMs: 30_000,
  shopIds: null,
  captions: true,
};

let options: VideoMirrorOptions = { ...DEFAULT_OPTIONS };

/** Replaces parts of the runner's dependencies (tests: short polls, a fake importer). */
export function configureVideoMirror(overrides: Partial<VideoMirrorOptions>): void {
  options = { ...options, ...overrides };
}

export function resetVideoMirror(): void {
  options = { ...DEFAULT_OPTIONS };
}

const mirroringOff = () => !options.enabled;

/** The runner's shops, as a filter on rows that carry a shopId. */
const inScope = () => (options.shopIds ? { shopId: { in: [...options.shopIds] } } : {});

/** Rows claimed per round: a shop's due status reads go out in one call. */
const ROUND_SIZE = 50;
/** When a step could not even run (no offline session, a database error), it is tried again after this. */
const STEP_ERROR_RETRY_MS = 30_000;
/** The shortest wait after a round that claimed nothing due (another instance holds those rows). */
const BUSY_ELSEWHERE_WAIT_MS = 1000;
/** The longest the runner sleeps while work remains (another instance may have added some). */
const MAX_IDLE_WAIT_MS = 60_000;

// ---------------------------------------------------------------- one round

/** A round leases its rows for two steps' time: each step renews it. */
const mirrorLeases = () => leasesOn(prisma.videoMirror, LEASE_COLUMNS, 2 * options.stepTimeoutMs);
const uploadLeases = () => leasesOn(prisma.videoUpload, LEASE_COLUMNS, 2 * options.stepTimeoutMs);
const captionLeases = () => leasesOn(prisma.videoCaption, LEASE_COLUMNS, 2 * options.stepTimeoutMs);
const LEASE_COLUMNS = { owner: "leaseOwner", until: "leaseUntil" };
const due = (now: Date) => ({ nextCheckAt: { lte: now } });

/** Leases the due mirrors no live instance holds (one write for all of them); answers the claimed rows with their shop's domain. */
async function claimDueMirrors(): Promise<ClaimedMirror[]> {
  const now = new Date();
  const leases = mirrorLeases();
  const candidates = await prisma.videoMirror.findMany({
    where: { status: { in: ["pending", "processing"] }, ...due(now), ...leases.free(now), ...inScope(), video: { shop: { uninstalledAt: null } } },
    orderBy: { nextCheckAt: "asc" },
    take: ROUND_SIZE,
    select: { videoId: true },
  });
  if (!candidates.length) return [];
  const lease = roundLeaseHolder();
  // Conditional on still being free: a row another instance leased in between stays its.
  await leases.take({ videoId: { in: candidates.map((row) => row.videoId) }, status: { in: ["pending", "processing"] }, ...due(now) }, lease, now);
  const rows = await prisma.videoMirror.findMany({
    where: { leaseOwner: lease },
    orderBy: { nextCheckAt: "asc" },
    include: { video: { select: { shop: { select: { shopDomain: true } } } } },
  });
  return rows.map(({ video, ...mirror }) => ({ ...mirror, shopDomain: video.shop.shopDomain }));
}

async function releaseLease(mirror: ClaimedMirror): Promise<void> {
  if (mirror.leaseOwner) await mirrorLeases().release({ videoId: mirror.videoId }, mirror.leaseOwner);
}

type ClaimedMirror = VideoMirror & { shopDomain: string };

type RoundShared = Pick<MirrorStepDependencies, "fileStates" | "freshSources">;

async function stepClaimed(mirror: ClaimedMirror, shared: RoundShared, shop: ShopRound): Promise<MirrorStepOutcome | null> {
  const signal = AbortSignal.timeout(options.stepTimeoutMs);
  try {
    // The lease was taken for the whole round: renewed for this step, which is skipped when another instance took the row over.
    if (!mirror.leaseOwner || !(await mirrorLeases().renew({ videoId: mirror.videoId }, mirror.leaseOwner))) return null;
    const graphql = await shop.graphql();
    const outcome = await takeMirrorStep(mirror, {
      ...options,
      ...shared,
      graphql,
      signal,
      budget: shop.budget,
      createFile: (file) => shop.fileCreator(graphql).load(file),
    });
    if (outcome.settled) scheduleStorefrontPublish(mirror.shopId);
    return outcome;
  } catch (error) {
    // No offline session (uninstalled meanwhile), the database hiccuped: the row stays due and the lease runs out.
    console.error(`A step of the video mirror of ${mirror.videoId} could not run`, error);
    await prisma.videoMirror
      .updateMany({ where: { videoId: mirror.videoId }, data: { nextCheckAt: new Date(Date.now() + STEP_ERROR_RETRY_MS) } })
      .catch(() => undefined);
    return null;
  } finally {
    await releaseLease(mirror).catch(() => undefined);
  }
}

async function deleteDueFiles(): Promise<number> {
  const due = await prisma.fileDeletion.findMany({
    where: { nextCheckAt: { lte: new Date() }, ...inScope() },
    include: { shop: { select: { shopDomain: true, uninstalledAt: true } } },
    orderBy: { nextCheckAt: "asc" },
    take: ROUND_SIZE,
  });
  let deleted = 0;
  for (const deletion of due) {
    // An uninstalled app can no longer reach the shop's files; Shopify keeps them with the shop.
    if (deletion.shop.uninstalledAt) {
      await prisma.fileDeletion.deleteMany({ where: { id: deletion.id } });
      continue;
    }
    try {
      const graphql = await options.adminGraphqlFor(deletion.shop.shopDomain);
      if (await deleteQueuedFile(deletion, graphql, options.deletionRetryMs, budgetFor(deletion.shop.shopDomain))) deleted += 1;
    } catch (error) {
      console.error(`Deleting Shopify file ${deletion.fileId} could not run`, error);
      await prisma.fileDeletion
        .updateMany({ where: { id: deletion.id }, data: { nextCheckAt: new Date(Date.now() + STEP_ERROR_RETRY_MS) } })
        .catch(() => undefined);
    }
  }
  return deleted;
}

// ---------------------------------------------------------------- one shop's Admin calls

/** Each shop's rate-limit budget as this process sees it (the sum of its calls and Shopify's reports). */
const budgets = new Map<string, AdminCostBudget>();
const BUDGETS_KEPT = 1000;

function budgetFor(shopDomain: string): AdminCostBudget {
  let budget = budgets.get(shopDomain);
  if (!budget) {
    // Oldest first out: a shop not seen for a while starts from a full bucket again, as Shopify's would be.
    if (budgets.size >= BUDGETS_KEPT) budgets.delete(budgets.keys().next().value!);
    budgets.set(shopDomain, (budget = new AdminCostBudget()));
  }
  return budget;
}

type VideoFileInput = { url: string; alt: string };

/** What a round's steps of one shop share: its Admin client, its budget, one batcher of fileCreate calls. */
interface ShopRound {
  graphql: () => Promise<AdminGraphql>;
  budget: AdminCostBudget;
  fileCreator: (graphql: AdminGraphql) => DataLoader<VideoFileInput, CreatedFile>;
}

/** Copies asked for within this long of each other go out in one fileCreate call. */
const FILE_CREATE_BATCH_WINDOW_MS = 25;
/** Files per fileCreate call. */
const FILES_PER_CREATE = 25;

function newShopRound(shopDomain: string): ShopRound {
  const budget = budgetFor(shopDomain);
  let client: Promise<AdminGraphql> | null = null;
  let loader: DataLoader<VideoFileInput, CreatedFile> | null = null;
  return {
    budget,
    graphql: () => (client ??= options.adminGraphqlFor(shopDomain)),
    fileCreator: (graphql) =>
      (loader ??= new DataLoader<VideoFileInput, CreatedFile>(
        async (files) => {
          try {
            return await createVideoFiles(graphql, files, budget);
          } catch {
            // Shopify refuses a whole call for one bad input: each copy is asked for on its own, and fails alone.
            return Promise.all(
              files.map((file) =>
                createVideoFiles(graphql, [file], budget).then(
                  (created) => created[0]!,
                  (error: Error) => error,
                ),
              ),
            );
          }
        },
        { cache: false, maxBatchSize: FILES_PER_CREATE, batchScheduleFn: (send) => setTimeout(send, FILE_CREATE_BATCH_WINDOW_MS) },
      )),
  };
}

/**
 * The files of the claimed copies Shopify is processing, read in one call per
 * shop instead of one per video; a shop whose read fails is read copy by copy
 * in the steps (and fails there, with backoff).
 */
async function readShopsFileStates(
  claimed: readonly ClaimedMirror[],
  shopRound: (shopDomain: string) => ShopRound,
): Promise<Map<string, VideoFileState | null>> {
  const byShop = new Map<string, string[]>();
  for (const mirror of claimed) {
    if (mirror.status === "processing" && mirror.fileId) byShop.set(mirror.shopDomain, [...(byShop.get(mirror.shopDomain) ?? []), mirror.fileId]);
  }
  const states = new Map<string, VideoFileState | null>();
  for (const [shopDomain, fileIds] of byShop) {
    const shop = shopRound(shopDomain);
    try {
      for (const [id, state] of await readFileStates(await shop.graphql(), fileIds, shop.budget)) states.set(id, state);
    } catch {
      // Left to the steps.
    }
  }
  return states;
}

/**
 * One round: the due file deletions, then up to ROUND_SIZE due mirror steps,
 * `concurrency` at a time. Answers the steps taken (tests drive the runner
 * round by round with it).
 */
export async function runVideoMirrorRound(): Promise<number> {
  await deleteDueFiles();
  const uploads = await followDueUploads();
  const captions = await copyDueCaptions();
  const claimed = await claimDueMirrors();
  const shops = new Map<string, ShopRound>();
  const shopRound = (shopDomain: string) => {
    let round = shops.get(shopDomain);
    if (!round) shops.set(shopDomain, (round = newShopRound(shopDomain)));
    return round;
  };
  const fileStates = await readShopsFileStates(claimed, shopRound);
  // Copies about to be asked for that need a fresh URL: one platform run for all of them.
  const freshSources = await prefetchFreshSources(claimed, options.importerFor, AbortSignal.timeout(options.stepTimeoutMs)).catch((error: unknown) => {
    console.warn("Fetching video files for several copies failed; each copy fetches its own", error);
    return new Map<string, string | null>();
  });
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const mirror = claimed[next++];
      if (mirror) await stepClaimed(mirror, { fileStates, freshSources }, shopRound(mirror.shopDomain));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, claimed.length)) }, worker));
  // Last, and one shop a round: a daily check (actor runs) never holds up the copies of today's approvals.
  const checked = await runDueMediaCheck();
  return claimed.length + uploads + captions + checked;
}

// ---------------------------------------------------------------- media health (decision 036)

/** How long one shop's media check may take before another instance may take it over. */
const MEDIA_CHECK_LEASE_MS = 15 * 60_000;

/** Runs one due media check, if any; answers how many ran (0 or 1). */
async function runDueMediaCheck(): Promise<number> {
  const claimed = await claimDueMediaCheck(MEDIA_CHECK_LEASE_MS, options.shopIds);
  if (!claimed) return 0;
  try {
    const graphql = await options.adminGraphqlFor(claimed.shopDomain);
    const found = await runMediaCheck(claimed.shopId, {
      graphql,
      importerFor: options.importerFor,
      budget: budgetFor(claimed.shopDomain),
      signal: AbortSignal.timeout(options.stepTimeoutMs),
    });
    if (found.copiesLost) scheduleStorefrontPublish(claimed.shopId);
    return 1;
  } catch (error) {
    // Due again once the lease runs out.
    console.error(`The media check of ${claimed.shopDomain} failed; it is tried again later`, error);
    return 0;
  }
}

// ---------------------------------------------------------------- the merchant's uploads

/**
 * Reads the state of the due uploads (one call per shop and 50 files) and
 * applies it (app/models/video-uploads.server.ts). Each upload is leased like
 * a mirror, so two instances never make two library videos of one upload.
 */
async function followDueUploads(): Promise<number> {
  const now = new Date();
  const leases = uploadLeases();
  const candidates = await prisma.videoUpload.findMany({
    where: { status: "processing", ...due(now), ...leases.free(now), ...inScope(), shop: { uninstalledAt: null } },
    orderBy: { nextCheckAt: "asc" },
    take: ROUND_SIZE,
    select: { id: true },
  });
  if (!candidates.length) return 0;
  const lease = roundLeaseHolder();
  await leases.take({ id: { in: candidates.map((upload) => upload.id) }, status: "processing", ...due(now) }, lease, now);
  const claimed = await prisma.videoUpload.findMany({ where: { leaseOwner: lease }, include: { shop: { select: { shopDomain: true } } } });
  const byShop = new Map<string, typeof claimed>();
  for (const upload of claimed) byShop.set(upload.shop.shopDomain, [...(byShop.get(upload.shop.shopDomain) ?? []), upload]);
  for (const [shopDomain, uploads] of byShop) {
    try {
      const states = await readFileStates(
        await options.adminGraphqlFor(shopDomain),
        [...new Set(uploads.map((upload) => upload.fileId))],
        budgetFor(shopDomain),
      );
      for (const { shop: _shop, ...upload } of uploads) await applyUploadState(upload, states.get(upload.fileId) ?? null, options);
    } catch (error) {
      console.error(`Following ${uploads.length} uploaded videos of ${shopDomain} failed; retrying later`, error);
      await prisma.videoUpload.updateMany({
        where: { id: { in: uploads.map((upload) => upload.id) }, status: "processing" },
        data: { nextCheckAt: new Date(Date.now() + STEP_ERROR_RETRY_MS) },
      });
    } finally {
      await leases.release({ id: { in: uploads.map((upload) => upload.id) } }, lease);
    }
  }
  return claimed.length;
}

// ---------------------------------------------------------------- captions (decision 084)

/** Caption copies stepped at once: each is a few Shopify calls and a small upload. */
const CAPTION_CONCURRENCY = 5;

/**
 * Takes the due caption steps (app/models/video-captions.server.ts): reads a
 * platform's file before its link expires, stages and stores our copy in
 * Shopify Files, follows it to READY. Leased like the mirrors.
 */
async function copyDueCaptions(): Promise<number> {
  if (!options.captions) return 0;
  const now = new Date();
  const leases = captionLeases();
  const candidates = await prisma.videoCaption.findMany({
    where: { status: { in: ["pending", "processing"] }, ...due(now), ...leases.free(now), ...inScope(), shop: { uninstalledAt: null } },
    orderBy: { nextCheckAt: "asc" },
    take: ROUND_SIZE,
    select: { id: true },
  });
  if (!candidates.length) return 0;
  const lease = roundLeaseHolder();
  await leases.take({ id: { in: candidates.map((caption) => caption.id) }, status: { in: ["pending", "processing"] }, ...due(now) }, lease, now);
  const claimed = await prisma.videoCaption.findMany({ where: { leaseOwner: lease }, include: { shop: { select: { shopDomain: true } } } });
  const clients = new Map<string, Promise<AdminGraphql>>();
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const { shop, ...caption } = claimed[next++]!;
      try {
        if (!(await leases.renew({ id: caption.id }, lease))) continue;
        let client = clients.get(shop.shopDomain);
        if (!client) clients.set(shop.shopDomain, (client = options.adminGraphqlFor(shop.shopDomain)));
        await takeCaptionStep(caption, { graphql: await client, budget: budgetFor(shop.shopDomain), signal: AbortSignal.timeout(options.stepTimeoutMs) });
      } catch (error) {
        console.error(`A copy step of the ${caption.lang} captions of video ${caption.videoId} could not run`, error);
        await prisma.videoCaption
          .updateMany({ where: { id: caption.id }, data: { attempts: { increment: 1 }, nextCheckAt: new Date(Date.now() + STEP_ERROR_RETRY_MS) } })
          .catch(() => undefined);
      } finally {
        await leases.release({ id: caption.id }, lease).catch(() => undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CAPTION_CONCURRENCY, claimed.length) }, worker));
  return claimed.length;
}

/** When the next mirror step or file deletion is due; null when none is waiting. */
async function nextDueAt(): Promise<Date | null> {
  const scope = inScope();
  const [mirror, deletion, upload, check, caption] = await Promise.all([
    prisma.videoMirror.findFirst({
      where: { status: { in: ["pending", "processing"] }, ...scope },
      orderBy: { nextCheckAt: "asc" },
      select: { nextCheckAt: true },
    }),
    prisma.fileDeletion.findFirst({ where: scope, orderBy: { nextCheckAt: "asc" }, select: { nextCheckAt: true } }),
    prisma.videoUpload.findFirst({ where: { status: "processing", ...scope }, orderBy: { nextCheckAt: "asc" }, select: { nextCheckAt: true } }),
    prisma.shop.findFirst({
      where: { mediaCheckDueAt: { not: null }, uninstalledAt: null, ...(options.shopIds ? { id: { in: [...options.shopIds] } } : {}) },
      orderBy: { mediaCheckDueAt: "asc" },
      select: { mediaCheckDueAt: true },
    }),
    prisma.videoCaption.findFirst({
      where: { status: { in: options.captions ? ["pending", "processing"] : [] }, ...scope },
      orderBy: { nextCheckAt: "asc" },
      select: { nextCheckAt: true },
    }),
  ]);
  const times = [mirror?.nextCheckAt, deletion?.nextCheckAt, upload?.nextCheckAt, check?.mediaCheckDueAt, caption?.nextCheckAt]
    .filter((time): time is Date => !!time)
    .map((time) => time.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

// ---------------------------------------------------------------- the loop

let loop: Promise<void> | null = null;
let wokenDuringRound = false;
let interruptWait: (() => void) | null = null;
/** Set while the process shuts down: the loop ends after its round and nothing wakes it. */
let stopping = false;

/** The runner's wait for the next due step: ended early by a wake, and never keeping the process alive (the rows keep the work). */
function waitUntilDueOrWoken(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref?.();
    interruptWait = done;
    function done() {
      clearTimeout(timer);
      interruptWait = null;
      resolve();
    }
  });
}

/** Makes the runner look for due work now; starts it when idle. Never waits, never throws. */
export function wakeVideoMirror(): void {
  if (mirroringOff() || stopping) return;
  if (loop) {
    wokenDuringRound = true;
    interruptWait?.();
    return;
  }
  loop = runUntilIdle().finally(() => {
    loop = null;
  });
}

async function runUntilIdle(): Promise<void> {
  while (!stopping) {
    wokenDuringRound = false;
    try {
      const stepped = await runVideoMirrorRound();
      const due = await nextDueAt();
      // Nothing due within the longest wait: the loop ends, and the sweep (or the next approval) wakes it.
      if (!due || due.getTime() - Date.now() > MAX_IDLE_WAIT_MS) {
        if (wokenDuringRound) continue;
        return;
      }
      // Work that is due but was not claimed is another instance's (leased): look again a little later.
      const floor = stepped ? 0 : BUSY_ELSEWHERE_WAIT_MS;
      const wait = Math.min(Math.max(due.getTime() - Date.now(), floor), MAX_IDLE_WAIT_MS);
      if (wait > 0 && !wokenDuringRound) await waitUntilDueOrWoken(wait);
    } catch (error) {
      console.error("The video mirror runner stopped on an error; the sweep restarts it", error);
      return;
    }
  }
}

/**
 * Ends the runner for a shutdown: the round under way finishes (its rows are
 * leased and written), the wait is cut short, nothing wakes it again. The
 * rows keep the rest for the next start or another instance.
 */
export async function stopVideoMirror(waitMs = 10_000): Promise<void> {
  stopping = true;
  interruptWait?.();
  // A round waiting on a slow actor run is not waited for: its leases run out and another start resumes it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([videoMirrorIdle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  stopping = false;
}

/** Resolves once the runner is idle (tests, shutdown). */
export async function videoMirrorIdle(): Promise<void> {
  while (loop) await loop;
}

/**
 * Asks for copies of approved videos an import or resync saved (and again for
 * those whose copy failed for want of a source: the import found the post)
 * and wakes the runner; never throws (an import never fails for its copies).
 */
export async function mirrorApprovedVideos(shopId: string, videoIds: readonly string[]): Promise<void> {
  try {
    await requestVideoMirrors(shopId, videoIds, { retrySourceFailures: true });
    wakeVideoMirror();
  } catch (error) {
    // The sweep asks again for approved videos without a copy.
    console.error(`Asking for copies of videos of shop ${shopId} failed`, error);
  }
}

// ---------------------------------------------------------------- the sweep

/** How often the sweep looks for work no runner is doing. */
export const MIRROR_SWEEP_MS = 60_000;

/**
 * Asks for the copies approvals could not request and wakes the runner for
 * work left by a stopped instance. Started by startBackgroundJobs; stop() for
 * tests and shutdown.
 */
export function startVideoMirrorSweep(intervalMs = MIRROR_SWEEP_MS): { sweep: () => Promise<void>; stop: () => void } {
  const sweep = async () => {
    if (mirroringOff()) return;
    const missing = await approvedVideosWithoutMirror(100);
    const byShop = new Map<string, string[]>();
    for (const { shopId, videoId } of missing) byShop.set(shopId, [...(byShop.get(shopId) ?? []), videoId]);
    for (const [shopId, videoIds] of byShop) await requestVideoMirrors(shopId, videoIds);
    await forgetSettledUploads();
    // Premium's daily media check comes with auto-sync (decision 036).
    if (serverEnv.AUTO_SYNC !== "off") await scheduleDailyPremiumChecks();
    if (await nextDueAt()) wakeVideoMirror();
  };
  const timer = setInterval(() => void sweep().catch((error: unknown) => console.error("The video mirror sweep failed", error)), intervalMs);
  timer.unref?.();
  return { sweep, stop: () => clearInterval(timer) };
}

// The models announce work through background-work (they do not import the jobs).
onWork("videoMirror", wakeVideoMirror);
