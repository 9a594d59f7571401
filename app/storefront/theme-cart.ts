/**
 * The theme's cart after Add to cart in the player (decision 065): the line
 * goes into the shop's cart, and the cart the shopper sees (the theme's bubble,
 * drawer, notification or cart page) follows, as the theme's own product form
 * makes it. Its own script asset (clipcart-cart.js), loaded when the player
 * opens, so neither the widget script nor the player carries every theme's
 * ways.
 *
 * Which way, in this order (the first that the page has):
 * 1. Shopify's standard storefront actions (`Shopify.actions`, Horizon 4 and
 *    later): `updateCart` with the line and its attributes, then `openCart`.
 *    Shopify may offer them on any storefront, so they are used where the
 *    theme has configured them (its `openCart` is not the default) or no
 *    older theme family below is on the page.
 * 2. A Dawn-family cart drawer or notification (`cart-drawer`,
 *    `cart-notification` with `renderContents`): the sections it names come
 *    back with the single added line (with its `key`), it opens, and Dawn's
 *    `pubsub` hears `cartUpdate`.
 * 3. Horizon before standard actions (`cart-items-component`,
 *    `cart-drawer-component`): a `cart:update` event with the sections its cart
 *    items name and the cart's count; its drawer opens itself where the
 *    merchant chose so.
 * 4. Any other theme: the `cart-icon-bubble` section re-rendered where the page
 *    has one (Dawn's cart page setting too), counts marked `[data-cart-count]`,
 *    Dawn's `pubsub`, and a `cart:refresh` event.
 * A theme's own code that fails never reaches the theme's other scripts, nor
 * keeps the line from the cart.
 */
import { shopRoot } from "./dom";

export interface CartLine {
  variantId: number;
  quantity: number;
  /** Line-item properties (underscored ones are hidden at checkout). */
  properties: Record<string, string>;
}

/**
 * failed: not added (`message` is the shop's reason, when it gave one);
 * shown: the theme shows its cart, above the page (the player closed first);
 * added: in the cart, with the theme's counts updated; the player says so.
 */
export type CartOutcome = { result: "failed"; message?: string } | { result: "shown" | "added" };

export interface ThemeCartModule {
  /** Adds the line; `closePlayer` runs before the theme opens a cart of its own, `opener` gets focus back when it closes. */
  addToCart(line: CartLine, closePlayer: () => void, opener: HTMLElement): Promise<CartOutcome>;
  /** Opens the theme's cart over the page (after `closePlayer`); false when the theme has none to open: go to the cart page. */
  showCart(closePlayer: () => void, opener: HTMLElement): boolean;
}

type AnyRecord = Record<string, unknown>;

/** Shopify's standard storefront actions, as far as we use them (horizon-4.1.3/assets/standard-actions.d.ts). */
interface StandardActions {
  updateCart?: (payload: AnyRecord) => Promise<{ userErrors?: Array<{ message?: string }> }>;
  openCart?: ((() => Promise<void>) & { isDefault?: () => boolean }) | undefined;
}

/** Dawn's cart drawer and notification (assets/cart-drawer.js, cart-notification.js). */
type DawnCartUi = HTMLElement & {
  getSectionsToRender(): Array<{ id: string; section?: string }>;
  renderContents(answer: unknown): void;
  setActiveElement?: (element: Element) => void;
  open?: (opener?: Element) => void;
};

// Dawn's pubsub (assets/pubsub.js, constants.js): globals of the theme's classic scripts, so read by name.
declare const publish: ((event: string, data: unknown) => unknown) | undefined;
declare const PUB_SUB_EVENTS: { cartUpdate?: string } | undefined;

const actions = (): StandardActions | undefined => (window as { Shopify?: { actions?: StandardActions } }).Shopify?.actions;

/** Horizon before standard actions (assets/cart-drawer.js, component-cart-items.js). */
const horizonCart = () => document.querySelector("cart-items-component, cart-drawer-component");

/** The theme uses Shopify's standard actions: it configured them, or has no cart code of an older family. */
function standardActions(): StandardActions | null {
  const standard = actions();
  if (!standard || typeof standard.updateCart !== "function") return null;
  return openCartConfigured(standard) || (!dawnCart() && !horizonCart()) ? standard : null;
}

function openStandardCart(standard: StandardActions) {
  quietly(() => Promise.resolve(standard.openCart!()).catch(() => undefined));
}

function openCartConfigured(standard: StandardActions): boolean {
  const openCart = standard.openCart;
  return typeof openCart === "function" && typeof openCart.isDefault === "function" && !openCart.isDefault();
}

function dawnCart(): DawnCartUi | null {
  const ui = document.querySelector<DawnCartUi>("cart-notification, cart-drawer");
  return ui && typeof ui.getSectionsToRender === "function" && typeof ui.renderContents === "function" ? ui : null;
}

/** A theme's code run for its effect: if it throws, the rest still happens. */
function quietly(work: () => unknown): boolean {
  try {
    work();
    return true;
  } catch {
    return false;
  }
}

