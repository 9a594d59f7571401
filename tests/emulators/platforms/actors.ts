/**
 * The emulated actors: what each pushes to its dataset for an input, in the
 * real actors' output shapes (market-notes section 3.1):
 *
 * - clockworks/tiktok-scraper (and clockworks/tiktok-profile-scraper):
 *   `profiles[]` (latest first, `resultsPerPage` per profile, default 1) and
 *   `postURLs[]`; items with `id`, `text`, `createTime(ISO)`, `webVideoUrl`,
 *   `authorMeta`, `videoMeta`, counts, `hashtags`. With
 *   `shouldDownloadVideos: true` the video is saved to the run's key-value
 *   store and its record URL is in `mediaUrls[0]` and `videoMeta.downloadAddr`;
 *   with `shouldDownloadSubtitles: true`, `videoMeta.subtitleLinks` lists the
 *   post's subtitle files (subtitles.ts).
 * - apify/instagram-reel-scraper: `username[]` (usernames, profile URLs or
 *   reel URLs), `resultsLimit` (default 27; ignored for reel URLs); items
 *   with `shortCode`, `url`, `caption`, `timestamp`, `displayUrl`,
 *   `videoUrl` (the CDN's, expiring), `ownerUsername`, `ownerFullName`,
 *   counts; with `includeDownloadedVideo: true` also `downloadedVideoUrl` (a
 *   copy in the run's key-value store, kept 3 days).
 * - epctex/pinterest-scraper: `startUrls[]` (pin URLs, as strings or
 *   `{ url }`), `maxItems`; items are Pinterest's pin objects: `id`, `title`,
 *   `description`, `images`, `pinner`, `created_at`, `is_video` and, for video
 *   pins, `videos.video_list.V_720P { url, width, height, duration (ms), thumbnail }`.
 *
 * Accounts the actors cannot scrape give error items (see
 * app/platforms/actor-failures.ts for what we assume the real ones push).
 * The `flat` scenario and control, and the `mixed` scenario, push the other
 * shapes real datasets carry (decision 081; README, Scenarios). Posts a test
 * removed are gone: a profile no longer lists them, their URLs find nothing.
 */
import { cdnUrl } from "./cdn.js";
import {
  caption,
  digits,
  displayName,
  EVIL,
  hash,
  IMAGE_PIN_PREFIX,
  isPinnedPost,
  makePost,
  postShape,
  THUMBNAIL_TTL_SECONDS,
  VIDEO_TTL_SECONDS,
  type EmulatedPlatform,
  type Post,
  type Scenario,
} from "./fixtures.js";
import { recordUrl } from "./key-value-stores.js";
import { subtitleLinks } from "./subtitles.js";
import { PIN_URL, pinFacts } from "./oembed.js";
import type { KeyValueStoreState, PlatformEmulatorState } from "./state.js";

export class InvalidInputError extends Error {}

/** What one run does: items pushed at once, items pushed when it ends, how it ends and when. */
export interface RunPlan {
  immediateItems: unknown[];
  finalItems: unknown[];
  finalStatus: "SUCCEEDED" | "FAILED";
  statusMessage: string;
  delayMs: number;
  log: string[];
  /** Held accounts (`<platform>:<name>`) this run waits for: it ends once none is held. */
  heldBy?: string[];
}

interface Target {
  scenario: Scenario;
  items: unknown[];
  account: string;
  platform: EmulatedPlatform;
}

export interface ActorContext {
  state: PlatformEmulatorState;
  baseUrl: string;
  /** The run's default key-value store, where downloaded videos go. */
  keyValueStore: KeyValueStoreState;
}

export const ACTOR_INFO = {
  "clockworks/tiktok-scraper": { id: "GdWCkxBtKWOsKjdch", title: "TikTok Scraper" },
  "clockworks/tiktok-profile-scraper": { id: "0FXVyOXXEmdGcV88a", title: "TikTok Profile Scraper" },
  "apify/instagram-reel-scraper": { id: "xMc5Ga1oCONPmWJIa", title: "Instagram Reel Scraper" },
  "epctex/pinterest-scraper": { id: "9vRsqaCBhtMyc4b4F", title: "Pinterest Scraper" },
} satisfies Record<string, { id: string; title: string }>;

