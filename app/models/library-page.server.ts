import { signalWorkWhenQuiet } from "./background-work.server";
import { shopAutoSyncs, type SyncShop } from "~/rules/auto-sync";
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
 * When the background work the library's load asked for starts (decisions 074, 086): once the merchant's admin
 * has been quiet this long (the page's load and hydration, then each Next or search, push it back), and at the
 * latest this long after the ask. On the first open it competed with the page for the server and, on one
 * machine, for the merchant's browser; then with the first Next. Nothing waits for it: a suggestions dialog
 * starts the catalogue read at once (catalogueReadiness), and the media check's findings show on a later load.
 */
const LIBRARY_WORK_WAIT = { quietMs: 3_000, maxWaitMs: 20_000 };

/**
 * Everything the Video Library page shows for one shop, read in parallel: one
 * page of videos filtered on the server, the connected accounts, the widgets
 * (Approve dialog), saved views, the imports still running, the media
 * check's findings and, on Free, the approved videos against the limit.
 * `bench/library-10k.mjs` measures this with 10,000 videos.
 */
export async function loadVideoLibrary(shop: { id: string; shopDomain: string } & SyncShop, query: VideoListQuery): Promise<LibraryData> {
  const shopId = shop.id;
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
  // Both run once the merchant pauses (decision 086).
  if (checkAsked) signalWorkWhenQuiet("videoMirror", shop.shopDomain, LIBRARY_WORK_WAIT);
  if (catalogueAsked) signalWorkWhenQuiet("catalogue", shop.shopDomain, LIBRARY_WORK_WAIT);
  // A page past the end was clamped to the last one.
  return {
    shopFound: true,
    query: { ...query, page: list.page },
    list,
    channels,
    widgets,
    views,
    activeJobs,
    mediaIssues,
    freePlanApproved,
    autoSync: shopAutoSyncs(shop),
  };
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
    autoSync: false,
  };
}
