// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.example/products/linen-shirt"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { themeCart, type CartLine } from "./theme-cart";

// Each theme family's cart code as the real theme exposes it (../shared/themes: Dawn's cart-drawer.js,
// cart-notification.js and pubsub.js, Horizon's cart:update listeners, Shopify's standard actions). These stand-ins
// pin what Clipcart calls and in which order; tests/e2e/real-themes-cart.e2e.ts runs the real themes' files.

const line: CartLine = { variantId: 40001, quantity: 2, properties: { _clipcart_video: "vid_1", _clipcart_widget: "wid_1" } };
const addedLine = { key: "40001:abc", id: 40001, quantity: 2, properties: line.properties };
const section = (id: string, html: string) => `<div id="shopify-section-${id}" class="shopify-section">${html}</div>`;

let fetchMock: ReturnType<typeof vi.fn>;
let steps: string[];
let opener: HTMLButtonElement;
const closePlayer = () => steps.push("close player");

/** /cart/add.js answers the line with the sections asked for; /cart.js the cart. */
function shopAnswers(cart = { item_count: 3, items: [addedLine] }) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/cart.js")) return Response.json(cart);
    const body = JSON.parse(init!.body as string) as { sections?: string };
    const sections = Object.fromEntries(
      (body.sections ?? "")
        .split(",")
        .filter(Boolean)
        .map((id) => [id, section(id, `<b>${id}</b>`)]),
    );
    return Response.json({ ...addedLine, ...(body.sections ? { sections } : {}) });
  });
}
const posted = () => JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string) as Record<string, unknown>;

beforeEach(() => {
  steps = [];
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  document.body.replaceChildren();
  opener = Object.assign(document.createElement("button"), { textContent: "Play video" });
  document.body.append(opener);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Shopify?: unknown }).Shopify;
  delete (window as { publish?: unknown }).publish;
  delete (window as { PUB_SUB_EVENTS?: unknown }).PUB_SUB_EVENTS;
});

function dawnUi(tag: "cart-drawer" | "cart-notification", sections: string[]) {
  const ui = Object.assign(document.createElement(tag), {
    getSectionsToRender: () => sections.map((id) => ({ id })),
    setActiveElement: (element: Element) => steps.push(`active element: ${element.textContent}`),
    renderContents: (answer: { key?: string; sections: Record<string, string> }) => {
      steps.push(`render ${answer.key} with ${Object.keys(answer.sections).join(",")}`);
    },
    open: () => steps.push("drawer open"),
  });
  ui.classList.add("is-empty");
  document.body.append(ui);
  return ui;
}

describe("Shopify's standard actions (Horizon 4)", () => {
  it("updateCart with the line and its properties as attributes, then the player closes and openCart shows the theme's cart", async () => {
    const updateCart = vi.fn(async () => ({ cart: { totalQuantity: 2 } }));
    const openCart = Object.assign(
      vi.fn(async () => void steps.push("openCart")),
      { isDefault: () => false },
    );
    (window as { Shopify?: unknown }).Shopify = { actions: { updateCart, openCart } };
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "shown" });
    expect(updateCart).toHaveBeenCalledWith({
      lines: [
        {
          merchandiseId: "gid://shopify/ProductVariant/40001",
          quantity: 2,
          attributes: [
            { key: "_clipcart_video", value: "vid_1" },
            { key: "_clipcart_widget", value: "wid_1" },
          ],
        },
      ],
    });
    expect(steps).toEqual(["close player", "openCart"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the shop's refusal (userErrors) is the shopper's message, and nothing opens", async () => {
    const updateCart = vi.fn(async () => ({ cart: null, userErrors: [{ message: "Only 1 left" }] }));
    (window as { Shopify?: unknown }).Shopify = { actions: { updateCart, openCart: Object.assign(vi.fn(), { isDefault: () => false }) } };
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "failed", message: "Only 1 left" });
    expect(steps).toEqual([]);
  });

  it("actions Shopify offers on a Dawn store that never configured them are left alone: Dawn's own way is used", async () => {
    const updateCart = vi.fn();
    (window as { Shopify?: unknown }).Shopify = { actions: { updateCart, openCart: Object.assign(vi.fn(), { isDefault: () => true }) } };
    dawnUi("cart-drawer", ["cart-drawer", "cart-icon-bubble"]);
    shopAnswers();
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "shown" });
    expect(updateCart).not.toHaveBeenCalled();
  });
});

