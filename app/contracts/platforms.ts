/**
 * The platforms videos are imported from (spec section 3), declared once
 * (issue 26 item 2, decision 075), and the contract every platform importer
 * fulfils: turn a platform's data (an Apify actor's dataset items, an oEmbed
 * answer) into our Video and Channel fields.
 *
 * A platform is declared here in three small tables, each keyed by PlatformId
 * so that one missing fails `tsc`: how it looks (VIDEO_SOURCE_LOOKS, which the
 * storefront script carries), its player (PLATFORM_PLAYERS, which the
 * storefront checks embed URLs against) and how it is imported
 * (PLATFORM_IMPORTS: enabled, features, actor, methods). The rest derives
 * from them (app/platforms/config.ts, the API's enums, the library's filter,
 * the texts that list the platforms); what is code, not data, is keyed by
 * PlatformId where it lives: the URL recognisers (app/rules/platform-urls.ts),
 * the importer (app/platforms/<platform>.server.ts, registered in
 * app/platforms/index.server.ts, which an enabled platform must be) and the
 * Import modal's field texts (IMPORT_INPUT_HINTS in app/messages/library.ts).
 * docs/how-to-add.md walks through adding one.
 *
 * Client-safe data and types only; importers themselves are *.server.ts.
 */

/** Platform ids of spec section 3, in the order the Dashboard and the Import panel show them. */
export const PLATFORM_IDS = ["tiktok", "instagram", "pinterest", "youtube_shorts", "snapchat"] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** Where a library video came from: a platform, or the merchant's own upload (issue 13). */
export type VideoSource = PlatformId | "upload";

export type ImportMethod = "username" | "url";

/**
 * Each video source's name, on its own so that the storefront player (which
 * says "Watch on TikTok" and draws no tiles) carries the names without the
 * colours: every byte of its script asset counts (decisions 044, 085).
 */
export const VIDEO_SOURCE_NAMES: Readonly<Record<VideoSource, string>> = {
  tiktok: "TikTok",
  instagram: "Instagram",
  pinterest: "Pinterest",
  youtube_shorts: "YouTube Shorts",
  snapchat: "Snapchat",
  upload: "Upload",
};

/**
 * How each video source is coloured: the tile a video without a
 * poster shows (storefront and admin), the badges and the library's filter.
 * `text` where white would not read on the colour (a unit test checks). The
 * admin names the merchant's uploads as IMPORT_TEXT.uploadSource says.
 */
export const VIDEO_SOURCE_COLORS: Readonly<Record<VideoSource, { color: string; text?: string }>> = {
  tiktok: { color: "#000000" },
  instagram: { color: "#E1306C" },
  pinterest: { color: "#E60023" },
  youtube_shorts: { color: "#FF0000" },
  snapchat: { color: "#FFFC00", text: "#000" },
  upload: { color: "#303030" },
};

/** Both: each source's name and colours. */
export const VIDEO_SOURCE_LOOKS: Readonly<Record<VideoSource, { name: string; color: string; text?: string }>> = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.entries(VIDEO_SOURCE_COLORS).map(([id, colors]) => [id, { name: VIDEO_SOURCE_NAMES[id as VideoSource], ...colors }])) as Record<
    VideoSource,
    { name: string; color: string; text?: string }
  >)();

/**
 * The platform's own player, the iframe a video plays in until (or unless)
 * Shopify holds our copy: its URL for a video id, the id whole as a path
 * segment or a query parameter's value (app/rules/embeds.ts builds it only
 * from an id matching the platform's VIDEO_ID_PATTERNS, and the storefront
 * loads a URL only if it is exactly one so built). null: the platform has no
 * player we load.
 */
