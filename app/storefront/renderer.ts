/**
 * The one widget renderer: builds a Carousel, Grid, Single or Sticky widget
 * from its published data (widget-data.ts) and adds its behaviour. The
 * storefront script (storefront.ts, built into the theme app extension) and
 * the admin's live preview both call renderWidget, so what merchants preview
 * is what shoppers get. Framework-free and client-safe; every byte counts
 * (tests/extension/build.test.ts: 10 KB gzip, and theme-check's 10,000 raw
 * bytes, the tighter of the two).
 *
 * Shopper-facing rules kept here:
 * - third-party text (titles, authors, product titles) only ever becomes
 *   textContent; links and images only from http(s) URLs (safeHttpUrl); a
 *   player iframe only from an embedUrl that isAllowedPlayerUrl accepts, and
 *   only after the shopper clicks (a poster facade until then);
 * - posters have explicit dimensions inside boxes the CSS sizes, and load
 *   when the widget comes near the viewport;
 * - everything is a real button or link with a label; the player is a modal
 *   dialog that traps focus, closes on Escape and gives focus back.
 */
import { CAROUSEL_AUTO_SCROLL_MS, LAYOUT_TYPES } from "~/constants";
import { isAllowedPlayerUrl, safeHttpUrl } from "~/rules/embeds";
import { trackBeacon, type BeaconEvent } from "./beacons";
import { PLATFORM_TILES } from "./platform-tiles";
import type { WidgetStrings } from "./widget-strings";
import {
  CART_VIDEO_PROPERTY,
  CART_WIDGET_PROPERTY,
  STOREFRONT_DATA_VERSION,
  type StorefrontProduct,
  type StorefrontVideo,
  type StorefrontWidget,
} from "./widget-data";

export type { WidgetStrings } from "./widget-strings";

export type WidgetEvent = BeaconEvent;

export interface RenderOptions {
  /** false: a still picture (no clicks, modal or auto-scroll). Default true. */
  interactive?: boolean;
  /** Where Add to cart posts; default the shop's `<locale root>cart/add.js`. null disables Add to cart (admin preview). */
  cartAddUrl?: string | null;
  /** false: send no analytics beacons (admin preview). Default true. */
  beacon?: boolean;
  /** The admin preview: Sticky floats inside the container instead of the viewport, and a dismissal is not remembered. */
  contained?: boolean;
  /**
   * The texts: the admin passes WIDGET_STRINGS (widget-strings.ts), the storefront
   * the extension's translations of the same keys. Not bundled as defaults: the
   * storefront always has the translations.
   */
  strings: WidgetStrings;
  /** Every video click, product click and add to cart, beacons or not. */
  onEvent?: (event: WidgetEvent) => void;
}

export interface RenderedWidget {
  /** Stops timers and observers (the element left the page). */
  destroy(): void;
}

const DISMISSED_KEY = "clipcart:dismissed:";
/** Posters start loading this far before they scroll into view. */
const NEAR_VIEWPORT = "200px";

/**
 * The widget when `data` is published data of a version this renderer knows,
 * keeping only well-formed videos; null otherwise. The metafield JSON is ours,
 * but it is read back from a page, so it is checked before use.
 */
function readWidget(data: unknown): StorefrontWidget | null {
  const widget = data as StorefrontWidget | null;
  if (!widget || typeof widget !== "object" || widget.v !== STOREFRONT_DATA_VERSION || !LAYOUT_TYPES.includes(widget.layout)) return null;
  if (!Array.isArray(widget.videos) || typeof widget.id !== "string") return null;
  return {
    ...widget,
    settings: { ...widget.settings },
    videos: widget.videos.filter((video) => video && typeof video === "object" && typeof video.id === "string"),
  };
}

let instances = 0;
const warmedOrigins = new Set<string>();

// Small DOM helpers: the storefront bundle is measured in bytes.
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string | null): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners of any event type
function on(target: EventTarget, type: string, listener: (event: any) => void, once?: boolean) {
  target.addEventListener(type, listener, { once });
}

function attr(node: Element, name: string, value: string) {
  node.setAttribute(name, value);
}

function button(className: string, label: string, text?: string): HTMLButtonElement {
  const node = el("button", className, text);
  node.type = "button";
  attr(node, "aria-label", label);
  return node;
}

const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function shopRoot(): string {
  // Shopify.routes.root is the locale-aware root ("/", "/fr/") themes expose.
  const shopify = (window as { Shopify?: { routes?: { root?: unknown } } }).Shopify;
  const root = shopify && shopify.routes && shopify.routes.root;
  return typeof root === "string" && /^\/([\w-]+\/)?$/.test(root) ? root : "/";
}

