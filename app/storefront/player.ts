/**
 * The widget's player (issue 14): our copy of the video in a native <video>
 * (else the platform's player, else the poster and a link) with its products.
 * One DOM, two layouts chosen by the CSS: on a phone it fills the screen, a
 * swipe up or down (or the arrows at its edge) moves through the widget's
 * videos, a tap pauses, and the products sit in a bottom sheet; on a wider
 * screen it is a dialog with the video and the products side by side, the
 * arrows beside the video, and the keyboard (arrows, space, Escape).
 *
 * Its own script asset (clipcart-player.js), loaded on the shopper's first
 * intent, so the script every page loads stays small (decision 037); the
 * admin preview imports it directly. It reports plays, views, watch time and
 * completions through the renderer's `emit` (one beacon queue per page).
 *
 * The dialog traps focus, closes on Escape or the backdrop and gives focus
 * back; third-party text only ever becomes textContent; links, images and
 * players only from checked URLs. This file is the dialog and the navigation
 * through the videos; player-product-card.ts draws a product,
 * player-watching.ts reports what is watched (issue 26 item 4).
 */
import { isAllowedPlayerUrl, safeHttpUrl } from "~/rules/embeds";
import { attr, button, el, isText, on, shopRoot } from "./dom";
import { pageProductFirst } from "./page-product";
import { PLATFORM_NAMES } from "./platform-tiles";
import { priceFormatter, productCard } from "./player-product-card";
import { watchClip, type PlayerEmit } from "./player-watching";
import type { CartOutcome, ThemeCartModule } from "./theme-cart";
import type { WidgetStrings } from "./widget-strings";
import { CART_VIDEO_PROPERTY, CART_WIDGET_PROPERTY, type StorefrontProduct, type StorefrontVideo, type StorefrontWidget } from "./widget-data";

/** What the renderer hands its player. */
export interface PlayerContext {
  widget: StorefrontWidget;
  /** The widget's box: the dialog goes in it (the widget's styles and theme apply). */
  box: HTMLElement;
  strings: WidgetStrings;
  /** Where Add to cart posts; null disables it (admin preview). The theme's cart code (theme-cart.ts) uses the shop's cart API at this root. */
  cartUrl: string | null;
  /** The theme's cart code: its own asset, loaded when the player opens (player-entry.ts); absent, Add to cart is disabled. */
  loadCart?: () => Promise<ThemeCartModule>;
  emit: PlayerEmit;
  /** `report` runs before the page's beacons go out (the page is hidden or left): the watch time so far goes with them. */
  beforeFlush: (report: () => void) => void;
  titleOf: (video: StorefrontVideo) => string;
  /** The video's poster, or its platform's tile. */
  poster: (video: StorefrontVideo, lazy: boolean) => HTMLElement;
  /** The dialog opened or closed (the carousel holds its auto-scroll while open). */
  onOpenChange: (open: boolean) => void;
  /** The player shows the widget's `index`-th video (Stories dims the ones seen). */
  onShow?: (index: number) => void;
}

export interface Player {
  /** Shows the widget's `index`-th video; `from` gets focus back when the dialog closes. */
  open(index: number, from: HTMLElement): void;
}

/** What clipcart-player.js puts on window for the storefront script. */
export interface PlayerModule {
  createPlayer: (context: PlayerContext) => Player;
}

/** A swipe moves to the next or previous video past this many pixels; a tap moves less than TAP_PX. */
const SWIPE_PX = 50;
const TAP_PX = 10;

let players = 0;

