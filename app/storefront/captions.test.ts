// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.example/fr/","settings":{"navigation":{"disableChildFrameNavigation":true}}}
/**
 * Captions on the storefront (decision 085): which language a page shows, the
 * player's text tracks and CC toggle, and the muted previews' captions, through
 * the one renderer as the storefront and the admin preview run it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storefrontVideo, storefrontWidget } from "../../tests/support/storefront-widgets";
import { chooseCaption, playerCaptions, readCaptions } from "./captions";
import { createPlayer } from "./player";
import { captionedPlayer } from "./player-captions";
import { startPreviews } from "./previews";
import { renderWidget, type RenderOptions } from "./renderer";
import type { StorefrontCaption, StorefrontVideo, StorefrontWidget } from "./widget-data";
import { WIDGET_STRINGS } from "./widget-strings";

const cdn = (name: string) => `https://cdn.shopify.example/files/${name}.vtt`;
const caption = (lang: string): StorefrontCaption => ({ lang, src: cdn(lang) });

describe("the language a page shows (chooseCaption)", () => {
  const captions = [caption("en"), caption("fr"), caption("pt"), caption("pt-PT"), caption("zh-Hant")];

  it("the page's language when the video has it, whatever the case of the tags", () => {
    expect(chooseCaption(captions, "fr")?.lang).toBe("fr");
    expect(chooseCaption(captions, "pt-pt")?.lang).toBe("pt-PT");
    expect(chooseCaption(captions, "ZH-hant")?.lang).toBe("zh-Hant");
  });

  it("else the page's primary language ('pt' for 'pt-BR'), else another region of it", () => {
    expect(chooseCaption(captions, "pt-BR")?.lang).toBe("pt");
    expect(chooseCaption([caption("en"), caption("pt-PT")], "pt-BR")?.lang).toBe("pt-PT");
    expect(chooseCaption([caption("en"), caption("fr-CA")], "fr")?.lang).toBe("fr-CA");
  });

  it("else the video's own language, its first caption; without a page language too (the admin preview)", () => {
    expect(chooseCaption(captions, "ja")?.lang).toBe("en");
    expect(chooseCaption([caption("de"), caption("en")], "ja")?.lang).toBe("de");
    expect(chooseCaption(captions, undefined)?.lang).toBe("en");
    expect(chooseCaption(captions, null)?.lang).toBe("en");
    expect(chooseCaption(captions, "")?.lang).toBe("en");
  });

  it("none for a video without usable captions: absent, empty, not a list, no language, or a file that is not http(s)", () => {
    expect(chooseCaption(undefined, "fr")).toBeNull();
    expect(chooseCaption([], "fr")).toBeNull();
    expect(chooseCaption({ lang: "fr", src: cdn("fr") }, "fr")).toBeNull();
    expect(chooseCaption([{ lang: "", src: cdn("x") }, { lang: "fr", src: "javascript:alert(1)" }, null, { lang: "fr" }], "fr")).toBeNull();
    // The usable ones keep their order: the first usable is the video's own.
    expect(readCaptions([{ lang: "fr", src: "data:text/vtt,x" }, caption("de"), caption("en")]).map((usable) => usable.lang)).toEqual(["de", "en"]);
  });
});

const french = { ...WIDGET_STRINGS, captions: "Sous-titres", lang: "fr" };
const media = (id: string) => ({
  preview: `https://cdn.shopify.example/videos/${id}.small.mp4`,
  src: `https://cdn.shopify.example/videos/${id}.mp4`,
  width: 720,
  height: 1280,
  duration: 12,
});
const captioned = (id: string, captions: StorefrontCaption[] = [caption("en"), caption("fr")]): StorefrontVideo =>
  storefrontVideo({ id, title: id, media: media(id), captions });
const widgetOf = (videos: StorefrontVideo[], settings: Partial<StorefrontWidget["settings"]> = {}) =>
  storefrontWidget({ videos, settings: { ...storefrontWidget().settings, ...settings } });

let loads: number;
function render(widget: StorefrontWidget, options: Partial<RenderOptions> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  // The player as clipcart-player.js makes it; the captions' module counted each time it is asked for.
  const player = {
    createPlayer: captionedPlayer(createPlayer, async () => {
      loads++;
      return { playerCaptions };
    }),
  };
  const rendered = renderWidget(container, widget, { strings: french, player, beacon: false, ...options });
  return { container, rendered };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const open = async (container: HTMLElement, index: number) => {
  container.querySelectorAll<HTMLButtonElement>("button.cc-card")[index]!.click();
  await settle();
};
const clip = (container: HTMLElement) => container.querySelector<HTMLVideoElement>("dialog .cc-player > video");
const tracks = (video: HTMLVideoElement | null) => [...(video ? video.querySelectorAll("track") : [])];
const cc = (container: HTMLElement) => container.querySelector<HTMLButtonElement>("dialog .cc-cc");
const showing = (video: HTMLVideoElement | null) =>
  tracks(video)
    .filter((track) => track.track.mode === "showing")
    .map((track) => track.srclang);

/** happy-dom's TextTrack ignores a change of mode: each track element gets a plain one that keeps it, as browsers do. */
const textTracks = new WeakMap<HTMLTrackElement, { mode: TextTrackMode }>();
const trackDescriptor = Object.getOwnPropertyDescriptor(HTMLTrackElement.prototype, "track");

