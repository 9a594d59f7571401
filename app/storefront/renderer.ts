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
import { CAROUSEL_AUTO_SCROLL_MS, IMPRESSION_AFTER_MS, IMPRESSION_VISIBLE_RATIO } from "~/constants";
import { LAYOUT_TYPES } from "~/contracts/widget-layouts";
import { isAllowedPlayerUrl, safeHttpUrl } from "~/rules/embeds";
import { analyticsAllowed, beforeBeaconFlush, trackBeacon, type BeaconEvent } from "./beacons";
import { button, el, isText, on, session, shopRoot, tile } from "./dom";
import type { Player, PlayerModule } from "./player";
import type { PreviewCard, Previews, PreviewsModule } from "./previews";
import type { WidgetStrings } from "./widget-strings";
import { STOREFRONT_DATA_VERSION, type StorefrontProduct, type StorefrontVideo, type StorefrontWidget } from "./widget-data";

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
  /**
   * The player (player.ts): the admin preview imports the module and passes
   * `player`; the storefront passes `loadPlayer`, which loads the player's own
   * script asset, asked for on the shopper's first intent (pointer over the
   * widget, focus, click). Without either, a click opens nothing.
   */
  player?: PlayerModule;
  loadPlayer?: () => Promise<PlayerModule>;
  /**
   * Live previews (previews.ts), the same way: a module (admin preview, tests)
   * or a loader (storefront: its own asset, loaded when the widget nears the
   * viewport after the page has loaded).
   */
  previews?: PreviewsModule;
  loadPreviews?: () => Promise<PreviewsModule>;
}

export interface RenderedWidget {
  /** Stops timers and observers (the element left the page). */
  destroy(): void;
}

const DISMISSED_KEY = "clipcart:dismissed:";
/** Stories' watched videos in this browser: the latest ones, enough for any widget. */
const SEEN_KEY = "clipcart:seen";
const SEEN_MAX = 200;

function readSeen(): string[] | null {
  try {
    const seen: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) || "[]");
    return Array.isArray(seen) ? seen.filter((id): id is string => typeof id === "string") : null;
  } catch {
    return null;
  }
}
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

