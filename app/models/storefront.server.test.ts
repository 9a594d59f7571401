/**
 * What the storefront data says of a mirrored video (decision 035), and how a
 * widget's data stays within Shopify's JSON metafield limit.
 */
import { describe, expect, it } from "vitest";
import {
  STOREFRONT_METAFIELD_MAX_BYTES,
  STOREFRONT_VARIANTS_MAX,
  type StorefrontProduct,
  type StorefrontVideo,
  type StorefrontWidget,
} from "~/storefront/widget-data";
import { storefrontMedia, withinMetafieldLimit } from "./storefront.server";

const source = (lines: number, format = "mp4") => ({
  url: `https://cdn.shopify.com/videos/c/vp/abc/SD-${lines}p.${format}`,
  format,
  mimeType: format === "mp4" ? "video/mp4" : "application/x-mpegURL",
  width: lines,
  height: Math.round((lines * 16) / 9),
});

const ready = (sources: unknown[], durationMs: number | null = 12_345) => ({
  status: "ready",
  sources: JSON.stringify(sources),
  posterUrl: "https://cdn.shopify.com/poster.jpg",
  durationMs,
});

describe("storefrontMedia", () => {
  it("previews with the smallest MP4 and plays the largest up to 1080 lines; HLS and unsafe URLs are left out", () => {
    const media = storefrontMedia(
      ready([source(1080), source(480), source(2160), source(720, "m3u8"), { ...source(360), url: "javascript:alert(1)" }, source(720)]),
    );
    expect(media).toEqual({ preview: source(480).url, src: source(1080).url, width: 1080, height: 1920, duration: 12.3 });
  });

  it("a copy that is not ready, has no MP4, or has unreadable sources gives no media (the platform's player stays)", () => {
    expect(storefrontMedia(null)).toBeNull();
    expect(storefrontMedia({ ...ready([source(720)]), status: "processing" })).toBeNull();
    expect(storefrontMedia({ ...ready([source(720)]), status: "failed" })).toBeNull();
    expect(storefrontMedia(ready([source(720, "m3u8")]))).toBeNull();
    expect(storefrontMedia({ ...ready([]), sources: "{not json" })).toBeNull();
  });

  it("only renditions above 1080 lines: the smallest of them plays", () => {
    expect(storefrontMedia(ready([source(2160), source(1440)], null))).toMatchObject({ src: source(1440).url, duration: null });
  });
});

