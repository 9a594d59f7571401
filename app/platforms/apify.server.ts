/**
 * Runs an Apify actor and reads its dataset, through apify-client. Shared by
 * the importers of the platforms whose declaration names an actor (app/contracts/platforms.ts).
 *
 * We start the run and then wait for it (`start` + `run(id).waitForFinish`,
 * which is what `actor.call` does internally) so that we know the run's id
 * while waiting: when we give up (our wait ran out, or the caller aborted) we
 * abort the run on Apify instead of leaving it running and billing. Whatever
 * the run pushed to its dataset before it failed, timed out or was aborted is
 * still returned: a failure part-way keeps what was already fetched.
 */
import { ApifyClient, type ActorRun } from "apify-client";
import type { ImporterSettings } from "./endpoints.server";
import { FAILURE_TEXT_MAX, cleanText, field, isItem, type Item } from "./normalize";
import { errorItemFailure, type ErrorItemSubject } from "./actor-failures";
import { ImportError, enabledPlatformNames, type ImportedVideo, type ImportFailure, type VideoLookup } from "~/contracts/platforms";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT, andList } from "~/messages";

export interface ActorRunResult {
  items: Item[];
  /** null when the run SUCCEEDED; otherwise why it did not (items may still hold part of the result). */
  failure: ImportFailure | null;
  runId: string;
}

export interface RunActorOptions {
  actorId: string;
  input: Record<string, unknown>;
  /** Most items to read from the dataset. */
  maxItems: number;
  signal?: AbortSignal;
}

const TERMINAL = new Set(["SUCCEEDED", "FAILED", "TIMED-OUT", "ABORTED"]);
/** Per HTTP request; must exceed the 60 s Apify holds a `waitForFinish` request. */
const REQUEST_TIMEOUT_SECS = 90;

function createClient(settings: ImporterSettings, token: string, signal?: AbortSignal): ApifyClient {
  return new ApifyClient({
    token,
    baseUrl: settings.apifyBaseUrl,
    maxRetries: settings.apifyMaxRetries,
    minDelayBetweenRetriesMillis: 500,
    timeoutSecs: REQUEST_TIMEOUT_SECS,
    // apify-client takes no AbortSignal; its requests are axios requests, which do.
    requestInterceptors: signal
      ? [
          (config) => {
            signal.throwIfAborted();
            config.signal = signal;
            return config;
          },
        ]
      : [],
  });
}

/** Rejects as soon as `signal` aborts, whatever `promise` is doing. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Why a run did not succeed: a plain reason for the merchant, Apify's own words for the log. */
function failureOf(run: ActorRun, waitSecs: number): ImportFailure | null {
  const statusMessage = cleanText(run.statusMessage, FAILURE_TEXT_MAX);
  const detail = statusMessage ? `: ${statusMessage}` : "";
  switch (run.status) {
    case "SUCCEEDED":
      return null;
    case "FAILED":
      return { kind: "failed", message: IMPORT_JOB_TEXT.sourceFailed, detail: `The Apify run ${run.id} failed${detail}` };
    case "ABORTED":
      return { kind: "failed", message: IMPORT_JOB_TEXT.sourceStopped, detail: `The Apify run ${run.id} was aborted${detail}` };
    case "TIMED-OUT":
      return { kind: "timeout", message: IMPORT_JOB_TEXT.sourceTimedOut, detail: `The Apify run ${run.id} reached its time limit${detail}` };
    default:
      return { kind: "timeout", message: IMPORT_JOB_TEXT.sourceTimedOut, detail: `The Apify run ${run.id} did not finish within ${waitSecs} s` };
  }
}

