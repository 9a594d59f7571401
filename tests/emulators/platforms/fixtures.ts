/**
 * Deterministic content for the platform emulators: any account name gives
 * the same posts every time (ids, captions, dates seeded by the name), and
 * its scenario comes from a control override or from the name's prefix.
 */

export type EmulatedPlatform = "tiktok" | "instagram" | "pinterest";
export const EMULATED_PLATFORMS: EmulatedPlatform[] = ["tiktok", "instagram", "pinterest"];

/**
 * - normal: public account with posts
 * - private / empty / missing: what the actors push for such accounts
 * - fail: the run pushes part of the posts, then FAILS
 * - slow: the run takes `slowRunMs` (longer than the app waits)
 * - evil: captions, names, links, thumbnails and embed HTML with script payloads
 * - flat: TikTok items as a dataset view exports them: flattened keys
 *   ("authorMeta.name") and no `id` (only `webVideoUrl` names the post)
 * - expired: thumbnail, avatar and video URLs that have already expired
 * - mixed: what real datasets carry besides plain videos (decision 081):
 *   TikTok photo slideshows, Instagram image and carousel posts, a pinned
 *   post listed first, the newest post twice (see `postShape`)
 */
export const SCENARIOS = ["normal", "private", "empty", "missing", "fail", "slow", "evil", "flat", "expired", "mixed"] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: unknown): value is Scenario {
  return typeof value === "string" && (SCENARIOS as readonly string[]).includes(value);
}

/** Posts an account has before any are added through the control endpoint. */
const BASE_POST_COUNT: Record<EmulatedPlatform, number> = { tiktok: 12, instagram: 9, pinterest: 0 };

/**
 * How long the platforms' signed cover (and avatar) URLs live after the run,
 * as observed on real datasets (issue 28; tests/emulators/README.md): TikTok's
 * covers and avatars about 47 h, Instagram's `displayUrl` about 3.4 days.
 * Pinterest's images (i.pinimg.com) do not expire.
 */
export const THUMBNAIL_TTL_SECONDS: Record<EmulatedPlatform, number | null> = {
  tiktok: 47 * 3600,
  instagram: Math.round(3.4 * 24 * 3600),
  pinterest: null,
};

/**
 * How long the platforms' signed video URLs live after the run (issue 28):
 * TikTok's video file about 6 h (41 h before its cover), Instagram's
 * `videoUrl` about 33 h (the reel scraper's downloaded copy is emulated on the
 * same clock). Pinterest's video files (v1.pinimg.com) do not expire.
 */
export const VIDEO_TTL_SECONDS: Record<EmulatedPlatform, number | null> = { tiktok: 6 * 3600, instagram: 33 * 3600, pinterest: null };

/** Pins are video pins, except those whose id starts with this: image pins (no `videos`). */
export const IMAGE_PIN_PREFIX = "100";

/** Pin ids are digits, so a pin's scenario comes from its first digits (or a control override). */
const PIN_PREFIXES: Array<[string, Scenario]> = [
  ["404", "missing"],
  ["403", "private"],
  ["500", "fail"],
  ["408", "slow"],
  ["666", "evil"],
];

/** The newest base post is dated here; older ones about a day apart. */
const BASE_TIME = Date.UTC(2026, 10, 1, 12, 0, 0);

export function scenarioFromName(platform: EmulatedPlatform, name: string): Scenario {
  const key = name.toLowerCase();
  if (platform === "pinterest") return PIN_PREFIXES.find(([prefix]) => key.startsWith(prefix))?.[1] ?? "normal";
  return SCENARIOS.find((s) => s !== "normal" && key.startsWith(`${s}_`)) ?? "normal";
}

// ---------------------------------------------------------------- seeded values

/** FNV-1a, 32 bits. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator. */
function random(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function digits(seed: string, length: number, first = ""): string {
  const next = random(seed);
  let out = first;
  while (out.length < length) out += Math.floor(next() * 10);
  return out;
}

const SHORTCODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

function shortcode(seed: string): string {
  const next = random(seed);
  let out = "";
  // Real shortcodes start with a letter ("C", "D"); avoid "-"/"_" first.
  out += "CD"[Math.floor(next() * 2)];
  while (out.length < 11) out += SHORTCODE_ALPHABET[Math.floor(next() * 64)];
  return out;
}

function pick<T>(next: () => number, list: readonly T[]): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error("pick needs a non-empty list");
  return item;
}

const OPENERS = [
  "Styling",
  "Unboxing",
  "Restocking",
  "Packing orders for",
  "Behind the scenes with",
  "First look at",
  "How we make",
  "3 ways to wear",
  "Customer favourite:",
  "New drop:",
];
const PRODUCTS = [
  "our linen shirt",
  "the ceramic mug set",
  "the everyday tote",
  "summer sandals",
  "the candle collection",
  "our best-selling hoodie",
  "the travel backpack",
  "hand-poured soap",
  "silk scrunchies",
  "our denim jacket",
  "the walnut desk tray",
  "wool beanies",
];
const ENDINGS = ["✨", "🌿", "☕️", "🔥", "💛", "— link in bio", "(restocked!)", ""];
const TAGS = ["#smallbusiness", "#shopnow", "#ootd", "#handmade", "#unboxing", "#newarrivals", "#giftideas", "#shoplocal", "#fyp"];

