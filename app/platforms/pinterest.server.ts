/**
 * Pinterest: one pin from its URL through Pinterest's oEmbed endpoint
 * (https://www.pinterest.com/oembed.json?url=<pin URL>; undocumented but
 * widely used, no token, no cost). The answer carries `title`,
 * `author_name`, `author_url`, `thumbnail_url` and `html`; the pin id comes
 * from the URL. Pinterest has no account import (spec: pin URL only).
 * oEmbed has no video file: for the mirror (`withVideoFile`) the Apify actor
 * epctex/pinterest-scraper reads the pin, whose `videos.video_list` holds its
 * renditions; the 720p one becomes `downloadUrl`.
 */
import { itemsOfSucceededRun, runActor } from "./apify.server";
import { ACTORS, PLATFORMS } from "./config";
import type { ImporterSettings } from "./endpoints.server";
import { FAILURE_TEXT_MAX, cleanText, cleanUrl, field, isItem, type Item } from "./normalize";
import { canonicalVideoUrl, parseVideoUrl } from "./urls";
import { ImportError, type ImportedVideo, type PlatformImporter } from "./types";
import { IMPORT_JOB_TEXT } from "~/messages";

const config = PLATFORMS.pinterest;

/** Longest embed HTML we keep (it is stored, never rendered as HTML); longer is dropped, since cut HTML is broken. */
const MAX_EMBED_HTML = 20_000;

/** The pinner's username from `author_url` (https://www.pinterest.com/<username>/). */
function pinner(authorUrl: unknown): string | null {
  const url = cleanUrl(authorUrl);
  if (!url) return null;
  const m = /^\/([A-Za-z0-9_]{1,30})\/?$/.exec(new URL(url).pathname);
  return m?.[1] ?? null;
}

/** An oEmbed answer as our Video fields. */
function pinterestVideo(answer: Item, pinId: string): ImportedVideo {
  const html = typeof answer.html === "string" && answer.html.length <= MAX_EMBED_HTML ? cleanText(answer.html, MAX_EMBED_HTML) : null;
  return {
    platformVideoId: pinId,
    title: cleanText(answer.title),
    authorName: cleanText(answer.author_name),
    channelUsername: pinner(answer.author_url),
    thumbnailUrl: cleanUrl(answer.thumbnail_url),
    embedHtml: html,
    videoUrl: canonicalVideoUrl("pinterest", pinId)!,
    publishedAt: null,
  };
}

/** The pin's video file from the scraper's pin object: the 720p rendition, else the first one listed. */
function pinVideoFile(item: Item | undefined): string | null {
  if (!item) return null;
  const list = field(item, "videos.video_list");
  if (!isItem(list)) return null;
  const preferred = isItem(list.V_720P) ? list.V_720P : Object.values(list).find(isItem);
  return preferred ? cleanUrl(preferred.url) : null;
}

/** The pins the scraper still finds, by id, in one run. */
async function runPins(settings: ImporterSettings, posts: ReadonlyArray<{ platformVideoId: string }>, signal?: AbortSignal): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  if (!posts.length) return found;
  const run = await runActor(settings, {
    actorId: ACTORS.pinterest,
    input: { startUrls: posts.map((post) => canonicalVideoUrl("pinterest", post.platformVideoId)!), maxItems: posts.length },
    maxItems: posts.length,
    signal,
  });
  for (const item of itemsOfSucceededRun(run)) if (typeof item.id === "string") found.set(item.id, item);
  return found;
}

/** The pins' video files from one scraper run, by pin id (null: no video, or the pin is gone). */
async function fetchPinVideoFiles(
  settings: ImporterSettings,
  posts: ReadonlyArray<{ platformVideoId: string }>,
  signal?: AbortSignal,
): Promise<Map<string, string | null>> {
  const pins = await runPins(settings, posts, signal);
  return new Map(posts.map((post) => [post.platformVideoId, pinVideoFile(pins.get(post.platformVideoId))]));
}

export function createPinterestImporter(settings: ImporterSettings): PlatformImporter {
  return {
    config,

    async importChannel() {
      throw new ImportError("invalid_input", "Pinterest imports take the URL of a pin, not a username");
    },

    fetchVideoFiles: (posts, options = {}) => fetchPinVideoFiles(settings, posts, options.signal),
    findPosts: async (posts, options = {}) => new Set((await runPins(settings, posts, options.signal)).keys()),

    async importVideo(url, options = {}) {
      const pinId = parseVideoUrl("pinterest", url)?.videoId;
      if (!pinId) throw new ImportError("invalid_input", `Not a Pinterest pin URL: ${JSON.stringify(url.slice(0, 200))}`);
      const endpoint = new URL(settings.pinterestOembedUrl);
      endpoint.searchParams.set("url", canonicalVideoUrl("pinterest", pinId)!);
      const timeout = AbortSignal.timeout(settings.oembedTimeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

      let response: Response;
      let answer: unknown;
      try {
        response = await fetch(endpoint.href, { signal, headers: { Accept: "application/json" }, redirect: "follow" });
        answer = response.ok ? await response.json() : null;
      } catch (error) {
        if (timeout.aborted) throw new ImportError("timeout", `Import timeout: Pinterest did not answer within ${settings.oembedTimeoutMs / 1000} s`);
        if (options.signal?.aborted) throw new ImportError("failed", "The import was cancelled");
        // A JSON error quotes Pinterest's answer: third-party text, stored with the job.
        const reason = cleanText((error as Error).message, FAILURE_TEXT_MAX) ?? "no answer";
        throw new ImportError("failed", IMPORT_JOB_TEXT.pinUnreadable, `Could not read the pin from Pinterest: ${reason}`);
      }
      if (response.status === 404) throw new ImportError("not_found", "Pinterest found no pin at this URL");
      if (response.status === 401 || response.status === 403)
        throw new ImportError("private", "Pinterest refused the pin; it may be private", `Pinterest answered HTTP ${response.status}`);
      if (!response.ok) throw new ImportError("failed", IMPORT_JOB_TEXT.pinUnreadable, `Pinterest answered HTTP ${response.status}`);
      if (!isItem(answer)) throw new ImportError("failed", IMPORT_JOB_TEXT.pinUnreadable, "Pinterest's answer was not an oEmbed object");
      const video = pinterestVideo(answer, pinId);
      if (options.withVideoFile) {
        const files = await fetchPinVideoFiles(settings, [{ platformVideoId: pinId }], options.signal);
        video.downloadUrl = files.get(pinId) ?? null;
      }
      return { video, channel: null };
    },
  };
}