const warmedOrigins = new Set<string>();

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
  const cartUrl = options.cartAddUrl === undefined ? `${shopRoot()}cart/add.js` : options.cartAddUrl;
  const titleOf = (video: StorefrontVideo) => (isText(video.title) && video.title.trim()) || strings.untitled;
  const playerUrl = (video: StorefrontVideo) => (isText(video.embedUrl) && isAllowedPlayerUrl(video.embedUrl) ? video.embedUrl : null);
  const beacons = options.beacon !== false;
  const send = (event: WidgetEvent) => {
    if (options.onEvent) options.onEvent(event);
    if (beacons) trackBeacon(event);
  };
  const emit = (type: WidgetEvent["type"], video: StorefrontVideo, product?: StorefrontProduct, ms?: number) => {
    const event: WidgetEvent = { type, videoId: video.id, widgetId: widget.id };
    if (product) event.productId = product.id;
    if (ms) event.ms = ms;
    send(event);
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
  const previewCards: PreviewCard[] = [];
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

  // Stories: the videos the shopper has watched are dimmed, on this visit and, with their consent, the next (kept in this browser only).
  const stories = layout === "stories";
  const seen: string[] = (stories && readSeen()) || [];
  const cards: Array<[HTMLElement, StorefrontVideo]> = [];
  (layout === "single" || sticky ? videos.slice(0, 1) : videos).forEach((video, index) => {
    const item = el("li", "cc-item");
    const card = interactive ? button("cc-card", `${strings.play}: ${titleOf(video)}`) : el("div", "cc-card");
    card.append(poster(video, true), el("span", "cc-play"), el("span", "cc-title", titleOf(video)));
    if (seen.includes(video.id)) card.classList.add("cc-seen");
    cards.push([card, video]);
    const preview = safeHttpUrl(video.media && video.media.preview);
    // With "Show captions" (default on), a preview shows the video's captions (decision 085).
    if (preview && !stories) previewCards.push({ card, src: preview, captions: settings.showCaptions !== false && video.captions });
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
  let whenVisible = () => {};
  if (typeof IntersectionObserver === "function") {
    const observer = new IntersectionObserver(
      (entries) => {
        visible = entries.at(-1)?.isIntersecting ?? visible;
        if (visible) {
          loadPosters();
          whenVisible();
        }
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

  // Impressions: the widget, and each video's card, at least half visible (or filling half the screen) for a
  // second, each once per page view.
  if (typeof IntersectionObserver === "function") {
    const targets = new Map<Element, StorefrontVideo | null>([[box, null], ...cards]);
    const timers = new Map<Element, ReturnType<typeof setTimeout>>();
    const impressions = new IntersectionObserver(
      (entries) => {
        for (const { target, isIntersecting, intersectionRatio, intersectionRect, rootBounds } of entries) {
          clearTimeout(timers.get(target));
          const half = (rootBounds ? rootBounds.height : innerHeight) * IMPRESSION_VISIBLE_RATIO;
          if (isIntersecting && (intersectionRatio >= IMPRESSION_VISIBLE_RATIO || intersectionRect.height >= half)) {
            const timer = setTimeout(() => {
              impressions.unobserve(target);
              const video = targets.get(target);
              if (video) emit("impression", video);
              else send({ type: "widget_impression", widgetId: widget.id });
            }, IMPRESSION_AFTER_MS);
            timers.set(target, timer);
          }
        }
      },
      // Steps up to the ratio: a widget taller than two screens never shows half of itself, but fills half the screen.
      { threshold: [0, 1, 2, 3, 4, 5].map((step) => (step * IMPRESSION_VISIBLE_RATIO) / 5) },
    );
    targets.forEach((_, target) => impressions.observe(target));
    cleanups.push(() => {
      impressions.disconnect();
      timers.forEach(clearTimeout);
    });
  }

  const reducedMotion = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  const saveData = !!(navigator as { connection?: { saveData?: boolean } }).connection?.saveData;

  // Live previews: the widget's choice, and never for shoppers who asked for less motion or less data.
  let previews: Previews | undefined;
  let previewsAsked = !(settings.playPreviews !== false && previewCards.length && !reducedMotion && !saveData);
  let destroyed = false;
  cleanups.push(() => {
    destroyed = true;
    if (previews) previews.stop();
  });
  const begin = (module: PreviewsModule) => {
    if (destroyed) return;
    previews = module.startPreviews(previewCards, strings.lang);
    previews.hold(holds.has("modal"));
  };
  whenVisible = () => {
    if (previewsAsked) return;
    // The page comes first: previews start once it has loaded.
    if (document.readyState !== "complete") return on(window, "load", whenVisible, true);
    previewsAsked = true;
    if (options.previews) begin(options.previews);
    else if (options.loadPreviews) options.loadPreviews().then(begin, () => (previewsAsked = false));
  };
  if (visible) whenVisible();

  // On the shopper's first intent: our player's script starts loading, and the platforms' origins are warmed
  // (lite-youtube-embed's trick).
  const warm = () => {
    // Loaded on intent, the player is also built then (between tasks), so the tap that opens it only shows it.
    if (options.loadPlayer)
      options.loadPlayer().then(
        (module) => setTimeout(() => playerFrom(module)),
        () => undefined,
      );
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
    // The arrows only while there is somewhere to go: the cards overflow the rail.
    if (typeof ResizeObserver === "function") {
      const resized = new ResizeObserver(() => {
        previous.hidden = next.hidden = track.scrollWidth <= track.clientWidth + 1;
      });
      resized.observe(track);
      cleanups.push(() => resized.disconnect());
    }

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

  // The player, built on first use; on the storefront its asset loads on the shopper's intent (options.loadPlayer).
  let player: Player | undefined;
  /** The widget's player, built once; a player that arrives after the widget left the page builds nothing. */
  const playerFrom = (module: PlayerModule): Player | undefined =>
    destroyed
      ? undefined
      : (player =
          player ||
          module.createPlayer({
            widget,
            box,
            strings,
            cartUrl,
            emit,
            beforeFlush: (report) => beacons && cleanups.push(beforeBeaconFlush(report)),
            titleOf,
            poster,
            onOpenChange,
            onShow,
          }));
  const openWith = (module: PlayerModule, index: number, from: HTMLElement) => {
    const ready = playerFrom(module);
    if (ready) ready.open(index, from);
  };
  const openModal = (index: number, from: HTMLElement) => {
    if (options.player) openWith(options.player, index, from);
    else if (options.loadPlayer) {
      options.loadPlayer().then(
        (module) => openWith(module, index, from),
        // Not loaded (offline, blocked): nothing opens, and the next click tries again.
        () => undefined,
      );
    }
  };
  const onShow = (index: number) => {
    const [card, video] = cards[index] || [];
    if (!stories || !card || !video) return;
    card.classList.add("cc-seen");
    if (seen.includes(video.id)) return;
    seen.push(video.id);
    try {
      // What a shopper watched is kept across visits only with their consent to analytics (decision 040); otherwise for this page.
      if (analyticsAllowed()) localStorage.setItem(SEEN_KEY, JSON.stringify(seen.slice(-SEEN_MAX)));
      else localStorage.removeItem(SEEN_KEY);
    } catch {
      // Storage blocked: dimmed for this page view only.
    }
  };
  const onOpenChange = (open: boolean) => {
    if (open) holds.add("modal");
    else holds.delete("modal");
    syncTimer();
    if (previews) previews.hold(open);
  };

  return handle;
}
