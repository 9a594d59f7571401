/**
 * What the storefront data says of a mirrored video (decision 035), and how a
 * widget's data stays within Shopify's JSON metafield limit.
 */
import { describe, expect, it } from "vitest";
import { STOREFRONT_METAFIELD_MAX_BYTES, type StorefrontVideo, type StorefrontWidget } from "~/storefront/widget-data";
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
});
