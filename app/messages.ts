/**
 * Texts of the product spec shown on screen (spec sections 2 and 8), verbatim
 * where the spec gives them. Client-safe.
 *
 * Plan figures (prices, the Free limit, the billing interval, the auto-sync
 * period) come from app/constants.ts, the same constants Shopify bills with, so
 * the page and the bill cannot disagree.
 */
import type { ImportMethod, PlatformId } from "./platforms/types";
import type { MirrorFailure } from "./rules/api-types";
import {
  ANALYTICS_WINDOW_DAYS,
  AUTO_APPROVE,
  CAROUSEL_AUTO_SCROLL_MS,
  FREE_PLAN,
  IMPORT_CAPS,
  IMPORT_LINKS_MAX,
  MEDIA_CHECK_EVERY_HOURS,
  PREMIUM_PLAN,
  TOP_VIDEOS_COUNT,
  VIDEO_UPLOAD,
  VIEW_NAME_MAX_LENGTH,
  WIDGET_PRIORITY,
  type LayoutType,
  type PageContext,
  type PerformanceColumnSet,
  type PerformanceRanking,
} from "./constants";

/** "$0", "$5.99": whole dollars without cents, as the spec writes prices. */
export const formatUsd = (amount: number) => (Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`);

const FREE_LIMIT = FREE_PLAN.approvedVideoLimit;
const PREMIUM_PRICE = formatUsd(PREMIUM_PLAN.priceUsd);
const AUTO_SYNC_PERIOD = `every ${PREMIUM_PLAN.autoSyncEveryHours} hours`;
const UPLOAD_MAX_MB = Math.round(VIDEO_UPLOAD.maxBytes / (1024 * 1024));
const UPLOAD_MAX_MINUTES = VIDEO_UPLOAD.maxSeconds / 60;
const ANALYTICS_WINDOW = `the last ${ANALYTICS_WINDOW_DAYS} days`;
const MEDIA_CHECK_PERIOD = MEDIA_CHECK_EVERY_HOURS === 24 ? "daily" : `${MEDIA_CHECK_EVERY_HOURS}-hourly`;

/** Button and dialog words shared by several screens. */
export const ACTION_TEXT = {
  cancel: "Cancel",
  back: "Back",
  close: "Close",
  delete: "Delete",
  remove: "Remove",
  approve: "Approve",
  unpublish: "Unpublish",
  preview: "Preview",
  tagProduct: "Tag Product",
  /** Tags one suggested product (decision 053). */
  tag: "Tag",
  createWidget: "Create Widget",
  tryAgain: "Try again",
} as const;

/** The app's name, as the navigation's home link shows it. */
export const APP_NAME = "Clipcart";

/** Page titles; the navigation uses the same words. */
export const PAGE_TITLES = {
  dashboard: "Dashboard",
  library: "Video Library",
  widgets: "Widgets",
  analytics: "Analytics",
  plan: "Plan & Upgrade",
} as const;

/** The accessible name of a page's loading skeleton where Polaris's SkeletonPage does not give one. */
export const PAGE_LOADING = "Page loading";

/** The app's navigation (spec 2), in order. */
export const NAV_ITEMS = [
  { label: PAGE_TITLES.dashboard, path: "/" },
  { label: PAGE_TITLES.library, path: "/content" },
  { label: PAGE_TITLES.widgets, path: "/widgets" },
  { label: PAGE_TITLES.analytics, path: "/analytics" },
  { label: PAGE_TITLES.plan, path: "/plan" },
] as const;

export const SUPPORT_HINT = "If the problem persists, please contact support.";

export const ERROR_SCREENS = {
  server: {
    title: "Server Error",
    body: "Something went wrong while loading Clipcart.",
    action: "Try Again",
  },
  notFound: {
    title: "Page Not Found",
    body: "The page you are looking for does not exist.",
    action: "Go to Dashboard",
  },
  connection: {
    title: "Connection Error",
    body: "Clipcart could not reach its server. Please check your internet connection.",
    action: "Reload",
  },
} as const;

export type ErrorScreenKind = keyof typeof ERROR_SCREENS;

export const MISSING_SHOP_LOG = "Clipcart needs a shop query parameter: open it from your Shopify admin. The app was not loaded.";

export const SHOP_UNAVAILABLE_WARNING = "Unable to load shop data. Please make sure you're accessing this app from within Shopify admin.";

/**
 * The HTTP boundary's answers. API errors reach the merchant through the error
 * mapper; server/http-boundary.mjs (plain JS) repeats the API texts and
 * tests/server/http-boundary.test.ts keeps both equal.
 */
export const HTTP_BOUNDARY_TEXT = {
  sessionRequired: "A valid session token is required: open Clipcart from your Shopify admin.",
  loginTitle: "Open Clipcart from your Shopify admin",
  loginBody: "Clipcart runs inside your Shopify admin. Sign in to your store's admin, open Apps and choose Clipcart.",
  invalidLink: "This link is not valid: open Clipcart from your Shopify admin.",
  /** e.g. "The request body is too large: this address accepts at most 1 MB." */
  bodyTooLarge: (limit: string) => `The request body is too large: this address accepts at most ${limit}.`,
} as const;

/** Spec 8: the generic error mapper's titles and default texts ("<title>: <message>"). */
export const ERROR_MAPPER = {
  network: {
    title: "Connection issue",
    message: "Unable to connect to the server. Please check your internet connection and try again.",
  },
  timeout: { title: "Request timeout", message: "The request took too long to complete. Please try again." },
  channel: {
    title: "Unable to add channel",
    message: "Please check that the username is correct and the channel is public. Try removing the @ symbol if you included it.",
  },
  video: {
    title: "Unable to add video",
    message: "Please check that the URL is valid and the video is publicly accessible.",
  },
  widget: { title: "Unable to save widget", message: "Your changes were not saved." },
  sync: {
    title: "Sync failed",
    message: "The channel may be private or temporarily unavailable. Please try again later.",
  },
  delete: { title: "Unable to delete", message: "This item may be in use by other features. Please try again." },
  billing: { title: "Billing error", message: "Please contact support if the problem continues." },
  default: { title: "Something went wrong", message: "An unexpected error occurred. Please try again." },
} as const;

export type ErrorContext = Exclude<keyof typeof ERROR_MAPPER, "network" | "timeout" | "default"> | "default";

/** Spec 8 and 2: Video Library, import and moderation texts. */
export const LIBRARY_TEXT = {
  /** A video's copy in Shopify Files (decision 035), under its status in the library. */
  preparingVideo: "Preparing video",
  platformPlayer: (reason: string) => `Using the platform's player: ${reason}`,
  /** An upload has no platform player: without its copy the storefront shows its poster only. */
  uploadWithoutCopy: (reason: string) => `Shown as a still image: ${reason}`,
  mirrorFailures: {
    no_source: "the post can no longer be copied (removed or private)",
    download_failed: "Shopify could not download the video",
    processing_failed: "Shopify could not process the video",
    timeout: "Shopify took too long to process the video",
    shopify_refused: "Shopify refused the copy",
    platform_failed: "the platform did not answer when asked for the video",
    file_deleted: "the copy was deleted from Shopify Files",
    too_long: `the video is longer than ${UPLOAD_MAX_MINUTES} minutes`,
  } satisfies Record<MirrorFailure, string>,
  importBanner: "Great! Now create a widget to display your videos on your storefront.",
  freePlanLimit: `Free plan allows maximum ${FREE_LIMIT} approved videos. Upgrade to Premium for unlimited videos.`,
  /** The approve dialog's title once the Free plan's limit refused a video (the Plan page's banner says the same). */
  limitReachedTitle: "Video limit reached",
  /** On Free, beside the library's title and in the approve dialog: the approved videos against the limit (decision 069). */
  freePlanApproved: (approved: number, limit: number) => `Free plan: ${approved} of ${limit} approved`,
  /** The approve dialog, before approving more videos than the Free plan has room for (at the limit itself: freePlanLimit). */
  freePlanRoom: (room: number, selected: number) =>
    `Only ${room} more ${room === 1 ? "video" : "videos"} can be approved on the Free plan: ${room === 1 ? "the first" : `the first ${room}`} of these ${selected} will be. Upgrade to Premium for unlimited videos.`,
  alreadyApproved: "Selected videos are already approved",
  approveFailed: "Failed to approve videos. Please try again.",
  previewApproveFailed: "Failed to approve video. Please try again.",
  previewStatusFailed: "Failed to update video status. Please try again.",
  tagAddFailed: "Failed to add product tag",
  noTaggedProducts: "No products tagged to this video",
  selectWidgets: 'Please select at least one widget or click "Select All"',
  channelDeleted: "Channel deleted successfully",
  videoDeleted: "Video deleted successfully",
  videoAdded: "Video added successfully!",
  pinAdded: "Pin added successfully!",
  noVideosFound: "No videos found",
  searchPlaceholder: "Search videos...",
  untitledVideo: "Untitled Video",
  /** The link after a row's first tag badges. */
  moreTags: (count: number) => `+${count} more`,
  missingApifyToken: "Video import is not configured: the Apify API token is missing. Please contact support.",
  /** An import or sync whose account was removed before it could save; shown as "Sync failed: ..." (spec 8). */
  accountRemoved: "This account was removed from Clipcart, so its videos were not saved.",
  /** A job whose process stopped (a restart or crash) before it finished. */
  importInterrupted: "The import was interrupted because the app restarted. Please try again.",
  /** A job past its time limit; the mapper shows it as "Request timeout" (spec 8). */
  importTimedOut: "Import timeout: the import took too long and was stopped",
  /** A video without a title, e.g. "Video 7349..." */
  videoFallbackTitle: (videoId: string) => `Video ${videoId}`,
  /** Row status badges and the fixed tabs. */
  tabAll: "All",
  active: "Active",
  draft: "Draft",
  emptyDescription: "Try changing the tab, search or platform filter, or import videos from your accounts.",
  /** The empty library with no tab, search or filter narrowing it: nothing to change, only to add. */
  emptyLibraryDescription: "Import videos from your TikTok, Instagram or Pinterest accounts, or upload your own, to get started.",
  importPlatform: (platform: string) => `Import ${platform}`,
  platformFilter: "Platform",
  platformFilterApplied: (platforms: string) => `Platform: ${platforms}`,
  resourceName: { singular: "video", plural: "videos" },
  columns: { thumbnail: "Thumbnail", video: "Video", created: "Created", products: "Products", status: "Status", actions: "Actions" },
  pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  unpublishFailed: (title: string, message: string) => `${title}: Failed to unpublish videos. ${message}`,
  deleteTitle: (count: number) => (count === 1 ? "Delete video?" : `Delete ${count} videos?`),
  deleteBody: (count: number) =>
    count === 1
      ? "The video is removed from your library and from every widget, with its product tags. This cannot be undone."
      : "The videos are removed from your library and from every widget, with their product tags. This cannot be undone.",
  viewNameRequired: "View name is required.",
  viewNameBlank: "A view name needs letters or numbers, not only spaces.",
  /** The app's own view-name dialog, opened again with what was typed when a name is refused. */
  viewNameDialog: {
    create: "Create new view",
    rename: "Rename view",
    duplicate: "Duplicate view",
    label: "Name",
    createAction: "Create view",
    saveAction: "Save",
  },
  viewNameTooLong: `View name must be ${VIEW_NAME_MAX_LENGTH} characters or fewer.`,
  viewNameUnchanged: "Enter a new name for this view.",
  viewNameTaken: (name: string) => `A view named "${name}" already exists. Choose another name.`,
  noWidgetsTitle: "You have no widgets yet",
  noWidgetsBody: "Approved videos show on your store through widgets. Create a widget first, then approve your videos to it.",
  chooseWidgets: (count: number) => `Choose the widgets that will show ${count === 1 ? "this video" : "these videos"}.`,
  selectAll: "Select All",
  widgets: "Widgets",
  widgetChoice: (name: string, layout: string) => `${name} (${layout})`,
  previewTitle: "Video Preview",
  playerTitle: (title: string) => `Video player: ${title}`,
  approveVideo: "Approve Video",
  unpublishVideo: "Unpublish Video",
  approved: "Approved",
  pendingReview: "Pending Review",
  author: "Author",
  channel: "Channel",
  platform: "Platform",
  videoId: "Video ID",
  /** An uploaded video's detail in the preview, where an imported one has its id (decision 069). */
  fileName: "File",
  videoUrl: "Video URL",
  taggedProducts: "Tagged Products",
  notInWidget: "Not shown in any widget",
  /** Shown for a detail the video does not have. */
  noValue: "—",
  tagProductsTitle: "Tag Products",
  tagDone: (count: number) => `Done (${count})`,
  noProductsFound: "No products found",
  searchProducts: "Search products",
  searchProductsHelp: (minChars: number) => `Type at least ${minChars} characters, then choose a product to tag it, or Browse to pick several.`,
  taggedProductsList: "Tagged products",
  /** Opens Shopify's own product picker (several products at once). */
  browseProducts: "Browse",
  browseProductsLabel: "Browse products to tag several at once",
  searchResultsLabel: "Matching products",
  // Product suggestions (decision 053)
  suggestedProducts: "Suggested products",
  suggestedProductsHelp: "From the video's caption, hashtags and author. Choose one to tag it.",
  suggestionsLoading: "Looking for products this video shows…",
  catalogueReading: "Reading your catalogue for suggestions. They will appear here in a moment.",
  /** While the app prepares the suggestion index of a (large) catalogue (decision 059); the dialog asks again by itself. */
  suggestionsPreparing: "Preparing suggestions for your catalogue. With many products this takes a few seconds; they will appear here on their own.",
  noSuggestions: "No product suggestions for this video",
  /** One click tags the suggested product. */
  tagSuggestion: (title: string) => `Tag ${title}`,
  suggestionScore: (percent: number) => `${percent}% match`,
  tagSuggestedBulk: "Tag suggested products",
  reviewSuggestionsTitle: "Tag suggested products",
  reviewSuggestionsIntro: "Uncheck any product a video does not show. Nothing is tagged until you confirm.",
  reviewSuggestionsLoading: "Finding products for the selected videos…",
  reviewSuggestionsFailed: "Suggestions could not be loaded. Please try again.",
  reviewNoSuggestions: "None of the selected videos has product suggestions.",
  reviewVideoNoSuggestions: "No suggestions",
  reviewConfirm: (count: number) => (count === 1 ? "Tag 1 product" : `Tag ${count} products`),
  reviewTagFailed: "Failed to tag the suggested products. Please try again.",
  reviewTagged: (count: number) => (count === 1 ? "1 product tagged" : `${count} products tagged`),
  suggestionsFilter: "Suggestions",
  hasSuggestions: "Has suggestions",
  /** A price range of a product whose variants cost different amounts. */
  priceRange: (low: string, high: string) => `${low} – ${high}`,
  productPickerFailed: "Shopify's product picker could not open. Search for products above instead.",
} as const;

