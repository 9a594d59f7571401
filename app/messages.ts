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
