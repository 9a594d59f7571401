/**
 * Pinterest: pins from their URLs (spec: pin URL only, no account import).
 * Two sources, because neither tells everything:
 *
 * - Pinterest's oEmbed endpoint (https://www.pinterest.com/oembed.json?url=<pin
 *   URL>; undocumented but widely used, no token, no cost) answers `title`,
 *   `author_name`, `author_url`, a 236 px `thumbnail_url` and an iframe `html`
 *   with `type: "rich"` for every pin, image or video alike: nothing in it says
 *   whether the pin plays. It also says when a pin is missing (404) or private.
 * - The Apify actor epctex/pinterest-scraper reads the pin object itself:
 *   `is_video`, and for a video pin `videos.video_list` with its renditions (the
 *   720p one becomes `downloadUrl`; an image pin has `is_video: false` and
 *   `videos: null`, market-notes 3.1).
 *
 * So a pin's import asks oEmbed first (a missing or private pin costs no actor
 * run), then the scraper; a batch of pins asks both side by side. An image pin
 * is refused with that reason rather than added as something the storefront
 * could never play (decision 069). The pin id comes from the URL.
 */
import { itemsOfSucceededRun, runActor } from "./apify.server";
import { PLATFORMS } from "./config";
import type { ImporterSettings } from "./endpoints.server";
import { FAILURE_TEXT_MAX, cleanText, cleanUrl, field, isItem, type Item } from "./normalize";
import { canonicalVideoUrl, parseVideoUrl } from "~/rules/platform-urls";
import { ImportError, type ImportedVideo, type ImportFailure, type PlatformImporter, type VideoLookup } from "~/contracts/platforms";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT } from "~/messages";

const config = PLATFORMS.pinterest;

/** Longest embed HTML we keep (it is stored, never rendered as HTML); longer is dropped, since cut HTML is broken. */
const MAX_EMBED_HTML = 20_000;
/** oEmbed requests of a links import made at once: a batch of pins reads in a few seconds without hammering Pinterest. */
const OEMBED_REQUESTS_AT_ONCE = 4;

/** The pinner's username from `author_url` (https://www.pinterest.com/<username>/). */
function pinner(authorUrl: unknown): string | null {
  const url = cleanUrl(authorUrl);
  if (!url) return null;
  const m = /^\/([A-Za-z0-9_]{1,30})\/?$/.exec(new URL(url).pathname);
  return m?.[1] ?? null;
}

/** The pin's video file from the scraper's pin object: the 720p rendition, else the first one listed. */
function pinVideoFile(item: Item | undefined): string | null {
  if (!item) return null;
  const list = field(item, "videos.video_list");
  if (!isItem(list)) return null;
  const preferred = isItem(list.V_720P) ? list.V_720P : Object.values(list).find(isItem);
  return preferred ? cleanUrl(preferred.url) : null;
}

/** A pin the scraper read plays as a video: it says so, or it lists a rendition. */
function isVideoPin(item: Item): boolean {
  return item.is_video === true || pinVideoFile(item) !== null;
}

/**
 * The pin as a library video: the oEmbed answer's fields and the scraper's
 * video file. Throws when the scraper did not read the pin, or read an image.
 */
function pinterestVideo(answer: Item, pinId: string, scraped: Item | undefined, runFailure: ImportFailure | null): ImportedVideo {
  if (!scraped) {
    const failure = runFailure ?? { kind: "not_found" as const, message: IMPORT_LINKS_TEXT.notFound };
    throw new ImportError(failure.kind, failure.message, failure.detail);
  }
  if (!isVideoPin(scraped))
    throw new ImportError("invalid_input", IMPORT_JOB_TEXT.imagePin, `Pin ${pinId} is an image pin (is_video: ${String(scraped.is_video)})`);
  const html = typeof answer.html === "string" && answer.html.length <= MAX_EMBED_HTML ? cleanText(answer.html, MAX_EMBED_HTML) : null;
  return {
    platformVideoId: pinId,
    title: cleanText(answer.title),
    authorName: cleanText(answer.author_name),
    channelUsername: pinner(answer.author_url),
    thumbnailUrl: cleanUrl(answer.thumbnail_url),
    embedHtml: html,
    videoUrl: canonicalVideoUrl("pinterest", pinId)!,
    // Pinterest's video files do not expire: the mirror copies this one without asking the scraper again.
    downloadUrl: pinVideoFile(scraped),
    publishedAt: null,
  };
}