export function createPlayer({ widget, box, strings, cartUrl, loadCart, emit, beforeFlush, titleOf, poster, onOpenChange, onShow }: PlayerContext): Player {
  const { videos } = widget;
  const titleId = `cc${++players}t`;
  const formatPrice = priceFormatter(widget.currency);
  let opener: HTMLElement;
  let current = 0;
  let stage: HTMLElement;
  let screen: HTMLElement;
  let bar: HTMLElement;
  let pause: HTMLButtonElement;
  let sound: HTMLButtonElement;
  let info: HTMLElement;
  let status: HTMLElement;
  /** One <video> for every video: a browser that let it play with sound once lets it again. */
  const clip = el("video");
  clip.playsInline = true;
  let muted = false;
  /** The theme's cart, once an add has loaded it: View cart opens it. */
  let viewCart: ThemeCartModule | undefined;

  const video = () => videos[current]!;

  const setPaused = (paused: boolean) => {
    attr(pause, "aria-pressed", String(paused));
    if (paused) clip.pause();
    else {
      // A browser that refuses sound without a gesture of its own still plays muted.
      clip.muted = muted;
      clip.play().catch((error: Error) => {
        // Only a refusal of sound is retried muted; a play cut short (a pause, the next video) is not.
        if (muted || error.name !== "NotAllowedError") return;
        setMuted(true);
        clip.play().catch(() => undefined);
      });
    }
  };
  const setMuted = (value: boolean) => {
    muted = clip.muted = value;
    attr(sound, "aria-pressed", String(!value));
  };

  // What the shopper watches of the video on screen: plays, views, completions and watch time (beacons).
  const [reportWatchTime, restartWatching] = watchClip(
    clip,
    emit,
    video,
    () => attr(pause, "aria-pressed", "false"),
    (fraction) => (bar.style.width = `${100 * fraction}%`),
  );
  beforeFlush(reportWatchTime);
  // Read when it arrives: the pause of the video before may come after the next one was asked to play.
  on(clip, "pause", () => attr(pause, "aria-pressed", String(clip.paused)));

  const close = () => modal.close();
  const go = (step: number) => videos.length > 1 && show(current + step);

  const buildModal = (): HTMLDialogElement => {
    const dialog = el("dialog", "cc-modal");
    attr(dialog, "aria-labelledby", titleId);
    const sheet = el("div", "cc-sheet");
    stage = el("div", "cc-stage");
    screen = el("div", "cc-player");
    const progress = el("div", "cc-bar");
    bar = el("span");
    progress.append(bar);
    pause = button("cc-ctl cc-pause", strings.pause);
    sound = button("cc-ctl cc-sound", strings.sound);
    on(pause, "click", () => setPaused(!clip.paused));
    on(sound, "click", () => setMuted(!muted));
    stage.append(screen, progress, pause, sound);
    info = el("div", "cc-info");
    status = el("p", "cc-status");
    attr(status, "role", "status");
    const closer = button("cc-x", strings.close, "×");
    // showModal() focuses the video's stage (no focus() of ours forcing a layout in the tap that opens the player), so
    // Space pauses rather than pressing Close. Chromium gives autofocus on the dialog itself to its first iframe instead.
    stage.tabIndex = -1;
    stage.autofocus = true;
    on(closer, "click", close);
    sheet.append(stage);
    if (videos.length > 1) {
      const pager = el("div", "cc-pager");
      const back = button("cc-btn cc-up", strings.previous);
      const forward = button("cc-btn cc-down", strings.next);
      on(back, "click", () => go(-1));
      on(forward, "click", () => go(1));
      pager.append(back, forward);
      sheet.append(pager);
    }
    sheet.append(info, closer);
    dialog.append(sheet);

    // Phones: a swipe up or down moves through the videos, a tap pauses (the video follows the finger meanwhile).
    let startY: number | null = null;
    let moved = 0;
    on(screen, "pointerdown", (event: PointerEvent) => {
      startY = event.clientY;
      moved = 0;
    });
    on(screen, "pointermove", (event: PointerEvent) => {
      if (startY === null) return;
      moved = event.clientY - startY;
      screen.style.transform = `translateY(${moved}px)`;
    });
    const release = () => {
      if (startY === null) return;
      startY = null;
      screen.style.transform = "";
      if (Math.abs(moved) > SWIPE_PX) go(moved < 0 ? 1 : -1);
      else if (Math.abs(moved) < TAP_PX && screen.firstChild === clip) setPaused(!clip.paused);
    };
    on(screen, "pointerup", release);
    on(screen, "pointercancel", () => {
      moved = 0;
      release();
    });

    // However it closes (button, backdrop, Escape, a phone's back gesture), the video stops, its watch time is reported, and focus goes back.
    on(dialog, "close", () => {
      reportWatchTime();
      clip.pause();
      clip.removeAttribute("src");
      screen.replaceChildren();
      onOpenChange(false);
      opener.focus();
    });
    on(dialog, "click", (event: Event) => {
      if (event.target === dialog) close(); // the backdrop
    });
    on(dialog, "keydown", (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // Form fields keep their keys (a select's arrows, a quantity's digits); buttons and links keep Space.
      const field = /^(SELECT|INPUT|TEXTAREA)$/.test(target.tagName);
      const key = event.key;
      let handled = true;
      if (key === "Escape") close();
      else if (!field && (key === "ArrowDown" || key === "ArrowRight")) go(1);
      else if (!field && (key === "ArrowUp" || key === "ArrowLeft")) go(-1);
      else if (key === " " && !field && !/^(BUTTON|A)$/.test(target.tagName)) setPaused(!clip.paused);
      else {
        handled = false;
        if (key === "Tab") {
          // Keep focus inside the dialog, also where <dialog> does not make the page inert.
          const focusable = dialog.querySelectorAll<HTMLElement>("button:not([disabled]),a[href],iframe,select,input");
          const edge = focusable[event.shiftKey ? 0 : focusable.length - 1];
          if (document.activeElement === edge) {
            event.preventDefault();
            focusable[event.shiftKey ? focusable.length - 1 : 0]?.focus();
          }
        }
      }
      if (handled) event.preventDefault();
    });
    box.append(dialog);
    return dialog;
  };

  const addToCart = async (add: HTMLButtonElement, product: StorefrontProduct, variantId: number, quantity: number) => {
    const shown = video();
    add.disabled = true;
    add.textContent = strings.adding;
    status.textContent = "";
    let outcome: CartOutcome = { result: "failed" };
    try {
      const cart = await loadCart!();
      const properties = { [CART_VIDEO_PROPERTY]: shown.id, [CART_WIDGET_PROPERTY]: widget.id };
      outcome = await cart.addToCart({ variantId, quantity, properties }, close, opener);
      if (outcome.result === "added") viewCart = cart;
    } catch {
      // The cart's asset did not load (offline, blocked): reported like a refusal.
    }
    const ok = outcome.result !== "failed";
    add.disabled = false;
    add.dataset.state = ok ? "added" : "failed";
    add.textContent = ok ? strings.added : strings.addToCart;
    // The shop's own reason (sold out, a quantity limit) is plain text in the shopper's language.
    status.textContent = ok ? `${strings.added}: ${product.title}` : (outcome.result === "failed" && outcome.message) || strings.addFailed;
    if (ok) emit("add_to_cart", shown, product);
    if (outcome.result === "added") {
      // The theme showed no cart of its own: the shopper goes on watching, and can open it from here.
      const link = el("a", "cc-cart", strings.viewCart);
      link.href = `${shopRoot()}cart`;
      on(link, "click", (event: Event) => {
        if (viewCart && viewCart.showCart(close, opener)) event.preventDefault();
      });
      status.append(" ", link);
    }
  };

  const show = (index: number) => {
    if (modal && modal.open) reportWatchTime();
    current = (index + videos.length) % videos.length;
    const shown = video();
    restartWatching();
    bar.style.width = "0";
    const own = safeHttpUrl(shown.media && shown.media.src);
    const url = isText(shown.embedUrl) && isAllowedPlayerUrl(shown.embedUrl) ? shown.embedUrl : null;
    stage.classList.toggle("cc-native", !!own);
    clip.pause();
    if (own) {
      // Our copy in the shop's Shopify Files (decision 035): no platform player, no third-party page.
      clip.src = own;
      const still = safeHttpUrl(shown.poster);
      if (still) clip.poster = still;
      else clip.removeAttribute("poster");
      clip.title = titleOf(shown);
      screen.replaceChildren(clip);
      setPaused(false);
    } else if (url) {
      const frame = el("iframe");
      frame.src = url;
      frame.title = titleOf(shown);
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      // Players need scripts and their own origin, may open the platform in a new tab, and never navigate the shop.
      attr(frame, "sandbox", "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation");
      screen.replaceChildren(frame);
      // The platform's player starts by itself; what is watched there is the platform's to know.
      emit("play", shown);
    } else {
      screen.replaceChildren(poster(shown, false));
      const link = safeHttpUrl(shown.url);
      const platform = PLATFORM_NAMES[shown.platform];
      if (link && platform) {
        // "{platform}" has its place in each language's words ("Watch on TikTok", "TikTokで見る").
        const watch = el("a", "cc-watch", strings.watchOn.replace("{platform}", platform));
        watch.href = link;
        watch.target = "_blank";
        watch.rel = "noopener noreferrer";
        screen.append(watch);
      }
    }
    const heading = el("h2", "cc-vtitle", titleOf(shown));
    heading.id = titleId;
    info.replaceChildren(heading);
    if (isText(shown.author)) info.append(el("p", "cc-author", shown.author));
    // In the product page's gallery (decision 080), the page's product comes first, at the page's chosen variant.
    const products = pageProductFirst(
      (Array.isArray(shown.products) ? shown.products : []).filter((product) => product && isText(product.title)),
      widget.product,
    );
    // Wide screens: a video without products needs no products' column.
    modal.classList.toggle("cc-bare", !products.length);
    if (products.length) {
      // Phones: the products are a bottom sheet, opened by this button; wider screens always show them.
      const toggle = el("button", "cc-shop", `${strings.products} (${products.length})`);
      toggle.type = "button";
      attr(toggle, "aria-expanded", "false");
      const list = el("ul", "cc-products");
      const canAdd = !!cartUrl && !!loadCart;
      const viewed = (product: StorefrontProduct) => emit("product_click", shown, product);
      list.append(...products.map((product) => productCard(product, strings, formatPrice, canAdd, addToCart, viewed)));
      on(toggle, "click", () => attr(toggle, "aria-expanded", String(info.classList.toggle("cc-open"))));
      info.classList.remove("cc-open");
      info.append(toggle, list);
    }
    status.textContent = "";
    info.append(status);
    if (onShow) onShow(current);
  };

  // Built with the player (before the shopper's tap when the player is prepared on intent).
  const modal = buildModal();
  return {
    open(index: number, from: HTMLElement) {
      opener = from;
      // Opened by a click: sound is allowed (the browser says otherwise by refusing, then the video plays muted).
      setMuted(false);
      show(index);
      if (!modal.open) modal.showModal();
      // Browsers without autofocus in dialogs: the stage all the same.
      if (!modal.contains(document.activeElement)) stage.focus();
      onOpenChange(true);
      // The theme's cart code arrives while the shopper watches, ready for Add to cart.
      if (cartUrl && loadCart) loadCart().catch(() => undefined);
    },
  };
}
