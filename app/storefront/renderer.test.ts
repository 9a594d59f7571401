// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.example/","settings":{"navigation":{"disableChildFrameNavigation":true}}}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOSTILE_TITLE, storefrontProduct, storefrontVideo, storefrontWidget } from "../../tests/support/storefront-widgets";
import { BEACON_IDLE_MS, flushBeacons } from "./beacons";
import { createPlayer } from "./player";
import { themeCart } from "./theme-cart";
import { startPreviews } from "./previews";
import { renderWidget, type RenderOptions, type WidgetEvent } from "./renderer";
import { BEACON_PATH, CART_VIDEO_PROPERTY, CART_WIDGET_PROPERTY, type BeaconBatch, type StorefrontWidget } from "./widget-data";
import { PRODUCT_GALLERY_WIDGET_ID } from "~/contracts/beacon-events";
import { WIDGET_STRINGS } from "./widget-strings";

/** An IntersectionObserver the test moves: `nearViewport(true)` is the widget scrolling near. */
const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
class TestIntersectionObserver {
  private entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve(target: Element) {
    this.entry.targets = this.entry.targets.filter((observed) => observed !== target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
}
function nearViewport(isIntersecting: boolean) {
  for (const { callback, targets } of [...observers]) {
    callback(
      targets.map(
        (target) =>
          ({
            target,
            isIntersecting,
            intersectionRatio: isIntersecting ? 1 : 0,
            intersectionRect: { height: isIntersecting ? 300 : 0 },
            rootBounds: null,
          }) as unknown as IntersectionObserverEntry,
      ),
      {} as IntersectionObserver,
    );
  }
}

let sendBeacon: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  observers.clear();
  vi.stubGlobal("IntersectionObserver", TestIntersectionObserver);
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  sessionStorage.clear();
  document.documentElement.lang = "en";
  document.body.replaceChildren();
});

afterEach(() => {
  flushBeacons();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (window as { Shopify?: unknown }).Shopify;
});

/** The player as clipcart-player.js makes it, with the theme's cart code at hand instead of loaded. */
const withThemeCart: typeof createPlayer = (context) => createPlayer({ loadCart: async () => themeCart, ...context });

function render(widget: unknown = storefrontWidget(), options: Partial<RenderOptions> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const rendered = renderWidget(container, widget, { strings: WIDGET_STRINGS, player: { createPlayer: withThemeCart }, ...options });
  return { container, rendered };
}

const cards = (container: HTMLElement) => [...container.querySelectorAll<HTMLButtonElement>("button.cc-card")];
const cardAt = (container: HTMLElement, index: number) => {
  const card = cards(container)[index];
  if (!card) throw new Error(`The widget has no card ${index}`);
  return card;
};
const dialog = (container: HTMLElement) => container.querySelector("dialog")!;
const sentBatches = () => sendBeacon.mock.calls.map(([path, body]) => ({ path, batch: JSON.parse(body as string) as BeaconBatch }));

describe("layouts", () => {
  it("carousel: one card per video in a scrolling track, with previous/next buttons", () => {
    const { container } = render();
    expect(container.querySelector(".cc.cc--carousel")).not.toBeNull();
    expect(cards(container)).toHaveLength(3);
    expect(cardAt(container, 0).getAttribute("aria-label")).toBe("Play video: Summer outfit");
    expect(container.querySelector(".cc-prev")?.getAttribute("aria-label")).toBe("Previous");
    expect(container.querySelector(".cc-next")?.getAttribute("aria-label")).toBe("Next");
  });

  it("carousel: the arrows show only while the cards overflow the rail", () => {
    const resized: Array<() => void> = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = render();
    const track = container.querySelector<HTMLElement>(".cc-track")!;
    const arrows = () => [...container.querySelectorAll<HTMLButtonElement>(".cc-nav")].map((arrow) => arrow.hidden);
    const size = (scrollWidth: number, clientWidth: number) => {
      Object.defineProperty(track, "scrollWidth", { value: scrollWidth, configurable: true });
      Object.defineProperty(track, "clientWidth", { value: clientWidth, configurable: true });
      for (const callback of resized) callback();
    };
    size(624, 1200);
    expect(arrows()).toEqual([true, true]);
    size(1400, 600);
    expect(arrows()).toEqual([false, false]);
  });

  it("grid: every video in the grid; single: one video, prominently", () => {
    expect(cards(render(storefrontWidget({ layout: "grid" })).container)).toHaveLength(3);
    const single = render(storefrontWidget({ layout: "single" })).container;
    expect(single.querySelector(".cc--single")).not.toBeNull();
    expect(cards(single)).toHaveLength(1);
  });

  it("showHeader shows the widget name as a heading (as text)", () => {
    const { container } = render(storefrontWidget({ name: HOSTILE_TITLE, settings: { ...storefrontWidget().settings, showHeader: true } }));
    const heading = container.querySelector("h2.cc-head")!;
    expect(heading.textContent).toBe(HOSTILE_TITLE);
    expect(render().container.querySelector(".cc-head")).toBeNull();
  });

  it("light by default, dark with the dark theme", () => {
    expect(render().container.querySelector(".cc")!.classList.contains("cc--dark")).toBe(false);
    const dark = render(storefrontWidget({ settings: { ...storefrontWidget().settings, theme: "dark" } })).container;
    expect(dark.querySelector(".cc")!.classList.contains("cc--dark")).toBe(true);
  });

  it("renders nothing, not even a box, without videos or with data it does not know", () => {
    for (const data of [storefrontWidget({ videos: [] }), { ...storefrontWidget(), v: 2 }, null, "nonsense", { v: 1 }]) {
      const { container } = render(data);
      expect(container.hidden).toBe(true);
      expect(container.childElementCount).toBe(0);
    }
  });

  it("a still picture when not interactive: no buttons, no modal", () => {
    const { container } = render(storefrontWidget(), { interactive: false });
    expect(container.querySelectorAll(".cc-card")).toHaveLength(3);
    expect(container.querySelector("button")).toBeNull();
  });
});