/** One scraper run over the pins: the pin objects it read, by id, and why the run did not succeed (if it did not). */
async function scrapePins(
  settings: ImporterSettings,
  pinIds: readonly string[],
  signal?: AbortSignal,
): Promise<{ pins: Map<string, Item>; failure: ImportFailure | null }> {
  const pins = new Map<string, Item>();
  if (!pinIds.length) return { pins, failure: null };
  const run = await runActor(settings, {
    actorId: config.actorId!,
    input: { startUrls: pinIds.map((pinId) => canonicalVideoUrl("pinterest", pinId)!), maxItems: pinIds.length },
    maxItems: pinIds.length,
    signal,
  });
  for (const item of run.items) if (typeof item.id === "string") pins.set(item.id, item);
  return { pins, failure: run.failure };
}

/** The pins the scraper still finds, by id, in one run that must have succeeded (the mirror and the media check). */
async function runPins(settings: ImporterSettings, posts: ReadonlyArray<{ platformVideoId: string }>, signal?: AbortSignal): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  if (!posts.length) return found;
  const run = await runActor(settings, {
    actorId: config.actorId!,
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

/** Pinterest's oEmbed answer for the pin; throws an ImportError the merchant can read when there is none. */
async function readOembed(settings: ImporterSettings, pinId: string, callerSignal?: AbortSignal): Promise<Item> {
  const endpoint = new URL(settings.pinterestOembedUrl);
  endpoint.searchParams.set("url", canonicalVideoUrl("pinterest", pinId)!);
  const timeout = AbortSignal.timeout(settings.oembedTimeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;

  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(endpoint.href, { signal, headers: { Accept: "application/json" }, redirect: "follow" });
    answer = response.ok ? await response.json() : null;
  } catch (error) {
    if (timeout.aborted) throw new ImportError("timeout", `Import timeout: Pinterest did not answer within ${settings.oembedTimeoutMs / 1000} s`);
    if (callerSignal?.aborted) throw new ImportError("failed", "The import was cancelled");
    // A JSON error quotes Pinterest's answer: third-party text, stored with the job.
    const reason = cleanText((error as Error).message, FAILURE_TEXT_MAX) ?? "no answer";
    throw new ImportError("failed", IMPORT_JOB_TEXT.pinUnreadable, `Could not read the pin from Pinterest: ${reason}`);
  }
  if (response.status === 404) throw new ImportError("not_found", "Pinterest found no pin at this URL");
  if (response.status === 401 || response.status === 403)
    throw new ImportError("private", "Pinterest refused the pin; it may be private", `Pinterest answered HTTP ${response.status}`);
  if (!response.ok) throw new ImportError("failed", IMPORT_JOB_TEXT.pinUnreadable, `Pinterest answered HTTP ${response.status}`);
  if (!isItem(answer)) throw new ImportError("failed", IMPORT_JOB_TEXT.pinUnreadable, "Pinterest's answer was not an oEmbed object");
  return answer;
}

/** A pin's own failure, for its link's result; anything but an ImportError is a bug and goes on up. */
function pinFailure(error: unknown): ImportFailure {
  if (error instanceof ImportError) return { kind: error.kind, message: error.message, detail: error.detail };
  throw error;
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
      const answer = await readOembed(settings, pinId, options.signal);
      const { pins, failure } = await scrapePins(settings, [pinId], options.signal);
      return { video: pinterestVideo(answer, pinId, pins.get(pinId), failure), channel: null };
    },

    async importVideos(urls, options = {}) {
      const answers = new Map<string, VideoLookup>();
      const pins: Array<{ url: string; pinId: string }> = [];
      for (const url of urls) {
        const pinId = parseVideoUrl("pinterest", url)?.videoId;
        if (pinId) pins.push({ url, pinId });
        else answers.set(url, { failure: { kind: "invalid_input", message: IMPORT_LINKS_TEXT.notVideoLink(config.name, "pin") } });
      }
      // oEmbed for each pin (a few at once) and one scraper run for them all, side by side: a batch takes as long as
      // the slower of the two, not their sum. A pin oEmbed does not find costs the run one item more, not a run.
      const oembed = new Map<string, Item>();
      const readPins = async () => {
        for (let start = 0; start < pins.length; start += OEMBED_REQUESTS_AT_ONCE) {
          await Promise.all(
            pins.slice(start, start + OEMBED_REQUESTS_AT_ONCE).map(async (pin) => {
              try {
                oembed.set(pin.url, await readOembed(settings, pin.pinId, options.signal));
              } catch (error) {
                options.signal?.throwIfAborted();
                answers.set(pin.url, { failure: pinFailure(error) });
              }
            }),
          );
        }
      };
      const [, scrape] = await Promise.all([readPins(), scrapePins(settings, [...new Set(pins.map((pin) => pin.pinId))], options.signal)]);
      for (const pin of pins) {
        const answer = oembed.get(pin.url);
        if (!answer) continue;
        try {
          answers.set(pin.url, { video: pinterestVideo(answer, pin.pinId, scrape.pins.get(pin.pinId), scrape.failure) });
        } catch (error) {
          answers.set(pin.url, { failure: pinFailure(error) });
        }
      }
      return answers;
    },
  };
}
