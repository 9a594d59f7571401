/**
 * The widget's player: a modal dialog with the video (our copy in a native
 * <video>, else the platform's player, else the poster and a link) and its
 * products with Add to cart. Its own script asset (clipcart-player.js),
 * loaded on the shopper's first intent, so the script every page loads stays
 * small (decision 037); the admin preview imports it directly.
 *
 * The dialog traps focus, closes on Escape or the backdrop and gives focus
 * back; third-party text only ever becomes textContent; links, images and
 * players only from checked URLs.
 */
import { isAllowedPlayerUrl, safeHttpUrl } from "~/rules/embeds";
import type { BeaconEvent } from "./beacons";
import { attr, button, el, isText, on, shopRoot } from "./dom";
import { PLATFORM_TILES } from "./platform-tiles";
import type { WidgetStrings } from "./widget-strings";
import { CART_VIDEO_PROPERTY, CART_WIDGET_PROPERTY, type StorefrontProduct, type StorefrontVideo, type StorefrontWidget } from "./widget-data";

/** What the renderer hands its player. */
export interface PlayerContext {
  widget: StorefrontWidget;
  /** The widget's box: the dialog goes in it (the widget's styles and theme apply). */
  box: HTMLElement;
  strings: WidgetStrings;
  /** Where Add to cart posts; null disables it (admin preview). */
  cartUrl: string | null;
  emit: (type: BeaconEvent["type"], video: StorefrontVideo, product?: StorefrontProduct) => void;
  titleOf: (video: StorefrontVideo) => string;
  /** The video's poster, or its platform's tile. */
  poster: (video: StorefrontVideo, lazy: boolean) => HTMLElement;
  /** The dialog opened or closed (the carousel holds its auto-scroll while open). */
  onOpenChange: (open: boolean) => void;
}

export interface Player {
  /** Shows the widget's `index`-th video; `from` gets focus back when the dialog closes. */
  open(index: number, from: HTMLElement): void;
}

/** What clipcart-player.js puts on window for the storefront script. */
export interface PlayerModule {
  createPlayer: (context: PlayerContext) => Player;
}

let players = 0;

/** A Dawn-family theme's cart drawer or notification: which sections it shows, and how it takes them re-rendered. */
type ThemeCartUi = Element & {
  getSectionsToRender?: () => Array<{ id: string; section?: string }>;
  renderContents?: (answer: unknown) => void;
};

function themeCart(): ThemeCartUi | null {
  const ui = document.querySelector<ThemeCartUi>("cart-drawer, cart-notification");
  return ui && typeof ui.getSectionsToRender === "function" && typeof ui.renderContents === "function" ? ui : null;
}

/** Other themes: elements marked as cart counts ([data-cart-count]) show the cart's new item count. */
function refreshCartCounts() {
  const counts = document.querySelectorAll("[data-cart-count]");
  if (!counts.length) return;
  fetch(`${shopRoot()}cart.js`)
    .then((response) => response.json())
    .then((cart: { item_count?: unknown }) => {
      if (typeof cart.item_count !== "number") return;
      for (const count of counts) {
        count.textContent = String(cart.item_count);
        count.setAttribute("data-cart-count", String(cart.item_count));
      }
    })
    .catch(() => undefined);
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

export function createPlayer({ widget, box, strings, cartUrl, emit, titleOf, poster, onOpenChange }: PlayerContext): Player {
  const { videos } = widget;
  const titleId = `cc${++players}t`;
  const formatPrice = priceFormatter(widget.currency);
  const playerUrl = (video: StorefrontVideo) => (isText(video.embedUrl) && isAllowedPlayerUrl(video.embedUrl) ? video.embedUrl : null);
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
      onOpenChange(false);
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
    let answer: unknown = null;
    // A Dawn-family theme's cart UI names the sections to re-render with the new cart (Section Rendering API).
    const ui = themeCart();
    let sections: string[] = [];
    try {
      sections = ui ? ui.getSectionsToRender!().map((section) => section.section || section.id) : [];
    } catch {
      // A theme's own script failed: the counts are updated the plain way.
    }
    try {
      const response = await fetch(cartUrl!, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          items: [{ id: product.variantId, quantity: 1, properties: { [CART_VIDEO_PROPERTY]: video.id, [CART_WIDGET_PROPERTY]: widget.id } }],
          ...(sections.length ? { sections: sections.join(","), sections_url: location.pathname } : {}),
        }),
      });
      ok = response.ok;
      if (ok) answer = await response.json().catch(() => null);
    } catch {
      // Offline or blocked: reported below like a refusal (sold out, quantity limits).
    }
    add.disabled = false;
    add.dataset.state = ok ? "added" : "failed";
    add.textContent = ok ? strings.added : strings.addToCart;
    status.textContent = ok ? `${strings.added}: ${product.title}` : strings.addFailed;
    if (ok) {
      emit("add_to_cart", video, product);
      let rendered = false;
      if (ui && sections.length && answer) {
        try {
          ui.renderContents!(answer);
          rendered = true;
        } catch {
          // Falls back below.
        }
      }
      if (!rendered) refreshCartCounts();
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
        // "{platform}" has its place in each language's words ("Watch on TikTok", "TikTokで見る").
        const watch = el("a", "cc-watch", strings.watchOn.replace("{platform}", platform.name));
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

  return {
    open(index: number, from: HTMLElement) {
      modal = modal || buildModal();
      opener = from;
      show(index);
      if (!modal.open) modal.showModal();
      onOpenChange(true);
      modal.querySelector<HTMLElement>(".cc-x")!.focus();
    },
  };
}
