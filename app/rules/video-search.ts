/**
 * The library search's stored text and its comparison key, shared by every
 * writer of videos (imports, uploads, seeds) and the search itself.
 */

/**
 * Text as searchText stores it and as the search compares it:
 * - lowercased: SQLite's LIKE ignores ASCII case and PostgreSQL's does not,
 *   so both compare lowercase with lowercase;
 * - LIKE's special characters (%, _ and PostgreSQL's escape \) swapped for
 *   private-use characters on both sides: Prisma's `contains` does not escape
 *   them, so "sunny_shop" or "50%" would otherwise act as patterns. With no
 *   special character left, `contains` is a plain substring test on both.
 */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (char) => LIKE_SAFE[char] ?? char);
}

const LIKE_SAFE: Record<string, string> = { "%": "\ue000", _: "\ue001", "\\": "\ue002" };

/**
 * What "Search videos..." matches: title, author, channel, the platform's
 * video id and an upload's file name, one per line so a search never matches
 * across two of them.
 */
export function videoSearchText(video: {
  title?: string | null;
  authorName?: string | null;
  channelUsername?: string | null;
  platformVideoId: string;
  uploadFilename?: string | null;
}): string {
  return searchKey(
    [video.title, video.authorName, video.channelUsername, video.platformVideoId, video.uploadFilename].filter((part): part is string => !!part).join("\n"),
  );
}