describe("Dawn", () => {
  it("notification: one line with the sections it names; the player closes, focus will come back to the video, and it renders the line by its key", async () => {
    dawnUi("cart-notification", ["cart-notification-product", "cart-notification-button", "cart-icon-bubble"]);
    const published = vi.fn();
    Object.assign(window, { publish: published, PUB_SUB_EVENTS: { cartUpdate: "cart-update" } });
    shopAnswers();
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "shown" });
    expect(posted()).toEqual({
      id: 40001,
      quantity: 2,
      properties: line.properties,
      sections: "cart-notification-product,cart-notification-button,cart-icon-bubble",
      sections_url: "/products/linen-shirt",
    });
    expect(steps).toEqual([
      "close player",
      "active element: Play video",
      "render 40001:abc with cart-notification-product,cart-notification-button,cart-icon-bubble",
    ]);
    expect(published).toHaveBeenCalledWith("cart-update", expect.objectContaining({ source: "clipcart", productVariantId: 40001 }));
  });

  it("drawer: an empty drawer is no longer marked empty when it opens (its header and close button show)", async () => {
    const drawer = dawnUi("cart-drawer", ["cart-drawer", "cart-icon-bubble"]);
    shopAnswers();
    await themeCart.addToCart(line, closePlayer, opener);
    expect(drawer.classList.contains("is-empty")).toBe(false);
    expect(steps.at(-1)).toBe("render 40001:abc with cart-drawer,cart-icon-bubble");
  });

  it("a drawer whose script throws neither throws into the page nor loses the line: the player says it was added", async () => {
    const drawer = dawnUi("cart-drawer", ["cart-drawer"]);
    drawer.renderContents = () => {
      throw new TypeError("Cannot read properties of null");
    };
    shopAnswers();
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "added" });
  });

  it("cart page: the header's bubble section is rendered again; View cart goes to the cart page", async () => {
    const bubble = Object.assign(document.createElement("a"), { id: "cart-icon-bubble", innerHTML: "<span>0</span>" });
    document.body.append(bubble);
    shopAnswers();
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "added" });
    expect(posted().sections).toBe("cart-icon-bubble");
    expect(bubble.innerHTML).toBe("<b>cart-icon-bubble</b>");
    expect(themeCart.showCart(closePlayer, opener)).toBe(false);
    expect(steps).toEqual([]);
  });

  it("View cart opens Dawn's drawer over the page, after the player closed", () => {
    dawnUi("cart-drawer", ["cart-drawer"]);
    expect(themeCart.showCart(closePlayer, opener)).toBe(true);
    expect(steps).toEqual(["close player", "drawer open"]);
  });
});

describe("Horizon before standard actions (3.x)", () => {
  function horizon(autoOpen: boolean) {
    const items = document.createElement("cart-items-component");
    items.dataset.sectionId = "sections--123__cart-drawer";
    const drawer = document.createElement("cart-drawer-component");
    if (autoOpen) drawer.setAttribute("auto-open", "");
    drawer.append(items);
    document.body.append(drawer);
    const heard: CustomEvent[] = [];
    document.addEventListener("cart:update", (event) => heard.push(event as CustomEvent), { once: true });
    return heard;
  }

  it("cart:update carries the sections its cart items name and the cart's count; the drawer stays shut unless the merchant chose auto-open", async () => {
    const heard = horizon(false);
    shopAnswers({ item_count: 5, items: [addedLine] });
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "added" });
    expect(posted().sections).toBe("sections--123__cart-drawer");
    expect(heard[0]?.detail).toMatchObject({
      resource: { item_count: 5 },
      data: { source: "clipcart", itemCount: 5, sections: { "sections--123__cart-drawer": expect.stringContaining("cart-drawer") } },
    });
    expect(steps).toEqual([]);
  });

  it("with auto-open the player closes before the event that opens the drawer", async () => {
    const heard = horizon(true);
    document.addEventListener("cart:update", () => steps.push("cart:update"), { once: true });
    shopAnswers();
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "shown" });
    expect(heard).toHaveLength(1);
    expect(steps).toEqual(["close player", "cart:update"]);
  });
});

describe("any other theme", () => {
  it("counts marked [data-cart-count] show the cart's count, and cart:refresh is sent", async () => {
    const count = Object.assign(document.createElement("span"), { textContent: "0" });
    count.dataset.cartCount = "0";
    document.body.append(count);
    const refreshed = vi.fn();
    document.addEventListener("cart:refresh", refreshed, { once: true });
    shopAnswers({ item_count: 7, items: [addedLine] });
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "added" });
    expect(count.textContent).toBe("7");
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(posted().sections).toBeUndefined();
  });

  it("a refusal gives the shop's description; a network failure gives nothing to show but the player's words", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ status: 422, message: "Cart Error", description: "Sold out" }, { status: 422 }));
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "failed", message: "Sold out" });
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await themeCart.addToCart(line, closePlayer, opener)).toEqual({ result: "failed", message: undefined });
  });
});