describe("withinMetafieldLimit", () => {
  const video = (index: number): StorefrontVideo => ({
    id: `video-${index}`,
    platform: "tiktok",
    videoId: String(7_000_000_000_000_000_000 + index),
    title: `A long caption for video ${index} `.repeat(20),
    uploadDate: "2026-05-01T10:00:00.000Z",
    author: "Glow Studio",
    poster: `https://cdn.shopify.com/s/files/1/0000/0001/files/${index}.jpg`,
    embedUrl: `https://www.tiktok.com/player/v1/${index}`,
    url: `https://www.tiktok.com/@glow/video/${index}`,
    media: { preview: source(480).url, src: source(1080).url, width: 1080, height: 1920, duration: 21.5 },
    products: Array.from({ length: 5 }, (_, product) => ({
      id: `gid://shopify/Product/${product}`,
      handle: `product-${product}`,
      title: `Product ${product}`,
      price: "19.00",
      image: `https://cdn.shopify.com/products/${product}.jpg`,
      variantId: 40_000_000 + product,
    })),
  });
  const widget = (count: number) =>
    ({
      v: 1,
      id: "widget",
      number: 1,
      name: "Home carousel",
      layout: "carousel",
      pageContexts: ["homepage"],
      priority: 3,
      settings: {},
      currency: "USD",
      videos: Array.from({ length: count }, (_, index) => video(index)),
    }) as unknown as StorefrontWidget;
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

  it("keeps a widget that fits as it is", () => {
    const small = widget(10);
    expect(withinMetafieldLimit(small)).toBe(small);
  });

  it("leaves out a long widget's last videos so its data stays under Shopify's 128 KB", () => {
    const long = widget(200);
    expect(bytes(long)).toBeGreaterThan(STOREFRONT_METAFIELD_MAX_BYTES);
    const capped = withinMetafieldLimit(long);
    expect(bytes(capped)).toBeLessThanOrEqual(STOREFRONT_METAFIELD_MAX_BYTES - 1024);
    expect(capped.videos.length).toBeGreaterThan(10);
    // The first videos, in their order; one more would not fit.
    expect(capped.videos).toEqual(long.videos.slice(0, capped.videos.length));
    expect(bytes({ ...long, videos: long.videos.slice(0, capped.videos.length + 1) })).toBeGreaterThan(STOREFRONT_METAFIELD_MAX_BYTES - 1024);
  });

  describe("with products that carry their variants (decision 043)", () => {
    /** A product as large as the publisher makes one: three options, the most variants, long values, on sale. */
    const pickerProduct = (product: number): StorefrontProduct => ({
      id: `gid://shopify/Product/${8_800_000_000 + product}`,
      handle: `limited-edition-product-with-a-long-handle-${product}`,
      title: `Limited edition product with a long title ${product}`,
      price: "1249.00",
      compareAtPrice: "1499.00",
      image: `https://cdn.shopify.com/s/files/1/0000/0001/products/${product}-front-view.jpg?v=1700000000`,
      variantId: 45_000_000_000 + product * 100,
      options: ["Size", "Colour", "Material"],
      variants: Array.from({ length: STOREFRONT_VARIANTS_MAX }, (_, variant) => ({
        id: 45_000_000_000 + product * 100 + variant,
        values: [`Size ${variant}`, `Colour number ${variant % 5}`, `Organic material ${variant % 3}`],
        price: "1249.00",
        compareAtPrice: variant % 2 ? "1499.00" : null,
        available: variant % 7 !== 0,
      })),
    });
    const withPickers = (count: number, productsPerVideo: number) => {
      const base = widget(count);
      return {
        ...base,
        videos: base.videos.map((shown, index) => ({
          ...shown,
          products: Array.from({ length: productsPerVideo }, (_, product) => pickerProduct(index * productsPerVideo + product)),
        })),
      };
    };
    const withoutPicker = ({ options: _options, variants: _variants, ...product }: StorefrontProduct): StorefrontProduct => product;
    const hasPickers = (shown: StorefrontVideo) => shown.products.every((product) => product.variants?.length === STOREFRONT_VARIANTS_MAX);

    it("a few videos with multi-variant products fit whole", () => {
      const few = withPickers(5, 3);
      expect(bytes(few)).toBeGreaterThan(30_000); // variants make products heavy
      expect(withinMetafieldLimit(few)).toBe(few);
    });

    it("many videos with many multi-variant products stay under the cap: the first with their pickers, the next without, the rest left out", () => {
      const many = withPickers(120, 5);
      expect(bytes(many)).toBeGreaterThan(5 * STOREFRONT_METAFIELD_MAX_BYTES);
      const capped = withinMetafieldLimit(many);
      expect(bytes(capped)).toBeLessThanOrEqual(STOREFRONT_METAFIELD_MAX_BYTES - 1024);

      // The first videos in full, then videos with every product, its price and first available variant, but no pickers.
      const full = capped.videos.filter(hasPickers);
      expect(full.length).toBeGreaterThan(0);
      expect(capped.videos.slice(0, full.length)).toEqual(many.videos.slice(0, full.length));
      expect(capped.videos.length).toBeGreaterThan(2 * full.length); // pickers take at most about half the room
      for (const [index, shown] of capped.videos.entries()) {
        if (index >= full.length) expect(shown.products).toEqual(many.videos[index]!.products.map(withoutPicker));
      }
      // The videos left out are the last; neither one more video nor one more video's pickers would fit.
      expect(capped.videos.map((shown) => shown.id)).toEqual(many.videos.slice(0, capped.videos.length).map((shown) => shown.id));
      const nextVideo = { ...many.videos[capped.videos.length]!, products: capped.videos.at(-1)!.products };
      expect(bytes({ ...capped, videos: [...capped.videos, nextVideo] })).toBeGreaterThan(STOREFRONT_METAFIELD_MAX_BYTES - 1024);
      const morePickers = capped.videos.map((shown, index) => (index === full.length ? many.videos[index]! : shown));
      expect(bytes({ ...capped, videos: morePickers })).toBeGreaterThan(STOREFRONT_METAFIELD_MAX_BYTES - 1024);
    });

    it("a widget just over the cap keeps every video, and the pickers of all but its last ones", () => {
      const justOver = withPickers(8, 5);
      expect(bytes(justOver)).toBeGreaterThan(STOREFRONT_METAFIELD_MAX_BYTES);
      const capped = withinMetafieldLimit(justOver);
      expect(bytes(capped)).toBeLessThanOrEqual(STOREFRONT_METAFIELD_MAX_BYTES - 1024);
      expect(capped.videos).toHaveLength(8);
      const full = capped.videos.filter(hasPickers).length;
      expect(full).toBeGreaterThanOrEqual(5); // more than the half of the room the first pass gives them
      expect(capped.videos.slice(full).every((shown) => shown.products.every((product) => !product.variants && !product.options))).toBe(true);
    });
  });
});
