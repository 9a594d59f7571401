/**
 * The widget's texts in English. The theme app extension carries the same keys
 * in extensions/clipcart-widgets/locales/en.default.json (widget.*, snake_case)
 * and hands its translations to the renderer; the admin preview passes these.
 * tests/extension/liquid.test.ts checks that the two agree.
 */
export const WIDGET_STRINGS = {
  play: "Play video",
  close: "Close",
  previous: "Previous",
  next: "Next",
  dismiss: "Hide videos",
  products: "Shop this video",
  addToCart: "Add to cart",
  adding: "Adding…",
  added: "Added to cart",
  viewCart: "View cart",
  addFailed: "Could not add to cart. Please try again.",
  soldOut: "Sold out",
  unavailable: "Unavailable",
  quantity: "Quantity",
  viewProduct: "View product",
  regularPrice: "Regular price",
  pause: "Pause",
  sound: "Sound",
  captions: "Captions",
  watchOn: "Watch on {platform}",
  untitled: "Video",
};

export type WidgetStrings = Record<keyof typeof WIDGET_STRINGS, string> & {
  /**
   * The page's language as Shopify names it (request.locale.iso_code: "fr", "pt-BR"), which the
   * extension's Liquid hands over with its texts: captions are chosen by it (decision 085). Absent
   * in the admin preview: a video's own language.
   */
  lang?: string;
};