export type ActorName = keyof typeof ACTOR_INFO;

export function isActorName(name: string): name is ActorName {
  return Object.hasOwn(ACTOR_INFO, name);
}

function stringArray(input: Record<string, unknown>, key: string): string[] {
  const value = input[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new InvalidInputError(`Input is not valid: Field input.${key} must be array of strings`);
  }
  return value as string[];
}

function positiveInt(input: Record<string, unknown>, key: string, fallback: number): number {
  const value = input[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
    throw new InvalidInputError(`Input is not valid: Field input.${key} must be integer >= 1`);
  return value;
}

function flag(input: Record<string, unknown>, key: string): boolean {
  const value = input[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw new InvalidInputError(`Input is not valid: Field input.${key} must be boolean`);
  return value;
}

function thumbExpiry(ctx: ActorContext, platform: EmulatedPlatform, scenario: Scenario, account: string): number | null {
  const ttl = ctx.state.account(platform, account)?.thumbnailTtlSeconds ?? THUMBNAIL_TTL_SECONDS[platform];
  if (ttl === null) return null;
  return scenario === "expired" ? ctx.state.now() - 3600_000 : ctx.state.now() + ttl * 1000;
}

/** The account's own lifetime, else the emulator's option, else the platform's (null: never expires). */
export function videoTtlSeconds(state: PlatformEmulatorState, platform: EmulatedPlatform, account: string): number | null {
  return state.account(platform, account)?.videoTtlSeconds ?? state.options.videoTtlSeconds ?? VIDEO_TTL_SECONDS[platform];
}

function videoExpiry(ctx: ActorContext, platform: EmulatedPlatform, scenario: Scenario, account: string): number | null {
  const ttl = videoTtlSeconds(ctx.state, platform, account);
  if (ttl === null) return null;
  return scenario === "expired" ? ctx.state.now() - 3600_000 : ctx.state.now() + ttl * 1000;
}

/** The platform CDN's signed URL of the post's video. */
function cdnVideoUrl(ctx: ActorContext, platform: EmulatedPlatform, postId: string, expiresAt: number | null): string {
  return cdnUrl(ctx.baseUrl, platform, "video", postId, expiresAt, ctx.state.mediaOf(platform, postId).videoGeneration ?? 0);
}

/** Saves the post's video to the run's key-value store, as the actors' download options do; the record's signed URL. */
function downloadedVideoUrl(ctx: ActorContext, platform: EmulatedPlatform, postId: string, key: string, expiresAt: number | null): string {
  ctx.keyValueStore.records.set(key, { platform, postId });
  return recordUrl(ctx.baseUrl, ctx.keyValueStore.id, key, expiresAt, ctx.state.mediaOf(platform, postId).videoGeneration ?? 0);
}

/** 2026-11-01T09:00:22Z -> "20261101090022", as in the TikTok scraper's record keys. */
function compactTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace(/\D/g, "");
}

// ---------------------------------------------------------------- TikTok

function flattenOneLevel(item: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if (keys.includes(k) && v && typeof v === "object" && !Array.isArray(v)) {
      for (const [ik, iv] of Object.entries(v)) out[`${k}.${ik}`] = iv;
    } else out[k] = v;
  }
  return out;
}

