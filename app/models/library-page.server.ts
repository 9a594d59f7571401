import { signalWorkAfter } from "./background-work.server";
import type { LibraryData, VideoListQuery } from "~/rules/api-types";
import { listActiveImportJobs } from "./import-jobs.server";
import { listChannels } from "./channels.server";
import { listLibraryViews } from "./library-views.server";
import { listVideos } from "./videos.server";
import { listWidgetSummaries } from "./widgets.server";
import { listMediaIssues, requestMediaCheckIfDue } from "./media-health.server";
import { requestCatalogueSync } from "./catalogue.server";
import { countFreePlanApprovals } from "./library-counts.server";

/**
 * How long after the library's load the background work it asked for starts (decision 074): past the page's
 * load (document, styles, scripts, hydration), which it slowed on the server and, on one machine, in the
 * browser too. Nothing waits for it: a suggestions dialog opened sooner starts the catalogue read at once
 * (catalogueReadiness), and the media check's findings show on a later load.
 */
const LIBRARY_WORK_DELAY_MS = 3_000;

/**
 * Everything the Video Library page shows for one shop, read in parallel: one
 * page of videos filtered on the server, the connected accounts, the widgets
 * (Approve dialog), saved views, the imports still running, the media
 * check's findings and, on Free, the approved videos against the limit.
 * `bench/library-10k.mjs` measures this with 10,000 videos.
 */
export async function loadVideoLibrary(shopId: string, query: VideoListQuery): Promise<LibraryData> {
  const [list, channels, widgets, views, activeJobs, mediaIssues, freePlanApproved, checkAsked, catalogueAsked] = await Promise.all([
    listVideos(shopId, query),
    listChannels(shopId),
    listWidgetSummaries(shopId),
    listLibraryViews(shopId),
    listActiveImportJobs(shopId),
    listMediaIssues(shopId),
    countFreePlanApprovals(shopId),
    // Opening the library checks the videos' media at most once a day (decision 036); the check runs in the background.
    requestMediaCheckIfDue(shopId),
    // The first open reads the shop's catalogue for product suggestions, in the background (decision 053).
    requestCatalogueSync(shopId),
  ]);
  // Both run later (decision 074): on the first open they competed with it for the server (and, on one machine,
  // for the merchant's browser).
  if (checkAsked) signalWorkAfter("videoMirror", LIBRARY_WORK_DELAY_MS);
  if (catalogueAsked) signalWorkAfter("catalogue", LIBRARY_WORK_DELAY_MS);
  // A page past the end was clamped to the last one.
  return { shopFound: true, query: { ...query, page: list.page }, list, channels, widgets, views, activeJobs, mediaIssues, freePlanApproved };
}

/** The page before the browser's first bootstrap created the shop: empty, and it reads again. */
export function emptyVideoLibrary(query: VideoListQuery): LibraryData {
  return {
    shopFound: false,
    query,
    list: { videos: [], page: 1, pageCount: 1, total: 0 },
    channels: [],
    widgets: [],
    views: [],
    activeJobs: [],
    mediaIssues: [],
    freePlanApproved: null,
  };
}