export const PLATFORM_PLAYERS: Readonly<Record<PlatformId, ((id: string) => string) | null>> = {
  tiktok: (id) => `https://www.tiktok.com/player/v1/${id}`,
  instagram: (id) => `https://www.instagram.com/reel/${id}/embed`,
  pinterest: (id) => `https://assets.pinterest.com/ext/embed.html?id=${id}`,
  youtube_shorts: (id) => `https://www.youtube.com/embed/${id}`,
  snapchat: null,
};

interface PlatformImport {
  /** Offered to merchants; a disabled platform reads "<name> (Coming Soon)". An enabled one must have an importer (app/platforms/index.server.ts). */
  enabled: boolean;
  features: { channels: boolean; singleVideos: boolean; autoSync: boolean };
  /**
   * The third-party Apify actor the importer runs (Apify Store id; its input
   * and output fields: ../shared/design/market-notes.md section 3), or null
   * when the platform has none.
   */
  actorId: string | null;
  /** Methods offered in the Import modal, first = default. */
  importMethods: readonly ImportMethod[];
  /**
   * How long the platform's signed media URLs live after the actor run that
   * handed them out, in seconds, as observed on real datasets (decision 083):
   * the fallback when a URL does not carry its own expiry (TikTok's
   * `x-expires`, Instagram's `oe`). null: the URLs do not expire.
   */
  mediaLifetimes: MediaLifetimes;
}

/** The platforms' media URLs by what they show: a video's cover, its file, the account's picture. */
export type MediaKind = "thumbnail" | "video" | "avatar";
export type MediaLifetimes = Readonly<Record<MediaKind, number | null>>;

// Literal seconds: an expression here would keep PLATFORM_IMPORTS in the storefront script (esbuild cannot drop it).
/** 47 hours. */
const TIKTOK_COVER_SECONDS = 169_200;
/** 6 hours. */
const TIKTOK_VIDEO_SECONDS = 21_600;
/** 3.4 days (81.6 hours). */
const INSTAGRAM_COVER_SECONDS = 293_760;
/** 33 hours. */
const INSTAGRAM_VIDEO_SECONDS = 118_800;

export const PLATFORM_IMPORTS = {
  tiktok: {
    enabled: true,
    features: { channels: true, singleVideos: true, autoSync: true },
    actorId: "clockworks/tiktok-scraper",
    importMethods: ["username", "url"],
    // Covers and avatars about 47 h after the run; the video file about 41 h before them (issue 28).
    mediaLifetimes: { thumbnail: TIKTOK_COVER_SECONDS, avatar: TIKTOK_COVER_SECONDS, video: TIKTOK_VIDEO_SECONDS },
  },
  instagram: {
    enabled: true,
    features: { channels: true, singleVideos: true, autoSync: true },
    actorId: "apify/instagram-reel-scraper",
    importMethods: ["username", "url"],
    // `displayUrl` about 3.4 days after the run, `videoUrl` about 33 h (issue 28); profile pictures are on the same CDN as covers.
    mediaLifetimes: { thumbnail: INSTAGRAM_COVER_SECONDS, avatar: INSTAGRAM_COVER_SECONDS, video: INSTAGRAM_VIDEO_SECONDS },
  },
  pinterest: {
    enabled: true,
    // Pins only (Pinterest: url only). Single pins come from Pinterest's oEmbed endpoint, which cannot tell a video pin
    // from an image pin; the actor reads that (and the video file), so a Pinterest import runs it too (decision 069).
    features: { channels: false, singleVideos: true, autoSync: false },
    actorId: "epctex/pinterest-scraper",
    importMethods: ["url"],
    // i.pinimg.com and v1.pinimg.com URLs are not signed.
    mediaLifetimes: { thumbnail: null, avatar: null, video: null },
  },
  youtube_shorts: {
    enabled: false,
    features: { channels: true, singleVideos: true, autoSync: true },
    actorId: "streamers/youtube-shorts-scraper",
    importMethods: ["username", "url"],
    // Not imported yet: to be measured on real datasets when it is.
    mediaLifetimes: { thumbnail: null, avatar: null, video: null },
  },
  snapchat: {
    enabled: false,
    features: { channels: true, singleVideos: true, autoSync: false },
    actorId: null,
    importMethods: ["username", "url"],
    mediaLifetimes: { thumbnail: null, avatar: null, video: null },
  },
} as const satisfies Record<PlatformId, PlatformImport>;