function tiktokItem(
  ctx: ActorContext,
  name: string,
  post: Post,
  scenario: Scenario,
  postCount: number,
  extra: Record<string, unknown>,
  downloads: Downloads,
): Record<string, unknown> {
  const downloadVideo = downloads.video;
  const evil = scenario === "evil";
  const slideshow = postShape("tiktok", scenario, post) === "slideshow";
  const expiresAt = thumbExpiry(ctx, "tiktok", scenario, name);
  // A slideshow has no video to download: its mediaUrls stay empty.
  const download =
    downloadVideo && !slideshow
      ? downloadedVideoUrl(ctx, "tiktok", post.id, `video-${name}-${compactTime(post.createdAt)}-${post.id}`, videoExpiry(ctx, "tiktok", scenario, name))
      : null;
  const cover = cdnUrl(ctx.baseUrl, "tiktok", "cover", post.id, expiresAt);
  const avatar = cdnUrl(ctx.baseUrl, "tiktok", "avatar", name, expiresAt);
  const stats = { fans: 1000 + (hash(`fans:${name}`) % 90_000), following: hash(`following:${name}`) % 500, heart: 10_000 + (hash(`heart:${name}`) % 900_000) };
  const i = post.index;
  const item: Record<string, unknown> = {
    id: post.id,
    text: evil ? EVIL.captions[i % EVIL.captions.length] : post.caption,
    textLanguage: "en",
    createTime: Math.floor(post.createdAt / 1000),
    createTimeISO: new Date(post.createdAt).toISOString(),
    isAd: false,
    authorMeta: {
      id: digits(`author:${name}`, 19, "6"),
      name,
      profileUrl: `https://www.tiktok.com/@${name}`,
      nickName: evil ? EVIL.name : displayName(name),
      verified: false,
      signature: evil ? EVIL.html : "Shop our latest finds below",
      bioLink: null,
      originalAvatarUrl: evil ? EVIL.url : avatar,
      avatar: evil ? EVIL.url : avatar,
      privateAccount: false,
      following: stats.following,
      friends: Math.floor(stats.following / 3),
      fans: stats.fans,
      heart: stats.heart,
      video: postCount,
      digg: hash(`digg:${name}`) % 5000,
    },
    musicMeta: {
      musicName: "original sound",
      musicAuthor: evil ? EVIL.name : displayName(name),
      musicOriginal: true,
      musicId: digits(`music:${post.id}`, 19, "7"),
    },
    webVideoUrl: evil && i % 6 === 2 ? EVIL.url : `https://www.tiktok.com/@${name}/video/${post.id}`,
    mediaUrls: download ? [download] : [],
    videoMeta: {
      height: 1024,
      width: 576,
      duration: post.durationSec,
      coverUrl: evil && i % 6 === 0 ? EVIL.url : evil && i % 6 === 3 ? EVIL.dataUrl : cover,
      originalCoverUrl: evil && (i % 6 === 0 || i % 6 === 3) ? EVIL.url : cover,
      definition: "540p",
      format: "mp4",
      // With the subtitle option, the post's subtitle files (subtitles.ts), expiring with its video.
      subtitleLinks:
        downloads.subtitles && !slideshow
          ? subtitleLinks(post.id, post.index, evil, ctx.state.account("tiktok", name)?.captioned === true, (key) =>
              cdnUrl(
                ctx.baseUrl,
                "tiktok",
                "subtitle",
                key,
                videoExpiry(ctx, "tiktok", scenario, name),
                ctx.state.mediaOf("tiktok", post.id).videoGeneration ?? 0,
              ),
            )
          : [],
      ...(download ? { downloadAddr: download } : {}),
    },
    diggCount: post.likes,
    shareCount: post.shares,
    playCount: post.views,
    collectCount: Math.floor(post.likes / 7),
    commentCount: post.comments,
    mentions: [],
    detailedMentions: [],
    hashtags: post.hashtags.map((tag) => ({ name: tag })),
    effectStickers: [],
    isSlideshow: slideshow,
    isPinned: isPinnedPost(scenario, post),
    isSponsored: false,
    ...extra,
  };
  if (slideshow) item.videoMeta = { height: 1024, width: 576, coverUrl: cover, originalCoverUrl: cover, subtitleLinks: [] };
  if (scenario !== "flat" && !ctx.state.account("tiktok", name)?.flat) return item;
  // A dataset exported through a view: dotted keys, and no `id` (issue 28).
  const { id: _id, ...withoutId } = item;
  return flattenOneLevel(withoutId, ["authorMeta", "musicMeta", "videoMeta"]);
}

/**
 * A profile's items in the `mixed` scenario as real datasets list them: the
 * pinned post first, and the newest post once more at the end.
 */
