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
  missingApifyToken: "Video import is not configured: the Apify API token is missing. Please contact support.",
  /** An import or sync whose account was removed before it could save; shown as "Sync failed: ..." (spec 8). */
  accountRemoved: "This account was removed from Clipcart, so its videos were not saved.",
  /** A job whose process stopped (a restart or crash) before it finished. */
  importInterrupted: "The import was interrupted because the app restarted. Please try again.",
  /** A job past its time limit; the mapper shows it as "Request timeout" (spec 8). */
  importTimedOut: "Import timeout: the import took too long and was stopped",
} as const;

export const channelImported = (count: number, username: string) => `Successfully added ${count} videos from @${username}!`;
export const channelSynced = (username: string, count: number) => `Synced @${username}: ${count} new videos added`;
export const videosUnpublished = (count: number) => `Successfully unpublished ${count} video(s)`;
export const videosApproved = (count: number) => `Successfully approved ${count} video(s)!`;
export const approvePartlyFailed = (ok: number, failed: number) => `${ok} video(s) approved successfully, but ${failed} failed. Please try again.`;
export const approveDialogTitle = (count: number) => (count === 1 ? "Approve Video to Widgets" : `Approve ${count} Videos to Widgets`);

/** Spec 8 and 2: Widgets texts. */
export const WIDGET_TEXT = {
  created: "Widget created successfully!",
  deleted: "Widget deleted",
  deletedBody: "Your store still shows it until you take it off your theme:",
  themeFetchFailed: "Failed to fetch active theme",
} as const;

/** The Dashboard's texts (spec 2, "Dashboard"). */
export const DASHBOARD_TEXT = {
  support: "Support",
  helpGuide: "Help Guide",
  supportChatMissing: "Support chat is not available: its widget has not loaded.",
  tutorialTitle: "Watch the tutorial",
  tutorialBody: "See how to import videos, approve them and show them on your store.",
  tutorialPlay: "Play tutorial video",
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
    { title: "Create widget", body: "Choose a Carousel, Grid, Single or Sticky widget and where it appears." },
    { title: "Embed on store", body: "Add the widget to your theme from the theme editor." },
  ],
  createWidgetTitle: "Your videos are ready",
  createWidgetBody: "Create a widget to show your approved videos on your store.",
  createWidget: "Create Widget",
  manageVideos: "Manage Videos",
  allSetTitle: "You're all set",
  allSetBody: "Your videos are live on your store. Keep your library fresh and watch what shoppers click.",
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
export const ANALYTICS_TEXT = {
  emptyTitle: "No analytics data yet",
  emptyBody: "Add videos and show them on your store; shoppers' clicks and sales will appear here.",
  emptyAction: "Add Videos",
  overview: "Performance Overview",
  overviewPeriod: "Totals since you installed Clipcart; the chart and tables cover the last 30 days.",
  videoClicks: "Video Clicks",
  videoClicksRecent: (count: number) => `${count} in the last 30 days`,
  sinceInstall: "since install",
  totalVideos: "Total Videos",
  publishedCount: (count: number) => `${count} published`,
  activeWidgets: "Active Widgets",
  deployedOnStore: "deployed on store",
  productClicks: "Product Clicks",
  productsViewed: "products viewed from videos",
  sales: "Sales",
  salesRevenue: (revenue: string) => `${revenue} revenue`,
  chartTitle: "Clicks, last 30 days",
  chartVideoSeries: "Video clicks",
  chartProductSeries: "Product clicks",
  platformPerformance: "Platform Performance",
  platformPeriod: "Clicks since install, by platform",
  noPlatformClicks: "No clicks yet.",
  topVideos: "Top Performing Videos",
  topVideosPeriod: "Top 5 by clicks in the last 30 days",
  noVideoEngagement: "No video engagement yet",
  noVideoEngagementBody: "When shoppers click your videos, the most watched ones show here.",
  createWidget: "Create Widget",
  widgetPerformance: "Widget Performance",
  widgetPeriod: "Clicks in the last 30 days",
  noWidgetEngagement: "No widget engagement yet",
  noWidgetEngagementBody: "Clicks on your widgets will show here.",
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
  },
} as const;

/** The Plan & Upgrade page (spec 2, 8); `{product}` is the sister product's name. */
export const PLAN_TEXT = {
  freeTitle: "Free Plan",
  premiumTitle: "Premium Plan",
  freePrice: "$0",
  premiumPrice: "$5.99",
  perMonth: "/month",
  freeFeatures: ["5 approved videos max", "Manual sync only", "All widget layouts", "Product tagging", "Analytics dashboard"],
  premiumFeatures: ["Unlimited approved videos", "Auto-sync every 3 hours", "All widget layouts", "Product tagging", "Priority support", "Analytics dashboard"],
  recommended: "RECOMMENDED",
  currentFree: (approved: number, limit: number) => `Current Plan (${approved}/${limit} videos approved)`,
  currentPremium: "Current Plan (Active)",
  upgrade: "Upgrade to Premium",
  upgradedTitle: "Welcome to Premium!",
  upgradedBody: "Your plan is upgraded: approve as many videos as you like, and your accounts sync every 3 hours.",
  offerTitle: (product: string) => `${product} customer? Get Premium free`,
  offerBody: (product: string) => `Customers on ${product}'s Lunch or Dinner plan get Clipcart Premium at no cost.`,
  verifyNow: "Verify Now",
  verifiedTitle: (product: string) => `Premium Plan Active (${product} Verified)`,
  verifiedBody: (product: string) => `Your ${product} subscription includes Clipcart Premium. No Shopify charge applies.`,
  approachingTitle: "Approaching Video Limit",
  approachingBody: (approved: number, limit: number) =>
    `You've approved ${approved} of ${limit} videos on the free plan. Upgrade to Premium for unlimited approved videos.`,
  faqTitle: "Frequently asked questions",
  faq: [
    {
      question: "What happens to my videos if I downgrade?",
      answer: "Your videos stay in your library. Only the first 5 approved videos stay published; the others are unpublished until you approve them again.",
    },
    {
      question: "How is Premium billed?",
      answer: "Premium costs $5.99 every 30 days, billed by Shopify with your store's other charges. Cancel any time from this page or your Shopify admin.",
    },
    {
      question: "What does auto-sync do?",
      answer: "On Premium, your connected accounts are checked for new videos every 3 hours. On Free, use Sync on an account whenever you like.",
    },
  ],
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
export const SERVER_TEXT = {
  databaseBusy: "The database is busy right now and nothing was changed. Please try again in a moment.",
  healthOk: "ok",
  databaseUnwritable: "database cannot be written",
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
  /** The alt text of the thumbnail copy kept in the shop's Files (Shopify admin, Content > Files). */
  thumbnailAlt: (platform: string, platformVideoId: string) => `Thumbnail of ${platform} video ${platformVideoId}`,
} as const;