describe("posters", () => {
  it("have explicit dimensions and load only when the widget comes near the viewport", () => {
    const { container } = render();
    const posters = [...container.querySelectorAll<HTMLImageElement>("img.cc-poster")];
    expect(posters).toHaveLength(2); // the Instagram video has no poster
    for (const img of posters) {
      expect(img.getAttribute("width")).toBe("360");
      expect(img.getAttribute("height")).toBe("640");
      expect(img.getAttribute("src")).toBeNull();
    }
    nearViewport(true);
    expect(posters[0]?.getAttribute("src")).toBe("https://cdn.shopify.example/posters/vid_1.jpg");
  });

  it("a video without a poster shows its platform's coloured tile", () => {
    const tile = render().container.querySelectorAll(".cc-card")[1]?.querySelector<HTMLElement>(".cc-tile");
    // Its name is drawn by CSS: decoration, left out of the card's name (the video's title).
    expect(tile?.dataset.name).toBe("Instagram");
    expect(tile?.textContent).toBe("");
    expect(tile?.style.background.toLowerCase()).toMatch(/#e1306c|rgb\(225, 48, 108\)/);
  });
});

describe("the player", () => {
  it("is a poster facade until a click, then the allow-listed iframe in a modal dialog", () => {
    const { container } = render();
    expect(container.querySelector("iframe")).toBeNull();
    expect(dialog(container)).toBeNull();
    cardAt(container, 0).click();
    const modal = dialog(container);
    expect(modal.open).toBe(true);
    const frame = modal.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://www.tiktok.com/player/v1/7300000000000000001");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
    expect(modal.querySelector("h2")!.textContent).toBe("Summer outfit");
    expect(modal.getAttribute("aria-labelledby")).toBe(modal.querySelector("h2")!.id);
  });

  it("warms the players' origins once, on the first pointerover", () => {
    const { container } = render();
    const box = container.querySelector(".cc")!;
    box.dispatchEvent(new Event("pointerover"));
    box.dispatchEvent(new Event("pointerover"));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=preconnect]")].map((link) => link.getAttribute("href"));
    expect(links).toEqual(expect.arrayContaining(["https://www.tiktok.com", "https://www.instagram.com", "https://assets.pinterest.com"]));
    expect(new Set(links).size).toBe(links.length);
  });

  it("Escape closes the dialog, stops the player and gives focus back to the card", () => {
    const { container } = render();
    const card = cardAt(container, 1);
    card.focus();
    card.click();
    const modal = dialog(container);
    // The video's stage has focus, so Space pauses rather than pressing Close (issue 29).
    expect(document.activeElement).toBe(modal.querySelector(".cc-stage"));
    modal.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(modal.open).toBe(false);
    expect(modal.querySelector("iframe")).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("keeps Tab inside the dialog", () => {
    const { container } = render();
    cardAt(container, 0).click();
    const modal = dialog(container);
    const focusable = [...modal.querySelectorAll<HTMLElement>("button:not([disabled]),a[href],iframe")];
    focusable.at(-1)?.focus();
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    focusable.at(-1)?.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(focusable[0]);
    const backTab = new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, bubbles: true, cancelable: true });
    focusable[0]?.dispatchEvent(backTab);
    expect(document.activeElement).toBe(focusable[focusable.length - 1]);
  });

  it("moves between the widget's videos with Previous and Next", () => {
    const { container } = render();
    cardAt(container, 0).click();
    const modal = dialog(container);
    modal.querySelector<HTMLButtonElement>(".cc-pager button[aria-label=Next]")!.click();
    expect(modal.querySelector("iframe")!.getAttribute("src")).toBe("https://www.instagram.com/reel/Cabc123/embed");
    modal.querySelector<HTMLButtonElement>(".cc-pager button[aria-label=Previous]")!.click();
    modal.querySelector<HTMLButtonElement>(".cc-pager button[aria-label=Previous]")!.click();
    expect(modal.querySelector("iframe")!.getAttribute("src")).toBe("https://assets.pinterest.com/ext/embed.html?id=1234567890");
  });
});

