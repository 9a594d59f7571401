/**
 * The theme app extension's side of the contract with the admin
 * (extensions/clipcart-widgets/blocks/): the handles of its blocks and embeds,
 * which the theme's files name and the theme editor's deep links open.
 */

/** Theme editor block handles (spec 9); `page-widgets` is the embed vintage themes use to show widgets by page context. */
export const THEME_BLOCK_HANDLES = {
  carousel: "carousel",
  grid: "grid",
  single: "single",
  sticky: "sticky",
  stories: "stories",
  pageWidgets: "page-widgets",
} as const;
