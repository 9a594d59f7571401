/**
 * The widget layouts, declared once (issue 26 item 2, decision 075): what a
 * layout is to the admin, the published data and the theme app extension.
 * Everything that lists layouts derives from here: the API's enum, the
 * Customize form's settings, the theme's block handles and which block or
 * embed shows which layout (app/rules/theme-setup.ts), the admin preview's
 * sample count. What the type checker cannot see is held to this module by
 * tests: each block's Liquid file and its name in the schema locale
 * (tests/extension/layouts.test.ts), the stylesheet's `.cc--<layout>` rules.
 * The texts of a layout are in app/messages/widgets.ts (LAYOUTS), its picture
 * in app/components/widgets/LayoutPicture.tsx, its storefront behaviour (if
 * it has any of its own) in app/storefront/renderer.ts: each keyed by
 * LayoutType, so a layout missing there fails `tsc`. docs/how-to-add.md walks
 * through adding one.
 *
 * Client-safe. The storefront script imports LAYOUT_TYPES only (the list,
 * not the table), so the table costs its bundle nothing.
 */
import { PREVIEW_VISIBLE } from "~/constants";

/** The widget layouts, in the order the type picker offers them; "stories" (issue 14, decision 043) is a row of round thumbnails. */
export const LAYOUT_TYPES = ["carousel", "grid", "single", "sticky", "stories"] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/**
 * The settings a layout may offer besides its pages and priority; their
 * kinds, values and defaults are declared in app/rules/widget-settings.ts
 * (which must declare exactly these).
 */
export type LayoutSettingName = "theme" | "autoScroll" | "showHeader" | "alignment" | "playPreviews" | "showCaptions";

export interface WidgetLayout {
  /**
   * How a theme shows it: "block", an app block the merchant places in a
   * section (its handle is the layout's name; vintage themes, which cannot
   * hold app blocks, show it through the page-widgets embed); "embed", an app
   * embed of its own on every page (target body), for a widget that floats
   * over the page rather than sitting in it.
   */
  install: "block" | "embed";
  /** The settings its Customize form offers; the others keep their defaults in its row. */
  settings: readonly LayoutSettingName[];
  /** How many sample videos its admin preview shows before the merchant has approved any (spec 9). */
  previewVideos: number;
}

/**
 * Each layout's declaration. Built in a pure function: the storefront script
 * imports LAYOUT_TYPES from this module, and esbuild leaves a table out of the
 * bundle only when nothing in it could have a side effect (reading
 * PREVIEW_VISIBLE's fields could, to a bundler).
 */
export const WIDGET_LAYOUTS = /* @__PURE__ */ (() =>
  ({
    carousel: { install: "block", settings: ["theme", "autoScroll", "showHeader", "playPreviews", "showCaptions"], previewVideos: PREVIEW_VISIBLE.carousel },
    grid: { install: "block", settings: ["theme", "showHeader", "playPreviews", "showCaptions"], previewVideos: PREVIEW_VISIBLE.grid },
    single: { install: "block", settings: ["playPreviews", "showCaptions"], previewVideos: 1 },
    sticky: { install: "embed", settings: ["alignment", "playPreviews", "showCaptions"], previewVideos: 1 },
    /**
     * Stories sit in the page like a carousel (the page's colours decide too), but do not scroll by
     * themselves (their row is a menu the shopper reads, not a slideshow) and play no previews (round
     * thumbnails a few dozen pixels across say nothing more by moving).
     */
    stories: { install: "block", settings: ["theme", "showHeader"], previewVideos: PREVIEW_VISIBLE.stories },
  }) as const satisfies Record<LayoutType, WidgetLayout>)();

/** The app embed vintage themes show their page's in-page widgets through (blocks/page-widgets.liquid). */
export const PAGE_WIDGETS_HANDLE = "page-widgets";

/** A block or embed of the theme app extension: a layout's own, or page-widgets. */
export type ThemeBlockHandle = LayoutType | typeof PAGE_WIDGETS_HANDLE;

/** The layouts that sit in the page: a theme shows them through app blocks, a vintage theme through page-widgets. */
export const IN_PAGE_LAYOUTS: readonly LayoutType[] = /* @__PURE__ */ LAYOUT_TYPES.filter((layout) => WIDGET_LAYOUTS[layout].install === "block");

export function layoutOffers(layout: LayoutType, setting: LayoutSettingName): boolean {
  return (WIDGET_LAYOUTS[layout].settings as readonly LayoutSettingName[]).includes(setting);
}
