// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.example/","settings":{"navigation":{"disableChildFrameNavigation":true}}}
/**
 * The extension's Liquid rendered with liquidjs (as Local Shopify's storefront
 * does) against published metafields: which widget each block and embed
 * chooses, that nothing renders without data, and that the markup it prints
 * is what the storefront script renders from.
 */
import { describe, expect, it } from "vitest";
import { WIDGET_STRINGS } from "~/storefront/widget-strings";
import { PRODUCT_GALLERY_WIDGET_ID } from "~/contracts/beacon-events";
import type { PageContext } from "~/constants";
import type { StorefrontWidget } from "~/storefront/widget-data";
import { clipcartMetafields, HOSTILE_TITLE, storefrontVideo, storefrontWidget } from "../support/storefront-widgets";
import { shownWidgetNumber, type StorePage } from "~/rules/theme-setup";
import { extensionLiquid } from "./extension-files";

const engine = extensionLiquid();

type Handle = "carousel" | "grid" | "single" | "sticky" | "stories" | "page-widgets";
interface Page {
  pageType?: string;
  metafields?: Record<string, unknown>;
  /** app.metafields.clipcart_products: product pages' entries by key (decision 079). */
  products?: Record<string, unknown>;
  product?: { id: number } | null;
  settings?: Record<string, unknown>;
  designMode?: boolean;
  /** request.locale.iso_code: the page's language ("fr" under /fr/). */
  locale?: string;
}

function renderBlock(
  handle: Handle | "product-videos",
  { pageType = "index", metafields = {}, products = {}, product = null, settings = {}, designMode = false, locale = "en" }: Page = {},
): Promise<string> {
  return engine.renderFile(handle, {
    app: { metafields: { clipcart: metafields, clipcart_products: products } },
    product,
    block: { id: "blk1", type: `shopify://apps/clipcart/blocks/${handle}/1`, settings, shopify_attributes: 'data-shopify-editor-block="blk1"' },
    request: { page_type: pageType, design_mode: designMode, locale: { iso_code: locale } },
    shop: { name: "Local shop", currency: "USD" },
  });
}

function inlineJson(html: string, name: string): unknown {
  const match = new RegExp(`<script type="application/json" data-clipcart-${name}>([\\s\\S]*?)</script>`).exec(html);
  const json = match?.[1];
  return json === undefined ? null : JSON.parse(json);
}
/** The page's schema.org VideoObjects the widget printed. */
function videoObjectsOf(html: string): Array<Record<string, unknown>> {
  const json = /<script type="application\/ld\+json" data-clipcart-videos>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? [] : (JSON.parse(json) as Array<Record<string, unknown>>);
}
const shownNumber = (html: string) => (inlineJson(html, "widget") as StorefrontWidget | null)?.number ?? null;

const widget = (number: number, layout: StorefrontWidget["layout"], priority: number, pageContexts: PageContext[], extra: Partial<StorefrontWidget> = {}) =>
  storefrontWidget({ id: `wid_${number}`, number, name: `Widget ${number}`, layout, priority, pageContexts, ...extra });