beforeEach(() => {
  Object.defineProperty(HTMLTrackElement.prototype, "track", {
    configurable: true,
    get(this: HTMLTrackElement) {
      if (!textTracks.has(this)) textTracks.set(this, { mode: "disabled" });
      return textTracks.get(this);
    },
  });
  loads = 0;
  sessionStorage.clear();
  document.body.replaceChildren();
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
});

afterEach(() => {
  if (trackDescriptor) Object.defineProperty(HTMLTrackElement.prototype, "track", trackDescriptor);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the player's captions", () => {
  it("are a real text track of our copy in the page's language, showing, its file a CORS request to Shopify's CDN", async () => {
    const { container } = render(widgetOf([captioned("vid_a")]));
    await open(container, 0);
    const video = clip(container)!;
    expect(video.getAttribute("crossorigin")).toBe("anonymous");
    // One track: the language shown (Chromium would turn a second one on beside it).
    expect(tracks(video).map((track) => [track.kind, track.srclang, track.getAttribute("src"), track.default])).toEqual([["captions", "fr", cdn("fr"), true]]);
    // Named in the page's language, for assistive technology and the browser's own menus.
    expect(tracks(video)[0]!.label).toBe("français");
    expect(showing(video)).toEqual(["fr"]);
  });

  it("CC (a toggle named in the page's language) turns them off and on; the choice holds for the session", async () => {
    const widget = widgetOf([captioned("vid_a"), captioned("vid_b")]);
    const { container, rendered } = render(widget);
    await open(container, 0);
    const toggle = cc(container)!;
    expect(toggle.tagName).toBe("BUTTON");
    expect(toggle.getAttribute("aria-label")).toBe("Sous-titres (CC)");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(toggle.hidden).toBe(false);

    toggle.click();
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(showing(clip(container))).toEqual([]);
    expect(tracks(clip(container)).map((track) => track.track.mode)).toEqual(["disabled"]);
    // The next video starts as the shopper left it.
    container.querySelector<HTMLButtonElement>("dialog .cc-down")!.click();
    await settle();
    expect(tracks(clip(container)).map((track) => [track.getAttribute("src"), track.default])).toEqual([[cdn("fr"), false]]);
    expect(showing(clip(container))).toEqual([]);
    toggle.click();
    expect(showing(clip(container))).toEqual(["fr"]);
    toggle.click();

    // Another widget on the next page of the visit: still off.
    rendered.destroy();
    document.body.replaceChildren();
    const next = render(widget);
    await open(next.container, 0);
    expect(cc(next.container)!.getAttribute("aria-pressed")).toBe("false");
    expect(showing(clip(next.container))).toEqual([]);
  });

  it("a video without captions hides CC and keeps no track of the one before; the platform's player shows no CC", async () => {
    const plain = storefrontVideo({ id: "vid_plain", title: "plain", media: media("vid_plain") });
    const { container } = render(widgetOf([captioned("vid_a"), plain, storefrontVideo({ id: "vid_embed", title: "embed", captions: [caption("fr")] })]));
    await open(container, 0);
    expect(showing(clip(container))).toEqual(["fr"]);
    container.querySelector<HTMLButtonElement>("dialog .cc-down")!.click();
    await settle();
    expect(clip(container)!.getAttribute("src")).toBe(media("vid_plain").src);
    expect(tracks(clip(container))).toEqual([]);
    expect(cc(container)!.hidden).toBe(true);
    container.querySelector<HTMLButtonElement>("dialog .cc-down")!.click();
    await settle();
    // The TikTok player: no native video, no CC (its captions are TikTok's).
    expect(clip(container)).toBeNull();
    expect(cc(container)!.hidden).toBe(true);
  });

  it("a widget without captions never asks for the captions' asset", async () => {
    const { container } = render(widgetOf([storefrontVideo({ id: "vid_plain", media: media("vid_plain") })]));
    await open(container, 0);
    expect(loads).toBe(0);
    expect(cc(container)).toBeNull();
  });

  it("start off when the widget's Show captions is off, and CC still turns them on", async () => {
    const { container } = render(widgetOf([captioned("vid_a")], { showCaptions: false }));
    await open(container, 0);
    expect(cc(container)!.getAttribute("aria-pressed")).toBe("false");
    expect(showing(clip(container))).toEqual([]);
    // Not default either: browsers turn a default track on by themselves.
    expect(tracks(clip(container))[0]!.default).toBe(false);
    cc(container)!.click();
    expect(showing(clip(container))).toEqual(["fr"]);
  });

  it("the video's own language where the page's is missing (an English page, a Japanese one, the admin preview)", async () => {
    const { container } = render(widgetOf([captioned("vid_a", [caption("de"), caption("fr")])]), { strings: { ...WIDGET_STRINGS, lang: "ja" } });
    await open(container, 0);
    expect(showing(clip(container))).toEqual(["de"]);
    document.body.replaceChildren();
    const admin = render(widgetOf([captioned("vid_a", [caption("de"), caption("fr")])]), { strings: WIDGET_STRINGS });
    await open(admin.container, 0);
    expect(showing(clip(admin.container))).toEqual(["de"]);
    expect(cc(admin.container)!.getAttribute("aria-label")).toBe("Captions (CC)");
  });
});