/** The platforms merchants can import from (enabled: true); each must have an importer. */
export type EnabledPlatformId = { [Platform in PlatformId]: (typeof PLATFORM_IMPORTS)[Platform]["enabled"] extends true ? Platform : never }[PlatformId];

/** The enabled platforms' names, in order: what the texts that list them say ("TikTok, Instagram and Pinterest"). */
export function enabledPlatformNames(): string[] {
  return PLATFORM_IDS.filter((id) => PLATFORM_IMPORTS[id].enabled).map((id) => VIDEO_SOURCE_LOOKS[id].name);
}

export interface PlatformConfig {
  id: PlatformId;
  /** "TikTok", "Instagram", ... */
  name: string;
  /** Label on buttons; disabled platforms read "<name> (Coming Soon)". */
  label: string;
  /** Brand colour, used for the tile shown when a thumbnail is missing. */
  color: string;
  enabled: boolean;
  features: { channels: boolean; singleVideos: boolean; autoSync: boolean };
  /** Third-party Apify actor, or null when the platform uses oEmbed only. */
  actorId: string | null;
  /** Methods offered in the Import modal, first = default (Pinterest: url only). */
  importMethods: readonly ImportMethod[];
}

/** A video as an importer found it, before it is stored. Text is untrusted. */
export interface ImportedVideo {
  platformVideoId: string;
  title: string | null;
  authorName: string | null;
  channelUsername: string | null;
  /** The platform's (expiring) thumbnail URL. */
  thumbnailUrl: string | null;
  /** The platform's embed HTML as received; never rendered as HTML (see app/rules/embeds.ts). */
  embedHtml: string | null;
  /** The video's public page. */
  videoUrl: string;
  /**
   * The video file itself, when the source gave one (an actor's downloaded
   * copy, else the platform CDN's file). Signed and short-lived, like the
   * thumbnail: whoever keeps a copy must fetch it soon after the import.
   * Absent for sources that never give one.
   */
  downloadUrl?: string | null;
  publishedAt: Date | null;
  /** The post's reach as the platform reported it at import (decision 082); absent for sources that give none (Pinterest). */
  figures?: VideoFigures;
  /** The caption files the platform offers (TikTok), one per language; absent where it offers none (decision 084). */
  captions?: ImportedCaption[];
}

/**
 * A post's reach figures as the platform reports them (decision 082). Each is
 * a non-negative whole number, or null when the source did not say (unknown
 * is not 0: Instagram often gives no shares or saves, and hides likes).
 */
export interface VideoFigures {
  plays: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  /** The post's length in whole seconds. */
  durationSeconds: number | null;
}

/** One caption file a platform offers for a video. */
export interface ImportedCaption {
  /** BCP 47, as Shopify names a store's languages ("en", "fr", "pt-BR"). */
  lang: string;
  /** The platform's link to the file: signed and short-lived, like the video's; untrusted content. */
  url: string;
  /** The video's own (spoken) language: the platform's speech recognition, else the first it listed. */
  spoken: boolean;
}

/** One URL of a batch: the video found there, or why none was. */
export type VideoLookup = { video: ImportedVideo; failure?: undefined } | { video?: undefined; failure: ImportFailure };

/** A connected account as an importer found it. Text is untrusted. */
export interface ImportedChannel {
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  followerCount: number | null;
}

export interface ChannelImportResult {
  channel: ImportedChannel;
  videos: ImportedVideo[];
  /** Photo posts (TikTok slideshows, Instagram images and carousels) the account's items held, skipped (decision 081). */
  photoPostsSkipped?: number;
  /**
   * Set when the source failed part-way: `videos` holds what was fetched
   * before the failure, which the caller keeps.
   */
  error?: ImportFailure;
}