describe("automatic choice (no widget number)", () => {
  const widgets = [
    widget(1, "carousel", 3, ["homepage"]),
    widget(2, "carousel", 1, ["product", "collection"]),
    widget(3, "carousel", 2, ["all_pages"]),
    widget(4, "grid", 1, ["homepage"]),
    widget(5, "carousel", 2, ["homepage"]),
    widget(6, "sticky", 1, ["cart"]),
    widget(7, "single", 4, ["all_pages"]),
  ];
  const metafields = clipcartMetafields(widgets);

  it.each([
    ["index", 3], // #3 (priority 2, all pages) ties #5 (priority 2) and wins on the lower number; #1 is priority 3
    ["product", 2],
    ["collection", 2],
    ["cart", 3],
    ["search", 3], // pages without a context of their own show all_pages widgets only
  ])("a carousel block on %s shows the highest-priority matching carousel: #%i", async (pageType, expected) => {
    expect(shownNumber(await renderBlock("carousel", { pageType, metafields }))).toBe(expected);
  });

  it("a block shows only its own layout", async () => {
    expect(shownNumber(await renderBlock("grid", { metafields }))).toBe(4);
    expect(shownNumber(await renderBlock("grid", { pageType: "product", metafields }))).toBeNull();
    expect(shownNumber(await renderBlock("single", { pageType: "cart", metafields }))).toBe(7);
  });

  it("sticky shows sticky widgets on their pages only", async () => {
    expect(shownNumber(await renderBlock("sticky", { pageType: "cart", metafields }))).toBe(6);
    expect(await renderBlock("sticky", { pageType: "index", metafields })).not.toContain("<clipcart-widget");
  });

  it("page-widgets shows the highest-priority All Pages widget first (a page's own widgets sit in app blocks: decision 070)", async () => {
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "index", metafields }))).toBe(3); // not the grid #4 of priority 1
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "product", metafields }))).toBe(3);
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "cart", metafields }))).toBe(3); // the sticky #6 is not its business
  });

  it("page-widgets without an All Pages widget (vintage themes) shows the page's highest-priority non-sticky widget", async () => {
    const pageOnly = clipcartMetafields(widgets.filter((entry) => !entry.pageContexts.includes("all_pages")));
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "index", metafields: pageOnly }))).toBe(4); // grid, priority 1
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "product", metafields: pageOnly }))).toBe(2);
    expect(await renderBlock("page-widgets", { pageType: "cart", metafields: pageOnly })).not.toContain("<clipcart-widget");
  });

  it("a stories block shows Stories widgets only; the vintage themes' embed shows them too (decision 043)", async () => {
    const withStories = clipcartMetafields([...widgets, widget(8, "stories", 1, ["homepage", "cart"]), widget(9, "stories", 2, ["all_pages"])]);
    expect(shownNumber(await renderBlock("stories", { metafields: withStories }))).toBe(8);
    expect(shownNumber(await renderBlock("stories", { pageType: "collection", metafields: withStories }))).toBe(9);
    expect(await renderBlock("stories", { metafields })).not.toContain("<clipcart-widget"); // no Stories widget at all
    expect(shownNumber(await renderBlock("carousel", { metafields: withStories }))).toBe(3);
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "cart", metafields: withStories }))).toBe(3); // All Pages first: #3 ties #9 on priority 2, lower number
    const storiesOnly = clipcartMetafields([widget(8, "stories", 1, ["homepage", "cart"]), widget(1, "carousel", 3, ["cart"])]);
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "cart", metafields: storiesOnly }))).toBe(8);
  });

  it("the admin's reading of the theme (shownWidgetNumber) picks what this Liquid picks, for every block, page and number (issue 29 item 2)", async () => {
    const placed = widgets.map((entry) => ({
      layout_type: entry.layout,
      page_contexts: entry.pageContexts,
      display_number: entry.number,
      priority: entry.priority,
    }));
    const pages: Array<[string, StorePage]> = [
      ["index", "homepage"],
      ["product", "product"],
      ["collection", "collection"],
      ["cart", "cart"],
      ["search", "other"],
    ];
    const handles: Handle[] = ["carousel", "grid", "single", "sticky", "stories", "page-widgets"];
    for (const handle of handles) {
      for (const [pageType, page] of pages) {
        for (const widgetNumber of [null, 1, 3, 6, 7]) {
          const liquid = shownNumber(
            await renderBlock(handle, { pageType, metafields, settings: widgetNumber === null ? {} : { widget_number: widgetNumber } }),
          );
          expect(shownWidgetNumber({ handle, widgetNumber }, page, placed), `${handle} on ${pageType}, number ${widgetNumber}`).toBe(liquid);
        }
      }
    }
  });

  it("passes over a widget without videos to the next one", async () => {
    const empty = clipcartMetafields([widget(1, "carousel", 1, ["homepage"], { videos: [] }), widget(2, "carousel", 5, ["homepage"])]);
    expect(shownNumber(await renderBlock("carousel", { metafields: empty }))).toBe(2);
  });
});