function asListed<T>(scenario: Scenario, posts: Post[], item: (post: Post) => T): T[] {
  if (scenario !== "mixed" || !posts.length) return posts.map(item);
  const ordered = [...posts.filter((post) => isPinnedPost(scenario, post)), ...posts.filter((post) => !isPinnedPost(scenario, post))];
  return [...ordered.map(item), item(posts[0]!)];
}

/** The TikTok scraper's download options: `shouldDownloadVideos`, `shouldDownloadSubtitles`. */
interface Downloads {
  video: boolean;
  subtitles: boolean;
}

function tiktokProfile(ctx: ActorContext, name: string, perProfile: number, downloadVideos: Downloads): Target {
  const scenario = ctx.state.scenario("tiktok", name);
  const profileUrl = `https://www.tiktok.com/@${name}`;
  const base = { scenario, account: name, platform: "tiktok" as const };
  if (scenario === "private") {
    return { ...base, items: [{ url: profileUrl, input: name, error: "This account is private", authorMeta: { name, privateAccount: true } }] };
  }
  if (scenario === "missing") return { ...base, items: [{ url: profileUrl, input: name, error: "Profile not found: this account doesn't exist" }] };
  if (scenario === "empty") return { ...base, items: [] };
  const posts = ctx.state.visiblePosts("tiktok", name);
  const items = asListed(scenario, posts.slice(0, perProfile), (post) =>
    tiktokItem(ctx, name, post, scenario, posts.length, { input: name, fromProfileSection: "videos" }, downloadVideos),
  );
  return { ...base, items };
}

/** A TikTok post URL: the account from `/@name/video/<id>`, or one derived from the id or short code. */
function tiktokPostTarget(ctx: ActorContext, url: string, downloadVideos: Downloads): Target {
  let name = "creator";
  let id: string | null = null;
  try {
    const { pathname } = new URL(url);
    const [, postAccount, postId] = /^\/@([A-Za-z0-9._]{1,32})\/video\/(\d{1,25})\/?$/.exec(pathname) ?? [];
    const anyId = /(\d{6,25})/.exec(pathname)?.[1];
    const shortCode = /^\/(?:t\/)?([A-Za-z0-9]{5,16})\/?$/.exec(pathname)?.[1];
    if (postAccount && postId) [name, id] = [postAccount.toLowerCase(), postId];
    else if (anyId) [name, id] = [`creator${hash(anyId) % 10_000}`, anyId];
    else if (shortCode) [name, id] = [`creator${hash(shortCode) % 10_000}`, digits(`short:${shortCode}`, 19, "7")];
  } catch {
    // not a URL: nothing found, like the actor
  }
  const scenario = ctx.state.scenario("tiktok", name);
  const base = { scenario, account: name, platform: "tiktok" as const };
  if (!id) return { ...base, items: [{ url, input: url, error: "Video not found" }] };
  if (scenario === "private") return { ...base, items: [{ url, input: url, error: "This video is private" }] };
  if (scenario === "missing" || scenario === "empty" || ctx.state.isRemoved("tiktok", id))
    return { ...base, items: [{ url, input: url, error: "Video not found: it doesn't exist or was removed" }] };
  const posts = ctx.state.visiblePosts("tiktok", name);
  const post = posts.find((p) => p.id === id) ?? makePost("tiktok", name, hash(id) % 1000, id, Date.UTC(2026, 9, 1) + (hash(id) % 30) * 86_400_000);
  return { ...base, items: [tiktokItem(ctx, name, post, scenario, posts.length, { submittedVideoUrl: url, input: url }, downloadVideos)] };
}

export function tiktokPlan(ctx: ActorContext, input: Record<string, unknown>): Target[] {
  const profiles = stringArray(input, "profiles");
  const postURLs = stringArray(input, "postURLs");
  stringArray(input, "hashtags");
  stringArray(input, "searchQueries");
  const perProfile = positiveInt(input, "resultsPerPage", 1);
  const downloadVideos = { video: flag(input, "shouldDownloadVideos"), subtitles: flag(input, "shouldDownloadSubtitles") };
  return [
    ...profiles.map((p) => tiktokProfile(ctx, p.trim().replace(/^@/, "").toLowerCase(), perProfile, downloadVideos)),
    ...postURLs.map((u) => tiktokPostTarget(ctx, u.trim(), downloadVideos)),
  ];
}

