/**
 * Instagram through the Apify actor apify/instagram-reel-scraper, whose
 * `username` input takes a username or a reel URL. Its items (market-notes
 * section 3.1) carry `shortCode`, `url`, `caption`, `timestamp`,
 * `displayUrl` (the cover, an Instagram CDN URL whose `oe` expires about
 * 3.4 days after the run), `videoUrl` (the video file on Instagram's CDN,
 * about 33 hours; decision 083), `ownerUsername` and `ownerFullName`; with
 * `includeDownloadedVideo` (a paid add-on, off here) also
 * `downloadedVideoUrl`, a copy the actor keeps a while. The copy, else the
 * CDN's file, becomes `downloadUrl`. Image and
 * carousel posts (`type` "Image", "Sidecar") are skipped and counted, pinned
 * reels are reels like any other, and a post the dataset repeats is one video
 * (decision 081).
 */
import { itemsOfSucceededRun, lookupsFromRun, noVideos, readVideoItems, runActor, type BatchPost, type ItemReading } from "./apify.server";
import { CHANNEL_IMPORT_LIMIT } from "~/constants";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT } from "~/messages";
import { PLATFORMS } from "./config";
import type { ImporterSettings } from "./endpoints.server";
import { cleanText, cleanUrl, count, durationSeconds, field, firstCount, idMatching, newestFirst, toDate, type Item } from "./normalize";
import { canonicalVideoUrl, normalizeUsername, parseVideoUrl, USERNAME_PATTERNS, VIDEO_ID_PATTERNS } from "~/rules/platform-urls";
import {
  ImportError,
  type ChannelImportResult,
  type ImportedChannel,
  type ImportedVideo,
  type PlatformImporter,
  type VideoFigures,
  type VideoLookup,
} from "~/contracts/platforms";

const config = PLATFORMS.instagram;

const NO_EXTRAS = { includeTranscript: false, includeDownloadedVideo: false, includeSharesCount: false };

function username(value: unknown): string | null {
  return typeof value === "string" && USERNAME_PATTERNS.instagram.test(value) ? value : null;
}

/** The post an item names: its `shortCode`, else the code in its `url`. */
export function instagramVideoId(item: Item): string | null {
  const pageUrl = field(item, "url");
  return (
    idMatching(field(item, "shortCode"), VIDEO_ID_PATTERNS.instagram) ??
    (typeof pageUrl === "string" ? parseVideoUrl("instagram", pageUrl)?.videoId : null) ??
    null
  );
}

/** An image or carousel post: nothing a widget could play. */
export function isInstagramPhotoPost(item: Item): boolean {
  const type = field(item, "type");
  return !field(item, "error") && (type === "Image" || type === "Sidecar");
}

/**
 * The reel's reach (decision 082): plays are `videoPlayCount` (every play,
 * replays included), else `videoViewCount`; likes `likesCount` (Instagram
 * sends -1 when the owner hides them: unknown), comments `commentsCount`,
 * length `videoDuration` (fractional seconds). Shares come only with the
 * paid `includeSharesCount` (`sharesCount`, off here: unknown unless an
 * item carries it), and saves never (Instagram shows them only to the owner).
 */
export function instagramFigures(item: Item): VideoFigures {
  return {
    plays: firstCount(item, "videoPlayCount", "videoViewCount"),
    likes: firstCount(item, "likesCount"),
    comments: firstCount(item, "commentsCount"),
    shares: firstCount(item, "sharesCount"),
    saves: null,
    durationSeconds: durationSeconds(field(item, "videoDuration")),
  };
}

/** One dataset item as our Video fields; null for items that are not a reel we can show. */
export function instagramVideo(item: Item, fallbackUsername: string | null): ImportedVideo | null {
  if (field(item, "error") || isInstagramPhotoPost(item)) return null;
  const id = instagramVideoId(item);
  if (!id) return null;
  const pageUrl = field(item, "url");
  const page = typeof pageUrl === "string" ? parseVideoUrl("instagram", pageUrl) : null;
  const owner = username(field(item, "ownerUsername")) ?? fallbackUsername;
  return {
    platformVideoId: id,
    title: cleanText(field(item, "caption")),
    authorName: cleanText(field(item, "ownerFullName")) ?? owner,
    channelUsername: owner,
    thumbnailUrl: cleanUrl(field(item, "displayUrl")),
    embedHtml: null,
    videoUrl: page?.videoId === id ? new URL(pageUrl as string).href : canonicalVideoUrl("instagram", id)!,
    downloadUrl: cleanUrl(field(item, "downloadedVideoUrl")) ?? cleanUrl(field(item, "videoUrl")),
    publishedAt: toDate(field(item, "timestamp")),
    figures: instagramFigures(item),
  };
}

/** How the importer reads the actor's items, with `fallbackUsername` for items that name no owner. */
function reading(fallbackUsername: string | null): ItemReading {
  return { toVideo: (item) => instagramVideo(item, fallbackUsername), videoIdOf: instagramVideoId, isPhotoPost: isInstagramPhotoPost };
}

function instagramChannel(items: Item[], requested: string): ImportedChannel {
  const item = items.find((i) => username(field(i, "ownerUsername"))) ?? items[0] ?? {};
  return {
    username: username(field(item, "ownerUsername")) ?? requested,
    displayName: cleanText(field(item, "ownerFullName")),
    // The reel scraper's items carry no profile picture or follower count; other Instagram actors do.
    avatarUrl: cleanUrl(field(item, "ownerProfilePicUrl")),
    followerCount: count(field(item, "ownerFollowersCount")),
  };
}