describe("a chosen widget number", () => {
  const metafields = clipcartMetafields([
    widget(1, "carousel", 1, ["homepage"]),
    widget(2, "carousel", 5, ["product"]),
    widget(3, "grid", 1, ["all_pages"]),
    widget(4, "sticky", 1, ["product"]),
  ]);

  it("an app block shows that widget wherever the merchant placed it", async () => {
    expect(shownNumber(await renderBlock("carousel", { metafields, settings: { widget_number: 2 } }))).toBe(2);
    expect(shownNumber(await renderBlock("carousel", { pageType: "cart", metafields, settings: { widget_number: "2" } }))).toBe(2);
  });

  it("but not a widget of another layout, nor one that does not exist", async () => {
    expect(await renderBlock("carousel", { metafields, settings: { widget_number: 3 } })).not.toContain("<clipcart-widget");
    expect(await renderBlock("carousel", { metafields, settings: { widget_number: 9 } })).not.toContain("<clipcart-widget");
  });

  it("an app embed shows it only on the pages of its page contexts", async () => {
    expect(shownNumber(await renderBlock("sticky", { pageType: "product", metafields, settings: { widget_number: 4 } }))).toBe(4);
    expect(await renderBlock("sticky", { pageType: "index", metafields, settings: { widget_number: 4 } })).not.toContain("<clipcart-widget");
    expect(shownNumber(await renderBlock("page-widgets", { pageType: "cart", metafields, settings: { widget_number: 3 } }))).toBe(3);
  });
});

describe("without data, nothing", () => {
  const handles: Handle[] = ["carousel", "grid", "single", "sticky", "stories", "page-widgets"];

  it.each(handles)("%s renders nothing without metafields, index, widget, videos or a known version", async (handle) => {
    const layout = handle === "page-widgets" ? "carousel" : handle;
    const cases: Array<Record<string, unknown>> = [
      {},
      { widgets: clipcartMetafields([widget(1, layout, 1, ["all_pages"])]).widgets },
      clipcartMetafields([widget(1, layout, 1, ["all_pages"], { videos: [] })]),
      clipcartMetafields([{ ...widget(1, layout, 1, ["all_pages"]), v: 2 as 1 }]),
    ];
    for (const metafields of cases) {
      expect((await renderBlock(handle, { metafields })).trim()).toBe("");
      expect((await renderBlock(handle, { metafields, settings: { widget_number: 1 } })).trim()).toBe("");
    }
    // The index drives only the automatic choice; a chosen number reads its widget directly.
    const withoutIndex = clipcartMetafields([widget(1, layout, 1, ["all_pages"])], { withIndex: false });
    expect((await renderBlock(handle, { metafields: withoutIndex })).trim()).toBe("");
    expect(shownNumber(await renderBlock(handle, { metafields: withoutIndex, settings: { widget_number: 1 } }))).toBe(1);
  });

  it("in the theme editor, an app block says why it is empty; embeds stay silent", async () => {
    expect(await renderBlock("carousel", { designMode: true })).toContain("Clipcart: no widget to show here.");
    expect((await renderBlock("sticky", { designMode: true })).trim()).toBe("");
  });
});

