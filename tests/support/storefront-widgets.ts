/**
 * Published storefront widget data (app/storefront/widget-data.ts) for the
 * renderer's and the theme app extension's tests: widgets as the publisher
 * writes them, the app-data metafields Liquid reads them from, and hostile
 * third-party text to prove it stays inert.
 */
import type { StorefrontProduct, StorefrontVideo, StorefrontWidget, StorefrontWidgetIndex } from "~/storefront/widget-data";

export const HOSTILE_TITLE = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;

export function storefrontProduct(overrides: Partial<StorefrontProduct> = {}): StorefrontProduct {
  return {
    id: "gid://shopify/Product/1001",
    handle: "linen-shirt",
    title: "Linen shirt",
    price: "49.00",
    image: "https://cdn.shopify.example/linen-shirt.jpg",
    variantId: 40001,
    ...overrides,
  };
}

export function storefrontVideo(overrides: Partial<StorefrontVideo> = {}): StorefrontVideo {
  return {
    id: "vid_1",
    platform: "tiktok",
    videoId: "7300000000000000001",
    title: "Summer outfit",
    author: "@shop",
    poster: "https://cdn.shopify.example/posters/vid_1.jpg",
    embedUrl: "https://www.tiktok.com/player/v1/7300000000000000001",
    url: "https://www.tiktok.com/@shop/video/7300000000000000001",
    uploadDate: "2026-05-01T10:00:00.000Z",
    products: [storefrontProduct()],
    ...overrides,
  };
}

/** A widget with three videos: TikTok with poster, Instagram without poster, Pinterest. */
export function storefrontWidget(overrides: Partial<StorefrontWidget> = {}): StorefrontWidget {
  return {
    v: 1,
    id: "wid_1",
    number: 1,
    name: "Summer looks",
    layout: "carousel",
    pageContexts: ["homepage"],
    priority: 1,
    settings: { theme: "light", autoScroll: true, showHeader: false, alignment: "right", playPreviews: true, showCaptions: true },
    currency: "USD",
    videos: [
      storefrontVideo(),
      storefrontVideo({
        id: "vid_2",
        platform: "instagram",
        videoId: "Cabc123",
        title: "Reel",
        poster: null,
        embedUrl: "https://www.instagram.com/reel/Cabc123/embed",
        url: "https://www.instagram.com/reel/Cabc123/",
        products: [storefrontProduct({ id: "gid://shopify/Product/1002", handle: "straw-hat", title: "Straw hat", price: "19.5", variantId: null })],
      }),
      storefrontVideo({
        id: "vid_3",
        platform: "pinterest",
        videoId: "1234567890",
        title: "Pin",
        embedUrl: "https://assets.pinterest.com/ext/embed.html?id=1234567890",
        url: "https://www.pinterest.com/pin/1234567890/",
        products: [],
      }),
    ],
    ...overrides,
  };
}

/** `app.metafields.clipcart` as Liquid sees it: each key a metafield whose `value` is the parsed JSON. */
export function clipcartMetafields(widgets: StorefrontWidget[], { withIndex = true } = {}) {
  const metafields: Record<string, { value: unknown; type: string }> = {};
  for (const widget of widgets) metafields[`widget_${widget.number}`] = { value: widget, type: "json" };
  if (withIndex) {
    const index: StorefrontWidgetIndex = {
      v: 1,
      widgets: widgets.map(({ id, number, name, layout, pageContexts, priority }) => ({ id, number, name, layout, pageContexts, priority })),
    };
    metafields.widgets = { value: index, type: "json" };
  }
  return metafields;
}
