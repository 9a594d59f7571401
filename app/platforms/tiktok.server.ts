/**
 * TikTok through the Apify actor clockworks/tiktok-scraper: `profiles` for an
 * account's latest videos, `postURLs` for one video. Its items (market-notes
 * section 3.1) carry `id`, `text`, `createTimeISO`/`createTime`,
 * `webVideoUrl`, `authorMeta.{name,nickName,avatar,fans}` and
 * `videoMeta.coverUrl` (a signed CDN URL, `x-expires`, about 47 hours after
 * the run; decision 083);
 * some datasets come flattened ("authorMeta.name"), which `field` reads too,
 * and those exported through a dataset view carry no `id`: it is read from
 * `webVideoUrl` (or `url`). Photo slideshows (`isSlideshow`) are skipped and
 * counted, pinned videos (`isPinned`) are videos like any other, and a post
 * the dataset repeats is one video (decision 081).
 * With `shouldDownloadVideos` (a paid add-on, asked only for one video the
 * mirror copies, never for account imports) the actor saves the
 * video to its key-value store and puts the record's URL in `mediaUrls` and
 * `videoMeta.downloadAddr`; when an item has one it becomes `downloadUrl`
 * (about 6 hours: 41 hours before the cover).
 * With `shouldDownloadSubtitles` (asked by every import, decision 084) each
 * item lists its subtitle files in `videoMeta.subtitleLinks`: `language`
 * ("eng-US"), `downloadLink` / `tiktokLink` (WebVTT, signed, expiring with
 * the video) and `source` ("ASR" for speech recognition of the video's own
 * language, "MT" for a machine translation); they become `captions`.
 */
import { itemsOfSucceededRun, lookupsFromRun, noVideos, readVideoItems, runActor, type BatchPost, type ItemReading } from "./apify.server";
import { CAPTIONS, CHANNEL_IMPORT_LIMIT } from "~/constants";
import { IMPORT_JOB_TEXT, IMPORT_LINKS_TEXT } from "~/messages";
import { PLATFORMS } from "./config";
import type { ImporterSettings } from "./endpoints.server";
import { cleanText, cleanUrl, count, durationSeconds, field, firstCount, idMatching, isItem, newestFirst, toDate, type Item } from "./normalize";
import { captionLanguage } from "~/rules/caption-languages";
import { canonicalVideoUrl, normalizeUsername, parseVideoUrl, USERNAME_PATTERNS, VIDEO_ID_PATTERNS } from "~/rules/platform-urls";
import {
  ImportError,
  type ImportedCaption,
  type ChannelImportResult,
  type ImportedChannel,
  type ImportedVideo,
  type PlatformImporter,
  type VideoFigures,
  type VideoLookup,
} from "~/contracts/platforms";

const config = PLATFORMS.tiktok;

/**
 * Input fields shared by both modes: no paid add-ons (video downloads), no
 * related videos. Subtitles are asked for by the imports (WITH_CAPTIONS): they
 * are links, not downloads of the video.
 */
const NO_EXTRAS = {
  shouldDownloadVideos: false,
  shouldDownloadCovers: false,
  shouldDownloadSubtitles: false,
  shouldDownloadSlideshowImages: false,
  shouldDownloadAvatars: false,
};

/** What every import asks for on top: the videos' caption files (decision 084). */
const WITH_CAPTIONS = { shouldDownloadSubtitles: true };

function username(value: unknown): string | null {
  return typeof value === "string" && USERNAME_PATTERNS.tiktok.test(value) ? value : null;
}

/** The actor's downloaded copy: the first http(s) entry of `mediaUrls`, else `videoMeta.downloadAddr`. */
function downloadedCopy(item: Item): string | null {
  const media = field(item, "mediaUrls");
  const fromMedia = Array.isArray(media) ? media.map((url) => cleanUrl(url)).find((url) => url !== null) : undefined;
  return fromMedia ?? cleanUrl(field(item, "videoMeta.downloadAddr"));
}

/**
 * The item's subtitle files as captions: one per store language (the
 * speech-recognition one wins a language two entries map to), the video's own
 * language marked: the ASR entry, else the first.
 */
export function tiktokCaptions(item: Item): ImportedCaption[] {
  const links = field(item, "videoMeta.subtitleLinks");
  if (!Array.isArray(links)) return [];
  const found = new Map<string, { url: string; asr: boolean }>();
  for (const link of links) {
    if (!isItem(link)) continue;
    const lang = captionLanguage(link.language ?? link.languageCodeName);
    const url = cleanUrl(link.downloadLink) ?? cleanUrl(link.tiktokLink);
    if (!lang || !url) continue;
    const asr = link.source === "ASR";
    if (!found.has(lang) || (asr && !found.get(lang)!.asr)) found.set(lang, { url, asr });
    if (found.size >= CAPTIONS.maxLanguages) break;
  }
  const entries = [...found.entries()];
  const spokenIndex = Math.max(
    0,
    entries.findIndex(([, entry]) => entry.asr),
  );
  return entries.map(([lang, entry], index) => ({ lang, url: entry.url, spoken: index === spokenIndex }));
}