export const channelImported = (count: number, username: string) => `Successfully added ${count} videos from @${username}!`;
export const channelSynced = (username: string, count: number) => `Synced @${username}: ${count} new videos added`;
export const videosUnpublished = (count: number) => `Successfully unpublished ${count} video(s)`;
export const videosApproved = (count: number) => `Successfully approved ${count} video(s)!`;
export const approvePartlyFailed = (ok: number, failed: number) => `${ok} video(s) approved successfully, but ${failed} failed. Please try again.`;
/** A bulk approval stopped by the Free plan's limit: what went through, what did not and why; retrying cannot help. */
export const approveLimitReached = (approved: number, refused: number) =>
  `${approved > 0 ? `${approved} video(s) approved successfully. ` : ""}${refused} video(s) could not be approved: ${LIBRARY_TEXT.freePlanLimit}`;
export const approveDialogTitle = (count: number) => (count === 1 ? "Approve Video to Widgets" : `Approve ${count} Videos to Widgets`);

/** The Import modal, the import cards and the running-import lines (spec 2, 5). */
const UPLOAD_FORMATS = Object.values(VIDEO_UPLOAD.types);
const UPLOAD_FORMAT_LIST = `${UPLOAD_FORMATS.slice(0, -1).join(", ")} or ${UPLOAD_FORMATS.at(-1)}`;