// ---------------------------------------------------------------- Instagram reels

function reelItem(ctx: ActorContext, owner: string, post: Post, scenario: Scenario, inputUrl: string, downloadVideo: boolean): Record<string, unknown> {
  const evil = scenario === "evil";
  const i = post.index;
  const expiresAt = thumbExpiry(ctx, "instagram", scenario, owner);
  const display = cdnUrl(ctx.baseUrl, "instagram", "cover", post.id, expiresAt);
  const videoExpiresAt = videoExpiry(ctx, "instagram", scenario, owner);
  const shape = postShape("instagram", scenario, post);
  const item: Record<string, unknown> = {
    inputUrl,
    id: digits(`igid:${post.id}`, 19, "3"),
    type: "Video",
    productType: "clips",
    shortCode: post.id,
    caption: evil ? EVIL.captions[i % EVIL.captions.length] : post.caption,
    hashtags: post.hashtags,
    mentions: [],
    url: evil && i % 6 === 2 ? EVIL.url : `https://www.instagram.com/p/${post.id}/`,
    commentsCount: post.comments,
    firstComment: "",
    latestComments: [],
    dimensionsHeight: 1920,
    dimensionsWidth: 1080,
    displayUrl: evil && i % 6 === 0 ? EVIL.url : evil && i % 6 === 3 ? EVIL.dataUrl : display,
    images: [],
    videoUrl: cdnVideoUrl(ctx, "instagram", post.id, videoExpiresAt),
    ...(downloadVideo && shape === "video" ? { downloadedVideoUrl: downloadedVideoUrl(ctx, "instagram", post.id, `reel-${post.id}.mp4`, videoExpiresAt) } : {}),
    alt: null,
    likesCount: post.likes,
    videoViewCount: post.views,
    videoPlayCount: post.views + post.likes,
    timestamp: new Date(post.createdAt).toISOString(),
    childPosts: [],
    ownerFullName: evil ? EVIL.fullName : displayName(owner),
    ownerUsername: owner,
    ownerId: digits(`igowner:${owner}`, 11, "4"),
    isSponsored: false,
    videoDuration: post.durationSec + 0.466,
    musicInfo: {
      artist_name: displayName(owner),
      song_name: "Original audio",
      uses_original_audio: true,
      should_mute_audio: false,
      audio_id: digits(`audio:${post.id}`, 16, "1"),
    },
    isPinned: isPinnedPost(scenario, post),
  };
  if (shape === "video") return item;
  // An image or carousel post (apify/instagram-scraper's types): no video of its own.
  const {
    videoUrl: _videoUrl,
    downloadedVideoUrl: _copy,
    videoDuration: _duration,
    videoViewCount: _views,
    videoPlayCount: _plays,
    musicInfo: _music,
    ...photo
  } = item;
  const child = (type: string, n: number) => ({ id: digits(`igchild:${post.id}:${n}`, 19, "3"), type, displayUrl: display });
  return shape === "image"
    ? { ...photo, type: "Image", productType: "feed" }
    : { ...photo, type: "Sidecar", productType: "carousel_container", childPosts: [child("Image", 0), child("Image", 1)] };
}