describe("untrusted data stays inert", () => {
  const hostile = storefrontWidget({
    videos: [
      storefrontVideo({
        title: HOSTILE_TITLE,
        author: HOSTILE_TITLE,
        poster: "javascript:alert(1)",
        embedUrl: "javascript:alert(1)",
        url: "javascript:alert(1)",
        products: [storefrontProduct({ title: HOSTILE_TITLE, image: "javascript:alert(1)", handle: '"><script>alert(1)</script>' })],
      }),
      storefrontVideo({ id: "vid_evil", embedUrl: "https://evil.example/player/v1/7300000000000000001", url: "data:text/html,<script>alert(1)</script>" }),
      storefrontVideo({ id: "vid_lookalike", embedUrl: "https://www.tiktok.com.evil.example/player/v1/7300000000000000001" }),
    ],
  });

  it("titles, authors and product titles are text, never markup", () => {
    const { container } = render(hostile);
    cardAt(container, 0).click();
    expect(container.querySelector(".cc-title")!.textContent).toBe(HOSTILE_TITLE);
    expect(dialog(container).querySelector(".cc-author")!.textContent).toBe(HOSTILE_TITLE);
    expect(dialog(container).querySelector(".cc-name")!.textContent).toBe(HOSTILE_TITLE);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("a javascript: URL or an embedUrl off the allow-list never becomes an iframe, image or link", () => {
    const { container } = render(hostile);
    nearViewport(true);
    expect(container.querySelector("img.cc-poster")?.getAttribute("src")).not.toContain("javascript:");
    for (const card of cards(container)) {
      card.click();
      const modal = dialog(container);
      expect(modal.querySelector("iframe")).toBeNull();
      for (const node of modal.querySelectorAll("[src],[href]")) {
        expect(node.getAttribute("src") ?? node.getAttribute("href")).toMatch(/^(https:|\/)/);
      }
      modal.close();
    }
    // The product link is built from the handle, escaped into a path.
    cardAt(container, 0).click();
    expect(dialog(container).querySelector(".cc-view")!.getAttribute("href")).toBe(`/products/${encodeURIComponent('"><script>alert(1)</script>')}`);
  });
});

describe("a video without a player of ours or the platform's", () => {
  it("shows its poster and a link to the post, worded in the store's language", () => {
    const linkOnly = storefrontWidget({ videos: [storefrontVideo({ embedUrl: null })] });
    const english = render(linkOnly).container;
    cardAt(english, 0).click();
    const link = dialog(english).querySelector<HTMLAnchorElement>("a.cc-watch")!;
    expect(link.textContent).toBe("Watch on TikTok");
    expect(link.getAttribute("href")).toBe("https://www.tiktok.com/@shop/video/7300000000000000001");
    expect(link.rel).toBe("noopener noreferrer");

    const japanese = render(linkOnly, { strings: { ...WIDGET_STRINGS, watchOn: "{platform}で見る" } }).container;
    cardAt(japanese, 0).click();
    expect(dialog(japanese).querySelector("a.cc-watch")!.textContent).toBe("TikTokで見る");
  });
});

describe("the modal's products", () => {
  it("lists image, title, price in the widget's currency and a link to the product", () => {
    const { container } = render(storefrontWidget({ currency: "EUR" }));
    cardAt(container, 0).click();
    const row = dialog(container).querySelector(".cc-product")!;
    expect(row.querySelector("img")!.getAttribute("src")).toBe("https://cdn.shopify.example/linen-shirt.jpg");
    expect(row.querySelector(".cc-name")!.textContent).toBe("Linen shirt");
    const view = row.querySelector("a")!;
    expect(view.getAttribute("href")).toBe("/products/linen-shirt");
    expect(view.textContent).toBe("View product");
    expect(view.getAttribute("aria-label")).toBe("View product: Linen shirt");
    expect(row.querySelector(".cc-price")!.textContent).toBe(new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(49));
  });

  it("a sold-out product cannot be added", () => {
    const { container } = render();
    cardAt(container, 1).click();
    const add = dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!;
    expect(add.disabled).toBe(true);
    expect(add.textContent).toBe("Sold out");
  });

  it("follows the shop's locale root for links and the cart", async () => {
    (window as { Shopify?: unknown }).Shopify = { routes: { root: "/fr/" } };
    const { container } = render();
    cardAt(container, 0).click();
    expect(dialog(container).querySelector(".cc-view")!.getAttribute("href")).toBe("/fr/products/linen-shirt");
    dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!.click();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/fr/cart/add.js");
  });
});

describe("Add to cart", () => {
  it("in a Dawn-family theme, asks for the cart drawer's sections and hands them over (Section Rendering API)", async () => {
    const rendered = vi.fn();
    const drawer = Object.assign(document.createElement("cart-drawer"), {
      getSectionsToRender: () => [{ id: "cart-drawer" }, { id: "cart-icon-bubble" }],
      renderContents: rendered,
    });
    document.body.append(drawer);
    const answer = { items: [{ id: 40001, quantity: 1 }], sections: { "cart-drawer": "<div>1 item</div>", "cart-icon-bubble": "<a>Cart (1)</a>" } };
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200 }));
    const { container } = render();
    cardAt(container, 0).click();
    const add = dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!;
    add.click();
    await vi.waitFor(() => expect(rendered).toHaveBeenCalledWith(answer));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ sections: "cart-drawer,cart-icon-bubble", sections_url: "/" });
  });

  it("in other themes, elements marked as cart counts show the cart's new count", async () => {
    const count = Object.assign(document.createElement("span"), { textContent: "0" });
    count.setAttribute("data-cart-count", "0");
    document.body.append(count);
    fetchMock.mockImplementation(async (url: string) => new Response(url.endsWith("/cart.js") ? JSON.stringify({ item_count: 3 }) : "{}", { status: 200 }));
    const { container } = render();
    cardAt(container, 0).click();
    dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!.click();
    await vi.waitFor(() => expect(count.textContent).toBe("3"));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/cart/add.js", "/cart.js"]);
  });

  it("posts the variant with the video and widget as line-item properties, then says so and asks the theme to refresh its cart", async () => {
    const refreshed = vi.fn();
    document.addEventListener("cart:refresh", refreshed);
    const events: WidgetEvent[] = [];
    const { container } = render(storefrontWidget(), { onEvent: (event) => events.push(event) });
    cardAt(container, 0).click();
    const add = dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!;
    expect(add.getAttribute("aria-label")).toBe("Add to cart: Linen shirt");
    add.click();
    expect(add.disabled).toBe(true);
    expect(add.textContent).toBe("Adding…");
    await vi.waitFor(() => expect(add.dataset.state).toBe("added"));

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/cart/add.js");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    // One line, as a theme's own product form adds it (Shopify then answers that line, with its key).
    expect(JSON.parse(init.body as string)).toEqual({
      id: 40001,
      quantity: 1,
      properties: { [CART_VIDEO_PROPERTY]: "vid_1", [CART_WIDGET_PROPERTY]: "wid_1" },
    });
    expect(add.textContent).toBe("Added to cart");
    // No cart of the theme's own opened: the player says so, with the way to the cart.
    expect(dialog(container).querySelector("[role=status]")!.textContent).toBe("Added to cart: Linen shirt View cart");
    expect(dialog(container).querySelector<HTMLAnchorElement>("[role=status] a")!.getAttribute("href")).toBe("/cart");
    expect(dialog(container).open).toBe(true);
    expect(refreshed).toHaveBeenCalledTimes(1);
    // The platform's player counts as a play when it opens.
    expect(events.map((event) => event.type)).toEqual(["video_click", "play", "add_to_cart"]);
    document.removeEventListener("cart:refresh", refreshed);
  });

  it("says why the shop refused (its own words), or that the network failed", async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"status":422,"description":"All 2 Linen shirt are in your cart."}', { status: 422 }));
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { container } = render();
    cardAt(container, 0).click();
    const add = dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!;
    for (const said of ["All 2 Linen shirt are in your cart.", WIDGET_STRINGS.addFailed]) {
      add.click();
      await vi.waitFor(() => expect(add.dataset.state).toBe("failed"));
      expect(add.disabled).toBe(false);
      expect(add.textContent).toBe("Add to cart");
      expect(dialog(container).querySelector("[role=status]")!.textContent).toBe(said);
      add.removeAttribute("data-state");
    }
  });

  it("is disabled in the admin preview (no cart URL)", () => {
    const { container } = render(storefrontWidget(), { cartAddUrl: null, beacon: false });
    cardAt(container, 0).click();
    expect(dialog(container).querySelector<HTMLButtonElement>(".cc-product button")!.disabled).toBe(true);
  });
});

