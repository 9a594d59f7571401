/**
 * Pure rules of the Video Library (spec 2, 4, 5, 9): row texts, what a bulk
 * approve applies to and what it says afterwards, saved-view names, and the
 * URL that carries the list's state. Client-safe, no React.
 */
import { dateFormat } from "~/rules/intl-formats";
import { FREE_PLAN, TAG_BADGES_BEFORE_MORE, VIDEO_TITLE_MAX_LENGTH, VIEW_NAME_MAX_LENGTH } from "~/constants";
import { LIBRARY_TEXT, approveLimitReached, approvePartlyFailed, videosApproved } from "~/messages";
import type { LibraryTab, LibraryViewDto, ProductTagDto, VideoDto, VideoListQuery } from "./api-types";
import { appSearch } from "./app-links";
import { videoListSearchParams } from "./video-list-query";

// ------------------------------------------------------------------ row texts

/**
 * Spec 2: the title cut to 70 characters plus an ellipsis, or "Video {id}"
 * without a title. Counts characters, not UTF-16 units, so an emoji is never cut in half.
 */
export function displayTitle(title: string | null | undefined, videoId: string, max = VIDEO_TITLE_MAX_LENGTH): string {
  const text = (title ?? "").trim();
  if (!text) return LIBRARY_TEXT.videoFallbackTitle(videoId);
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

/**
 * What names the video under its title: the platform's id of an imported
 * video, the file name of an upload (its id is ours, nothing the merchant
 * knows it by; decision 069).
 */
export function videoReference(video: Pick<VideoDto, "video_id" | "file_name">): string {
  return video.file_name ?? video.video_id;
}

/** Long date, e.g. "November 22, 2026"; empty for an unreadable date. */
export function formatLongDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat({ year: "numeric", month: "long", day: "numeric", timeZone }).format(date);
}

/** Spec 2/9: the first two tags as badges, the rest behind "+N more". */
export function splitTagBadges(tags: ProductTagDto[], shown = TAG_BADGES_BEFORE_MORE) {
  return { badges: tags.slice(0, shown), moreCount: Math.max(0, tags.length - shown) };
}

// ------------------------------------------------------------------ selection

/** The selected videos of the page, in the page's order. */
export function selectedVideos<T extends { id: string }>(videos: T[], selectedIds: readonly string[]): T[] {
  const wanted = new Set(selectedIds);
  return videos.filter((video) => wanted.has(video.id));
}

export type ApprovalPlan = { kind: "nothing" } | { kind: "alreadyApproved"; message: string } | { kind: "approve"; videoIds: string[] };

/**
 * Spec 4: approve applies only to the selected videos not yet approved; with
 * no selection it does nothing; when all are approved it says so.
 */
export function planApproval(selected: Array<Pick<VideoDto, "id" | "enabled">>): ApprovalPlan {
  if (selected.length === 0) return { kind: "nothing" };
  const videoIds = selected.filter((video) => !video.enabled).map((video) => video.id);
  if (videoIds.length === 0) return { kind: "alreadyApproved", message: LIBRARY_TEXT.alreadyApproved };
  return { kind: "approve", videoIds };
}

/** Approve needs at least one widget or select-all (spec 5); select-all sends [] = every widget. */
export function approvalWidgetIds(selectAll: boolean, chosen: Iterable<string>): string[] | null {
  if (selectAll) return [];
  const ids = [...chosen];
  return ids.length > 0 ? ids : null;
}

export interface ApprovalOutcome {
  ok: boolean;
  /** The server's message for a refused video. */
  error?: string;
}

export interface ApprovalSummary {
  tone: "success" | "critical";
  message: string;
  approved: number;
  failed: number;
  /** The Free plan's limit refused a video: the others would be refused too, so retrying cannot help. */
  limitReached: boolean;
}

export function isFreePlanLimitError(message: string | undefined): boolean {
  return Boolean(message?.includes(LIBRARY_TEXT.freePlanLimit));
}

/**
 * Spec 8: all approved → "Successfully approved N video(s)!"; some failed →
 * "N approved, M failed. Please try again."; none → "Failed to approve
 * videos". The Free plan's limit is not a failure a retry fixes: it says what
 * went through and that the limit is reached, without "Please try again".
 */