describe("the muted previews' captions", () => {
  /** IntersectionObserver moved by the test: everything comes into view at once. */
  const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
  class TestIntersectionObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {}
  }
  const inView = () => {
    for (const { callback, targets } of [...observers])
      callback(
        targets.map((target) => ({ target, isIntersecting: true, intersectionRatio: 1, intersectionRect: { height: 300 }, rootBounds: null }) as never),
        {} as never,
      );
  };
  const rendered: Array<{ destroy(): void }> = [];
  const withPreviews = (widget: StorefrontWidget, options: Partial<RenderOptions> = {}) => {
    const result = render(widget, { previews: { startPreviews }, ...options });
    rendered.push(result.rendered);
    return result.container;
  };
  const previews = (container: HTMLElement) => [...container.querySelectorAll<HTMLVideoElement>("video.cc-preview")];

  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal("IntersectionObserver", TestIntersectionObserver);
  });
  afterEach(() => {
    for (const widget of rendered.splice(0)) widget.destroy();
  });

  it("show the page's language as a text track, fetched only once the preview plays (two play at once: the third fetches nothing)", () => {
    const container = withPreviews(widgetOf([captioned("vid_a"), captioned("vid_b"), captioned("vid_c")]));
    const before = previews(container);
    expect(before).toHaveLength(0);
    inView();
    inView();
    const [first, second, third] = previews(container);
    for (const video of [first, second]) {
      expect(video!.getAttribute("crossorigin")).toBe("anonymous");
      expect(showing(video!)).toEqual(["fr"]);
      expect(
        tracks(video!)
          .find((track) => track.default)
          ?.getAttribute("src"),
      ).toBe(cdn("fr"));
    }
    expect(third!.getAttribute("src")).toBeNull();
    expect(tracks(third!)).toEqual([]);
  });

  it("none when the widget's Show captions is off, or the video has none", () => {
    const off = withPreviews(widgetOf([captioned("vid_a")], { showCaptions: false }));
    inView();
    inView();
    expect(previews(off)[0]!.getAttribute("src")).not.toBeNull();
    expect(tracks(previews(off)[0]!)).toEqual([]);
    const plain = withPreviews(widgetOf([storefrontVideo({ id: "vid_p", media: media("vid_p") })]));
    inView();
    inView();
    expect(previews(plain)[0]!.getAttribute("src")).not.toBeNull();
    expect(tracks(previews(plain)[0]!)).toEqual([]);
    expect(previews(plain)[0]!.hasAttribute("crossorigin")).toBe(false);
  });
});