describe("beacons", () => {
  it("batches the page view's clicks and sends them once after a short idle, with a session key", () => {
    vi.useFakeTimers();
    const { container } = render();
    cardAt(container, 0).click();
    dialog(container)
      .querySelector<HTMLAnchorElement>(".cc-view")!
      .dispatchEvent(new MouseEvent("click", { cancelable: true }));
    vi.advanceTimersByTime(BEACON_IDLE_MS - 1);
    expect(sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sentBatches()).toEqual([
      {
        path: BEACON_PATH,
        batch: {
          session: sessionStorage.getItem("clipcart:session"),
          events: [
            { type: "video_click", videoId: "vid_1", widgetId: "wid_1" },
            { type: "play", videoId: "vid_1", widgetId: "wid_1" },
            { type: "product_click", videoId: "vid_1", widgetId: "wid_1", productId: "gid://shopify/Product/1001" },
          ],
        },
      },
    ]);
    expect(sessionStorage.getItem("clipcart:session")).toMatch(/^[0-9a-f]{24}$/);
    vi.advanceTimersByTime(BEACON_IDLE_MS * 2);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it("flushes at once when the page is hidden or left, keeping the session key", () => {
    const { container } = render();
    cardAt(container, 0).click();
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    cardAt(container, 1).click();
    window.dispatchEvent(new Event("pagehide"));
    const batches = sentBatches();
    expect(batches.map(({ batch }) => batch.events.map((event) => event.videoId))).toEqual([
      ["vid_1", "vid_1"],
      ["vid_2", "vid_2"],
    ]);
    expect(batches[0]?.batch.session).toBe(batches[1]?.batch.session);
  });

  it("where the store's Customer Privacy API does not allow analytics, a batch carries the counts without a session key and the browser keeps none", () => {
    let allowed = false;
    (window as { Shopify?: unknown }).Shopify = { customerPrivacy: { analyticsProcessingAllowed: () => allowed } };
    const { container } = render();
    cardAt(container, 0).click();
    window.dispatchEvent(new Event("pagehide"));
    expect(sentBatches().map(({ batch }) => batch)).toEqual([
      {
        session: null,
        events: [
          { type: "video_click", videoId: "vid_1", widgetId: "wid_1" },
          { type: "play", videoId: "vid_1", widgetId: "wid_1" },
        ],
      },
    ]);
    expect(sessionStorage.getItem("clipcart:session")).toBeNull();

    // Once the shopper allows it, the next batch has the key.
    allowed = true;
    cardAt(container, 1).click();
    window.dispatchEvent(new Event("pagehide"));
    expect(sentBatches()[1]?.batch.session).toMatch(/^[0-9a-f]{24}$/);
  });

  it("never throws when the browser refuses the beacon, and sends nothing when turned off", () => {
    sendBeacon.mockImplementation(() => {
      throw new TypeError("refused");
    });
    const { container } = render();
    cardAt(container, 0).click();
    expect(() => flushBeacons()).not.toThrow();
    sendBeacon.mockClear();
    const preview = render(storefrontWidget(), { beacon: false }).container;
    cardAt(preview, 0).click();
    flushBeacons();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});

describe("carousel auto-scroll", () => {
  function carousel(autoScroll = true) {
    vi.useFakeTimers();
    const widget: StorefrontWidget = storefrontWidget({ settings: { ...storefrontWidget().settings, autoScroll } });
    const { container, rendered } = render(widget);
    const track = container.querySelector<HTMLElement>(".cc-track")!;
    const scrollTo = vi.fn();
    track.scrollTo = scrollTo;
    return { box: container.querySelector<HTMLElement>(".cc")!, scrollTo, rendered };
  }

  it("moves every 5 s once near the viewport, paused while hovered or focused", () => {
    const { box, scrollTo } = carousel();
    vi.advanceTimersByTime(10_000);
    expect(scrollTo).not.toHaveBeenCalled(); // not near the viewport yet
    nearViewport(true);
    vi.advanceTimersByTime(5_000);
    expect(scrollTo).toHaveBeenCalledTimes(1);

    box.dispatchEvent(new Event("pointerenter"));
    vi.advanceTimersByTime(15_000);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    box.dispatchEvent(new Event("pointerleave"));
    vi.advanceTimersByTime(5_000);
    expect(scrollTo).toHaveBeenCalledTimes(2);

    box.dispatchEvent(new FocusEvent("focusin"));
    vi.advanceTimersByTime(15_000);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    box.dispatchEvent(new FocusEvent("focusout", { relatedTarget: null }));
    vi.advanceTimersByTime(5_000);
    expect(scrollTo).toHaveBeenCalledTimes(3);

    nearViewport(false);
    vi.advanceTimersByTime(15_000);
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it("stays still while the modal is open, and when autoScroll is off", () => {
    const { box, scrollTo } = carousel();
    nearViewport(true);
    box.querySelector<HTMLButtonElement>(".cc-card")!.click();
    box.dispatchEvent(new Event("pointerleave"));
    box.dispatchEvent(new FocusEvent("focusout", { relatedTarget: null }));
    vi.advanceTimersByTime(15_000);
    expect(scrollTo).not.toHaveBeenCalled();

    const still = carousel(false);
    nearViewport(true);
    vi.advanceTimersByTime(15_000);
    expect(still.scrollTo).not.toHaveBeenCalled();
  });

  it("stops for good when destroyed (the element left the page)", () => {
    const { scrollTo, rendered } = carousel();
    nearViewport(true);
    rendered.destroy();
    expect(observers.size).toBe(0);
    vi.advanceTimersByTime(15_000);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe("sticky", () => {
  const sticky = (alignment: "left" | "right") => storefrontWidget({ layout: "sticky", settings: { ...storefrontWidget().settings, alignment } });

  it("floats left or right as set, with one video", () => {
    const left = render(sticky("left")).container;
    expect(left.querySelector(".cc--sticky.cc--left")).not.toBeNull();
    expect(cards(left)).toHaveLength(1);
    expect(render(sticky("right")).container.querySelector(".cc--sticky.cc--right")).not.toBeNull();
  });

  it("can be dismissed, for the rest of the session", () => {
    const { container } = render(sticky("right"));
    container.querySelector<HTMLButtonElement>("button.cc-dismiss")!.click();
    expect(container.hidden).toBe(true);
    expect(container.childElementCount).toBe(0);
    expect(render(sticky("right")).container.hidden).toBe(true);
    // The admin preview neither remembers nor honours a dismissal.
    expect(render(sticky("right"), { contained: true }).container.hidden).toBe(false);
  });
});

describe("live previews (issue 14)", () => {
  const mirrored = (id: string) =>
    storefrontVideo({
      id,
      media: {
        preview: `https://cdn.shopify.example/videos/${id}.small.mp4`,
        src: `https://cdn.shopify.example/videos/${id}.mp4`,
        width: 720,
        height: 1280,
        duration: 12,
      },
    });
  const withCopies = (overrides: Partial<StorefrontWidget> = {}) =>
    storefrontWidget({ videos: [mirrored("vid_a"), mirrored("vid_b"), mirrored("vid_c"), storefrontVideo({ id: "vid_d" })], ...overrides });
  let played: HTMLMediaElement[];
  // Previews share the page's two playing slots: each test's widgets leave the page after it.
  const rendered: Array<{ destroy(): void }> = [];
  const renderWithPreviews = (widget: StorefrontWidget) => {
    const result = render(widget, { previews: { startPreviews } });
    rendered.push(result.rendered);
    return result;
  };

  beforeEach(() => {
    played = [];
    vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
      played.splice(played.indexOf(this), 1);
    });
  });

  afterEach(() => {
    for (const widget of rendered.splice(0)) widget.destroy();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, "connection");
  });

  it("play muted and looping from the smallest rendition once the widget is near the viewport, at most two at once; the poster stays until the first frame", () => {
    const { container } = renderWithPreviews(withCopies());
    expect(container.querySelectorAll("video")).toHaveLength(0);
    // The widget comes near the viewport (its previews start), then its cards are in view.
    nearViewport(true);
    nearViewport(true);
    const videos = [...container.querySelectorAll<HTMLVideoElement>("video.cc-preview")];
    // The video without a copy of ours keeps its poster.
    expect(videos).toHaveLength(3);
    for (const video of videos) {
      expect(video.muted && video.loop && video.playsInline).toBe(true);
      expect(video.getAttribute("aria-hidden")).toBe("true");
      expect(video.closest(".cc-card")!.querySelector("img.cc-poster")).not.toBeNull();
    }
    expect(played.map((video) => video.src)).toEqual([
      "https://cdn.shopify.example/videos/vid_a.small.mp4",
      "https://cdn.shopify.example/videos/vid_b.small.mp4",
    ]);
    expect(videos[0]!.classList.contains("cc-preview--on")).toBe(false);
    videos[0]!.dispatchEvent(new Event("playing"));
    expect(videos[0]!.classList.contains("cc-preview--on")).toBe(true);

    // Out of view: paused, and the slots are free for another widget's previews.
    nearViewport(false);
    expect(played).toEqual([]);
  });

  it("the open player pauses them, and closing it lets them play again", () => {
    const { container } = renderWithPreviews(withCopies());
    nearViewport(true);
    nearViewport(true);
    expect(played).toHaveLength(2);
    cardAt(container, 0).click();
    expect(played).toHaveLength(0);
    container.querySelector<HTMLDialogElement>("dialog")!.close();
    expect(played).toHaveLength(2);
  });

  it("nothing plays when the widget's Play previews is off, for shoppers who ask for reduced motion or for data saving", () => {
    const off = renderWithPreviews(withCopies({ settings: { ...storefrontWidget().settings, playPreviews: false } }));
    nearViewport(true);
    expect(off.container.querySelectorAll("video")).toHaveLength(0);

    vi.stubGlobal("matchMedia", () => ({ matches: true }));
    const calm = renderWithPreviews(withCopies());
    nearViewport(true);
    expect(calm.container.querySelectorAll("video")).toHaveLength(0);
    vi.stubGlobal("matchMedia", () => ({ matches: false }));

    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true });
    const saving = renderWithPreviews(withCopies());
    nearViewport(true);
    expect(saving.container.querySelectorAll("video")).toHaveLength(0);
    expect(played).toEqual([]);
  });
});

describe("the player's own video (issue 14)", () => {
  const media = { preview: "https://cdn.shopify.example/v1-480.mp4", src: "https://cdn.shopify.example/v1-1080.mp4", width: 1080, height: 1920, duration: 12 };
  const nativeWidget = () =>
    storefrontWidget({
      videos: storefrontWidget().videos.map((video, index) =>
        index < 2 ? { ...video, media: { ...media, src: media.src.replace("v1", `v${index + 1}`) } } : video,
      ),
    });
  const clipOf = (container: HTMLElement) => dialog(container).querySelector("video")!;
  const at = (clip: HTMLVideoElement, seconds: number) => {
    Object.defineProperty(clip, "currentTime", { value: seconds, configurable: true, writable: true });
    clip.dispatchEvent(new Event("timeupdate"));
  };
  const heading = (container: HTMLElement) => dialog(container).querySelector(".cc-vtitle")!.textContent;
  const pointer = (target: Element, type: string, clientY: number) => target.dispatchEvent(new PointerEvent(type, { clientY, bubbles: true }));

  it("plays our copy in a native <video> with sound, and reports the play, the view after 3 s, the completion and the watch time", () => {
    const events: WidgetEvent[] = [];
    const { container } = render(nativeWidget(), { onEvent: (event) => events.push(event) });
    cardAt(container, 0).click();
    const clip = clipOf(container);
    expect(clip.getAttribute("src")).toBe("https://cdn.shopify.example/v1-1080.mp4");
    expect(clip.muted).toBe(false);
    expect(dialog(container).querySelector("iframe")).toBeNull();
    clip.dispatchEvent(new Event("playing"));
    clip.dispatchEvent(new Event("playing"));
    for (const second of [0, 1, 2, 2.9]) at(clip, second);
    expect(events.map((event) => event.type)).toEqual(["video_click", "play"]);
    // A jump (a seek) is not watching.
    at(clip, 9);
    at(clip, 9.2);
    expect(events.map((event) => event.type)).toEqual(["video_click", "play", "view"]);
    clip.dispatchEvent(new Event("ended"));
    clip.dispatchEvent(new Event("ended"));
    dialog(container).close();
    expect(events.slice(3)).toEqual([
      { type: "completion", videoId: "vid_1", widgetId: "wid_1" },
      { type: "watch_time", videoId: "vid_1", widgetId: "wid_1", ms: 3100 },
    ]);
  });

  it("reports the watch time so far when the page is left while the video plays", () => {
    const { container } = render(nativeWidget());
    cardAt(container, 0).click();
    const clip = clipOf(container);
    for (const second of [0, 0.5, 1, 1.5]) at(clip, second);
    window.dispatchEvent(new Event("pagehide"));
    expect(sentBatches()[0]?.batch.events.map(({ type, ms }) => [type, ms])).toEqual([
      ["video_click", undefined],
      ["play", undefined],
      ["watch_time", 1500],
    ]);
  });

  it("a swipe up shows the next video, a swipe down the previous, a tap pauses; the sound can be turned off", () => {
    const { container } = render(nativeWidget());
    cardAt(container, 0).click();
    const screen = dialog(container).querySelector(".cc-player")!;
    pointer(screen, "pointerdown", 600);
    pointer(screen, "pointermove", 500);
    pointer(screen, "pointerup", 500);
    expect(heading(container)).toBe("Reel");
    expect(clipOf(container).getAttribute("src")).toBe("https://cdn.shopify.example/v2-1080.mp4");
    pointer(screen, "pointerdown", 300);
    pointer(screen, "pointermove", 420);
    pointer(screen, "pointerup", 420);
    expect(heading(container)).toBe("Summer outfit");
    // A short move is a tap: it pauses.
    const pause = dialog(container).querySelector(".cc-pause")!;
    expect(pause.getAttribute("aria-pressed")).toBe("false");
    pointer(screen, "pointerdown", 300);
    pointer(screen, "pointerup", 303);
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    expect(heading(container)).toBe("Summer outfit");
    const sound = dialog(container).querySelector<HTMLButtonElement>(".cc-sound")!;
    expect(sound.getAttribute("aria-label")).toBe("Sound");
    expect(sound.getAttribute("aria-pressed")).toBe("true");
    sound.click();
    expect(sound.getAttribute("aria-pressed")).toBe("false");
    expect(clipOf(container).muted).toBe(true);
  });

  it("the keyboard moves through the videos (arrows), pauses (space) and closes (Escape); form fields keep their keys", () => {
    const { container } = render(nativeWidget());
    cardAt(container, 0).click();
    const modal = dialog(container);
    const key = (target: Element, name: string) => target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
    key(modal, "ArrowDown");
    expect(heading(container)).toBe("Reel");
    key(modal, "ArrowRight");
    expect(heading(container)).toBe("Pin");
    key(modal, "ArrowUp");
    key(modal, "ArrowLeft");
    expect(heading(container)).toBe("Summer outfit");
    key(modal.querySelector(".cc-qty")!, "ArrowDown");
    expect(heading(container)).toBe("Summer outfit");
    key(modal, " ");
    expect(modal.querySelector(".cc-pause")!.getAttribute("aria-pressed")).toBe("true");
    key(modal, "Escape");
    expect(modal.open).toBe(false);
  });
});

describe("the player's product cards (issue 14)", () => {
  // Size x Color: S/Blue is sold out, M/Red is on sale, there is no L/Blue.
  const shirt = storefrontProduct({
    price: "40.00",
    variantId: 501,
    options: ["Size", "Color"],
    variants: [
      { id: 501, values: ["S", "Red"], price: "40.00", compareAtPrice: null, available: true },
      { id: 502, values: ["S", "Blue"], price: "40.00", compareAtPrice: null, available: false },
      { id: 503, values: ["M", "Red"], price: "36.00", compareAtPrice: "45.00", available: true },
      { id: 504, values: ["M", "Blue"], price: "42.00", compareAtPrice: null, available: true },
      { id: 505, values: ["L", "Red"], price: "44.00", compareAtPrice: null, available: true },
    ],
  });
  const open = () => {
    const { container } = render(storefrontWidget({ videos: [storefrontVideo({ products: [shirt] })] }));
    cardAt(container, 0).click();
    const card = dialog(container).querySelector(".cc-product")!;
    const [size, color] = [...card.querySelectorAll("select")] as [HTMLSelectElement, HTMLSelectElement];
    const choose = (select: HTMLSelectElement, value: string) => {
      select.value = value;
      select.dispatchEvent(new Event("change"));
    };
    const disabled = (select: HTMLSelectElement) => [...select.options].filter((option) => option.disabled).map((option) => option.value);
    return { card, size, color, choose, disabled, add: card.querySelector<HTMLButtonElement>(".cc-buy button")!, price: card.querySelector(".cc-price")! };
  };

  it("offer each option with its values, sold-out values disabled, starting at the first available variant", () => {
    const { card, size, color, choose, disabled, add } = open();
    expect([...card.querySelectorAll(".cc-opt")].map((label) => label.firstChild!.textContent)).toEqual(["Size", "Color", "Quantity"]);
    expect([...size.options].map((option) => option.value)).toEqual(["S", "M", "L"]);
    expect([size.value, color.value]).toEqual(["S", "Red"]);
    expect(disabled(color)).toEqual(["Blue"]);
    expect(disabled(size)).toEqual([]);
    choose(size, "M");
    expect(disabled(color)).toEqual([]);
    choose(color, "Blue");
    expect(disabled(size)).toEqual(["S", "L"]);
    expect(add.disabled).toBe(false);
    choose(size, "L");
    expect(add.disabled).toBe(true);
    expect(add.textContent).toBe("Unavailable");
  });

  it("an option with one value is no choice to make; the quantity has its visible label (issue 29)", () => {
    const oneMaterial = storefrontProduct({
      options: ["Size", "Material"],
      variantId: 601,
      variants: [
        { id: 601, values: ["S", "Linen"], price: "40.00", compareAtPrice: null, available: true },
        { id: 602, values: ["M", "Linen"], price: "40.00", compareAtPrice: null, available: true },
      ],
    });
    const { container } = render(storefrontWidget({ videos: [storefrontVideo({ products: [oneMaterial] })] }));
    cardAt(container, 0).click();
    const card = dialog(container).querySelector(".cc-product")!;
    expect([...card.querySelectorAll(".cc-opt")].map((label) => label.firstChild!.textContent)).toEqual(["Size", "Quantity"]);
    const size = card.querySelector("select")!;
    size.value = "M";
    size.dispatchEvent(new Event("change"));
    expect(card.querySelector<HTMLButtonElement>(".cc-buy button")!.disabled).toBe(false);
  });

  it("a video without products takes no products' column on a wide screen (issue 29)", () => {
    const { container } = render(storefrontWidget({ videos: [storefrontVideo({ products: [] }), storefrontVideo({ id: "vid_2" })] }));
    cardAt(container, 0).click();
    const modal = dialog(container);
    expect(modal.classList.contains("cc-bare")).toBe(true);
    modal.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(modal.classList.contains("cc-bare")).toBe(false);
  });

  it("show the chosen variant's price, with the regular price struck through when on sale", () => {
    const { size, choose, price } = open();
    expect(price.textContent).toBe("$40.00");
    choose(size, "M");
    expect(price.querySelector("s")!.textContent).toBe("Regular price $45.00");
    expect(price.textContent).toBe("$36.00 Regular price $45.00");
  });

  it("add the chosen variant in the chosen quantity", async () => {
    const { card, size, color, choose, add } = open();
    choose(size, "M");
    choose(color, "Blue");
    const quantity = card.querySelector<HTMLInputElement>(".cc-qty")!;
    expect(quantity.getAttribute("aria-label")).toBe("Quantity: Linen shirt");
    quantity.value = "2";
    add.click();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toMatchObject({ id: 504, quantity: 2 });
  });

  it("a product without options shows its compare-at price and adds its first available variant", () => {
    const { container } = render(storefrontWidget({ videos: [storefrontVideo({ products: [storefrontProduct({ compareAtPrice: "60.00" })] })] }));
    cardAt(container, 0).click();
    const card = dialog(container).querySelector(".cc-product")!;
    expect(card.querySelector("select")).toBeNull();
    expect(card.querySelector(".cc-price")!.textContent).toBe("$49.00 Regular price $60.00");
  });
});

describe("the product page's videos (decision 080)", () => {
  // The page's product: Size x Color, as in the product cards above; the video also shows a hat.
  const shirt = storefrontProduct({
    id: "gid://shopify/Product/1001",
    variantId: 501,
    options: ["Size", "Color"],
    variants: [
      { id: 501, values: ["S", "Red"], price: "40.00", compareAtPrice: null, available: true },
      { id: 503, values: ["M", "Red"], price: "36.00", compareAtPrice: "45.00", available: true },
      { id: 504, values: ["M", "Blue"], price: "42.00", compareAtPrice: null, available: true },
    ],
  });
  const hat = storefrontProduct({ id: "gid://shopify/Product/1002", handle: "straw-hat", title: "Straw hat", variantId: 601 });
  const video = storefrontVideo({ products: [hat, shirt] });
  const galleryWidget = storefrontWidget({ id: PRODUCT_GALLERY_WIDGET_ID, number: 0, product: shirt.id, videos: [video] });
  /** A product form as a theme prints it (`action` and the `id` field's tag as given), on this page. */
  const themeForm = (html: string) => document.body.append(document.createRange().createContextualFragment(html));
  const open = (widget: StorefrontWidget = galleryWidget) => {
    const { container } = render(widget);
    cardAt(container, 0).click();
    const cards = [...dialog(container).querySelectorAll(".cc-product")];
    const chosen = (card: Element) => [...card.querySelectorAll("select")].map((select) => select.value);
    return { container, names: cards.map((card) => card.querySelector(".cc-name")!.textContent), first: cards[0]!, chosen };
  };

  afterEach(() => history.replaceState(null, "", "/"));

  it("lists the page's product first, at the variant in the theme's product form (Dawn's and Horizon's hidden input), not another product's quick add", () => {
    // A related product's quick-add form first on the page: its variant is not one of the shirt's.
    themeForm('<form action="/cart/add"><input type="hidden" name="id" value="601"></form>');
    themeForm('<form method="post" action="/fr/cart/add" id="product-form-main"><input type="hidden" name="id" value="504"></form>');
    const { names, first, chosen } = open();
    expect(names).toEqual(["Linen shirt", "Straw hat"]);
    expect(chosen(first)).toEqual(["M", "Blue"]);
  });

  it("reads the choice each time a video is shown (the theme's script changes its field as the shopper picks options)", () => {
    themeForm('<form action="/cart/add"><input type="hidden" name="id" value="501"></form>');
    const { container, first, chosen } = open(storefrontWidget({ ...galleryWidget, videos: [video, storefrontVideo({ id: "vid_2", products: [shirt] })] }));
    expect(chosen(first)).toEqual(["S", "Red"]);
    document.querySelector<HTMLInputElement>('form [name="id"]')!.value = "503";
    dialog(container).querySelector<HTMLButtonElement>(".cc-down")!.click();
    expect(chosen(dialog(container).querySelector(".cc-product")!)).toEqual(["M", "Red"]);
  });

  it("takes a vintage theme's select, else ?variant= in the address, else the product's first available variant", () => {
    themeForm('<form action="/cart/add"><select name="id"><option value="501">S / Red</option><option value="503" selected>M / Red</option></select></form>');
    let shown = open();
    expect(shown.chosen(shown.first)).toEqual(["M", "Red"]);
    document.body.replaceChildren();
    history.replaceState(null, "", "/products/linen-shirt?variant=504");
    shown = open();
    expect(shown.chosen(shown.first)).toEqual(["M", "Blue"]);
    document.body.replaceChildren();
    history.replaceState(null, "", "/products/linen-shirt?variant=999");
    shown = open();
    expect(shown.chosen(shown.first)).toEqual(["S", "Red"]);
  });

  it("Add to cart adds the page's product at that variant, the line naming the video and the product gallery", async () => {
    themeForm('<form action="/cart/add"><input type="hidden" name="id" value="503"></form>');
    const { first } = open();
    first.querySelector<HTMLButtonElement>(".cc-buy button")!.click();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
      id: 503,
      quantity: 1,
      properties: { [CART_VIDEO_PROPERTY]: "vid_1", [CART_WIDGET_PROPERTY]: PRODUCT_GALLERY_WIDGET_ID },
    });
  });

  it("elsewhere, a widget's products keep their order and their own first variant", () => {
    themeForm('<form action="/cart/add"><input type="hidden" name="id" value="504"></form>');
    const { names, first, chosen } = open(storefrontWidget({ videos: [video] }));
    expect(names).toEqual(["Straw hat", "Linen shirt"]);
    expect(chosen(first)).toEqual([]);
    const { names: galleryNames } = open();
    expect(galleryNames).toEqual(["Linen shirt", "Straw hat"]);
  });
});

describe("stories (issue 14)", () => {
  beforeEach(() => localStorage.clear());

  it("a row of round thumbnails without previews; a thumbnail opens the player at its video, and watched ones stay dimmed", () => {
    const media = { preview: "https://cdn.shopify.example/p.mp4", src: "https://cdn.shopify.example/s.mp4", width: 1080, height: 1920, duration: 9 };
    const widget = storefrontWidget({ layout: "stories", videos: storefrontWidget().videos.map((video) => ({ ...video, media })) });
    const { container, rendered } = render(widget, { previews: { startPreviews } });
    expect(container.querySelector(".cc.cc--stories")).not.toBeNull();
    nearViewport(true);
    expect(container.querySelector("video.cc-preview")).toBeNull();
    cardAt(container, 1).click();
    expect(dialog(container).querySelector(".cc-vtitle")!.textContent).toBe("Reel");
    dialog(container).querySelector<HTMLButtonElement>(".cc-down")!.click();
    const seen = () => cards(container).map((card) => card.classList.contains("cc-seen"));
    expect(seen()).toEqual([false, true, true]);
    rendered.destroy();
    const again = render(widget).container;
    expect(cards(again).map((card) => card.classList.contains("cc-seen"))).toEqual([false, true, true]);
  });

  it("where the shopper has not allowed analytics, watched ones are dimmed for this page only and the browser keeps nothing (issue 24)", () => {
    localStorage.setItem("clipcart:seen", JSON.stringify(["vid_3"]));
    (window as { Shopify?: unknown }).Shopify = { customerPrivacy: { analyticsProcessingAllowed: () => false } };
    const widget = storefrontWidget({ layout: "stories" });
    const { container, rendered } = render(widget);
    cardAt(container, 1).click();
    expect(cards(container).map((card) => card.classList.contains("cc-seen"))).toEqual([false, true, true]);
    expect(localStorage.getItem("clipcart:seen")).toBeNull();
    rendered.destroy();
    expect(cards(render(widget).container).some((card) => card.classList.contains("cc-seen"))).toBe(false);
  });
});

describe("impressions (issue 14)", () => {
  it("the widget and each card in view for a second count once per page view", () => {
    vi.useFakeTimers();
    const events: WidgetEvent[] = [];
    render(storefrontWidget(), { onEvent: (event) => events.push(event) });
    nearViewport(true);
    vi.advanceTimersByTime(999);
    expect(events).toEqual([]);
    // Scrolled away before the second was up: nothing; back again for a full second: counted.
    nearViewport(false);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([]);
    nearViewport(true);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([
      { type: "widget_impression", widgetId: "wid_1" },
      { type: "impression", videoId: "vid_1", widgetId: "wid_1" },
      { type: "impression", videoId: "vid_2", widgetId: "wid_1" },
      { type: "impression", videoId: "vid_3", widgetId: "wid_1" },
    ]);
    nearViewport(false);
    nearViewport(true);
    vi.advanceTimersByTime(5000);
    expect(events).toHaveLength(4);
  });
});

describe("a long visit (issue 24)", () => {
  /** A shopper on a desktop moving through 100 videos with the arrow key, each watched past its view, faster than the beacons' idle. */
  it("100 videos in a row: every play, view and watch time goes out, in batches the app accepts, the page throws nothing and Add to cart still refreshes the theme's cart", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
    window.addEventListener("error", onError);
    const videos = Array.from({ length: 100 }, (_, index) =>
      storefrontVideo({
        id: `vid_${index + 1}`,
        media: {
          preview: `https://cdn.shopify.example/v${index}-480.mp4`,
          src: `https://cdn.shopify.example/v${index}.mp4`,
          width: 1080,
          height: 1920,
          duration: 12,
        },
      }),
    );
    const { container } = render(storefrontWidget({ videos }));
    try {
      cardAt(container, 0).click();
      const modal = dialog(container);
      const clip = modal.querySelector("video")!;
      for (let index = 0; index < videos.length; index++) {
        expect(modal.querySelector(".cc-vtitle")!.textContent).toBe("Summer outfit");
        expect(clip.getAttribute("src")).toBe(`https://cdn.shopify.example/v${index}.mp4`);
        clip.dispatchEvent(new Event("playing"));
        for (const second of [0, 1, 2, 3, 3.2]) {
          Object.defineProperty(clip, "currentTime", { value: second, configurable: true, writable: true });
          clip.dispatchEvent(new Event("timeupdate"));
        }
        vi.advanceTimersByTime(1200);
        modal.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
      }
      expect(clip.getAttribute("src")).toBe("https://cdn.shopify.example/v0.mp4");
      const refreshed = vi.fn();
      document.addEventListener("cart:refresh", refreshed);
      modal.querySelector<HTMLButtonElement>(".cc-product button")!.click();
      await vi.waitFor(() => expect(refreshed).toHaveBeenCalledTimes(1));
      document.removeEventListener("cart:refresh", refreshed);
      window.dispatchEvent(new Event("pagehide"));
    } finally {
      window.removeEventListener("error", onError);
    }
    expect(errors).toEqual([]);
    const batches = sentBatches().map(({ batch }) => batch);
    expect(batches.every((batch) => batch.events.length <= 50 && batch.session === batches[0]?.session)).toBe(true);
    const sent = batches.flatMap((batch) => batch.events);
    const count = (type: string) => sent.filter((event) => event.type === type).length;
    // The last ArrowRight comes back to the first video, which plays again.
    expect([count("video_click"), count("play"), count("view"), count("add_to_cart")]).toEqual([1, 101, 100, 1]);
    // A batch that goes out mid-video carries the watch time so far; the rest follows with the next.
    const watchedOf = new Map<string, number>();
    for (const event of sent) if (event.type === "watch_time") watchedOf.set(event.videoId!, (watchedOf.get(event.videoId!) ?? 0) + event.ms!);
    expect(watchedOf.size).toBe(100);
    expect([...watchedOf.values()].every((ms) => ms === 3200)).toBe(true);
  });
});