function priceFormatter(currency: string): (price: string) => string {
  try {
    const format = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "currency", currency });
    return (price) => (isText(price) && isFinite(+price) ? format.format(+price) : "");
  } catch {
    // Unknown currency code or locale: the amount as published, with the code.
    return (price) => `${price} ${currency}`;
  }
}

function tile(platform: string): HTMLElement {
  const config = PLATFORM_TILES[platform as keyof typeof PLATFORM_TILES] || { name: platform, color: "#777" };
  const node = el("span", "cc-tile", config.name);
  node.style.background = config.color;
  node.style.color = config.text || "#fff";
  return node;
}

export function renderWidget(container: HTMLElement, data: unknown, options: RenderOptions): RenderedWidget {
  const cleanups: Array<() => void> = [];
  const handle = { destroy: () => cleanups.splice(0).forEach((cleanup) => cleanup()) };
  const widget = readWidget(data);
  const contained = !!options.contained;
  const store = session();
  container.replaceChildren();
  if (!widget || !widget.videos.length || (widget.layout === "sticky" && !contained && store && store.getItem(DISMISSED_KEY + widget.id))) {
    // Nothing to show: no empty box either.
    container.hidden = true;
    return handle;
  }
  container.hidden = false;

  const strings = options.strings;
  const interactive = options.interactive !== false;
  const { layout, settings, videos } = widget;
  const sticky = layout === "sticky";
  const titleId = `cc${++instances}t`;
  const cartUrl = options.cartAddUrl === undefined ? `${shopRoot()}cart/add.js` : options.cartAddUrl;
  const formatPrice = priceFormatter(widget.currency);
  const titleOf = (video: StorefrontVideo) => (isText(video.title) && video.title.trim()) || strings.untitled;
  const playerUrl = (video: StorefrontVideo) => (isText(video.embedUrl) && isAllowedPlayerUrl(video.embedUrl) ? video.embedUrl : null);
  const emit = (type: WidgetEvent["type"], video: StorefrontVideo, product?: StorefrontProduct) => {
    const event: WidgetEvent = { type, videoId: video.id, widgetId: widget.id };
    if (product) event.productId = product.id;
    if (options.onEvent) options.onEvent(event);
    if (options.beacon !== false) trackBeacon(event);
  };

  // The same classes and boxes as the Liquid placeholder (snippets/clipcart-widget.liquid), so the swap moves nothing.
  const box = el("div", `cc cc--${layout}`);
  const classes = box.classList;
  if (settings.theme === "dark") classes.add("cc--dark");
  if (sticky) classes.add(settings.alignment === "left" ? "cc--left" : "cc--right");
  if (contained) classes.add("cc--contained");
  if (settings.showHeader && !sticky) box.append(el("h2", "cc-head", widget.name));
  const rail = el("div", "cc-rail");
  const track = el("ul", "cc-track");
  rail.append(track);
  box.append(rail);

  const lazyPosters: HTMLImageElement[] = [];
  /** The video's poster, or its platform's tile; `lazy` ones wait until the widget is near the viewport. */
  const poster = (video: StorefrontVideo, lazy: boolean): HTMLElement => {
    const src = safeHttpUrl(video.poster);
    if (!src) return tile(video.platform);
    const img = el("img", "cc-poster");
    img.alt = "";
    img.width = 360;
    img.height = 640;
    img.decoding = "async";
    img.loading = "lazy";
    on(img, "error", () => img.replaceWith(tile(video.platform)), true);
    if (lazy) {
      img.dataset.src = src;
      lazyPosters.push(img);
    } else img.src = src;
    return img;
  };

  (layout === "single" || sticky ? videos.slice(0, 1) : videos).forEach((video, index) => {
    const item = el("li", "cc-item");
    const card = interactive ? button("cc-card", `${strings.play}: ${titleOf(video)}`) : el("div", "cc-card");
    card.append(poster(video, true), el("span", "cc-play"), el("span", "cc-title", titleOf(video)));
    if (interactive) {
      on(card, "click", () => {
        emit("video_click", video);
        openModal(index, card);
      });
    }
    item.append(card);
    track.append(item);
  });

  // Posters, and the carousel's timer, wait until the widget is near the viewport.
  let visible = false;
  const loadPosters = () => {
    for (const img of lazyPosters.splice(0)) img.src = img.dataset.src!;
  };
  const holds = new Set<string>();
  let syncTimer = () => {};
  if (typeof IntersectionObserver === "function") {
    const observer = new IntersectionObserver(
      (entries) => {
        visible = entries.at(-1)?.isIntersecting ?? visible;
        if (visible) loadPosters();
        syncTimer();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(box);
    cleanups.push(() => observer.disconnect());
  } else {
    visible = true;
    loadPosters();
  }

  container.append(box);
  if (!interactive) return handle;

  // Warm the players' origins once, when the shopper shows intent (lite-youtube-embed's trick).
  const warm = () => {
    for (const video of videos) {
      const url = playerUrl(video);
      const origin = url && new URL(url).origin;
      if (origin && !warmedOrigins.has(origin)) {
        warmedOrigins.add(origin);
        document.head.append(Object.assign(el("link"), { rel: "preconnect", href: origin }));
      }
    }
  };
  on(box, "pointerover", warm, true);
  on(box, "focusin", warm, true);

  if (layout === "carousel") {
    const step = (direction: number) => {
      // One card (its width and the gap) per step; back to the start after the last.
      const [first, second] = track.children as unknown as HTMLElement[];
      const width = first && second ? second.offsetLeft - first.offsetLeft : track.clientWidth;
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
      track.scrollTo({ left: direction > 0 && atEnd ? 0 : track.scrollLeft + direction * width, behavior: "smooth" });
    };
    const previous = button("cc-nav cc-prev", strings.previous);
    const next = button("cc-nav cc-next", strings.next);
    on(previous, "click", () => step(-1));
    on(next, "click", () => step(1));
    rail.append(previous, next);

    const reducedMotion = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (settings.autoScroll && !reducedMotion) {
      let timer: ReturnType<typeof setInterval> | undefined;
      // Runs only while the widget is near the viewport and nothing holds it (hover, focus, the open modal).
      syncTimer = () => {
        clearInterval(timer);
        timer = visible && !holds.size ? setInterval(() => step(1), CAROUSEL_AUTO_SCROLL_MS) : undefined;
      };
      const hold = (reason: string, held: boolean) => {
        if (held) holds.add(reason);
        else holds.delete(reason);
        syncTimer();
      };
      on(box, "pointerenter", () => hold("hover", true));
      on(box, "pointerleave", () => hold("hover", false));
      on(box, "focusin", () => hold("focus", true));
      on(box, "focusout", (event: FocusEvent) => hold("focus", box.contains(event.relatedTarget as Node | null)));
      cleanups.push(() => clearInterval(timer));
      syncTimer();
    }
  }

  if (sticky) {
    const dismiss = button("cc-dismiss", strings.dismiss, "×");
    on(dismiss, "click", () => {
      if (!contained && store) store.setItem(DISMISSED_KEY + widget.id, "1");
      handle.destroy();
      container.replaceChildren();
      container.hidden = true;
    });
    box.append(dismiss);
  }

  // The modal player, built on first use.
  let modal: HTMLDialogElement | undefined;
  let opener: HTMLElement;
  let current = 0;
  let player: HTMLElement;
  let info: HTMLElement;
  let status: HTMLElement;

  const close = () => modal!.close();

  const buildModal = (): HTMLDialogElement => {
    const dialog = el("dialog", "cc-modal");
    attr(dialog, "aria-labelledby", titleId);
    const sheet = el("div", "cc-sheet");
    player = el("div", "cc-player");
    info = el("div", "cc-info");
    status = el("p", "cc-status");
    attr(status, "role", "status");
    const closer = button("cc-x", strings.close, "×");
    on(closer, "click", close);
    sheet.append(player, info, closer);
    dialog.append(sheet);
    // However it closes (button, backdrop, Escape, a phone's back gesture), the player stops and focus goes back.
    on(dialog, "close", () => {
      player.replaceChildren();
      holds.delete("modal");
      syncTimer();
      opener.focus();
    });
    on(dialog, "click", (event: Event) => {
      if (event.target === dialog) close(); // the backdrop
    });
    on(dialog, "keydown", (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "Tab") {
        // Keep focus inside the dialog, also where <dialog> does not make the page inert.
        const focusable = dialog.querySelectorAll<HTMLElement>("button:not([disabled]),a[href],iframe");
        const edge = focusable[event.shiftKey ? 0 : focusable.length - 1];
        if (document.activeElement === edge) {
          event.preventDefault();
          focusable[event.shiftKey ? focusable.length - 1 : 0]?.focus();
        }
      }
    });
    box.append(dialog);
    return dialog;
  };

  const addToCart = async (add: HTMLButtonElement, video: StorefrontVideo, product: StorefrontProduct) => {
    add.disabled = true;
    add.textContent = strings.adding;
    status.textContent = "";
    let ok = false;
    try {
      const response = await fetch(cartUrl!, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          items: [{ id: product.variantId, quantity: 1, properties: { [CART_VIDEO_PROPERTY]: video.id, [CART_WIDGET_PROPERTY]: widget.id } }],
        }),
      });
      ok = response.ok;
    } catch {
      // Offline or blocked: reported below like a refusal (sold out, quantity limits).
    }
    add.disabled = false;
    add.dataset.state = ok ? "added" : "failed";
    add.textContent = ok ? strings.added : strings.addToCart;
    status.textContent = ok ? `${strings.added}: ${product.title}` : strings.addFailed;
    if (ok) {
      emit("add_to_cart", video, product);
      // Themes and cart drawers that listen for it refresh their cart.
      document.dispatchEvent(new CustomEvent("cart:refresh", { bubbles: true, detail: { source: "clipcart", variantId: product.variantId } }));
    }
  };

  const productRow = (video: StorefrontVideo, product: StorefrontProduct) => {
    const row = el("li", "cc-product");
    const image = safeHttpUrl(product.image);
    if (image) {
      const img = el("img");
      img.src = image;
      img.alt = "";
      img.width = img.height = 64;
      img.loading = "lazy";
      row.append(img);
    }
    const text = el("div");
    const link = isText(product.handle);
    const name = el(link ? "a" : "span", "cc-name", product.title);
    if (link) {
      (name as HTMLAnchorElement).href = `${shopRoot()}products/${encodeURIComponent(product.handle)}`;
      on(name, "click", () => emit("product_click", video, product));
    }
    text.append(name, el("span", "cc-price", formatPrice(product.price)));
    const soldOut = typeof product.variantId !== "number";
    const add = el("button", "cc-btn", soldOut ? strings.soldOut : strings.addToCart);
    add.type = "button";
    add.disabled = soldOut || !cartUrl;
    if (!soldOut) {
      attr(add, "aria-label", `${strings.addToCart}: ${product.title}`);
      on(add, "click", () => addToCart(add, video, product));
    }
    row.append(text, add);
    return row;
  };

  const show = (index: number) => {
    current = (index + videos.length) % videos.length;
    const video = videos[current];
    if (!video) return;
    const url = playerUrl(video);
    const own = safeHttpUrl(video.media && video.media.src);
    if (own) {
      // Our copy in the shop's Shopify Files (decision 035): no platform player, no third-party page.
      const clip = el("video");
      clip.src = own;
      clip.controls = clip.autoplay = clip.playsInline = true;
      const still = safeHttpUrl(video.poster);
      if (still) clip.poster = still;
      clip.title = titleOf(video);
      player.replaceChildren(clip);
    } else if (url) {
      const frame = el("iframe");
      frame.src = url;
      frame.title = titleOf(video);
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      // Players need scripts and their own origin, may open the platform in a new tab, and never navigate the shop.
      attr(frame, "sandbox", "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation");
      player.replaceChildren(frame);
    } else {
      player.replaceChildren(poster(video, false));
      const link = safeHttpUrl(video.url);
      const platform = PLATFORM_TILES[video.platform];
      if (link && platform) {
        const watch = el("a", "cc-watch", `${strings.watchOn} ${platform.name}`);
        watch.href = link;
        watch.target = "_blank";
        watch.rel = "noopener noreferrer";
        player.append(watch);
      }
    }
    const heading = el("h2", "cc-vtitle", titleOf(video));
    heading.id = titleId;
    info.replaceChildren(heading);
    if (isText(video.author)) info.append(el("p", "cc-author", video.author));
    const products = (Array.isArray(video.products) ? video.products : []).filter((product) => product && isText(product.title));
    if (products.length) {
      const list = el("ul", "cc-products");
      list.append(...products.map((product) => productRow(video, product)));
      info.append(el("h3", "cc-sub", strings.products), list);
    }
    status.textContent = "";
    info.append(status);
    if (videos.length > 1) {
      const pager = el("div", "cc-pager");
      const back = button("cc-btn", strings.previous, "‹");
      const forward = button("cc-btn", strings.next, "›");
      on(back, "click", () => show(current - 1));
      on(forward, "click", () => show(current + 1));
      pager.append(back, forward);
      info.append(pager);
    }
  };

  const openModal = (index: number, from: HTMLElement) => {
    modal = modal || buildModal();
    opener = from;
    show(index);
    if (!modal.open) modal.showModal();
    holds.add("modal");
    syncTimer();
    modal.querySelector<HTMLElement>(".cc-x")!.focus();
  };

  return handle;
}