export function summarizeApproval(outcomes: ApprovalOutcome[]): ApprovalSummary {
  const approved = outcomes.filter((outcome) => outcome.ok).length;
  const failed = outcomes.length - approved;
  if (failed === 0) return { tone: "success", message: videosApproved(approved), approved, failed, limitReached: false };
  const limitReached = outcomes.some((outcome) => !outcome.ok && isFreePlanLimitError(outcome.error));
  const message = limitReached ? approveLimitReached(approved, failed) : approved > 0 ? approvePartlyFailed(approved, failed) : LIBRARY_TEXT.approveFailed;
  return { tone: "critical", message, approved, failed, limitReached };
}

/** Where an approval stands against the Free plan's limit. */
export interface FreePlanRoom {
  approved: number;
  limit: number;
  /** Videos that may still be approved. */
  room: number;
  /** The selected videos do not all fit: the approval would stop at the limit. */
  overflows: boolean;
}

/**
 * The Free plan's approvals, shown where the merchant approves (decision 069)
 * so the limit is known before the sixth approval is refused; null on Premium
 * (`approved` null).
 */
export function freePlanRoom(approved: number | null, selected = 0, limit: number = FREE_PLAN.approvedVideoLimit): FreePlanRoom | null {
  if (approved === null) return null;
  const room = Math.max(0, limit - approved);
  return { approved, limit, room, overflows: selected > room };
}

// ---------------------------------------------------------------- saved views

/** View names compare ignoring case and surrounding or repeated spaces (as the server does). */
export function normalizeViewName(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}

/**
 * Spec 5 view-name modals: required, at most 40 characters, unique ignoring
 * case; a rename must change the name. Returns the problem, or null.
 */
export function viewNameProblem(name: string, existingNames: readonly string[], currentName?: string): string | null {
  const normalized = normalizeViewName(name);
  if (!normalized) return name.length > 0 ? LIBRARY_TEXT.viewNameBlank : LIBRARY_TEXT.viewNameRequired;
  if (Array.from(normalized).length > VIEW_NAME_MAX_LENGTH) {
    return LIBRARY_TEXT.viewNameTooLong;
  }
  if (currentName !== undefined && normalized === normalizeViewName(currentName)) return LIBRARY_TEXT.viewNameUnchanged;
  const key = normalized.toLowerCase();
  const others = currentName === undefined ? existingNames : existingNames.filter((existing) => existing !== currentName);
  if (others.some((existing) => normalizeViewName(existing).toLowerCase() === key)) {
    return LIBRARY_TEXT.viewNameTaken(normalized);
  }
  return null;
}

export type ViewQuery = LibraryViewDto["query"];

/** Same tab, same search (trimmed), the same order and the same set of platforms. */
export function sameViewQuery(a: ViewQuery, b: ViewQuery): boolean {
  if (a.tab !== b.tab || a.search.trim() !== b.search.trim()) return false;
  if ((a.sort ?? "newest") !== (b.sort ?? "newest")) return false;
  const left = new Set(a.platforms);
  return left.size === new Set(b.platforms).size && b.platforms.every((platform) => left.has(platform));
}

// -------------------------------------------------------------------- the URL

/** The library's fixed tabs (spec 2); saved views follow them. */
export const LIBRARY_TAB_LABELS: ReadonlyArray<{ id: LibraryTab; label: string }> = [
  { id: "all", label: LIBRARY_TEXT.tabAll },
  { id: "active", label: LIBRARY_TEXT.active },
  { id: "draft", label: LIBRARY_TEXT.draft },
];

/**
 * The library's search string for a new list state: the app's lasting
 * parameters (shop, host, ...) plus the list's, plus the saved view it shows.
 */
export function librarySearch(currentSearch: string, query: VideoListQuery, viewId?: string | null): string {
  const params = new URLSearchParams(appSearch(currentSearch));
  for (const [name, value] of videoListSearchParams(query)) params.set(name, value);
  if (viewId) params.set("view", viewId);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Changing tab, search or platforms returns to page 1 (spec 2). */
export function withListChange(query: VideoListQuery, change: Partial<Omit<VideoListQuery, "page">>): VideoListQuery {
  return { ...query, ...change, page: 1 };
}