/** Uploading the merchant's own videos in the Video Library (issue 13). */
export const UPLOAD_TEXT = {
  title: "Upload your own videos",
  button: "Upload videos",
  dropHint: `Drop ${UPLOAD_FORMAT_LIST} files here`,
  limits: `Up to ${VIDEO_UPLOAD.filesAtOnce} videos at a time, each up to ${UPLOAD_MAX_MB} MB and ${UPLOAD_MAX_MINUTES} minutes. They join the library as drafts.`,
  wrongType: (name: string) => `${name} is not an ${UPLOAD_FORMAT_LIST} video.`,
  tooBig: (name: string) => `${name} is larger than ${UPLOAD_MAX_MB} MB.`,
  tooLong: (name: string) => `${name} is longer than ${UPLOAD_MAX_MINUTES} minutes.`,
  tooMany: `Upload at most ${VIDEO_UPLOAD.filesAtOnce} videos at a time.`,
  /** A file whose name cannot be shown (nothing but invisible characters). */
  thisFile: "This file",
  empty: (name: string) => `${name} is empty.`,
  uploading: "Uploading…",
  processing: "Processing…",
  added: "Added to the library as a draft",
  uploadFailed: "The upload did not finish. Check your connection and try again.",
  /** POST /api/uploads named a file Clipcart did not prepare for this store, one already added, or one too old (decision 058). */
  notStaged: "This upload was not prepared for your store, was already added, or is too old. Upload the file again.",
  processingFailed: (reason: string) => `Not added: ${reason}.`,
  progressLabel: (name: string) => `Upload progress of ${name}`,
  dismiss: "Clear finished uploads",
  titleLabel: "Title",
  saveTitle: "Save title",
  titleSaved: "Title saved",
  titleFailed: "The title could not be saved. Please try again.",
  onlyUploadsRenamed: "Only your own uploaded videos can be renamed; an imported video keeps its post's title.",
} as const;

/** The media check's banner in the Video Library (decision 036). */
export const MEDIA_HEALTH_TEXT = {
  title: (count: number) => (count === 1 ? "1 video needs your attention" : `${count} videos need your attention`),
  intro: `The ${MEDIA_CHECK_PERIOD} check of your approved videos found these. Nothing was unpublished: choose what to do with each.`,
  /** A flagged video as the banner names it: its title and where it came from. */
  video: (title: string, source: string) => `${title} (${source})`,
  /** A button's accessible name: the action and the video it acts on. */
  actionFor: (action: string, title: string) => `${action}: ${title}`,
  actionNotOffered: "That choice is not offered for this video's issues.",
  issues: {
    source_removed: "The original post was removed or made private.",
    copy_failed: (reason: string) => `The storefront uses the platform's player: ${reason}.`,
    upload_copy_failed: (reason: string) => `The storefront shows it as a still image: ${reason}.`,
    thumbnail_gone: "Its poster image was deleted from Shopify Files.",
  },
  keepPlaying: "Our copy keeps playing on your store.",
  keep: "Keep showing our copy",
  unpublish: "Unpublish",
  retry: "Retry",
  actionFailed: "That did not work. Please try again.",
} as const;

export const IMPORT_TEXT = {
  /** The source name of the merchant's own uploaded videos (library filter, tiles, badges). */
  uploadSource: "Upload",
  importVideos: "Import Videos",
  import: "Import",
  importFrom: (platform: string) => `Import from ${platform}`,
  methodTitle: "Import method",
  methods: { username: "Import from Username", url: "Import from Video URL" },
  usernameLabel: "Username",
  urlLabel: "Video URL",
  findVideos: "Find Videos",
  findPin: "Find Pin",
  permissionLabel: "I have permission from the content creator(s) to use this content",
  permissionHelp: "Unauthorised uploads may have legal consequences.",
  comingSoon: (platform: string) => `${platform} (Coming Soon)`,
  notAvailable: "Not available yet",
  singlePinsOnly: "Import single pins by URL",
  connectedAccountCount: (count: number) => (count === 0 ? "No connected accounts" : count === 1 ? "1 connected account" : `${count} connected accounts`),
  connectedAccounts: "Connected Accounts",
  noConnectedAccounts: "No connected accounts yet. Import from a username to connect one.",
  followers: (count: string) => `${count} followers`,
  /** `when`: how long ago ("2 hours ago"), or null for under a minute. */
  lastSynced: (when: string | null) => `Last synced ${when ?? "just now"}`,
  lastSyncFailed: (error: string) => `Last sync failed: ${error}`,
  resync: "Resync",
  /** Auto-sync with the connected accounts: a Premium feature, shown disabled and labelled on Free (issue 15). */
  autoSync: `Auto-sync ${AUTO_SYNC_PERIOD}`,
  autoSyncOn: "On",
  autoSyncOnHelp: `Your connected accounts are checked for new videos ${AUTO_SYNC_PERIOD}.`,
  autoSyncFreeHelp: "On Free, use Resync whenever you like.",
  premiumFeature: "Premium",
  upgradeToPremium: "Upgrade to Premium",
  resyncAccount: (username: string) => `Resync @${username}`,
  removeAccount: (username: string) => `Remove @${username}`,
  /** The confirmation of Remove on a connected account: what leaves is the account's link with Clipcart, not the account (decision 069). */
  removeTitle: (username: string, platform: string) => `Disconnect @${username} (${platform}) from Clipcart?`,
  removeBody: (username: string, platform: string) =>
    `Clipcart stops importing from @${username} and deletes its videos from your library, with their product tags and widget assignments. Nothing changes on ${platform}.`,
  disconnect: "Disconnect",
  cannotBeUndone: "This cannot be undone.",
  inProgress: "Import in progress",
  cancelImport: "Cancel",
  cancelImportOf: (subject: string) => `Cancel the import of ${subject}`,
  cancelFailed: "The import could not be cancelled. Please try again.",
  cancelled: (saved: number) =>
    saved === 0
      ? "Import cancelled. No videos were added."
      : saved === 1
        ? "Import cancelled. The 1 video added before it stopped was kept."
        : `Import cancelled. The ${saved} videos added before it stopped were kept.`,
  jobLine: (kind: "sync" | "import", subject: string, platform: string) => `${kind === "sync" ? "Syncing" : "Importing"} ${subject} from ${platform}`,
  waitingToStart: "Waiting to start...",
  /** e.g. "Fetched 12 of 30 · saved 10". */
  jobProgress: (fetched: number, total: number | null | undefined, saved: number) =>
    `${total ? `Fetched ${fetched} of ${total}` : `Fetched ${fetched}`} · saved ${saved}`,
  /** A single import of a post the library already has: nothing was added. */
  alreadyInLibrary: (item: "video" | "pin") => `This ${item} is already in your library.`,
  /** An account import that found only videos the library already has. */
  nothingNew: (username: string) => `No new videos found for @${username}: its latest videos are already in your library.`,
  keptVideos: (saved: number) => (saved === 1 ? "1 video imported before the failure was kept." : `${saved} videos imported before the failure were kept.`),
} as const;

