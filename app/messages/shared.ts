/** Words shared by several screens: actions, page titles, the navigation, error screens, the error mapper, and what the server and the API answer. Client-safe; every on-screen text is in app/messages/ (import it from "~/messages"). */

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

/** "a, b <word> c" (no comma before the last), for lists built from a registry: the layouts, the platforms. */
const listJoinedBy =
  (word: string) =>
  (items: readonly string[]): string =>
    items.length > 1 ? `${items.slice(0, -1).join(", ")} ${word} ${items.at(-1)}` : (items[0] ?? "");
/** "a, b or c". */
export const orList = listJoinedBy("or");
/** "a, b and c". */
export const andList = listJoinedBy("and");

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
