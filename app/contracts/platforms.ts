/**
 * The contract every platform importer fulfils: turn a platform's data (an
 * Apify actor's dataset items, an oEmbed answer) into our Video and Channel
 * fields. Client-safe types only; importers themselves are *.server.ts.
 */

/** Platform ids of spec section 3 (platform config). */
export type PlatformId = "tiktok" | "instagram" | "pinterest" | "youtube_shorts" | "snapchat";

/** Where a library video came from: a platform, or the merchant's own upload (issue 13). */
export type VideoSource = PlatformId | "upload";

export type ImportMethod = "username" | "url";

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
  importMethods: ImportMethod[];
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