function reelTarget(ctx: ActorContext, entry: string, limit: number, downloadVideos: boolean): Target {
  const value = entry.trim();
  let reel: string | null = null;
  let name = value.replace(/^@/, "");
  try {
    const url = new URL(value);
    const m = /^\/(?:[A-Za-z0-9._]{1,30}\/)?(?:reels?|p|tv)\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname);
    if (m) reel = m[1] ?? null;
    else name = url.pathname.split("/").filter(Boolean)[0] ?? "";
  } catch {
    // a plain username
  }
  name = name.toLowerCase();

  if (reel) {
    const owner = ctx.state.shortcodeOwners.get(reel) ?? ownerForShortcode(reel);
    const scenario = ctx.state.account("instagram", reel)?.scenario ?? ctx.state.scenario("instagram", owner);
    const base = { scenario, account: owner, platform: "instagram" as const };
    if (scenario === "private") return { ...base, items: [noItems(value)] };
    if (scenario === "missing" || scenario === "empty" || ctx.state.isRemoved("instagram", reel))
      return { ...base, items: [{ inputUrl: value, error: "not_found", errorDescription: "Page not found" }] };
    const post =
      ctx.state.posts("instagram", owner).find((p) => p.id === reel) ??
      makePost("instagram", owner, hash(reel) % 1000, reel, Date.UTC(2026, 9, 1) + (hash(reel) % 30) * 86_400_000);
    return { ...base, items: [reelItem(ctx, owner, post, scenario, value, downloadVideos)] };
  }

  const scenario = ctx.state.scenario("instagram", name);
  const base = { scenario, account: name, platform: "instagram" as const };
  const inputUrl = `https://www.instagram.com/${name}`;
  if (!/^[a-z0-9._]{1,30}$/.test(name)) return { ...base, items: [{ inputUrl: value, error: "not_found", errorDescription: "Page not found" }] };
  if (scenario === "private") return { ...base, items: [noItems(inputUrl)] };
  if (scenario === "missing") return { ...base, items: [{ inputUrl, error: "not_found", errorDescription: "Page not found" }] };
  if (scenario === "empty") return { ...base, items: [] };
  const posts = ctx.state.visiblePosts("instagram", name);
  return { ...base, items: asListed(scenario, posts.slice(0, limit), (post) => reelItem(ctx, name, post, scenario, inputUrl, downloadVideos)) };
}

function noItems(inputUrl: string) {
  return { url: inputUrl, inputUrl, requestErrorMessages: [], error: "no_items", errorDescription: "Empty or private data for provided input" };
}

/**
 * The owner of a reel nobody imported as an account yet: a reel URL whose
 * shortcode starts with a scenario prefix (e.g. /reel/evil_Ab12/) belongs to
 * an account with that prefix.
 */
function ownerForShortcode(code: string): string {
  const prefix = /^(private|empty|missing|fail|slow|evil|flat|expired|mixed)_/i.exec(code)?.[1]?.toLowerCase();
  return prefix ? `${prefix}_creator` : `creator.${hash(code) % 10_000}`;
}

export function instagramReelPlan(ctx: ActorContext, input: Record<string, unknown>): Target[] {
  const usernames = stringArray(input, "username");
  if (!usernames.length) throw new InvalidInputError("Input is not valid: Field input.username is required");
  const limit = positiveInt(input, "resultsLimit", 27);
  const downloadVideos = flag(input, "includeDownloadedVideo");
  return usernames.map((entry) => reelTarget(ctx, entry, limit, downloadVideos));
}

// ---------------------------------------------------------------- Pinterest

/** The pin as Pinterest's own API describes it, which is what the scraper pushes. */
function pinItem(ctx: ActorContext, pinId: string, evil: boolean): Record<string, unknown> {
  const { pinner, title } = pinFacts(pinId);
  const description = caption(`pin:${pinId}`).text;
  const image = cdnUrl(ctx.baseUrl, "pinterest", "pin", pinId, null);
  const isVideo = !pinId.startsWith(IMAGE_PIN_PREFIX);
  const createdAt = Date.UTC(2026, 0, 1) + (hash(`pin-created:${pinId}`) % 300) * 86_400_000;
  return {
    id: pinId,
    type: "pin",
    url: `https://www.pinterest.com/pin/${pinId}/`,
    title: evil ? EVIL.captions[0] : title,
    grid_title: evil ? EVIL.captions[0] : title,
    description: evil ? EVIL.captions[1] : description,
    closeup_unified_description: evil ? EVIL.captions[1] : description,
    link: evil ? EVIL.url : null,
    // RFC 2822 with a numeric zone, as Pinterest writes it.
    created_at: new Date(createdAt).toUTCString().replace("GMT", "+0000"),
    dominant_color: `#${(hash(`pin-color:${pinId}`) & 0xffffff).toString(16).padStart(6, "0")}`,
    repin_count: hash(`pin-repins:${pinId}`) % 5000,
    images: {
      "236x": { url: image, width: 236, height: 420 },
      "736x": { url: image, width: 736, height: 1308 },
      orig: { url: image, width: 1080, height: 1920 },
    },
    is_video: isVideo,
    videos: isVideo
      ? {
          video_list: {
            V_720P: {
              url: cdnVideoUrl(ctx, "pinterest", pinId, null),
              width: 720,
              height: 1280,
              duration: 5000 + (hash(`pin-duration:${pinId}`) % 55_000),
              thumbnail: image,
            },
          },
        }
      : null,
    pinner: { id: digits(`pinner-id:${pinner}`, 18, "5"), username: pinner, full_name: evil ? EVIL.name : displayName(pinner) },
  };
}