describe("the markup", () => {
  it("reserves the widget's boxes: one placeholder per video, a header line when shown, the dark theme", async () => {
    const metafields = clipcartMetafields([
      widget(1, "grid", 1, ["homepage"], {
        settings: { theme: "dark", autoScroll: false, showHeader: true, alignment: "right", playPreviews: true, showCaptions: true },
      }),
    ]);
    const html = await renderBlock("grid", { metafields });
    expect(html).toContain('<clipcart-widget data-shopify-editor-block="blk1" data-number="1">');
    expect(html).toContain('<div class="cc cc--grid cc--dark" aria-hidden="true">');
    expect(html.match(/<li class="cc-item"><\/li>/g)).toHaveLength(3);
    expect(html).toContain('<div class="cc-head"></div>');
    const single = await renderBlock("single", { metafields: clipcartMetafields([widget(1, "single", 1, ["homepage"])]) });
    expect(single.match(/<li class="cc-item"><\/li>/g)).toHaveLength(1);
    expect(single).not.toContain("cc-head");
    const sticky = await renderBlock("sticky", { metafields: clipcartMetafields([widget(1, "sticky", 1, ["homepage"])]) });
    expect(sticky).not.toContain("cc-item"); // floats: nothing to reserve
  });

  it("reserves a Stories widget's row: its layout class, one round box per video, its header and theme", async () => {
    const settings = { theme: "dark", autoScroll: true, showHeader: true, alignment: "right", playPreviews: true, showCaptions: true } as const;
    const html = await renderBlock("stories", { metafields: clipcartMetafields([widget(1, "stories", 1, ["homepage"], { settings })]) });
    expect(html).toContain('<div class="cc cc--stories cc--dark" aria-hidden="true">');
    expect(html.match(/<li class="cc-item"><\/li>/g)).toHaveLength(3);
    expect(html).toContain('<div class="cc-head"></div>');
  });

  it("inlines the widget JSON (and the videos' JSON-LD) so that no third-party text can close a script element", async () => {
    const hostile = `</script><script>alert(1)</script><!--`;
    const metafields = clipcartMetafields([
      widget(1, "carousel", 1, ["homepage"], { name: hostile, videos: [storefrontVideo({ title: hostile, author: HOSTILE_TITLE })] }),
    ]);
    const html = await renderBlock("carousel", { metafields });
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).not.toContain("<!--");
    const data = inlineJson(html, "widget") as StorefrontWidget;
    expect(data.videos[0]?.title).toBe(hostile);
    expect(JSON.parse(/<script type="application\/ld\+json" data-clipcart-videos>([\s\S]*?)<\/script>/.exec(html)![1]!)[0].name).toBe(hostile);
    expect(data.videos[0]?.author).toBe(HOSTILE_TITLE);
  });

  it("hands the script the extension's texts, the same keys as the renderer's", async () => {
    const html = await renderBlock("carousel", { metafields: clipcartMetafields([widget(1, "carousel", 1, ["homepage"])]) });
    expect(inlineJson(html, "strings")).toEqual({ ...WIDGET_STRINGS, lang: "en" });
  });

  it("hands the script the page's language (request.locale.iso_code), by which captions are chosen (decision 085)", async () => {
    const metafields = clipcartMetafields([widget(1, "carousel", 1, ["homepage"])]);
    expect(inlineJson(await renderBlock("carousel", { metafields, locale: "pt-BR" }), "strings")).toMatchObject({ lang: "pt-BR" });
    const gallery = await renderBlock("product-videos", {
      pageType: "product",
      product: { id: 101 },
      locale: "fr",
      products: { p_101: { value: { v: 1, videos: [storefrontVideo()], widgets: {} }, type: "json" } },
    });
    expect(inlineJson(gallery, "strings")).toMatchObject({ lang: "fr" });
  });

  it("page-widgets asks to be moved into the page content unless set to the bottom of the page", async () => {
    const metafields = clipcartMetafields([widget(1, "carousel", 1, ["all_pages"])]);
    expect(await renderBlock("page-widgets", { metafields, settings: { position: "main" } })).toContain('data-position="main"');
    expect(await renderBlock("page-widgets", { metafields, settings: { position: "end" } })).not.toContain("data-position");
  });

  it("is what the storefront script renders from", async () => {
    await import("~/storefront/storefront");
    const metafields = clipcartMetafields([widget(1, "carousel", 1, ["homepage"], { videos: [storefrontVideo({ title: HOSTILE_TITLE })] })]);
    document.body.replaceChildren(document.createRange().createContextualFragment(await renderBlock("carousel", { metafields })));
    const element = document.querySelector("clipcart-widget")!;
    expect(element.querySelector("script")).toBeNull();
    const card = element.querySelector("button.cc-card")!;
    expect(card.getAttribute("aria-label")).toBe(`Play video: ${HOSTILE_TITLE}`);
    expect(element.querySelectorAll(".cc-item")).toHaveLength(1);
  });
});