export type ImportFailureKind =
  | "missing_token" // no APIFY_TOKEN configured, or Apify rejected it (401)
  | "invalid_input" // not a username / not a URL of this platform
  | "not_found" // no such account or post
  | "private" // account or post not public
  | "empty" // account has no videos
  | "timeout" // the actor run took too long
  | "failed"; // the run failed or the platform answered with an error

export interface ImportFailure {
  kind: ImportFailureKind;
  /** The plain reason the merchant reads after the mapper's title (spec 8); never includes tokens. */
  message: string;
  /** The vendor's own words (an Apify status, an HTTP code): for the server log only, never shown. */
  detail?: string;
}

export interface ImportVideoOptions {
  signal?: AbortSignal;
  withVideoFile?: boolean;
}

export interface PlatformImporter {
  config: PlatformConfig;
  /** Latest videos of an account (username without "@"). */
  importChannel(username: string, options?: { limit?: number; signal?: AbortSignal }): Promise<ChannelImportResult>;
  /**
   * One video (or pin) from its public URL. With `withVideoFile` the source is
   * asked for a downloadable copy of the video (`downloadUrl`) where that costs
   * extra (TikTok's download add-on): the mirror asks so for approved videos
   * only. (Pinterest's importer always reads the pin's file: it must know the
   * pin is a video anyway.)
   */
  importVideo(url: string, options?: ImportVideoOptions): Promise<{ video: ImportedVideo; channel: ImportedChannel | null }>;
  /**
   * Several videos (or pins) from their public URLs in one actor run, where
   * the actor takes several URLs (the links import, decision 056). Answers
   * every URL as given: its video, or why it failed (a post the run did not
   * reach fails with the run's failure). Throws only when nothing could be
   * run (no token, Apify unreachable, aborted). Absent: the caller imports
   * the URLs one by one with importVideo.
   */
  importVideos?(urls: readonly string[], options?: { signal?: AbortSignal }): Promise<Map<string, VideoLookup>>;
  /**
   * Fresh downloadable URLs of several posts' video files, in one actor run
   * (signed URLs expire, so the mirror asks right before it copies). Keyed by
   * platformVideoId; a post the platform no longer shows (removed, private) or
   * offers no file for maps to null. Absent for platforms without files.
   */
  fetchVideoFiles?(
    posts: ReadonlyArray<{ platformVideoId: string; videoUrl: string }>,
    options?: { signal?: AbortSignal },
  ): Promise<Map<string, string | null>>;
  /**
   * The posts as the platform shows them now, in one actor run (the media
   * refresher, decision 083): fresh signed URLs of their covers, and of their
   * files where `withVideoFiles` asks for them (TikTok's paid download; an
   * Instagram reel's CDN file comes anyway). Keyed by platformVideoId; a post
   * missing from the map is gone or private. Throws when the run did not
   * succeed (it says nothing of the posts it did not reach).
   */
  lookupPosts?(
    posts: ReadonlyArray<{ platformVideoId: string; videoUrl: string }>,
    options?: { withVideoFiles?: boolean; signal?: AbortSignal },
  ): Promise<Map<string, ImportedVideo>>;
  /**
   * Which of the posts are still public on the platform (the media check), in
   * one run without downloads; answers their platformVideoIds.
   */
  findPosts?(posts: ReadonlyArray<{ platformVideoId: string; videoUrl: string }>, options?: { signal?: AbortSignal }): Promise<Set<string>>;
}

/** Thrown by importers when nothing could be fetched. */
export class ImportError extends Error {
  constructor(
    readonly kind: ImportFailureKind,
    message: string,
    /** For the server log only (see ImportFailure.detail). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "ImportError";
  }
}
