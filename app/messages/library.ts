/** The Video Library: moderation, importing (accounts, links, uploads), the media check, import jobs and the auto-approve rules. Client-safe; every on-screen text is in app/messages/ (import it from "~/messages"). */
import { AUTO_APPROVE, CAPTIONS, FREE_PLAN, IMPORT_CAPS, IMPORT_LINKS_MAX, PREMIUM_PLAN, VIDEO_UPLOAD, VIEW_NAME_MAX_LENGTH } from "~/constants";
import { enabledPlatformNames, type ImportMethod, type PlatformId } from "~/contracts/platforms";
import type { MirrorFailure } from "~/contracts/media";
import { FREE_LIMIT, AUTO_SYNC_PERIOD, UPLOAD_MAX_MB, UPLOAD_MAX_MINUTES, MEDIA_CHECK_PERIOD } from "./figures";
import { ERROR_MAPPER, andList, orList } from "./shared";

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
  emptyLibraryDescription: `Import videos from your ${orList(enabledPlatformNames())} accounts, or upload your own, to get started.`,
  importPlatform: (platform: string) => `Import ${platform}`,
  platformFilter: "Platform",
  platformFilterApplied: (platforms: string) => `Platform: ${platforms}`,
  resourceName: { singular: "video", plural: "videos" },
  columns: { thumbnail: "Thumbnail", video: "Video", created: "Created", products: "Products", status: "Status", actions: "Actions" },
  /** The list's order (decision 082). */
  sortKeys: { date: "Date", plays: "Plays" },
  sorts: { newest: "Newest first", oldest: "Oldest first", plays: "Most played", least_played: "Least played" },
  /** A video's reach as its platform reports it (decision 082): the row's line and the preview's figures. */
  reach: {
    plays: (count: string) => `${count} plays`,
    likes: (count: string) => `${count} likes`,
    heading: (platform: string) => `On ${platform}`,
    labels: { plays: "Plays", likes: "Likes", comments: "Comments", shares: "Shares", saves: "Saves", duration: "Length" },
    /** Under the figures: where they come from and when they change. */
    note: "As the platform reported them at the last import or sync.",
    /** No figure known: Pinterest reports none; a video imported before figures were kept gets them at its next sync. */
    none: (platform: string) => `${platform} gave no plays or likes for this video.`,
  },
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
  // "Tag suggested products" for a whole import (decision 078): offered after an import adds videos, over all of them.
  /** After an import, in a shop that already has widgets: the next step it offers. */
  importTagPrompt: (count: number) =>
    count === 1
      ? "Tag the products your new video shows: review the products suggested for it, then confirm."
      : `Tag the products your ${count} new videos show in one step: review the products suggested for all of them, then confirm.`,
  /** The action's accessible name: which videos it reviews. */
  tagImportSuggestionsLabel: (count: number) => `Tag suggested products for the ${count === 1 ? "new video" : `${count} new videos`}`,
  reviewImportLoading: (count: number) => `Finding products for the ${count === 1 ? "video" : `${count} videos`} this import added…`,
  reviewImportIntro: (withSuggestions: number, imported: number) => {
    const which = withSuggestions < imported ? `${withSuggestions} of the ${imported} videos` : imported === 1 ? "The video" : `All ${imported} videos`;
    return `${which} this import added ${withSuggestions === 1 ? "has" : "have"} suggestions. Uncheck any product a video does not show. Nothing is tagged until you confirm.`;
  },
  reviewImportNone: (imported: number) =>
    imported === 0
      ? "The videos this import added are no longer in your library."
      : `None of the ${imported === 1 ? "video" : `${imported} videos`} this import added has product suggestions. Tag their products one by one with Tag Product.`,
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
  manyLinksHint: `To import several, paste up to ${IMPORT_LINKS_MAX} links, one per line (${andList(enabledPlatformNames())} can be mixed).`,
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
  unknownSite: `Clipcart cannot import from this website. Paste a ${orList(enabledPlatformNames())} link.`,
  notVideoLink: (platformName: string, item: string) => `This is not a link to a ${platformName} ${item}.`,
  /** A link the platform did not answer for (its run ended without it). */
  notFound: "Nothing was found at this link. Check that it is public.",
  /** The post exists but is a photo, a slideshow or an image pin. */
  notVideo: "This post is not a video.",
  /** A link the job never reached: it was cancelled or stopped first. */
  notReached: "The import stopped before this link.",
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
  /** A TikTok photo slideshow or an Instagram image or carousel post: nothing a widget could play (issue 28). */
  photoPost: "This post is photos, not a video. Clipcart imports videos only.",
  /** An account import's photo posts, left out; said after the spec's success text (issue 28, decision 081). */
  photoPostsSkipped: (count: number) => `${count} photo ${count === 1 ? "post" : "posts"} skipped: Clipcart imports videos only.`,
  /**
   * What an actor's error item says (decision 081), in spec 8's words: an account the actor found private or
   * empty (it cannot tell them apart), an account that does not exist, a post it could not read.
   */
  accountUnavailable: ERROR_MAPPER.sync.message,
  accountNotFound: ERROR_MAPPER.channel.message,
  postUnavailable: ERROR_MAPPER.video.message,
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
  /** A rule that also tags (decision 078), in the list. */
  tagsTopSuggestion: "Also tags each video with its top suggested product when the match is strong",
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
  /** The rule's option to tag as it approves (decision 078); off unless chosen. */
  tagTopSuggestionLabel: "Also tag each video with its top suggested product when the match is strong",
  tagTopSuggestionHelp:
    "Only when its caption clearly names one of your products and no other product matches as well; the other suggestions stay for you to review. You can remove a tag at any time.",
  /** A rule's optional minimums (decision 082). */
  minimumsLabel: "Only videos with at least",
  minPlaysLabel: "Plays",
  minLikesLabel: "Likes",
  minimumsHelp:
    "As the platform reports them at import. Leave empty for no minimum. A video whose platform gives no figure (Pinterest) does not meet a minimum.",
  minimumInvalid: (what: "plays" | "likes") => `Minimum ${what} must be a whole number, such as 1000, or empty.`,
  minimumTooLarge: (what: "plays" | "likes") => `Minimum ${what} must be ${AUTO_APPROVE.minimumFigureMax.toLocaleString("en-US")} or less.`,
  /** A rule with minimums, in the list. */
  withMinimums: (parts: readonly string[]) => `Only videos with at least ${parts.join(" and ")}`,
  minPlaysPart: (count: string) => `${count} plays`,
  minLikesPart: (count: string) => `${count} likes`,
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