/** Any error of a run or a request, as an ImportError that never carries the token. */
function toImportError(error: unknown, token: string | undefined, signal?: AbortSignal): ImportError {
  const redact = (text: string) => (token ? text.split(token).join("***") : text);
  if (error instanceof ImportError) return new ImportError(error.kind, redact(error.message), error.detail && redact(error.detail));
  if (signal?.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    return reason?.name === "TimeoutError"
      ? new ImportError("timeout", "Import timeout: the import was stopped after its time limit")
      : new ImportError("failed", "The import was cancelled");
  }
  const e = error as { name?: string; statusCode?: number; type?: string; message?: string };
  // Redacted before it is cut, so no part of the token survives the cut.
  const message = cleanText(redact(String(e?.message ?? error)), FAILURE_TEXT_MAX) ?? "no details";
  if (e?.name === "ApifyApiError" && typeof e.statusCode === "number") {
    const what = `Apify API ${e.statusCode}${e.type ? ` ${e.type}` : ""}: ${message}`;
    if (e.statusCode === 401) return new ImportError("missing_token", IMPORT_JOB_TEXT.serviceMisconfigured, `The Apify API token was rejected (${what})`);
    if (e.statusCode === 429) return new ImportError("failed", IMPORT_JOB_TEXT.serviceBusy, what);
    return new ImportError("failed", IMPORT_JOB_TEXT.sourceFailed, what);
  }
  return new ImportError("failed", IMPORT_JOB_TEXT.serviceUnreachable, `Could not reach Apify: ${message}`);
}

/**
 * Runs the actor with `input`, waits up to settings.apifyWaitSecs, and
 * returns the dataset's items with the reason the run did not succeed, if
 * it did not. Throws ImportError when nothing could be started or read
 * (missing or rejected token, Apify unreachable, caller aborted).
 */
export async function runActor(settings: ImporterSettings, options: RunActorOptions): Promise<ActorRunResult> {
  const token = settings.apifyToken;
  if (!token) {
    throw new ImportError("missing_token", `APIFY_TOKEN is not set: imports from ${andList(enabledPlatformNames())} need an Apify API token`);
  }
  const { signal } = options;
  const client = createClient(settings, token, signal);
  let run: ActorRun | undefined;
  try {
    signal?.throwIfAborted();
    run = await abortable(client.actor(options.actorId).start(options.input), signal);
    run = await abortable(client.run(run.id).waitForFinish({ waitSecs: settings.apifyWaitSecs }), signal);
    const failure = failureOf(run, settings.apifyWaitSecs);
    if (!TERMINAL.has(run.status)) await abortRun(settings, token, run.id);
    const list = await abortable(client.dataset(run.defaultDatasetId).listItems({ clean: true, limit: options.maxItems }), signal);
    return { items: list.items.filter(isItem), failure, runId: run.id };
  } catch (error) {
    if (run && signal?.aborted) await abortRun(settings, token, run.id);
    throw toImportError(error, token, signal);
  }
}

/**
 * The items of a run that a lookup of known posts can trust: only a run that
 * SUCCEEDED says which posts are gone. A run that failed, timed out or is still
 * going says nothing of the posts it did not reach, so it throws (transient:
 * the caller tries again later) instead of answering "not found" for them.
 */
export function itemsOfSucceededRun(run: ActorRunResult): Item[] {
  if (run.failure) throw new ImportError(run.failure.kind, run.failure.message, run.failure.detail);
  return run.items;
}

/** Best effort: stop a run we no longer wait for, so it stops costing money. */
async function abortRun(settings: ImporterSettings, token: string, runId: string): Promise<void> {
  try {
    await createClient({ ...settings, apifyMaxRetries: 1 }, token)
      .run(runId)
      .abort();
  } catch {
    // The run may have finished meanwhile; nothing to do.
  }
}

/**
 * How a platform's importer reads its actor's items (decision 081): the same
 * reading for full items and for datasets exported flattened
 * ("authorMeta.name"), whose items may lack `id` (it comes from the post's URL).
 */
export interface ItemReading {
  /** The item as a video we can show; null for anything else (error items, photo posts, items naming no post). */
  toVideo: (item: Item) => ImportedVideo | null;
  /** The post the item names, by its id field or its page URL; null when it names none. */
  videoIdOf: (item: Item) => string | null;
  /** A photo post (TikTok slideshow, Instagram image or carousel): skipped and counted, never a video. */
  isPhotoPost: (item: Item) => boolean;
}