export function caption(seed: string): { text: string; hashtags: string[] } {
  const next = random(`caption:${seed}`);
  const hashtags = [pick(next, TAGS), pick(next, TAGS)].filter((t, i, all) => all.indexOf(t) === i);
  const text = [pick(next, OPENERS), pick(next, PRODUCTS), pick(next, ENDINGS), hashtags.join(" ")].filter(Boolean).join(" ");
  return { text, hashtags: hashtags.map((t) => t.slice(1)) };
}

/** "summer.shop_co" -> "Summer Shop Co" */
export function displayName(name: string): string {
  return name
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Script payloads for the evil scenario: every one must stay inert text in the app. */
export const EVIL = {
  captions: [
    "<script>alert(1)</script> Summer sale",
    "<img src=x onerror=alert(1)> New drop",
    '<a href="javascript:alert(1)">Shop now</a>',
    "javascript:alert(1)",
    '"><svg onload=alert(1)> restock',
    "<iframe src=javascript:alert(1)></iframe> behind the scenes",
  ],
  name: "<img src=x onerror=alert(1)>Evil Shop",
  fullName: "<script>alert(1)</script>",
  url: "javascript:alert(1)",
  dataUrl: "data:text/html,<script>alert(1)</script>",
  html: '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">pin</a>',
} as const;

// ---------------------------------------------------------------- accounts and posts

export interface AccountSettings {
  scenario?: Scenario;
  /** How long this account's runs take (overrides runMs / slowRunMs). */
  runMs?: number;
  /** Its runs stay RUNNING until the test releases the account (held: false), whatever the machine's speed. */
  held?: boolean;
  /** Lifetime of this account's thumbnail URLs (overrides THUMBNAIL_TTL_SECONDS). */
  thumbnailTtlSeconds?: number;
  /** Lifetime of this account's video URLs (overrides the emulator's option and VIDEO_TTL_SECONDS). */
  videoTtlSeconds?: number;
  /** Its TikTok items as a dataset view exports them (flattened keys, no `id`), whatever its scenario. */
  flat?: boolean;
  /** Every TikTok video post of it has subtitle files (subtitles.ts), not one in four. */
  captioned?: boolean;
  /** Creation times (ms) of posts added through the control endpoint, oldest first. */
  addedPosts: number[];
}

export interface Post {
  /** 0 = the oldest post. */
  index: number;
  id: string;
  createdAt: number;
  caption: string;
  hashtags: string[];
  durationSec: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

function postId(platform: EmulatedPlatform, name: string, index: number): string {
  return platform === "instagram" ? shortcode(`ig:${name}:${index}`) : digits(`tt:${name}:${index}`, 19, "7");
}

export function makePost(platform: EmulatedPlatform, seed: string, index: number, id: string, createdAt: number): Post {
  const next = random(`stats:${seed}:${index}`);
  const { text, hashtags } = caption(`${seed}:${index}`);
  return {
    index,
    id,
    createdAt,
    caption: text,
    hashtags,
    durationSec: 8 + Math.floor(next() * 50),
    views: 1000 + Math.floor(next() * 250_000),
    likes: 50 + Math.floor(next() * 20_000),
    comments: Math.floor(next() * 600),
    shares: Math.floor(next() * 900),
  };
}

/** The account's posts, newest first. */
export function accountPosts(platform: EmulatedPlatform, name: string, settings: AccountSettings | undefined): Post[] {
  const base = BASE_POST_COUNT[platform];
  const posts: Post[] = [];
  for (let index = 0; index < base; index++) {
    const jitter = Math.floor(random(`time:${name}:${index}`)() * 6 * 3600_000);
    const createdAt = BASE_TIME - (base - 1 - index) * 26 * 3600_000 - jitter;
    posts.push(makePost(platform, name, index, postId(platform, name, index), createdAt));
  }
  (settings?.addedPosts ?? []).forEach((createdAt, i) => {
    const index = base + i;
    posts.push(makePost(platform, name, index, postId(platform, name, index), createdAt));
  });
  return posts.sort((a, b) => b.createdAt - a.createdAt || b.index - a.index);
}

/** Creation time for a post added now: now, and never older than the account's newest post. */
export function addedPostTime(existing: Post[], now: number, offset: number): number {
  const newest = existing.reduce((max, p) => Math.max(max, p.createdAt), 0);
  return Math.max(now, newest + 60_000) + offset * 60_000;
}

/**
 * What a post is in the `mixed` scenario (decision 081): on TikTok every
 * fourth post from the second oldest is a photo slideshow; on Instagram every
 * fourth is an image post and the one after it a carousel ("Sidecar"). Every
 * post of the other scenarios is a video.
 */
export type PostShape = "video" | "slideshow" | "image" | "sidecar";

export function postShape(platform: EmulatedPlatform, scenario: Scenario, post: Pick<Post, "index">): PostShape {
  if (scenario !== "mixed") return "video";
  if (platform === "tiktok") return post.index % 4 === 1 ? "slideshow" : "video";
  if (platform === "instagram") return post.index % 4 === 1 ? "image" : post.index % 4 === 2 ? "sidecar" : "video";
  return "video";
}

/** The `mixed` scenario's pinned post (a video, the fourth oldest): its account's runs list it first. */
export function isPinnedPost(scenario: Scenario, post: Pick<Post, "index">): boolean {
  return scenario === "mixed" && post.index === 3;
}