/** The Import modal's field per platform and method: label, placeholder, help text. */
export interface ImportInputHint {
  label: string;
  placeholder: string;
  helpText: string;
}

const PUBLIC_USERNAME_HELP = "Enter the username without @. The account must be public.";

export const IMPORT_INPUT_HINTS: Record<PlatformId, Partial<Record<ImportMethod, ImportInputHint>>> = {
  tiktok: {
    username: { label: "TikTok username", placeholder: "username", helpText: PUBLIC_USERNAME_HELP },
    url: {
      label: "TikTok video URL",
      placeholder: "https://www.tiktok.com/@username/video/1234567890123456789",
      helpText: "Enter the URL of a public TikTok video.",
    },
  },
  instagram: {
    username: { label: "Instagram username", placeholder: "username", helpText: PUBLIC_USERNAME_HELP },
    url: {
      label: "Instagram reel URL",
      placeholder: "https://www.instagram.com/reel/ABC123xyz/",
      helpText: "Enter the URL of a public Instagram reel.",
    },
  },
  pinterest: {
    url: {
      label: "Pinterest pin URL",
      placeholder: "https://www.pinterest.com/pin/1234567890/",
      helpText: "Enter the URL of a Pinterest pin (for example https://www.pinterest.com/pin/...).",
    },
  },
  youtube_shorts: {},
  snapchat: {},
};

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Many links at once in the URL import (issue 16, decision 056): the field's notes, the job's progress and its results per link. */
export const IMPORT_LINKS_TEXT = {
  /** Under the URL field, whatever the platform. */
  manyLinksHint: `To import several, paste up to ${IMPORT_LINKS_MAX} links, one per line (TikTok, Instagram and Pinterest can be mixed).`,
  /** Under the field once more than one link is pasted. */
  linkCount: (count: number, duplicates: number) =>
    `${counted(count, "link", "links")}${duplicates > 0 ? ` (${counted(duplicates, "repeated link", "repeated links")} left out)` : ""}`,
  tooMany: (count: number) => `You pasted ${count} links. Import up to ${IMPORT_LINKS_MAX} at a time: remove ${count - IMPORT_LINKS_MAX} and try again.`,
  notLinks: (lines: number[]) =>
    lines.length === 1
      ? `Line ${lines[0]} is not a link. Paste one link per line, each starting with https://, or remove that line.`
      : `Lines ${lines.slice(0, 5).join(", ")}${lines.length > 5 ? " and more" : ""} are not links. Paste one link per line, each starting with https://, or remove those lines.`,
  /** The job's line in the progress list, and its Cancel button's name. */
  jobSubject: (count: number) => counted(count, "link", "links"),
  jobLine: (subject: string) => `Importing ${subject}`,
  /** e.g. "3 of 10 links". */
  progress: (done: number, total: number) => `${done} of ${counted(total, "link", "links")}`,
  /** The job's outcome: how many links ended how. */
  summary: (added: number, already: number, failed: number) => {
    const parts = [
      added > 0 || (already === 0 && failed === 0) ? `${counted(added, "video", "videos")} added` : null,
      already > 0 ? `${counted(already, "link was", "links were")} already in your library` : null,
      failed > 0 ? `${counted(failed, "link", "links")} failed` : null,
    ].filter((part): part is string => part !== null);
    return `${parts.join(", ")}.`;
  },
  resultsTitle: "Results per link",
  /** The library's notice after a links import: the links that did not go in. */
  notImportedTitle: "Links not imported",
  statusAdded: "Added",
  statusAlready: "Already in your library",
  statusFailed: "Failed",
  statusPending: "Not imported",
  /** Reasons a link fails before anything is fetched. */
  unknownSite: "Clipcart cannot import from this website. Paste a TikTok, Instagram or Pinterest link.",
  notVideoLink: (platformName: string, item: string) => `This is not a link to a ${platformName} ${item}.`,
  /** A link the platform did not answer for (its run ended without it). */
  notFound: "Nothing was found at this link. Check that it is public.",
  /** The post exists but is a photo, a slideshow or an image pin. */
  notVideo: "This post is not a video.",
  /** A link the job never reached: it was cancelled or stopped first. */
  notReached: "The import stopped before this link.",
} as const;

/** The layouts as the Widgets page presents them (spec 2, 5; Stories: decision 043). */
export const LAYOUTS: Record<LayoutType, { title: string; description: string }> = {
  carousel: { title: "Carousel", description: "Horizontal scrolling video gallery" },
  grid: { title: "Grid", description: "Organized grid layout" },
  single: { title: "Single Video", description: "Feature one video prominently" },
  sticky: { title: "Sticky", description: "Fixed floating video widget" },
  stories: { title: "Stories", description: "Round thumbnails that open a full-screen player" },
};

/** Short layout names (Type column, checkbox labels). */
export const LAYOUT_NAMES: Record<LayoutType, string> = { carousel: "Carousel", grid: "Grid", single: "Single", sticky: "Sticky", stories: "Stories" };

export const PAGE_CONTEXT_LABELS: Record<PageContext, string> = {
  homepage: "Homepage",
  product: "Product Pages",
  collection: "Collection Pages",
  cart: "Cart Page",
  all_pages: "All Pages",
};

/** The blocks' and app embeds' names in the theme editor (extensions/clipcart-widgets/locales/en.default.schema.json). */
export const THEME_BLOCK_NAMES = {
  carousel: "Video carousel",
  grid: "Video grid",
  single: "Single video",
  sticky: "Sticky video",
  stories: "Video stories",
  pageWidgets: "Videos by page",
} as const;

const INSTALL_SAVE_STEP = "Click Save in the theme editor, then come back here.";

