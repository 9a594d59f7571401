/** The Widgets page: layouts, page kinds, the theme editor's block names, install, delete and the order of a widget's videos. Client-safe; every on-screen text is in app/messages/ (import it from "~/messages"). */
import { CAROUSEL_AUTO_SCROLL_MS, WIDGET_PRIORITY, type PageContext } from "~/constants";
import { LAYOUT_TYPES, PAGE_WIDGETS_HANDLE, type LayoutType } from "~/contracts/widget-layouts";
import { PRODUCT_VIDEOS_HANDLE } from "~/contracts/theme-extension";
import { ACTION_TEXT, orList } from "./shared";

/**
 * Each layout's texts (spec 2, 5; Stories: decision 043): `title` and
 * `description` in the type picker, `name` where space is short (the card's
 * badge, the Type column, checkbox labels), `blockName` its block's or
 * embed's name in the theme editor (tests/extension/layouts.test.ts holds
 * extensions/clipcart-widgets/locales/en.default.schema.json to it), and
 * `inASentence` how the Widgets page's first screen names it.
 */
export const LAYOUTS = {
  carousel: { title: "Carousel", name: "Carousel", description: "Horizontal scrolling video gallery", blockName: "Video carousel", inASentence: "a carousel" },
  grid: { title: "Grid", name: "Grid", description: "Organized grid layout", blockName: "Video grid", inASentence: "a grid" },
  single: { title: "Single Video", name: "Single", description: "Feature one video prominently", blockName: "Single video", inASentence: "one featured video" },
  sticky: { title: "Sticky", name: "Sticky", description: "Fixed floating video widget", blockName: "Sticky video", inASentence: "a sticky player" },
  stories: {
    title: "Stories",
    name: "Stories",
    description: "Round thumbnails that open a full-screen player",
    blockName: "Video stories",
    inASentence: "a row of stories",
  },
} as const satisfies Record<LayoutType, { title: string; name: string; description: string; blockName: string; inASentence: string }>;

/** Short layout names (Type column, checkbox labels). */
export const LAYOUT_NAMES = Object.fromEntries(LAYOUT_TYPES.map((layout) => [layout, LAYOUTS[layout].name])) as Record<LayoutType, string>;

export const PAGE_CONTEXT_LABELS: Record<PageContext, string> = {
  homepage: "Homepage",
  product: "Product Pages",
  collection: "Collection Pages",
  cart: "Cart Page",
  all_pages: "All Pages",
};

/** The blocks' and app embeds' names in the theme editor (extensions/clipcart-widgets/locales/en.default.schema.json): each layout's, page-widgets and the product gallery. */
export const THEME_BLOCK_NAMES = {
  ...(Object.fromEntries(LAYOUT_TYPES.map((layout) => [layout, LAYOUTS[layout].blockName])) as Record<LayoutType, string>),
  pageWidgets: "Videos by page",
  productVideos: "Product videos",
} as const;

/** A block's or embed's name in the theme editor, by its handle; undefined for a handle that is not ours. */
export function themeBlockName(handle: string): string | undefined {
  if (handle === PAGE_WIDGETS_HANDLE) return THEME_BLOCK_NAMES.pageWidgets;
  if (handle === PRODUCT_VIDEOS_HANDLE) return THEME_BLOCK_NAMES.productVideos;
  return (LAYOUT_TYPES as readonly string[]).includes(handle) ? THEME_BLOCK_NAMES[handle as LayoutType] : undefined;
}

const INSTALL_SAVE_STEP = "Click Save in the theme editor, then come back here.";

/** Spec 8 and 2: Widgets texts. */
export const WIDGET_TEXT = {
  created: "Widget created successfully!",
  deleted: "Widget deleted",
  deletedBody: "Your store still shows it until you take it off your theme:",
  themeFetchFailed: "Failed to fetch active theme",
  addWidget: "Add widget",
  emptyTitle: "Create your first widget",
  emptyBody: `Widgets show your approved videos on your store: ${orList(LAYOUT_TYPES.map((layout) => LAYOUTS[layout].inASentence))}.`,
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
  showCaptions: "Show captions",
  showCaptionsHelp:
    "Muted previews show a video's captions, and the player opens with them on, in the store's language when the video has it, else in the video's own. Shoppers turn them off and on with CC.",
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

/**
 * Which videos a widget shows (decision 079), by its source ("all" | "product",
 * WIDGET_SOURCES in app/rules/widget-settings.ts): the Customize form's choice,
 * the card's badge and Analytics' Widget Performance say them alike.
 */
export const WIDGET_SOURCE_LABELS = {
  all: "All approved videos",
  product: "Videos tagged with this product",
} as const;

/** Decision 079: the Customize form's "Videos to show" and its preview of a product page. */
export const WIDGET_SOURCE_TEXT = {
  title: "Videos to show",
  allHelp: "The widget shows all its approved videos, on every page it appears on.",
  productHelp: "On a product page, only the widget's approved videos tagged with that product, in the widget's order. On other pages, all its approved videos.",
  fallback: "When a product has no videos, show the widget's other videos",
  fallbackHelp: "When this is off, the widget does not show on the pages of products without videos.",
  productPagesMissing: "This widget is not set to show on Product Pages, so it shows all its videos wherever it appears.",
  addProductPages: "Add Product Pages",
  previewProduct: "Preview a product page",
  previewProductHelp: "Only for the preview: the widget shows each product's own videos on its page.",
  chooseProduct: "Choose a product",
  productWithoutVideos: "A product with no videos",
  productOption: (title: string, videos: number) => `${title} (${videos === 1 ? "1 video" : `${videos} videos`})`,
  searchProducts: "Search products",
  moreProducts: (shown: number, total: number) => `Showing ${shown} of ${total} products. Search to find the others.`,
  noTaggedProducts: "No product has approved videos tagged to it yet. Tag products to your videos in the Video Library.",
  noProductMatch: "No product with approved videos matches your search.",
  loadingProducts: "Loading products…",
  productsFailed: "The products could not be loaded.",
  videosFailed: "This product's videos could not be loaded.",
  loadingVideos: "Loading this product's videos…",
  noProductChosen: "No product chosen: the preview shows what the widget shows on other pages, all its videos.",
  showingProduct: (title: string) => `The preview shows the page of ${title}: only its videos.`,
  showingFallback: "This product has no videos: its page shows the widget's other videos.",
  hiddenOnProduct: "This product has no videos, so the widget does not show on its page.",
} as const;

/** Decision 079: the Widgets page's banner when the product pages' videos could not be written to Shopify. */
export const PRODUCT_PUBLISH_TEXT = {
  title: "Your product pages could not be updated",
  denied:
    "Shopify refused Clipcart access to your store, so your product pages may show outdated videos. Open Clipcart again from your Shopify admin so Shopify can restore its access. If this message stays, reinstall Clipcart.",
  limit:
    "A Shopify limit refused the videos of your product pages: too many product pages have videos, or one product's videos make too much data. Tagging fewer videos to each product helps.",
  api: "Shopify failed or did not answer while Clipcart updated your product pages. Clipcart tries again automatically within a minute.",
  retrying: "Trying again. This can take a minute.",
  retryFailed: "Clipcart could not try again. Please try again in a moment.",
  lastTried: (ago: string | null) => (ago ? `Last tried ${ago}.` : "Last tried just now."),
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