async function cartJson(path: string, body?: AnyRecord): Promise<AnyRecord> {
  const response = await fetch(shopRoot() + path, {
    method: body ? "POST" : "GET",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body && JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as AnyRecord;
  if (!response.ok) throw new CartRefusal(typeof answer.description === "string" ? answer.description : undefined);
  return answer;
}

class CartRefusal extends Error {
  constructor(readonly reason?: string) {
    super(reason);
  }
}

/** The inner HTML of a section as the Section Rendering API returned it (what the theme's own scripts take). */
function sectionInner(html: unknown, selector = ".shopify-section"): string | null {
  if (typeof html !== "string") return null;
  const found = new DOMParser().parseFromString(html, "text/html").querySelector(selector);
  return found ? found.innerHTML : null;
}

async function addWithStandardActions(line: CartLine, closePlayer: () => void, standard: StandardActions): Promise<CartOutcome> {
  const result = await standard.updateCart!({
    lines: [
      {
        merchandiseId: `gid://shopify/ProductVariant/${line.variantId}`,
        quantity: line.quantity,
        attributes: Object.entries(line.properties).map(([key, value]) => ({ key, value })),
      },
    ],
  });
  const errors = (result && result.userErrors) || [];
  if (errors.length) return { result: "failed", message: errors[0]!.message };
  // A default openCart (the theme set none) may only go to the cart page: the shopper chooses that with View cart.
  if (!openCartConfigured(standard)) return { result: "added" };
  closePlayer();
  openStandardCart(standard);
  return { result: "shown" };
}

async function addThroughAjax(line: CartLine, closePlayer: () => void, opener: HTMLElement): Promise<CartOutcome> {
  const dawn = dawnCart();
  const horizonItems = [...document.querySelectorAll<HTMLElement>("cart-items-component[data-section-id]")];
  const horizon = !!horizonCart();
  const bubble = document.getElementById("cart-icon-bubble");
  const sections = new Set<string>();
  if (dawn) quietly(() => dawn.getSectionsToRender().forEach((section) => sections.add(section.section || section.id)));
  for (const items of horizonItems) sections.add(items.dataset.sectionId!);
  if (bubble) sections.add("cart-icon-bubble");

  // One line, not {items: [...]}: Shopify then answers that line with its key, which Dawn's notification needs.
  const answer = await cartJson("cart/add.js", {
    id: line.variantId,
    quantity: line.quantity,
    properties: line.properties,
    ...(sections.size ? { sections: [...sections].join(","), sections_url: location.pathname } : {}),
  });
  const rendered = (answer.sections || {}) as Record<string, unknown>;
  const needsCart = horizon || document.querySelector("[data-cart-count]");
  const cart = needsCart ? await cartJson("cart.js").catch(() => null) : null;
  let outcome: CartOutcome = { result: "added" };

  if (dawn && [...sections].some((id) => id !== "cart-icon-bubble" && rendered[id])) {
    // Dawn's drawer or notification opens itself: over the page, not under the player.
    closePlayer();
    quietly(() => dawn.setActiveElement && dawn.setActiveElement(opener));
    // Dawn's product form does this too: an empty drawer would otherwise keep its header hidden and trap focus on nothing.
    dawn.classList.remove("is-empty");
    if (quietly(() => dawn.renderContents(answer))) outcome = { result: "shown" };
  } else if (bubble && rendered["cart-icon-bubble"]) {
    const inner = sectionInner(rendered["cart-icon-bubble"]);
    if (inner !== null) bubble.innerHTML = inner;
  }

  if (horizon) {
    const drawer = document.querySelector("cart-drawer-component[auto-open]");
    if (drawer) closePlayer();
    quietly(() =>
      document.dispatchEvent(
        new CustomEvent("cart:update", {
          bubbles: true,
          detail: {
            resource: cart,
            sourceId: "clipcart",
            data: { source: "clipcart", itemCount: cart && cart.item_count, variantId: String(line.variantId), sections: rendered },
          },
        }),
      ),
    );
    if (drawer) outcome = { result: "shown" };
  }

  if (cart && typeof cart.item_count === "number") {
    for (const count of document.querySelectorAll("[data-cart-count]")) {
      count.textContent = String(cart.item_count);
      count.setAttribute("data-cart-count", String(cart.item_count));
    }
  }
  if (typeof publish === "function" && typeof PUB_SUB_EVENTS === "object" && PUB_SUB_EVENTS && PUB_SUB_EVENTS.cartUpdate) {
    const topic = PUB_SUB_EVENTS.cartUpdate;
    quietly(() => publish(topic, { source: "clipcart", productVariantId: line.variantId, cartData: answer }));
  }
  quietly(() => document.dispatchEvent(new CustomEvent("cart:refresh", { bubbles: true, detail: { source: "clipcart", variantId: line.variantId } })));
  return outcome;
}

export const themeCart: ThemeCartModule = {
  async addToCart(line, closePlayer, opener) {
    try {
      const standard = standardActions();
      return standard ? await addWithStandardActions(line, closePlayer, standard) : await addThroughAjax(line, closePlayer, opener);
    } catch (error) {
      return { result: "failed", message: error instanceof CartRefusal ? error.reason : undefined };
    }
  },

  showCart(closePlayer, opener) {
    const standard = standardActions();
    if (standard && openCartConfigured(standard)) {
      closePlayer();
      openStandardCart(standard);
      return true;
    }
    const dawn = dawnCart();
    if (dawn && dawn.tagName === "CART-DRAWER" && typeof dawn.open === "function") {
      closePlayer();
      return quietly(() => dawn.open!(opener));
    }
    const horizon = document.querySelector<HTMLElement & { showDialog?: () => void }>("cart-drawer-component");
    if (horizon && typeof horizon.showDialog === "function") {
      closePlayer();
      return quietly(() => horizon.showDialog!());
    }
    return false;
  },
};