function pinTarget(ctx: ActorContext, url: string): Target {
  const pinId = PIN_URL.exec(url)?.[1];
  // Boards, profiles and searches are not emulated: such a URL finds nothing.
  if (!pinId) return { scenario: "empty", items: [], account: url, platform: "pinterest" };
  const scenario = ctx.state.isRemoved("pinterest", pinId) ? "missing" : ctx.state.scenario("pinterest", pinId);
  const base = { scenario, account: pinId, platform: "pinterest" as const };
  if (scenario === "missing" || scenario === "private" || scenario === "empty") return { ...base, items: [] };
  return { ...base, items: [pinItem(ctx, pinId, scenario === "evil")] };
}

export function pinterestPlan(ctx: ActorContext, input: Record<string, unknown>): Target[] {
  const value = input.startUrls ?? [];
  const urls = Array.isArray(value) ? value.map((entry: unknown) => (typeof entry === "string" ? entry : (entry as { url?: unknown } | null)?.url)) : null;
  if (!urls || urls.some((url) => typeof url !== "string"))
    throw new InvalidInputError("Input is not valid: Field input.startUrls must be array of URLs (strings or { url })");
  const maxItems = positiveInt(input, "maxItems", Number.MAX_SAFE_INTEGER);
  const targets = (urls as string[]).map((url) => pinTarget(ctx, url.trim()));
  let left = maxItems;
  for (const target of targets) {
    target.items = target.items.slice(0, left);
    left -= target.items.length;
  }
  return targets;
}

// ---------------------------------------------------------------- plans

/** Combines the targets of one run into what the run pushes and how it ends. */
export function planRun(ctx: ActorContext, targets: Target[]): RunPlan {
  const { runMs, slowRunMs } = ctx.state.options;
  const plan: RunPlan = { immediateItems: [], finalItems: [], finalStatus: "SUCCEEDED", statusMessage: "Finished", delayMs: runMs, log: [] };
  for (const target of targets) {
    const settings = ctx.state.account(target.platform, target.account);
    if (settings?.held) (plan.heldBy ??= []).push(ctx.state.key(target.platform, target.account));
    const own = settings?.runMs;
    const delay = own ?? (target.scenario === "slow" ? slowRunMs : runMs);
    plan.delayMs = Math.max(plan.delayMs, delay);
    if (target.scenario === "fail") {
      // Half of what it would have found (none of a single post), then the run fails.
      const kept = target.items.slice(0, Math.floor(target.items.length / 2));
      plan.immediateItems.push(...kept);
      plan.finalStatus = "FAILED";
      plan.statusMessage = `Request blocked by the platform (HTTP 429) after ${kept.length} item(s) of @${target.account}`;
      plan.log.push(`ERROR Request blocked (HTTP 429) while scraping @${target.account}; ${kept.length} item(s) saved`);
    } else {
      plan.finalItems.push(...target.items);
      plan.log.push(`INFO Scraped @${target.account}: ${target.items.length} item(s)`);
    }
  }
  if (plan.finalStatus === "SUCCEEDED") plan.statusMessage = `Finished! Total ${plan.immediateItems.length + plan.finalItems.length} results`;
  return plan;
}
