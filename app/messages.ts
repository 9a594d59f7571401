/**
 * Texts of the product spec shown on screen (spec sections 2 and 8), verbatim
 * where the spec gives them. Client-safe.
 */

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

export const MISSING_SHOP_LOG =
  "Clipcart needs a shop query parameter: open it from your Shopify admin. The app was not loaded.";

export const SHOP_UNAVAILABLE_WARNING =
  "Unable to load shop data. Please make sure you're accessing this app from within Shopify admin.";

/** Spec 8: the generic error mapper's titles and default texts ("<title>: <message>"). */
export const ERROR_MAPPER = {
  network: {
    title: "Connection issue",
    message: "Unable to connect to the server. Please check your internet connection and try again.",
  },
  timeout: { title: "Request timeout", message: "The request took too long to complete. Please try again." },
  channel: {
    title: "Unable to add channel",
    message:
      "Please check that the username is correct and the channel is public. Try removing the @ symbol if you included it.",
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
  importBanner: "Great! Now create a widget to display your videos on your storefront.",
  freePlanLimit: "Free plan allows maximum 5 approved videos. Upgrade to Premium for unlimited videos.",
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
  missingApifyToken:
    "Video import is not configured: the Apify API token is missing. Please contact support.",
} as const;

export const channelImported = (count: number, username: string) => `Successfully added ${count} videos from @${username}!`;
export const channelSynced = (username: string, count: number) => `Synced @${username}: ${count} new videos added`;
export const videosUnpublished = (count: number) => `Successfully unpublished ${count} video(s)`;
export const videosApproved = (count: number) => `Successfully approved ${count} video(s)!`;
export const approvePartlyFailed = (ok: number, failed: number) =>
  `${ok} video(s) approved successfully, but ${failed} failed. Please try again.`;
export const approveDialogTitle = (count: number) =>
  count === 1 ? "Approve Video to Widgets" : `Approve ${count} Videos to Widgets`;

/** Spec 8 and 2: Widgets texts. */
export const WIDGET_TEXT = {
  created: "Widget created successfully!",
  deleted: "Widget deleted",
  deletedBody: "Your store still shows it until you take it off your theme:",
  themeFetchFailed: "Failed to fetch active theme",
} as const;