/** Spec 8 and 2: Widgets texts. */
export const WIDGET_TEXT = {
  created: "Widget created successfully!",
  deleted: "Widget deleted",
  deletedBody: "Your store still shows it until you take it off your theme:",
  themeFetchFailed: "Failed to fetch active theme",
  addWidget: "Add widget",
  emptyTitle: "Create your first widget",
  emptyBody: "Widgets show your approved videos on your store: a carousel, a grid, one featured video, a sticky player or a row of stories.",
  loading: "Loading…",
  chooseType: "Choose a widget type",
  choose: "Choose",
  chooseLayout: (title: string) => `Choose ${title}`,
  /** The type picker's small picture of a layout (its accessible name). */
  layoutPicture: (title: string) => `${title} layout`,
  noPageContext: "Please select at least one page where the widget should appear.",
  customizeTitle: (title: string) => `Customize ${title}`,
  defaultName: (title: string) => `${title} Widget`,
  nameLabel: "Widget name",
  nameHelp: (defaultName: string) => `Optional. Without a name it is called "${defaultName}".`,
  showOn: "Show on",
  priority: "Priority",
  priorityOption: (value: number) =>
    value === WIDGET_PRIORITY.highest ? `${value} (Highest)` : value === WIDGET_PRIORITY.lowest ? `${value} (Lowest)` : String(value),
  priorityHelp: "When several widgets match a page, the higher priority one shows.",
  theme: "Theme",
  themeLight: "Light",
  themeDark: "Dark",
  autoScroll: `Auto-scroll every ${CAROUSEL_AUTO_SCROLL_MS / 1000} seconds`,
  showHeader: "Show the widget name as a header",
  playPreviews: "Play previews",
  playPreviewsHelp: "Videos in view play muted and looping, once the page has loaded. Shoppers who ask for reduced motion or data saving see the posters.",
  alignment: "Alignment",
  alignLeft: "Left",
  alignRight: "Right",
  create: ACTION_TEXT.createWidget,
  /** The contextual save bar's buttons while a new widget has unsaved changes. */
  save: "Save",
  discard: "Discard",
  previewLabel: "Widget preview",
  samplesNotice: "These are sample videos.",
  samplesLink: "Approve videos in the Video Library",
  samplesAfterLink: "to see your own here.",
  cardPreviewLabel: (name: string) => `Preview of ${name}`,
  cardNoVideos: "No approved videos in this widget yet",
  /** Under a card's mini preview drawn with the sample videos (no video approved yet). */
  cardSamples: "Sample videos: approve videos to see your own.",
  installed: "Installed",
  themeBadge: (theme: string) => `${theme} theme`,
  installOnStore: "Install on Store",
  addToThemeTitle: "Add Widget to Theme",
  openThemeEditor: "Open Theme Editor",
  addToThemeBody: (theme: string, widget: string) => `The theme editor of your ${theme} theme opens in a new tab with "${widget}" ready to add.`,
  addToThemeHint: "Save in the theme editor, then come back to this tab to finish.",
  missingPages: (widget: string, pages: string) =>
    `"${widget}" is not on these pages of your store yet: ${pages}. Open the theme editor for each and save there.`,
  allPagesLive: (widget: string) => `"${widget}" is already on every page it is for. Open the theme editor to change where it sits.`,
  addToPage: (page: string) => `Add to ${page}`,
  enableEmbedFor: (pages: string) => `Enable the app embed (${pages})`,
  linkOpened: "Opened",
  liveOn: (pages: string) => `Live on: ${pages}`,
  notLive: "Not on your store yet",
  gotIt: "Got it",
  installedNotice: (widget: string) => `"${widget}" is installed on your store.`,
  embedTitle: "Enable App Embed",
  embedSteps: (theme: string, embed: string, widget: string, pages: string, typeNumber: number | null) => [
    `In the theme editor, open App embeds in the left sidebar of your ${theme} theme.`,
    typeNumber === null
      ? `Switch on "${embed}". With Widget number empty it shows, on each page, your All Pages widget or else that page's highest-priority widget.`
      : `Switch on "${embed}" and type ${typeNumber} in Widget number.`,
    `Click Save. "${widget}" now shows on: ${pages}.`,
  ],
  readyTitle: (widget: string) => `"${widget}" Ready to Install`,
  appEmbedSteps: (embed: string, theme: string, typeNumber: number | null) => [
    `The theme editor opened with the "${embed}" app embed of your ${theme} theme.`,
    typeNumber === null
      ? "Check that it is switched on. Widget number can stay empty: it shows this widget."
      : `Check that it is switched on, and type ${typeNumber} in Widget number.`,
    INSTALL_SAVE_STEP,
  ],
  blockSteps: (block: string, theme: string, typeNumber: number | null) => [
    `The theme editor opened with a "${block}" block added to your ${theme} theme.`,
    typeNumber === null
      ? "Drag the block where you want it. Widget number can stay empty: it shows this widget."
      : `Type ${typeNumber} in the block's Widget number, and drag the block where you want it.`,
    INSTALL_SAVE_STEP,
  ],
  /** Issue 29 item 1: Shopify's deep links cannot fill in a block's settings, so the dialog says what to type. */
  typeNumber: (displayNumber: number) =>
    `In the theme editor, type ${displayNumber} in Widget number, then Save. Shopify's link cannot fill it in, and without it another widget shows there.`,
  numberMayStayEmpty: (displayNumber: number) =>
    `Widget number can stay empty: it shows this widget. Type ${displayNumber} there to keep it so whatever widgets you add later.`,
  /** Issue 29 item 2: a page where the theme shows another widget where this one would go. */
  shownInstead: (page: string, other: string, otherNumber: number) => `${page} shows "${other}" (#${otherNumber}) there instead.`,
  missingOn: (pages: string) => `Not on: ${pages}`,
  deleteTitle: (widget: string) => `Delete "${widget}"?`,
  deleteBody: "The widget is deleted from Clipcart; its videos stay in your library. Then take it off your theme:",
  removalSteps: (displayNumber: number) => [
    "In your Shopify admin, go to Online Store > Themes and click Customize.",
    `Find the Clipcart block or app embed that shows widget #${displayNumber}.`,
    "Remove the block (or switch the embed off) and click Save.",
  ],
} as const;

/** Issue 16 item 3: the order of the videos inside a widget, on the Widgets page (decision 055). */
export const WIDGET_VIDEOS_TEXT = {
  manage: "Arrange videos",
  title: (widget: string) => `Videos in ${widget}`,
  intro: "Shoppers see the videos in this order. Drag a video by its handle, or use Move up and Move down. Pinned videos stay first.",
  handleHelp: "On a handle, the Up and Down arrow keys move the video too.",
  done: "Done",
  addVideos: "Add videos",
  loading: "Loading the videos of this widget…",
  loadFailed: "The videos of this widget could not be loaded.",
  saveFailed: "Your last change was not saved. The list shows the order your store has.",
  empty: "No videos in this widget yet",
  emptyBody: "Add approved videos from your library, or approve videos to this widget in the Video Library.",
  draftBadge: "Draft",
  draftHint: "Not shown on your store until it is approved again.",
  pinnedBadge: "Pinned",
  position: (index: number) => `${index + 1}.`,
  handleLabel: (title: string) => `Reorder ${title}`,
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  pin: (title: string) => `Pin ${title} first`,
  unpin: (title: string) => `Unpin ${title}`,
  remove: (title: string) => `Remove ${title} from this widget`,
  moved: (title: string, index: number, count: number) => `${title} moved to position ${index + 1} of ${count}.`,
  pinnedNow: (title: string) => `${title} pinned first.`,
  unpinnedNow: (title: string) => `${title} unpinned.`,
  removedNow: (title: string) => `${title} removed from this widget.`,
  addedNow: (count: number) => (count === 1 ? "1 video added at the end." : `${count} videos added at the end.`),
  removeTitle: (title: string) => `Remove "${title}" from this widget?`,
  removeBody: (widget: string) =>
    `It stays approved in your Video Library and in your other widgets; only ${widget} stops showing it. You can add it back later.`,
  pickerTitle: (widget: string) => `Add videos to ${widget}`,
  pickerSearch: "Search approved videos",
  pickerIntro: "Approved videos that are not in this widget yet. They go at the end; drafts are approved in the Video Library first.",
  pickerEmpty: "Every approved video is already in this widget.",
  pickerNoMatch: "No approved video matches your search.",
  pickerLoading: "Loading approved videos…",
  pickerFailed: "Approved videos could not be loaded.",
  pickerAdd: (count: number) => (count === 0 ? "Add" : count === 1 ? "Add 1 video" : `Add ${count} videos`),
  pickerMore: "Show more",
  /** Server refusals. */
  onlyApproved: "Only approved videos can be added to a widget. Approve it in the Video Library first: approval keeps to your plan's limit.",
  tooMany: (max: number) => `Add at most ${max} videos at once.`,
  changeMissing: "Send either toIndex or pinned.",
} as const;

/** The Dashboard's texts (spec 2, "Dashboard"). */
/** Issue 15 item 22: the Dashboard's theme setup card (app.extensions()). */
export const THEME_STATUS_TEXT = {
  title: "Theme setup",
  intro: "What your widgets need in your live theme:",
  checking: "Checking your live theme…",
  failed: "Your live theme could not be checked. Open the theme editor to see your app embeds and blocks.",
  embed: (name: string) => `App embed: ${name}`,
  block: (name: string, page: string) => `App block: ${name} on ${page}`,
  active: "Active",
  inactive: "Not active",
  activateEmbed: "Activate",
  addBlock: "Add block",
  // Starts with the button's own words (what a voice user says to press it), then what it fixes.
  fixLabel: (action: string, piece: string) => `${action}: ${piece}`,
  checkAgain: "Check again",
  /** Issue 29 item 2: per widget and page, from the theme's files. */
  widgetsIntro: "Where your live theme shows each widget:",
  widgetHeading: (name: string, number: number) => `${name} (#${number})`,
  live: "Live",
  missing: "Not added",
  replaced: (name: string, number: number) => `Shows "${name}" (#${number}) instead`,
};