/** The post an item names: its `id`, else the id in its `webVideoUrl` or `url` (datasets exported through a view carry no `id`). */
export function tiktokVideoId(item: Item): string | null {
  const id = idMatching(field(item, "id"), VIDEO_ID_PATTERNS.tiktok);
  if (id) return id;
  for (const key of ["webVideoUrl", "url"]) {
    const value = field(item, key);
    const videoId = typeof value === "string" ? parseVideoUrl("tiktok", value)?.videoId : null;
    if (videoId) return videoId;
  }
  return null;
}

/** A photo slideshow: pictures with music, nothing a widget could play. */
export function isTikTokPhotoPost(item: Item): boolean {
  return !field(item, "error") && field(item, "isSlideshow") === true;
}

/**
 * The post's reach (decision 082): `playCount`, `diggCount` (likes),
 * `commentCount`, `shareCount`, `collectCount` (saves) and
 * `videoMeta.duration` (seconds), flat exports naming the last
 * "videoMeta.duration"; some datasets nest the counts under `stats`
 * (`stats.playCount`, `stats.diggCount`, ...), read second.
 */
export function tiktokFigures(item: Item): VideoFigures {
  return {
    plays: firstCount(item, "playCount", "stats.playCount"),
    likes: firstCount(item, "diggCount", "stats.diggCount"),
    comments: firstCount(item, "commentCount", "stats.commentCount"),
    shares: firstCount(item, "shareCount", "stats.shareCount"),
    saves: firstCount(item, "collectCount", "stats.collectCount"),
    durationSeconds: durationSeconds(field(item, "videoMeta.duration")),
  };
}

/** One dataset item as our Video fields; null for items that are not a video we can show. */
export function tiktokVideo(item: Item, fallbackUsername: string | null): ImportedVideo | null {
  if (field(item, "error")) return null;
  const id = tiktokVideoId(item);
  if (!id || isTikTokPhotoPost(item)) return null;
  const author = username(field(item, "authorMeta.name")) ?? fallbackUsername;
  const pageUrl = field(item, "webVideoUrl");
  const page = typeof pageUrl === "string" ? parseVideoUrl("tiktok", pageUrl) : null;
  return {
    platformVideoId: id,
    title: cleanText(field(item, "text")),
    authorName: cleanText(field(item, "authorMeta.nickName")) ?? author,
    channelUsername: author,
    thumbnailUrl: cleanUrl(field(item, "videoMeta.coverUrl")) ?? cleanUrl(field(item, "videoMeta.originalCoverUrl")),
    embedHtml: null,
    videoUrl: page?.videoId === id ? new URL(pageUrl as string).href : canonicalVideoUrl("tiktok", id, author)!,
    downloadUrl: downloadedCopy(item),
    publishedAt: toDate(field(item, "createTimeISO")) ?? toDate(field(item, "createTime")),
    figures: tiktokFigures(item),
    captions: tiktokCaptions(item),
  };
}

/** How the importer reads the actor's items, with `fallbackUsername` for items that name no author. */
function reading(fallbackUsername: string | null): ItemReading {
  return { toVideo: (item) => tiktokVideo(item, fallbackUsername), videoIdOf: tiktokVideoId, isPhotoPost: isTikTokPhotoPost };
}

/** The account as the items describe it (authorMeta of the first video item). */
function tiktokChannel(items: Item[], requested: string): ImportedChannel {
  const item = items.find((i) => field(i, "authorMeta.name") !== undefined || field(i, "authorMeta.nickName") !== undefined) ?? {};
  return {
    username: username(field(item, "authorMeta.name")) ?? requested,
    displayName: cleanText(field(item, "authorMeta.nickName")),
    avatarUrl: cleanUrl(field(item, "authorMeta.avatar")) ?? cleanUrl(field(item, "authorMeta.originalAvatarUrl")),
    followerCount: count(field(item, "authorMeta.fans")),
  };
}

