/**
 * Runs a links job (issue 16, decision 056): up to IMPORT_LINKS_MAX pasted
 * links of any platforms, each ending added, already in the library, or
 * failed with a plain reason. The import runner calls it for jobs of kind
 * "links"; progress counts links.
 *
 * - Links whose post the library already has end "already" without asking
 *   the platform: a retry of a list costs nothing for what went in.
 * - The links of a platform whose actor takes several URLs go in one actor
 *   run per IMPORT_LINKS_PER_RUN links instead of one per link (Pinterest's
 *   pins too: oEmbed for each, then one run says which are videos); an
 *   importer without a batch lookup goes one by one. Platforms run side by side.
 * - Each video is saved as soon as its platform answered, so a failure
 *   later (a run that fails, a cancel, a restart) keeps what was added.
 */
import { IMPORT_LINKS_PER_RUN } from "~/constants";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT } from "~/messages";
import { postsInLibrary, saveLinkedVideo } from "~/models/link-imports.server";
import { parseVideoUrl } from "~/rules/platform-urls";
import { ImportError, type ImportFailure, type PlatformId, type PlatformImporter, type VideoLookup } from "~/contracts/platforms";
import { tallyLinks, type LinkResult } from "~/rules/link-list";

export interface LinkImportProgress {
  /** Links with a result. */
  done: number;
  added: number;
}

export interface LinkImportContext {
  shopId: string;
  /** The links job: its new videos keep its id (decision 078). */
  jobId: string;
  /** The job's links; their results are written into these objects as they come. */
  links: LinkResult[];
  signal: AbortSignal;
  importerFor: (platform: PlatformId) => PlatformImporter;
  /** Makes one call of an importer, an actor run waiting for one of the shop's slots (decision 061). */
  actorRun: <T>(importer: PlatformImporter, run: () => Promise<T>) => Promise<T>;
  /** Writes the links and counts to the job; rejects when the job is no longer this runner's. */
  record: (links: readonly LinkResult[], progress: LinkImportProgress) => Promise<void>;
  /** Ids of the library rows saved (for thumbnail copies and the storefront) and of those it created (for the auto-approve rules). */
  onSaved: (videoIds: string[], createdIds: string[]) => Promise<void> | void;
}

function failureOf(error: unknown): ImportFailure {
  if (error instanceof ImportError) return { kind: error.kind, message: error.message, detail: error.detail };
  console.error("A link of a links import failed unexpectedly", error);
  return { kind: "failed", message: IMPORT_JOB_TEXT.unexpectedFailure };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export async function importLinks(ctx: LinkImportContext): Promise<LinkImportProgress> {
  const progress = (): LinkImportProgress => {
    const tally = tallyLinks(ctx.links);
    return { done: tally.done, added: tally.added };
  };
  // Writes one after another, each with the results so far; a refused write fails every later one too.
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    writing = writing.then(() => ctx.record(ctx.links, progress()));
    return writing;
  };

  const pending = ctx.links.filter((link): link is LinkResult & { platform: PlatformId } => link.status === "pending" && link.platform !== null);
  const posts = pending.flatMap((link) => {
    const platformVideoId = parseVideoUrl(link.platform, link.url)?.videoId;
    return platformVideoId ? [{ link, platform: link.platform, platformVideoId }] : [];
  });
  const known = await postsInLibrary(ctx.shopId, posts);
  for (const post of posts) if (known.has(`${post.platform}:${post.platformVideoId}`)) post.link.status = "already";
  await flush();

  const settle = async (link: LinkResult & { platform: PlatformId }, answer: VideoLookup) => {
    if (answer.video) {
      const saved = await saveLinkedVideo(ctx.shopId, link.platform, answer.video, ctx.jobId);
      await ctx.onSaved(saved.videoIds, saved.createdIds);
      link.status = saved.added ? "added" : "already";
    } else {
      if (answer.failure.detail) console.warn(`A link of a links import failed (${link.platform}): ${answer.failure.detail}`);
      link.status = "failed";
      link.reason = answer.failure.message;
    }
  };

  const byPlatform = new Map<PlatformId, Array<LinkResult & { platform: PlatformId }>>();
  for (const link of pending) if (link.status === "pending") byPlatform.set(link.platform, [...(byPlatform.get(link.platform) ?? []), link]);

  const runPlatform = async (platform: PlatformId, links: Array<LinkResult & { platform: PlatformId }>) => {
    let importer: PlatformImporter;
    try {
      importer = ctx.importerFor(platform);
    } catch (error) {
      for (const link of links) await settle(link, { failure: failureOf(error) });
      await flush();
      return;
    }
    const { importVideos } = importer;
    if (importVideos) {
      for (const batch of chunks(links, IMPORT_LINKS_PER_RUN)) {
        ctx.signal.throwIfAborted();
        let answers: Map<string, VideoLookup>;
        try {
          answers = await ctx.actorRun(importer, () =>
            importVideos.call(
              importer,
              batch.map((link) => link.url),
              { signal: ctx.signal },
            ),
          );
        } catch (error) {
          if (ctx.signal.aborted) throw error;
          const failure = failureOf(error);
          answers = new Map(batch.map((link) => [link.url, { failure }]));
        }
        for (const link of batch) {
          await settle(link, answers.get(link.url) ?? { failure: { kind: "not_found", message: IMPORT_LINKS_TEXT.notFound } });
        }
        await flush();
      }
      return;
    }
    for (const link of links) {
      ctx.signal.throwIfAborted();
      let answer: VideoLookup;
      try {
        answer = { video: (await ctx.actorRun(importer, () => importer.importVideo(link.url, { signal: ctx.signal }))).video };
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        answer = { failure: failureOf(error) };
      }
      await settle(link, answer);
      await flush();
    }
  };

  const ends = await Promise.allSettled([...byPlatform].map(([platform, links]) => runPlatform(platform, links)));
  await writing;
  const failed = ends.find((end): end is PromiseRejectedResult => end.status === "rejected");
  if (failed) throw failed.reason;
  return progress();
}