export const DASHBOARD_TEXT = {
  support: "Support",
  helpGuide: "Help Guide",
  supportChatMissing: "Support chat is not available: its widget has not loaded.",
  /** Support's dialog when there is no chat to open (decision 069). */
  supportTitle: "Contact support",
  supportBody: "Write to us and we'll get back to you by email. Tell us your store's name and what you were trying to do.",
  supportEmail: (email: string) => `Email ${email}`,
  supportGuide: "Many answers are in the Help Guide.",
  tutorialTitle: "Watch the tutorial",
  tutorialBody: "See how to import videos, approve them and show them on your store.",
  tutorialPlay: "Play tutorial video",
  captionsLabel: "English",
  tutorialUnavailable: "The tutorial video could not be loaded. Please try again later, or open the Help Guide.",
  overview: "Performance Overview",
  totalVideos: "Total Videos",
  activeWidgets: "Active Widgets",
  totalClicks: "Total Clicks",
  productsTagged: "Products Tagged",
  publishedCount: (count: number) => `${count} published`,
  deployedOnStore: "deployed on store",
  videoEngagements: "video engagements",
  videosWithProducts: "videos with products",
  welcomeTitle: "Welcome to Clipcart",
  welcomeBody: "Turn your TikTok, Instagram and Pinterest videos into shoppable widgets on your store.",
  addFirstVideos: "Add Your First Videos",
  gettingStarted: "Getting Started",
  gettingStartedSteps: [
    { title: "Add videos", body: "Import videos from TikTok, Instagram or Pinterest." },
    { title: "Moderate content", body: "Approve the videos you want shoppers to see and tag your products." },
    { title: "Create widget", body: "Choose a Carousel, Grid, Single, Sticky or Stories widget and where it appears." },
    { title: "Embed on store", body: "Add the widget to your theme from the theme editor." },
  ],
  createWidgetTitle: "Your videos are ready",
  createWidgetBody: "Create a widget to show your approved videos on your store.",
  /** The same panel while no video is approved yet: widgets show approved videos only. */
  createWidgetBodyNoneApproved: "Approve the videos you want shoppers to see in the Video Library, and create a widget to show them on your store.",
  createWidget: ACTION_TEXT.createWidget,
  manageVideos: "Manage Videos",
  allSetTitle: "You're all set",
  allSetBody: "Your videos are live on your store. Keep your library fresh and watch what shoppers click.",
  /** Issue 29 item 2: widgets exist, but the theme does not show each on every page it is for. */
  finishSetupTitle: "Finish adding your widgets to your theme",
  finishSetupBody: "Some pages your widgets are for do not show them yet. Theme setup above says where, with a link that adds each one.",
  active: "Active",
  manageWidgets: "Manage Widgets",
  viewAnalytics: "View Analytics",
  quickSteps: "Quick Steps",
  quickStepItems: {
    videosAdded: "Videos added",
    videosEnabled: "Videos approved",
    widgetCreated: "Widget created",
    embedded: "Widget embedded on your store",
  },
  stepDone: "Done",
  stepToDo: "To do",
} as const;

/** The Analytics page's texts (spec 2, "Analytics"). */
/** What an Analytics table can be ranked by, named as its column. */
const RANKING_NAMES = {
  clicks: "Clicks",
  revenue: "Revenue",
  orders: "Orders",
  add_to_cart: "Add to Cart",
  impressions: "Impressions",
  plays: "Plays",
  views: "Views",
} as const satisfies Record<PerformanceRanking, string>;

export const ANALYTICS_TEXT = {
  emptyTitle: "No analytics data yet",
  emptyBody: "Add videos and show them on your store; shoppers' clicks and sales will appear here.",
  emptyAction: "Add Videos",
  overview: "Performance Overview",
  overviewPeriod: `Last ${ANALYTICS_WINDOW_DAYS} days`,
  /** How every figure is counted (decision 060), beside the cards, in one line. */
  countingNote:
    "Each shopper session counts once per video and widget per day (UTC), and only for videos published to that widget; watch time is capped at the video's length. Sales are orders from your videos, net of refunds and cancellations.",
  videoClicks: "Video Clicks",
  videoClicksThisMonth: (count: string) => `${count} this month`,
  totalVideos: "Total Videos",
  publishedCount: (count: number) => `${count} published`,
  activeWidgets: "Active Widgets",
  deployedOnStore: "deployed on store",
  productClicks: "Product Clicks",
  productsViewed: "products viewed from videos",
  sales: "Sales",
  salesRevenue: (revenue: string) => `${revenue} revenue`,
  chartTitle: `Clicks, last ${ANALYTICS_WINDOW_DAYS} days`,
  chartVideoSeries: "Video clicks",
  chartProductSeries: "Product clicks",
  chartDateColumn: "Date",
  platformPerformance: "Platform Performance",
  platformPeriod: `Clicks in ${ANALYTICS_WINDOW}, by platform`,
  noPlatformClicks: "No clicks yet.",
  /** Each kind under its own name, as the cards and the tables say them. */
  platformClicks: (videoClicks: string, productClicks: string) => `Video clicks ${videoClicks} · Product clicks ${productClicks}`,
  untitledVideo: LIBRARY_TEXT.untitledVideo,
  topVideos: "Top Performing Videos",
  /** The table's period line, after its ranking (decision 068): clicks by default, as the spec says. */
  topVideosPeriod: (ranking: PerformanceRanking) =>
    ranking === "clicks"
      ? `Top ${TOP_VIDEOS_COUNT} by clicks (video clicks plus product clicks) in ${ANALYTICS_WINDOW}`
      : `Top ${TOP_VIDEOS_COUNT} by ${RANKING_NAMES[ranking].toLowerCase()} in ${ANALYTICS_WINDOW}`,
  /** A creator's handle (channel username); a display name is shown as is. */
  handle: (username: string) => `@${username}`,
  nameAndHandle: (name: string, username: string) => `${name} · @${username}`,
  noVideoEngagement: "No video engagement yet",
  noVideoEngagementBody: "When shoppers click your videos, the most watched ones show here.",
  createWidget: ACTION_TEXT.createWidget,
  widgetPerformance: "Widget Performance",
  widgetPeriod: `Clicks (video clicks plus product clicks), watching and sales in ${ANALYTICS_WINDOW}`,
  /** Under a table showing sales: what its Orders and Revenue count (decisions 048, 068). */
  salesNote: `Orders placed in ${ANALYTICS_WINDOW} with a product added from the video or widget, net of refunds and cancellations. An order with products from two videos counts for each.`,
  /** Each table shows one group of measures at a time, so it fits its card (decision 068). */
  columnSetsLabel: "Columns",
  columnSets: { sales: "Sales", watching: "Watching", clicks: "Clicks" } satisfies Record<PerformanceColumnSet, string>,
  sortLabel: "Sort by",
  rankings: RANKING_NAMES,
  noWidgetEngagement: "No widget engagement yet",
  noWidgetEngagementBody: "How shoppers see, watch and click your widgets will show here.",
  noWidgets: "No widgets yet. Create one to show your videos on your store.",
  published: "Published",
  unpublished: "Unpublished",
  columns: {
    thumbnail: "Thumbnail",
    details: "Video Details",
    platform: "Platform",
    clicks: "Clicks",
    status: "Status",
    widgetName: "Widget Name",
    type: "Type",
    pageContext: "Page Context",
    // What shoppers did (issue 14); after the spec's columns.
    impressions: "Impressions",
    plays: "Plays",
    playRate: "Play Rate",
    views: "Views",
    averageWatchTime: "Avg. Watch Time",
    videoClicks: "Video Clicks",
    productClicks: "Product Clicks",
    clickThroughRate: "CTR",
    // What sold (decision 068).
    addToCart: "Add to Cart",
    orders: "Orders",
    revenue: "Revenue",
  },
} as const;