/** Captions in the video preview (decision 084). */
export const CAPTION_TEXT = {
  heading: "Captions",
  none: "No captions yet. Upload a .vtt or .srt file, or import the video from TikTok, which makes captions for most videos.",
  sources: { platform: "From TikTok", uploaded: "Uploaded", edited: "Edited" } as Record<"platform" | "uploaded" | "edited", string>,
  spoken: "Spoken language",
  states: {
    ready: "On your store",
    pending: "Being copied to your store",
    failed: "Could not be copied",
  } as Record<"ready" | "pending" | "failed", string>,
  upload: "Upload captions",
  uploadTitle: "Upload captions",
  fileLabel: "Caption file (.vtt or .srt)",
  languageLabel: "Language",
  storeLanguages: "Languages your store's widgets speak",
  otherLanguages: "Other languages",
  uploadButton: "Upload",
  uploaded: (language: string) => `${language} captions saved`,
  replaceNote: (language: string) => `The video already has ${language} captions: uploading replaces them.`,
  noFile: "Choose a .vtt or .srt file.",
  wrongType: "Captions must be a .vtt or .srt file.",
  edit: "Edit",
  editTitle: (language: string) => `Edit ${language} captions`,
  remove: "Remove",
  removeTitle: (language: string) => `Remove ${language} captions?`,
  removeBody: "Shoppers will no longer see these captions. This cannot be undone.",
  removed: (language: string) => `${language} captions removed`,
  cueStart: "Start",
  cueEnd: "End",
  cueText: "Text",
  cueLabel: (index: number) => `Caption ${index + 1}`,
  seek: (time: string) => `Play from ${time}`,
  addCue: "Add caption",
  removeCue: (index: number) => `Remove caption ${index + 1}`,
  save: "Save captions",
  saved: "Captions saved. Your store shows them once the new file is copied.",
  failed: "The captions could not be saved. Please try again.",
  timeHelp: "Minutes:seconds, e.g. 0:04.250",
  /** A caption file that cannot be read: the line, then what is wrong there. */
  fileError: (line: number, problem: string) => `Line ${line}: ${problem}`,
  errors: {
    header: "a WebVTT file must start with WEBVTT.",
    timing: "expected a caption's times, like 00:00:01.000 --> 00:00:04.000.",
    order: "this caption must end after it starts.",
    emptyCue: "this caption has no text.",
    longCue: `this caption's text is too long (${CAPTIONS.maxCueChars} characters at most).`,
    noCues: "the file has no captions.",
    tooManyCues: `the file has too many captions (${CAPTIONS.maxCues.toLocaleString("en-US")} at most).`,
    tooLarge: `the file is too large (${CAPTIONS.maxBytes / 1024} KB at most).`,
    binary: "the file is not text.",
  },
  cueError: (index: number, problem: string) => `Caption ${index + 1}: ${problem}`,
  cueErrors: {
    order: "it must end after it starts.",
    emptyCue: "it has no text.",
    longCue: `its text is too long (${CAPTIONS.maxCueChars} characters at most).`,
    pastEnd: "it ends after the video does.",
    negative: "its times are not valid.",
  },
  badTime: "Write a time as minutes:seconds, e.g. 0:04.250.",
  tooManyLanguages: `This video has captions in as many languages as it can take (${CAPTIONS.maxLanguages}).`,
  trackLabel: (language: string) => `${language} (editing)`,
  languageUnknown: "Choose a language from the list.",
  /** The alt text of a caption file in the merchant's Shopify Files. */
  fileAlt: (lang: string) => `Clipcart captions (${lang})`,
  failures: {
    expired: "The link to the platform's file had expired. Import the video again to try once more.",
    unreadable: "The platform's file could not be read.",
    too_large: "The platform's file was too large.",
    shopify: "Shopify could not store the file. Save the captions again to retry.",
  },
} as const;
