/**
 * Texts of the product spec shown on screen (spec sections 2 and 8), verbatim
 * where the spec gives them. Client-safe. One file per screen in this folder
 * (issue 26 item 4); everything is imported from "~/messages".
 *
 * Plan figures (prices, the Free limit, the billing interval, the auto-sync
 * period) come from app/constants.ts, the same constants Shopify bills with, so
 * the page and the bill cannot disagree.
 */
export * from "./figures";
export * from "./shared";
export * from "./library";
export * from "./widgets";
export * from "./dashboard";
export * from "./analytics";
export * from "./plan";
