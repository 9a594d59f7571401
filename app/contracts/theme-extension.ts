/**
 * The theme app extension's side of the contract with the admin
 * (extensions/clipcart-widgets/blocks/): the handles of its blocks and embeds,
 * which the theme's files name and the theme editor's deep links open. Each
 * layout's block or embed is named after the layout (app/contracts/widget-layouts.ts);
 * `page-widgets` is the embed vintage themes use to show widgets by page context;
 * `product-videos` is the product page's gallery block (decision 080), which
 * shows the page's product's videos rather than a widget.
 */
import { LAYOUT_TYPES, PAGE_WIDGETS_HANDLE, type LayoutType } from "./widget-layouts";

/** The product page's gallery block (decision 080): no widget number, no layout of its own. */
export const PRODUCT_VIDEOS_HANDLE = "product-videos";

/** Theme editor block handles (spec 9), by layout, page-widgets and the product gallery. */
export const THEME_BLOCK_HANDLES = {
  ...(Object.fromEntries(LAYOUT_TYPES.map((layout) => [layout, layout])) as { readonly [Layout in LayoutType]: Layout }),
  pageWidgets: PAGE_WIDGETS_HANDLE,
  productVideos: PRODUCT_VIDEOS_HANDLE,
} as const;