export function createInstagramImporter(settings: ImporterSettings): PlatformImporter {
  /** The reels the actor still finds, by their URLs, in one run (with their CDN video files). */
  async function runReels(posts: ReadonlyArray<{ platformVideoId: string }>, signal?: AbortSignal): Promise<ImportedVideo[]> {
    if (!posts.length) return [];
    const run = await runActor(settings, {
      actorId: config.actorId!,
      input: { username: posts.map((post) => canonicalVideoUrl("instagram", post.platformVideoId)!), resultsLimit: 1, ...NO_EXTRAS },
      maxItems: posts.length + 10,
      signal,
    });
    return readVideoItems(itemsOfSucceededRun(run), reading(null), "post").videos;
  }

  return {
    config,

    async importChannel(input, options = {}): Promise<ChannelImportResult> {
      const name = normalizeUsername("instagram", input);
      if (!name) throw new ImportError("invalid_input", `Not an Instagram username: ${JSON.stringify(input.slice(0, 100))}`);
      const limit = Math.max(1, Math.min(options.limit ?? CHANNEL_IMPORT_LIMIT, 200));
      const run = await runActor(settings, {
        actorId: config.actorId!,
        input: { username: [name], resultsLimit: limit, skipPinnedPosts: false, ...NO_EXTRAS },
        maxItems: limit + 10,
        signal: options.signal,
      });
      const { videos, videoItems, photoPosts, itemFailure } = readVideoItems(run.items, reading(name), "account");
      if (!videos.length) {
        const failure = itemFailure ?? run.failure ?? noVideos(IMPORT_JOB_TEXT.noPublicVideos(name, "reels"), photoPosts);
        throw new ImportError(failure.kind, failure.message, failure.detail);
      }
      return {
        channel: instagramChannel(videoItems, name),
        videos: newestFirst(videos).slice(0, limit),
        ...(photoPosts ? { photoPostsSkipped: photoPosts } : {}),
        ...(run.failure ? { error: run.failure } : {}),
      };
    },

    async fetchVideoFiles(posts, options = {}) {
      const files = new Map<string, string | null>(posts.map((post) => [post.platformVideoId, null]));
      for (const video of await runReels(posts, options.signal)) {
        if (files.has(video.platformVideoId)) files.set(video.platformVideoId, video.downloadUrl ?? null);
      }
      return files;
    },

    async findPosts(posts, options = {}) {
      return new Set((await runReels(posts, options.signal)).map((video) => video.platformVideoId));
    },

    async lookupPosts(posts, options = {}) {
      // The reel's CDN file (`videoUrl`) comes with every item: no paid option to ask for.
      const wanted = new Set(posts.map((post) => post.platformVideoId));
      const found = await runReels(posts, options.signal);
      return new Map(found.filter((video) => wanted.has(video.platformVideoId)).map((video) => [video.platformVideoId, video]));
    },

    async importVideos(urls, options = {}) {
      const answers = new Map<string, VideoLookup>();
      const posts: Array<BatchPost & { username: string | null }> = [];
      for (const url of urls) {
        const parsed = parseVideoUrl("instagram", url);
        if (parsed?.videoId) posts.push({ url, sent: canonicalVideoUrl("instagram", parsed.videoId)!, videoId: parsed.videoId, username: parsed.username });
        else answers.set(url, { failure: { kind: "invalid_input", message: IMPORT_LINKS_TEXT.notVideoLink(config.name, "reel") } });
      }
      if (!posts.length) return answers;
      // One run for every reel: the reel scraper's username field takes reel URLs (market-notes 3.1).
      const run = await runActor(settings, {
        actorId: config.actorId!,
        input: { username: [...new Set(posts.map((post) => post.sent))], resultsLimit: 1, ...NO_EXTRAS },
        maxItems: posts.length + 10,
        signal: options.signal,
      });
      const found = lookupsFromRun(run, posts, {
        videoIdOf: instagramVideoId,
        echoFields: ["inputUrl"],
        toVideo: (item, post) => instagramVideo(item, post.username),
        isPhotoPost: isInstagramPhotoPost,
      });
      for (const [url, answer] of found) answers.set(url, answer);
      return answers;
    },

    async importVideo(url, options = {}) {
      const parsed = parseVideoUrl("instagram", url);
      if (!parsed?.videoId) throw new ImportError("invalid_input", `Not an Instagram reel URL: ${JSON.stringify(url.slice(0, 200))}`);
      const reelUrl = canonicalVideoUrl("instagram", parsed.videoId)!;
      const run = await runActor(settings, {
        actorId: config.actorId!,
        input: { username: [reelUrl], resultsLimit: 1, ...NO_EXTRAS },
        maxItems: 10,
        signal: options.signal,
      });
      const { videos, videoItems, photoPosts, itemFailure } = readVideoItems(run.items, reading(parsed.username), "post");
      const index = videos.findIndex((v) => v.platformVideoId === parsed.videoId);
      const video = videos[index];
      const videoItem = videoItems[index];
      if (!video || !videoItem) {
        const failure =
          itemFailure ??
          run.failure ??
          (photoPosts
            ? { kind: "not_found" as const, message: IMPORT_JOB_TEXT.photoPost }
            : { kind: "not_found" as const, message: "No Instagram reel was found at this URL" });
        throw new ImportError(failure.kind, failure.message, failure.detail);
      }
      const channel = instagramChannel([videoItem], video.channelUsername ?? "");
      return { video, channel: channel.username ? channel : null };
    },
  };
}