/** How app/rules/engagement-format.ts writes a measure; a rate or an average over nothing is a dash. */
export const MEASURE_TEXT = {
  none: "—",
  seconds: (seconds: string) => `${seconds} s`,
  minutes: (minutes: string, seconds: string) => `${minutes} min ${seconds} s`,
} as const;

/** The Plan & Upgrade page (spec 2, 8); `{product}` is the sister product's name. */
export const PLAN_TEXT = {
  freeTitle: "Free Plan",
  premiumTitle: "Premium Plan",
  freePrice: formatUsd(FREE_PLAN.priceUsd),
  premiumPrice: PREMIUM_PRICE,
  perMonth: "/month",
  freeFeatures: [`${FREE_LIMIT} approved videos max`, "Manual sync only", "All widget layouts", "Product tagging", "Analytics dashboard"],
  premiumFeatures: [
    "Unlimited approved videos",
    `Auto-sync ${AUTO_SYNC_PERIOD}`,
    "All widget layouts",
    "Product tagging",
    "Priority support",
    "Analytics dashboard",
  ],
  recommended: "RECOMMENDED",
  currentFree: (approved: number, limit: number) => `Current Plan (${approved}/${limit} videos approved)`,
  currentPremium: "Current Plan (Active)",
  upgrade: "Upgrade to Premium",
  confirming: "Confirming your upgrade with Shopify…",
  upgradedTitle: "Welcome to Premium!",
  upgradedBody: `Your plan is upgraded: approve as many videos as you like, and your accounts sync ${AUTO_SYNC_PERIOD}.`,
  offerTitle: (product: string) => `${product} customer? Get Premium free`,
  offerBody: (product: string) => `Customers on ${product}'s Lunch or Dinner plan get Clipcart Premium at no cost.`,
  verifyNow: "Verify Now",
  verifiedTitle: (product: string) => `Premium Plan Active (${product} Verified)`,
  verifiedBody: (product: string) => `Your ${product} subscription includes Clipcart Premium. No Shopify charge applies.`,
  approachingTitle: "Approaching Video Limit",
  approachingBody: (approved: number, limit: number) =>
    `You've approved ${approved} of ${limit} videos on the free plan. Upgrade to Premium for unlimited approved videos.`,
  /** At the limit itself: nothing more can be approved on Free. */
  limitReachedTitle: LIBRARY_TEXT.limitReachedTitle,
  limitReachedBody: (approved: number, limit: number) =>
    `You've approved ${approved} of ${limit} videos on the free plan. Upgrade to Premium to approve more, or unpublish a video to make room.`,
  faqTitle: "Frequently asked questions",
  faq: [
    {
      question: "What happens to my videos if I downgrade?",
      answer: `Your videos stay in your library. Only the first ${FREE_LIMIT} approved videos stay published; the others are unpublished until you approve them again.`,
    },
    {
      question: "How is Premium billed?",
      answer: `Premium costs ${PREMIUM_PRICE} every ${PREMIUM_PLAN.intervalDays} days, billed by Shopify with your store's other charges. Cancel any time from this page or your Shopify admin.`,
    },
    {
      question: "What does auto-sync do?",
      answer: `On Premium, your connected accounts are checked for new videos ${AUTO_SYNC_PERIOD}. On Free, use Resync on a connected account whenever you like.`,
    },
  ],
  /** Back from Shopify without an approved charge (declined, or the approval page left). */
  declinedTitle: "Premium was not activated",
  declinedBody: "The charge was not approved in Shopify, so your store stays on the Free plan. You can upgrade whenever you're ready.",
  downgrade: "Downgrade to Free",
  downgradeTitle: "Downgrade to Free?",
  downgradeBody: (approved: number, limit: number) =>
    `Your Premium subscription is cancelled in Shopify and auto-sync stops. ${
      approved > limit
        ? `Your first ${limit} approved videos stay published; the other ${approved - limit} are unpublished but stay in your library.`
        : `Your ${approved} approved ${approved === 1 ? "video stays" : "videos stay"} published.`
    }`,
  downgradedTitle: "You're on the Free plan",
  downgradedBody: (unpublished: number, limit: number) =>
    unpublished > 0
      ? `Premium is cancelled. ${unpublished} approved ${unpublished === 1 ? "video was" : "videos were"} unpublished to keep ${limit} published; ${unpublished === 1 ? "it stays" : "they stay"} in your library.`
      : "Premium is cancelled. Your approved videos stay published.",
  downgradeFailed: "Failed to downgrade",
  downgradeWithoutCharge: "Your Premium comes with your verified sister-product plan, so there is no Shopify charge to cancel.",
  verifyTitle: (product: string) => `${product} Customers - Get Premium Free`,
  verifyIntro: (product: string) => `Enter the Client ID and Business ID from your ${product} account settings.`,
  clientId: "Client ID",
  businessId: "Business ID",
  verifyAction: "Verify & Unlock Premium",
  verifyMissing: "Please enter both Client ID and Business ID",
  verifySuccess: "Verified! Premium is now active.",
  shopUnavailable: "Shop information not available",
  loadFailed: "Failed to load plan information",
  upgradeFailed: "Failed to upgrade",
  /** The API's answers to an upgrade or confirmation Shopify cannot complete; shown after "Billing error: ". */
  alreadyPremium: "Premium is already active",
  chargeNotActive: "The charge is not active",
  verifyFailed: "Verification failed",
  verifyFailedBody: "Please check your credentials and try again.",
  // Shown under the "Verification failed" title (the API's `error`).
  verifyInUse: (product: string) =>
    `These ${product} credentials already unlock Premium on another store. Each ${product} account unlocks Premium on one store only; contact support to move it.`,
  verifyThrottled: (minutes: number) => `Too many verification attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  renewTitle: (product: string) => `Verify your ${product} account again`,
  renewBody: (product: string, endsOn: string) =>
    `Your ${product} verification ends on ${endsOn}. Verify again before then to keep Premium; without it your plan returns to Free.`,
  verifyAgain: "Verify Again",
} as const;

/** Answers of the server itself (not of one screen): a busy database, a health check. */
/** What the REST API answers when it refuses a call (spec 7, 8); the admin shows it through the error mapper. */
export const API_TEXT = {
  notFound: "Not found",
  /** A record that is missing or another shop's ("Video not found"); the record's name comes from the domain. */
  recordNotFound: (record: string) => `${record} not found`,
  shopNotFound: "Shop not found",
  invalidJson: "The request body must be valid JSON.",
  invalidRequest: "Invalid request.",
  productSearchFailed: "Product search failed",
  viewChangeMissing: "Send a new name or query.",
  oneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(", ")}`,
  required: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or fewer`,
} as const;

export const SERVER_TEXT = {
  databaseBusy: "The database is busy right now and nothing was changed. Please try again in a moment.",
  healthOk: "ok",
  databaseUnwritable: "database cannot be written",
  /** A failed API call without a message of its own (spec 7); the error mapper shows it after "Something went wrong: ". */
  statusError: (status: number) => `Server error: ${status}`,
} as const;

/**
 * Refused request text (app/rules/text-input.ts): the field, the character (as U+XXXX, since it is invisible) and why.
 * Shown after the field's path, e.g. "name: name contains a control character ...".
 */
export const TEXT_INPUT_TEXT = {
  notText: (field: string) => `${field} must be text`,
  controlCharacter: (field: string, codePoint: string) =>
    `${field} contains a control character (${codePoint}), which is not allowed in text. Remove it and try again.`,
  brokenCharacter: (field: string, codePoint: string) =>
    `${field} contains a broken character (${codePoint}, half of an emoji or symbol), which is not valid text. Type it again and retry.`,
} as const;

/** What an import job tells the merchant when it cannot run or fails (the library's job list and its toasts). */
export const IMPORT_JOB_TEXT = {
  unexpectedFailure: "The import failed unexpectedly. Please try again.",
  platformNotAvailable: (label: string, platformName: string) => `${label}: importing from ${platformName} is not available yet`,
  methodNotSupported: (platformName: string, what: "single videos" | "accounts") => `${platformName} does not support importing ${what}`,
  /** An account import that found nothing to import ("videos", or "reels" on Instagram). */
  noPublicVideos: (username: string, what: string) => `@${username} has no public ${what}`,
  notPlatformLink: (platformName: string, item: string) => `This is not a link to a ${platformName} ${item}. Paste the link of a public ${item}.`,
  notUsername: (input: string, platformName: string) => `"${input}" is not a valid ${platformName} username.`,
  /**
   * Plain reasons for failures of the import service or a platform; their vendor details (an Apify run's status, an
   * HTTP code) go to the server log only.
   */
  sourceFailed: "The platform did not return the videos this time. Please try again later.",
  serviceBusy: "Too many imports are running right now. Please try again in a few minutes.",
  serviceUnreachable: "The import service could not be reached. Please try again later.",
  serviceMisconfigured: "Video import is not set up correctly. Please contact support.",
  sourceTimedOut: "Import timeout: the platform took too long to answer.",
  sourceStopped: "The import stopped before it finished. Please try again.",
  pinUnreadable: "Pinterest did not answer. Please try again later.",
  /** A pin that is a picture: nothing a widget could play (decision 069). */
  imagePin: "This pin is an image, not a video. Clipcart imports video pins only.",
  /** One import more than the shop's plan runs at once (decision 061; answered 429). */
  tooManyImports: (plan: "free" | "premium") =>
    plan === "free"
      ? `You already have ${IMPORT_CAPS.free.imports} imports in progress, the most the ${FREE_PLAN.name} plan runs at once. Wait for one to finish, then try again. ${PREMIUM_PLAN.name} runs ${IMPORT_CAPS.premium.imports} at once.`
      : `You already have ${IMPORT_CAPS.premium.imports} imports in progress, the most that run at once. Wait for one to finish, then try again.`,
  /** The alt text of the thumbnail copy kept in the shop's Files (Shopify admin, Content > Files). */
  thumbnailAlt: (platform: string, platformVideoId: string) => `Thumbnail of ${platform} video ${platformVideoId}`,
} as const;

/**
 * Auto-approve rules (issue 16 item 2, decision 054): their page, the library's
 * flag on a video held for blocked words, and what an import's rules did.
 */
const quoted = (words: readonly string[]) => words.map((word) => `"${word}"`).join(", ");
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const AUTO_APPROVE_TEXT = {
  pageTitle: "Auto-approve rules",
  /** The Video Library's link to the page. */
  openRules: "Auto-approve rules",
  intro:
    "When an import, a resync or an auto-sync brings new videos, the ones from a rule's accounts or with one of its hashtags are approved into its widgets. Videos already in your library are never changed by a rule.",
  freePlanNote: (approved: number) =>
    `Free plan: ${approved} of ${FREE_LIMIT} videos approved. Your rules stop at ${FREE_LIMIT} approved videos; upgrade to Premium for unlimited videos.`,
  rulesCard: "Rules",
  rulesList: "Auto-approve rules",
  addRule: "Add rule",
  emptyTitle: "No rules yet",
  emptyBody: "Add a rule to approve new videos from your accounts, or with your hashtags, into your widgets as soon as they arrive.",
  ruleOn: "On",
  ruleOff: "Paused",
  fromAccounts: (accounts: string) => `From ${accounts}`,
  withHashtags: (hashtags: string) => `With ${hashtags}`,
  intoWidgets: (widgets: string) => `Approved into ${widgets}`,
  intoEveryWidget: "Approved into every widget",
  noWidgetsLeft: "Its widgets were deleted: edit the rule to choose others.",
  noAccountsLeft: "Its accounts were removed: edit the rule to choose others.",
  editRule: "Edit",
  deleteRule: "Delete",
  editRuleOf: (name: string) => `Edit rule ${name}`,
  deleteRuleOf: (name: string) => `Delete rule ${name}`,
  newRuleTitle: "Add auto-approve rule",
  editRuleTitle: "Edit auto-approve rule",
  saveRule: "Save rule",
  nameLabel: "Rule name",
  nameHelp: 'Only you see it, e.g. "Our brand account".',
  accountsLabel: "From these connected accounts",
  noAccounts: "No connected accounts yet. Import an account by username in the Video Library to choose it here.",
  hashtagsLabel: "Or with any of these hashtags",
  hashtagsHelp: "Separate hashtags with commas or spaces, e.g. #summer, #linen.",
  hashtagsPlaceholder: "#summer, #linen",
  /** A connected account in the rule's form and list, e.g. "@brand (TikTok)". */
  accountChoice: (username: string, platform: string) => `@${username} (${platform})`,
  widgetsLabel: "Approve into these widgets",
  everyWidget: "Every widget",
  noWidgets: "You have no widgets yet. Approved videos show on your store through widgets: create one first.",
  enabledLabel: "Rule is on",
  nameRequired: "Enter a name for the rule.",
  nameTooLong: `Rule name must be ${AUTO_APPROVE.nameMaxLength} characters or fewer.`,
  sourceRequired: "Choose at least one account or enter at least one hashtag.",
  hashtagInvalid: (tag: string) => `"${tag}" is not a hashtag: use letters, numbers and underscores only.`,
  hashtagTooLong: `A hashtag must be ${AUTO_APPROVE.hashtagMaxLength} characters or fewer.`,
  tooManyHashtags: `A rule takes at most ${AUTO_APPROVE.maxHashtagsPerRule} hashtags.`,
  widgetsRequired: "Choose at least one widget, or Every widget.",
  tooManyRules: `You can have at most ${AUTO_APPROVE.maxRules} rules. Delete one to add another.`,
  unknownAccount: "One of the chosen accounts is no longer connected. Choose the accounts again.",
  unknownWidget: "One of the chosen widgets was deleted. Choose the widgets again.",
  ruleCreated: "Rule added",
  ruleSaved: "Rule saved",
  ruleDeleted: "Rule deleted",
  deleteTitle: "Delete rule?",
  deleteBody: (name: string) => `"${name}" will no longer approve new videos. Videos it already approved stay approved.`,
  blockedTitle: "Blocked words",
  blockedLabel: "Words or phrases",
  blockedHelp: "Separate them with commas or new lines. A new video whose caption contains one stays in Draft and is flagged, even when a rule matches it.",
  saveBlocked: "Save blocked words",
  blockedSaved: "Blocked words saved",
  tooManyBlockedWords: `At most ${AUTO_APPROVE.maxBlockedWords} blocked words.`,
  blockedWordTooLong: (word: string) => `"${word}" is too long: a blocked word or phrase must be ${AUTO_APPROVE.blockedWordMaxLength} characters or fewer.`,
  blockedWordInvalid: (word: string) => `"${word}" needs letters or numbers to be found in a caption.`,
  /** The library's flag on a video the rules held. */
  heldBadge: "Held",
  heldReason: (words: readonly string[]) => `Held for blocked words: ${quoted(words)}. Approve it to clear the flag.`,
  /** What an import's rules did, after its own result. */
  rulesApproved: (count: number) => `${count} approved by your rules`,
  rulesHeld: (count: number) => `${count} held for blocked words`,
  rulesStoppedAtLimit: (count: number) =>
    `Your rules stopped at the Free plan's ${FREE_LIMIT} approved videos: ${count} more ${plural(count, "video matches", "videos match")} and ${plural(count, "stays", "stay")} in Draft. Upgrade to Premium for unlimited videos.`,
} as const;
