/**
 * The order of the videos inside one widget (issue 16 item 3, decision 055),
 * as pure functions: the server applies them inside the widget's transaction,
 * and the Widgets page applies the same ones at once, before the server
 * answers, so the list moves under the merchant's keys without waiting.
 *
 * The rules: pinned videos come first (the most recently pinned on top), then
 * the others in the merchant's order; a video moves only within its own group;
 * unpinning leaves the video where it stands, first of the unpinned ones; a
 * video added or approved into the widget goes last.
 */

export interface OrderedVideo {
  videoId: string;
  pinned: boolean;
}

/** How many videos of the list are pinned (they are the first ones). */
export function pinnedCount(videos: readonly OrderedVideo[]): number {
  return videos.filter((video) => video.pinned).length;
}

/** The list with its pinned videos first, each group keeping its order: whatever came in, the rules' shape comes out. */
export function pinnedFirst<Video extends OrderedVideo>(videos: readonly Video[]): Video[] {
  return [...videos.filter((video) => video.pinned), ...videos.filter((video) => !video.pinned)];
}

/** The indexes a video may take: its own group's (pinned: the first ones; unpinned: the rest). */
export function allowedRange(videos: readonly OrderedVideo[], videoId: string): { first: number; last: number } | null {
  const video = videos.find((candidate) => candidate.videoId === videoId);
  if (!video) return null;
  const pinned = pinnedCount(videos);
  return video.pinned ? { first: 0, last: pinned - 1 } : { first: pinned, last: videos.length - 1 };
}

/**
 * The video moved to `toIndex` (0-based, in the whole list), kept within its
 * group: a pinned video cannot go below an unpinned one, nor the reverse.
 * An unknown video leaves the list as it was.
 */
export function moveVideo<Video extends OrderedVideo>(videos: readonly Video[], videoId: string, toIndex: number): Video[] {
  const list = pinnedFirst(videos);
  const range = allowedRange(list, videoId);
  const from = list.findIndex((video) => video.videoId === videoId);
  if (!range || from < 0) return list;
  const target = Math.min(Math.max(Math.trunc(toIndex), range.first), range.last);
  if (target === from) return list;
  const [moved] = list.splice(from, 1);
  list.splice(target, 0, moved!);
  return list;
}

/** Pinning puts the video first of all; unpinning makes it the first of the unpinned ones (it does not jump). */
export function pinVideo<Video extends OrderedVideo>(videos: readonly Video[], videoId: string, pinned: boolean): Video[] {
  const list = pinnedFirst(videos);
  const video = list.find((candidate) => candidate.videoId === videoId);
  if (!video || video.pinned === pinned) return list;
  const others = list.filter((candidate) => candidate.videoId !== videoId);
  const changed = { ...video, pinned };
  if (pinned) return [changed, ...others];
  const stillPinned = pinnedCount(others);
  return [...others.slice(0, stillPinned), changed, ...others.slice(stillPinned)];
}

export function removeVideo<Video extends OrderedVideo>(videos: readonly Video[], videoId: string): Video[] {
  return pinnedFirst(videos.filter((video) => video.videoId !== videoId));
}

/** New videos go last, in the order given; one already in the list stays where it is. */
export function appendVideos<Video extends OrderedVideo>(videos: readonly Video[], added: readonly Video[]): Video[] {
  const known = new Set(videos.map((video) => video.videoId));
  const fresh = added.filter((video) => {
    if (known.has(video.videoId)) return false;
    known.add(video.videoId);
    return true;
  });
  return pinnedFirst([...videos, ...fresh.map((video) => ({ ...video, pinned: false }))]);
}

/**
 * The database's order of a widget's videos (Prisma orderBy on WidgetVideo):
 * pinned first even when a writer appended a row without renumbering, then the
 * positions; ties (two rows appended at once) break by age, then id.
 */
export const WIDGET_VIDEO_ORDER = [{ pinned: "desc" as const }, { position: "asc" as const }, { createdAt: "asc" as const }, { videoId: "asc" as const }];
