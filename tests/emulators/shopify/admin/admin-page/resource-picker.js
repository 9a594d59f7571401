// @ts-check
/*
 * The product picker (`shopify.resourcePicker`).
 */
/** @typedef {import("../protocol.js").PickedProduct} PickedProduct */
/** @typedef {import("./dialogs.js").Shell} Shell */
import { config, el } from "./page.js";
import { openShell } from "./dialogs.js";

// shopify.resourcePicker({ type: "product" }): Shopify draws its picker in the
// admin, over the app. Products come from Local Shopify (config.productsUrl);
// the answer is the chosen products in App Bridge's shape, or null (cancelled).
/**
 * @param {import("./page.js").FrameMessage<"resource-picker">} request
 * @returns {Promise<PickedProduct[] | null>}
 */
export function resourcePickerDialog(request) {
  const limit = request.multiple === true ? Infinity : typeof request.multiple === "number" && request.multiple > 0 ? request.multiple : 1;
  const verb = request.action === "select" ? "Select" : "Add";
  /** @type {Map<string, PickedProduct>} chosen products, in the order chosen */
  const chosen = new Map();
  const preselected = new Set(request.selectionIds);
  return new Promise((resolve) => {
    /** @type {Shell} */
    let shell;
    /** @param {PickedProduct[] | null} answer */
    const finish = (answer) => {
      shell.remove();
      resolve(answer);
    };
    const search = el("input", { type: "search", "aria-label": "Search products", placeholder: "Search products", value: request.query || "" });
    const list = el("ul", { class: "picker-list", "aria-label": "Products", "data-testid": "admin-resource-picker-list" });
    const count = el("span", { class: "picker-count", "aria-live": "polite" });
    const cancelButton = el("button", { type: "button", "data-testid": "admin-resource-picker-cancel", onclick: () => finish(null) }, "Cancel");
    const doneButton = el(
      "button",
      { type: "button", "data-variant": "primary", "data-testid": "admin-resource-picker-done", onclick: () => finish(Array.from(chosen.values())) },
      verb,
    );
    const refresh = () => {
      count.textContent = chosen.size ? `${chosen.size} selected` : "";
      doneButton.disabled = chosen.size === 0;
      for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (list.querySelectorAll("input[type=checkbox]"))) {
        box.checked = chosen.has(box.value);
        box.disabled = !box.checked && limit !== 1 && chosen.size >= limit;
      }
    };
    /** @param {PickedProduct} product */
    const toggle = (product) => {
      if (chosen.has(product.id)) chosen.delete(product.id);
      else {
        if (limit === 1) chosen.clear();
        if (chosen.size < limit) chosen.set(product.id, product);
      }
      refresh();
    };
    /** @param {PickedProduct} product */
    const row = (product) => {
      const image = product.images[0];
      const prices = product.variants.map((variant) => Number(variant.price));
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      const price = prices.length === 0 ? "" : low === high ? `$${low.toFixed(2)}` : `$${low.toFixed(2)} – $${high.toFixed(2)}`;
      const box = el("input", { type: "checkbox", value: product.id, onchange: () => toggle(product) });
      return el(
        "li",
        {},
        el(
          "label",
          { "data-testid": "admin-resource-picker-item" },
          box,
          image ? el("img", { src: image.originalSrc, alt: "", width: "40", height: "40" }) : "",
          el("span", { class: "picker-title" }, product.title),
          el("span", { class: "picker-meta" }, price),
        ),
      );
    };
    let searchSeq = 0;
    const load = async () => {
      const seq = ++searchSeq;
      list.setAttribute("aria-busy", "true");
      try {
        const response = await fetch(`${config.productsUrl}?query=${encodeURIComponent(search.value)}`, { headers: { Accept: "application/json" } });
        const body = /** @type {{ products: PickedProduct[] }} */ (await response.json());
        if (seq !== searchSeq) return;
        // Preselected products (selectionIds) start chosen the first time they are shown.
        for (const product of body.products) {
          if (preselected.delete(product.id) && chosen.size < limit) chosen.set(product.id, product);
        }
        list.replaceChildren(...(body.products.length ? body.products.map(row) : [el("li", { class: "picker-empty" }, "No products found")]));
        refresh();
      } finally {
        if (seq === searchSeq) list.removeAttribute("aria-busy");
      }
    };
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let typing;
    search.addEventListener("input", () => {
      clearTimeout(typing);
      typing = setTimeout(load, 200);
    });
    shell = openShell({
      testId: "admin-resource-picker",
      title: `${verb} products`,
      variant: "base",
      body: el("div", { class: "body picker" }, search, list),
      footer: el("footer", {}, count, cancelButton, doneButton),
      onClose: () => finish(null),
    });
    refresh();
    search.focus();
    void load();
  });
}
