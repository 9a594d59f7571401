/**
 * The Video Library's filters as they travel in a URL (the page's address and
 * GET /api/videos/{shopId}). Client-safe: the page, its links and the API all
 * read and write them here, so a saved view, a shared link and the server
 * agree. Bad values never fail a request: each falls back to its default.
 *
 *   tab       all | active | draft                  (default all)
 *   q         search text                           (default ""; characters no database stores are dropped,
 *             the API refuses them first: app/rules/text-input.ts)
 *   platform  repeated (?platform=a&platform=b) or a comma list (?platform=a,b);
 *             "all" or nothing means every platform; unknown ids are dropped
 *   sort      newest | oldest | plays | least_played (default newest; plays = "Most played", decision 082)
 *   page      1-based integer                       (default 1)
 */
import { LIBRARY_SORTS, LIBRARY_TABS, type LibrarySort, type LibraryTab, type VideoListQuery } from "~/rules/api-types";
import { cutText, removeRefusedCharacters } from "~/rules/text-input";
import { PLATFORM_IDS, type VideoSource } from "~/contracts/platforms";

/** Platform filter values: every video source by its id; "youtube" is the library's older name for YouTube Shorts (spec 3). */
const PLATFORM_ALIASES: Record<string, VideoSource> = {
  ...Object.fromEntries([...PLATFORM_IDS, "upload" as const].map((source) => [source, source])),
  youtube: "youtube_shorts",
};

/** Longer search text is cut: no title is searched by a paragraph, and it bounds the LIKE pattern. */
const SEARCH_MAX_LENGTH = 100;

/** Past any real library (10,000 videos is 500 pages); keeps OFFSET arithmetic small. */
const PAGE_MAX = 100_000;

export function parseLibraryTab(value: string | null | undefined): LibraryTab {
  const tab = (value ?? "").trim().toLowerCase();
  return (LIBRARY_TABS as readonly string[]).includes(tab) ? (tab as LibraryTab) : "all";
}

/** The list's order; anything unknown is the default, newest first. */
export function parseLibrarySort(value: string | null | undefined): LibrarySort {
  const sort = (value ?? "").trim().toLowerCase();
  return (LIBRARY_SORTS as readonly string[]).includes(sort) ? (sort as LibrarySort) : "newest";
}

/** The order as a query's field: left out when it is the default. */
export function sortOf(sort: LibrarySort): { sort?: LibrarySort } {
  return sort === "newest" ? {} : { sort };
}

/** Video sources (platform ids, "upload") from any mix of repeated values and comma lists, deduplicated, in first-seen order. */
export function parsePlatformFilter(values: readonly string[]): VideoSource[] {
  const found: VideoSource[] = [];
  for (const value of values) {
    for (const part of value.split(",")) {
      const key = part.trim().toLowerCase();
      if (key === "all") return [];
      const id = Object.hasOwn(PLATFORM_ALIASES, key) ? PLATFORM_ALIASES[key] : undefined;
      if (id && !found.includes(id)) found.push(id);
    }
  }
  return found;
}

function parsePage(value: string | null | undefined): number {
  const text = (value ?? "").trim();
  if (!/^\d{1,9}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 ? Math.min(page, PAGE_MAX) : 1;
}

/** One line, composed (NFC) like the titles it is compared with, and cut without splitting a character. */
export function normalizeSearch(value: string | null | undefined): string {
  const text = removeRefusedCharacters(value ?? "")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim();
  return cutText(text, SEARCH_MAX_LENGTH);
}

export function parseVideoListQuery(searchParams: URLSearchParams): VideoListQuery {
  return {
    tab: parseLibraryTab(searchParams.get("tab")),
    search: normalizeSearch(searchParams.get("q")),
    platforms: parsePlatformFilter(searchParams.getAll("platform")),
    ...(searchParams.get("suggested") === "1" ? { suggested: true } : {}),
    ...sortOf(parseLibrarySort(searchParams.get("sort"))),
    page: parsePage(searchParams.get("page")),
  };
}

/**
 * The query as URL parameters, defaults left out (so the plain library URL
 * stays clean). Platforms are written as one comma list.
 */
export function videoListSearchParams(query: Partial<VideoListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tab && query.tab !== "all") params.set("tab", query.tab);
  const search = normalizeSearch(query.search);
  if (search) params.set("q", search);
  if (query.platforms?.length) params.set("platform", query.platforms.join(","));
  if (query.suggested) params.set("suggested", "1");
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}