export function createTikTokImporter(settings: ImporterSettings): PlatformImporter {
  /** The posts the actor still finds, from their URLs, in one run; with `download` their video files too. */
  async function runPosts(posts: ReadonlyArray<{ videoUrl: string }>, download: boolean, signal?: AbortSignal): Promise<ImportedVideo[]> {
    if (!posts.length) return [];
    const run = await runActor(settings, {
      actorId: config.actorId!,
      input: { postURLs: posts.map((post) => post.videoUrl), resultsPerPage: 1, scrapeRelatedVideos: false, ...NO_EXTRAS, shouldDownloadVideos: download },
      maxItems: posts.length + 10,
      signal,
    });
    return readVideoItems(itemsOfSucceededRun(run), reading(null), "post").videos;
  }

  return {
    config,

    async importChannel(input, options = {}): Promise<ChannelImportResult> {
      const name = normalizeUsername("tiktok", input);
      if (!name) throw new ImportError("invalid_input", `Not a TikTok username: ${JSON.stringify(input.slice(0, 100))}`);
      const limit = Math.max(1, Math.min(options.limit ?? CHANNEL_IMPORT_LIMIT, 200));
      const run = await runActor(settings, {
        actorId: config.actorId!,
        input: {
          profiles: [name],
          resultsPerPage: limit,
          profileSorting: "latest",
          profileScrapeSections: ["videos"],
          excludePinnedPosts: false,
          ...NO_EXTRAS,
          ...WITH_CAPTIONS,
        },
        maxItems: limit + 10,
        signal: options.signal,
      });
      const { videos, videoItems, photoPosts, itemFailure } = readVideoItems(run.items, reading(name), "account");
      if (!videos.length) {
        const failure = itemFailure ?? run.failure ?? noVideos(IMPORT_JOB_TEXT.noPublicVideos(name, "videos"), photoPosts);
        throw new ImportError(failure.kind, failure.message, failure.detail);
      }
      return {
        channel: tiktokChannel(videoItems, name),
        videos: newestFirst(videos).slice(0, limit),
        ...(photoPosts ? { photoPostsSkipped: photoPosts } : {}),
        ...(run.failure ? { error: run.failure } : {}),
      };
    },

    async fetchVideoFiles(posts, options = {}) {
      const files = new Map<string, string | null>(posts.map((post) => [post.platformVideoId, null]));
      // The paid download add-on, for the approved videos being copied only.
      for (const video of await runPosts(posts, true, options.signal)) {
        if (files.has(video.platformVideoId)) files.set(video.platformVideoId, video.downloadUrl ?? null);
      }
      return files;
    },

    async findPosts(posts, options = {}) {
      return new Set((await runPosts(posts, false, options.signal)).map((video) => video.platformVideoId));
    },

    async lookupPosts(posts, options = {}) {
      const wanted = new Set(posts.map((post) => post.platformVideoId));
      const found = await runPosts(posts, options.withVideoFiles === true, options.signal);
      return new Map(found.filter((video) => wanted.has(video.platformVideoId)).map((video) => [video.platformVideoId, video]));
    },

    async importVideos(urls, options = {}) {
      const answers = new Map<string, VideoLookup>();
      const posts: Array<BatchPost & { username: string | null }> = [];
      for (const url of urls) {
        const parsed = parseVideoUrl("tiktok", url);
        if (parsed) posts.push({ url, sent: new URL(url.trim()).href, videoId: parsed.videoId, username: parsed.username });
        else answers.set(url, { failure: { kind: "invalid_input", message: IMPORT_LINKS_TEXT.notVideoLink(config.name, "video") } });
      }
      if (!posts.length) return answers;
      // One run for every post URL: postURLs takes a list (market-notes 3.1).
      const run = await runActor(settings, {
        actorId: config.actorId!,
        input: { postURLs: posts.map((post) => post.sent), resultsPerPage: 1, scrapeRelatedVideos: false, ...NO_EXTRAS, ...WITH_CAPTIONS },
        maxItems: posts.length + 10,
        signal: options.signal,
      });
      const found = lookupsFromRun(run, posts, {
        videoIdOf: tiktokVideoId,
        echoFields: ["submittedVideoUrl", "input", "url"],
        toVideo: (item, post) => tiktokVideo(item, post.username),
        isPhotoPost: isTikTokPhotoPost,
      });
      for (const [url, answer] of found) answers.set(url, answer);
      return answers;
    },

    async importVideo(url, options = {}) {
      const parsed = parseVideoUrl("tiktok", url);
      if (!parsed) throw new ImportError("invalid_input", `Not a TikTok video URL: ${JSON.stringify(url.slice(0, 200))}`);
      const run = await runActor(settings, {
        actorId: config.actorId!,
        input: {
          postURLs: [new URL(url.trim()).href],
          resultsPerPage: 1,
          scrapeRelatedVideos: false,
          ...NO_EXTRAS,
          ...WITH_CAPTIONS,
          // The paid download add-on, for one approved video at a time (the mirror).
          shouldDownloadVideos: options.withVideoFile === true,
        },
        maxItems: 10,
        signal: options.signal,
      });
      const { videos, videoItems, photoPosts, itemFailure } = readVideoItems(run.items, reading(parsed.username), "post");
      const index = parsed.videoId ? videos.findIndex((v) => v.platformVideoId === parsed.videoId) : 0;
      const video = videos[index];
      const videoItem = videoItems[index];
      if (!video || !videoItem) {
        const failure =
          itemFailure ??
          run.failure ??
          (photoPosts
            ? { kind: "not_found" as const, message: IMPORT_JOB_TEXT.photoPost }
            : { kind: "not_found" as const, message: "No TikTok video was found at this URL" });
        throw new ImportError(failure.kind, failure.message, failure.detail);
      }
      const channel = tiktokChannel([videoItem], video.channelUsername ?? "");
      return { video, channel: channel.username ? channel : null };
    },
  };
}