/**
 * An actor's dataset read as videos: items the normalizer accepts, each id
 * once (real datasets repeat posts, pinned ones among them), the items they
 * came from (the account's details are read off them), the photo posts
 * skipped (each post once), and the first error item's failure about `subject`.
 */
export function readVideoItems(
  items: Item[],
  reading: ItemReading,
  subject: ErrorItemSubject,
): { videos: ImportedVideo[]; videoItems: Item[]; photoPosts: number; itemFailure: ImportFailure | null } {
  const seen = new Set<string>();
  const photoPosts = new Set<string>();
  const videos: ImportedVideo[] = [];
  const videoItems: Item[] = [];
  let itemFailure: ImportFailure | null = null;
  for (const [index, item] of items.entries()) {
    if (reading.isPhotoPost(item)) {
      photoPosts.add(reading.videoIdOf(item) ?? `#${index}`);
      continue;
    }
    const video = reading.toVideo(item);
    if (video && !seen.has(video.platformVideoId)) {
      seen.add(video.platformVideoId);
      videos.push(video);
      videoItems.push(item);
    } else if (!video) {
      itemFailure ??= errorItemFailure(item, reading.videoIdOf(item) !== null, subject);
    }
  }
  return { videos, videoItems, photoPosts: photoPosts.size, itemFailure };
}

/** An account import that found no video: `message`, and the photo posts it skipped, if any. */
export function noVideos(message: string, photoPosts: number): ImportFailure {
  return { kind: "empty", message: photoPosts ? `${message}. ${IMPORT_JOB_TEXT.photoPostsSkipped(photoPosts)}` : message };
}

/** A post URL of a batch: as the merchant gave it, as sent to the actor, and the id it names (null: a short link). */
export interface BatchPost {
  url: string;
  sent: string;
  videoId: string | null;
}

export interface BatchMatching<P extends BatchPost> {
  /** The post an item names, by its id field or its page URL (flattened datasets may lack the id). */
  videoIdOf: (item: Item) => string | null;
  /** Item fields that echo the URL the item answers (the actors' input echo), read in this order. */
  echoFields: readonly string[];
  toVideo: (item: Item, post: P) => ImportedVideo | null;
  /** A photo post: answered as one, not as "not a video" (decision 081). */
  isPhotoPost: (item: Item) => boolean;
}

/**
 * One run's items as the answer to each post of a batch: the item naming the
 * post's id, else the item echoing its URL (short links); an error item echoing
 * its URL gives its failure; a post the run did not answer fails with the run's
 * own failure (it may not have reached it), else as not found.
 */
export function lookupsFromRun<P extends BatchPost>(run: ActorRunResult, posts: readonly P[], matching: BatchMatching<P>): Map<string, VideoLookup> {
  const byId = new Map<string, Item>();
  const byEcho = new Map<string, Item>();
  for (const item of run.items) {
    const id = matching.videoIdOf(item);
    if (id && !byId.has(id)) byId.set(id, item);
    for (const key of matching.echoFields) {
      const echo = field(item, key);
      if (typeof echo === "string" && !byEcho.has(echo)) byEcho.set(echo, item);
    }
  }
  const answers = new Map<string, VideoLookup>();
  for (const post of posts) {
    const item = (post.videoId ? byId.get(post.videoId) : undefined) ?? byEcho.get(post.sent);
    const video = item ? matching.toVideo(item, post) : null;
    if (video && (!post.videoId || video.platformVideoId === post.videoId)) {
      answers.set(post.url, { video });
      continue;
    }
    if (item && matching.isPhotoPost(item)) {
      answers.set(post.url, { failure: { kind: "not_found", message: IMPORT_JOB_TEXT.photoPost } });
      continue;
    }
    const itemFailure = item ? errorItemFailure(item, matching.videoIdOf(item) !== null, "post") : null;
    const failure: ImportFailure =
      itemFailure ??
      (item ? { kind: "not_found", message: IMPORT_LINKS_TEXT.notVideo } : (run.failure ?? { kind: "not_found", message: IMPORT_LINKS_TEXT.notFound }));
    answers.set(post.url, { failure });
  }
  return answers;
}