describe("search engines (issue 14): the widget's videos as schema.org VideoObjects", () => {
  const videoObjects = videoObjectsOf;

  it("describes each video with a poster with what Google's video rich results require, our copy as contentUrl, and third-party text inert", async () => {
    const mirrored = storefrontVideo({
      id: "vid_m",
      title: HOSTILE_TITLE,
      media: { preview: "https://cdn.shopify.example/v/m.small.mp4", src: "https://cdn.shopify.example/v/m.mp4", width: 720, height: 1280, duration: 12.4 },
    });
    const withoutPoster = storefrontVideo({ id: "vid_n", poster: null });
    const untitled = storefrontVideo({ id: "vid_u", title: "  " });
    const html = await renderBlock("carousel", {
      settings: { widget_number: 1 },
      metafields: clipcartMetafields([widget(1, "carousel", 1, ["homepage"], { videos: [mirrored, withoutPoster, untitled] })]),
    });
    const [first, second, ...rest] = videoObjects(html);
    expect(rest).toEqual([]);
    for (const object of [first, second]) {
      expect(object).toMatchObject({ "@context": "https://schema.org", "@type": "VideoObject" });
      // Required by Google: name, thumbnailUrl, uploadDate (ISO 8601).
      expect(typeof object!.name).toBe("string");
      expect(object!.thumbnailUrl).toMatch(/^https:\/\//);
      expect(new Date(object!.uploadDate as string).toISOString()).toBe(object!.uploadDate);
    }
    expect(first).toMatchObject({ name: HOSTILE_TITLE, duration: "PT12S", contentUrl: "https://cdn.shopify.example/v/m.mp4" });
    expect(second).toMatchObject({ name: WIDGET_STRINGS.untitled, embedUrl: "https://www.tiktok.com/player/v1/7300000000000000001" });
    expect(second).not.toHaveProperty("contentUrl");
    // The hostile title never closes the script element.
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    expect(html).not.toContain("<script>window.__pwned");
  });

  it("describes a video's captions as schema.org MediaObjects (WebVTT, their language) and the video's language as its first caption's; none without captions", async () => {
    const captioned = storefrontVideo({
      id: "vid_c",
      captions: [
        { lang: "en", src: "https://cdn.shopify.example/files/vid_c.en.vtt" },
        { lang: "pt-BR", src: "https://cdn.shopify.example/files/vid_c.pt-BR.vtt?<" },
        { lang: "", src: "https://cdn.shopify.example/files/nameless.vtt" },
      ],
    });
    const html = await renderBlock("carousel", {
      settings: { widget_number: 1 },
      metafields: clipcartMetafields([widget(1, "carousel", 1, ["homepage"], { videos: [captioned, storefrontVideo({ id: "vid_plain" })] })]),
    });
    const [withCaptions, plain] = videoObjects(html);
    expect(withCaptions).toMatchObject({
      inLanguage: "en",
      caption: [
        { "@type": "MediaObject", contentUrl: "https://cdn.shopify.example/files/vid_c.en.vtt", encodingFormat: "text/vtt", inLanguage: "en" },
        { "@type": "MediaObject", contentUrl: "https://cdn.shopify.example/files/vid_c.pt-BR.vtt?<", encodingFormat: "text/vtt", inLanguage: "pt-BR" },
      ],
    });
    expect(withCaptions!.caption).toHaveLength(2);
    // No transcript is claimed: we publish files, not their text.
    expect(withCaptions).not.toHaveProperty("transcript");
    expect(plain).not.toHaveProperty("caption");
    expect(plain).not.toHaveProperty("inLanguage");
    expect(html).not.toContain("vtt?<");
  });

  it("prints nothing for a widget whose videos have no poster", async () => {
    const html = await renderBlock("carousel", {
      settings: { widget_number: 1 },
      metafields: clipcartMetafields([widget(1, "carousel", 1, ["homepage"], { videos: [storefrontVideo({ poster: null })] })]),
    });
    expect(inlineJson(html, "widget")).not.toBeNull();
    expect(html).not.toContain("application/ld+json");
  });
});

describe('"Videos tagged with this product" on product pages (decision 079)', () => {
  const first = storefrontVideo({ id: "vid_a", title: "Linen shirt on the beach" });
  const second = storefrontVideo({ id: "vid_b", title: "Linen shirt, how to fold" });
  const other = storefrontVideo({ id: "vid_c", title: "Straw hat" });
  const productWidget = widget(2, "carousel", 1, ["product"], { videos: [second, other, first], source: "product", fallback: false });
  const metafields = clipcartMetafields([productWidget]);
  // Product 101 shows #2's videos b then a (the widget's order); its entry lists its videos newest approval first.
  const products = {
    p_101: { value: { v: 1, videos: [first, second], widgets: { "2": [1, 0] } }, type: "json" },
    p_102: { value: { v: 1, videos: [other], widgets: {} }, type: "json" },
  };
  const productVideos = (html: string) => (inlineJson(html, "product-videos") as Array<{ id: string }> | null)?.map((video) => video.id) ?? null;
  const tiles = (html: string) => html.match(/<li class="cc-item">/g)?.length ?? 0;

  it("shows the page's product's videos in the widget's order, one placeholder tile each", async () => {
    const html = await renderBlock("carousel", { pageType: "product", metafields, products, product: { id: 101 } });
    expect(shownNumber(html)).toBe(2);
    expect(productVideos(html)).toEqual(["vid_b", "vid_a"]);
    expect(tiles(html)).toBe(2);
    const names = videoObjectsOf(html).map((object) => object.name);
    expect(names).toEqual(["Linen shirt, how to fold", "Linen shirt on the beach"]);
  });

  it("a product without videos in the widget shows no widget, or the widget's own videos when it falls back", async () => {
    expect(await renderBlock("carousel", { pageType: "product", metafields, products, product: { id: 102 } })).not.toContain("<clipcart-widget");
    expect(await renderBlock("carousel", { pageType: "product", metafields, products, product: { id: 999 } })).not.toContain("<clipcart-widget");
    const fallback = clipcartMetafields([{ ...productWidget, fallback: true }]);
    const html = await renderBlock("carousel", { pageType: "product", metafields: fallback, products, product: { id: 102 } });
    expect(shownNumber(html)).toBe(2);
    expect(productVideos(html)).toBeNull();
    expect(tiles(html)).toBe(3);
  });

  it("automatic blocks pass over a product-sourced widget with nothing for this product, to the next one that has videos", async () => {
    const withAll = clipcartMetafields([productWidget, widget(3, "carousel", 2, ["product"])]);
    expect(shownNumber(await renderBlock("carousel", { pageType: "product", metafields: withAll, products, product: { id: 102 } }))).toBe(3);
    expect(shownNumber(await renderBlock("carousel", { pageType: "product", metafields: withAll, products, product: { id: 101 } }))).toBe(2);
  });

  it("elsewhere the widget shows all its videos", async () => {
    const everywhere = clipcartMetafields([{ ...productWidget, pageContexts: ["homepage", "product"] }]);
    const html = await renderBlock("carousel", { pageType: "index", metafields: everywhere, products });
    expect(shownNumber(html)).toBe(2);
    expect(productVideos(html)).toBeNull();
    expect(tiles(html)).toBe(3);
  });

  it("a hostile title in a product's entry never closes its script element", async () => {
    const hostile = storefrontVideo({ id: "vid_h", title: HOSTILE_TITLE });
    const html = await renderBlock("carousel", {
      pageType: "product",
      metafields,
      products: { p_101: { value: { v: 1, videos: [hostile], widgets: { "2": [0] } }, type: "json" } },
      product: { id: 101 },
    });
    expect(productVideos(html)).toEqual(["vid_h"]);
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    expect(html).not.toContain("<script>window.__pwned");
  });
});

describe("the product page's videos block (decision 080)", () => {
  const newest = storefrontVideo({ id: "vid_a", title: "Linen shirt on the beach" });
  const older = storefrontVideo({ id: "vid_b", title: "Linen shirt, how to fold", poster: null });
  // Product 101's entry: its approved videos, newest approval first (decision 079); what widgets show of it does not matter here.
  const products = { p_101: { value: { v: 1, videos: [newest, older], widgets: {} }, type: "json" } };
  const gallery = (page: Page = {}) => renderBlock("product-videos", { pageType: "product", products, product: { id: 101 }, ...page });
  const videosOf = (html: string) => (inlineJson(html, "product-videos") as Array<{ id: string }> | null)?.map((video) => video.id) ?? null;

  it("shows every approved video of the page's product, newest first, as a compact carousel with one placeholder tile each", async () => {
    const html = await gallery({ settings: { play_previews: true } });
    expect(html).toContain('<clipcart-widget data-shopify-editor-block="blk1" class="cc-gallery">');
    expect(html).toContain('<div class="cc cc--carousel" aria-hidden="true">');
    expect(html.match(/<li class="cc-item"><\/li>/g)).toHaveLength(2);
    expect(videosOf(html)).toEqual(["vid_a", "vid_b"]);
    expect(inlineJson(html, "strings")).toEqual({ ...WIDGET_STRINGS, lang: "en" });
    // Search engines: the videos with a poster.
    expect(videoObjectsOf(html).map((object) => object.name)).toEqual(["Linen shirt on the beach"]);
  });

  it("writes the widget it renders: the product gallery's id for beacons and cart lines, the page's product, the shop's currency, no auto-scroll; Play previews and Show captions as the merchant set them", async () => {
    const widget = inlineJson(await gallery(), "widget") as StorefrontWidget;
    expect(widget).toMatchObject({
      v: 1,
      id: PRODUCT_GALLERY_WIDGET_ID,
      layout: "carousel",
      currency: "USD",
      product: "gid://shopify/Product/101",
      videos: [],
      settings: { autoScroll: false, showHeader: false, playPreviews: true, showCaptions: true },
    });
    const still = inlineJson(await gallery({ settings: { play_previews: false, show_captions: false } }), "widget") as StorefrontWidget;
    expect(still.settings.playPreviews).toBe(false);
    // The merchant's "Show captions" off: muted previews without captions, the player opening with them off.
    expect(still.settings.showCaptions).toBe(false);
  });

  it("shows nothing for a product without videos, data of an unknown version, or away from a product page; in the theme editor it says why", async () => {
    const empty = { p_101: { value: { v: 1, videos: [], widgets: {} }, type: "json" } };
    const future = { p_101: { value: { v: 2, videos: [newest], widgets: {} }, type: "json" } };
    expect((await gallery({ products: {} })).trim()).toBe("");
    expect((await gallery({ products: empty })).trim()).toBe("");
    expect((await gallery({ products: future })).trim()).toBe("");
    expect((await gallery({ product: { id: 102 } })).trim()).toBe("");
    expect((await gallery({ pageType: "index", product: null })).trim()).toBe("");
    expect(await gallery({ products: {}, designMode: true })).toContain("Clipcart: no videos for this product yet.");
    expect(await renderBlock("product-videos", { designMode: true })).toContain("Clipcart: no videos for this product yet.");
  });

  it("keeps a hostile title inert: it never closes a script element", async () => {
    const html = await gallery({
      products: { p_101: { value: { v: 1, videos: [storefrontVideo({ id: "vid_h", title: HOSTILE_TITLE })], widgets: {} }, type: "json" } },
    });
    expect(videosOf(html)).toEqual(["vid_h"]);
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    expect(html).not.toContain("<script>window.__pwned");
  });

  it("is what the storefront script renders: a card per video, the gallery's look", async () => {
    await import("~/storefront/storefront");
    document.body.replaceChildren(document.createRange().createContextualFragment(await gallery()));
    const element = document.querySelector("clipcart-widget")!;
    expect(element.querySelector("script")).toBeNull();
    expect(element.classList.contains("cc-gallery")).toBe(true);
    expect([...element.querySelectorAll("button.cc-card")].map((card) => card.getAttribute("aria-label"))).toEqual([
      "Play video: Linen shirt on the beach",
      "Play video: Linen shirt, how to fold",
    ]);
  });
});
