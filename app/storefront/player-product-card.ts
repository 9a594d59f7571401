/**
 * A product card of the player (issue 14): image, price (compare-at when on
 * sale), option selects with the values no available variant has disabled,
 * quantity, Add to cart and View product. Third-party text only ever becomes
 * textContent; the image only from a checked URL.
 */
import { safeHttpUrl } from "~/rules/embeds";
import { attr, el, isText, on, shopRoot } from "./dom";
import type { WidgetStrings } from "./widget-strings";
import type { StorefrontProduct, StorefrontVariant } from "./widget-data";

const MAX_QUANTITY = 99;

export function priceFormatter(currency: string): (price: string) => string {
  try {
    const format = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "currency", currency });
    return (price) => (isText(price) && isFinite(+price) ? format.format(+price) : "");
  } catch {
    // Unknown currency code or locale: the amount as published, with the code.
    return (price) => `${price} ${currency}`;
  }
}

/** The product's variants when it has options to choose (published data is checked: a broken entry is left out). */
function variantsOf(product: StorefrontProduct): StorefrontVariant[] {
  const options = product.options;
  if (!Array.isArray(options) || !options.length || !Array.isArray(product.variants)) return [];
  return product.variants.filter(
    (variant) => variant && typeof variant.id === "number" && Array.isArray(variant.values) && variant.values.length === options.length,
  );
}

/** A product card: image, price (compare-at when on sale), options with sold-out values disabled, quantity, Add to cart, View product. */
/**
 * The card of one product. Plain parameters rather than an options object: the
 * minifier shortens them, and the player's asset is kept under 10,000 bytes.
 * `canAdd`: Add to cart works here (off in the admin preview, or without the
 * theme's cart code); `onAdd` runs when the shopper adds `quantity` of a
 * variant (the button then shows the outcome); `onViewProduct` when they
 * follow View product.
 */
export function productCard(
  product: StorefrontProduct,
  strings: WidgetStrings,
  formatPrice: (price: string) => string,
  canAdd: boolean,
  onAdd: (add: HTMLButtonElement, product: StorefrontProduct, variantId: number, quantity: number) => void,
  onViewProduct: (product: StorefrontProduct) => void,
): HTMLLIElement {
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
  const price = el("span", "cc-price");
  text.append(el("span", "cc-name", product.title), price);
  const variants = variantsOf(product);
  const start = variants.find((variant) => variant.id === product.variantId) || variants[0];
  const chosen = start ? start.values.slice() : [];
  const selects = (product.options || []).slice(0, start ? undefined : 0).map((name, index) => {
    const values = new Set(variants.map((variant) => variant.values[index]!));
    // An option with one value ("Default Title", one material) is no choice: nothing to pick.
    if (values.size < 2) return null;
    const label = el("label", "cc-opt");
    const select = el("select");
    for (const value of values) select.append(el("option", "", value));
    select.value = chosen[index]!;
    on(select, "change", () => {
      chosen[index] = select.value;
      refresh();
    });
    label.append(el("span", "", isText(name) ? name : ""), select);
    text.append(label);
    return select;
  });
  const buy = el("div", "cc-buy");
  const quantity = el("input", "cc-qty");
  quantity.type = "number";
  quantity.min = "1";
  quantity.max = String(MAX_QUANTITY);
  quantity.value = "1";
  attr(quantity, "inputmode", "numeric");
  attr(quantity, "aria-label", `${strings.quantity}: ${product.title}`);
  // Its visible label too: a box with a 1 in it says nothing by itself.
  const amount = el("label", "cc-opt");
  amount.append(el("span", "", strings.quantity), quantity);
  const add = el("button", "cc-btn");
  add.type = "button";
  attr(add, "aria-label", `${strings.addToCart}: ${product.title}`);
  buy.append(amount, add);
  text.append(buy);
  let variantId: number | null = null;
  on(add, "click", () => {
    const count = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(+quantity.value) || 1));
    quantity.value = String(count);
    if (variantId !== null) onAdd(add, product, variantId, count);
  });
  if (isText(product.handle)) {
    const view = el("a", "cc-view", strings.viewProduct);
    view.href = `${shopRoot()}products/${encodeURIComponent(product.handle)}`;
    attr(view, "aria-label", `${strings.viewProduct}: ${product.title}`);
    on(view, "click", () => onViewProduct(product));
    text.append(view);
  }

  /** Shows the chosen variant's price and whether it can be added; values no available variant has (with the other choices) are disabled. */
  const refresh = () => {
    selects.forEach((select, index) => {
      if (!select) return;
      for (const option of select.options) {
        option.disabled = !variants.some(
          (variant) => variant.available && variant.values.every((value, other) => value === (other === index ? option.value : chosen[other])),
        );
      }
    });
    const variant = variants.find((candidate) => candidate.values.every((value, index) => value === chosen[index]));
    // Data published before variants were: the first available variant, as then.
    const offer = start
      ? variant
      : { id: product.variantId, price: product.price, compareAtPrice: product.compareAtPrice, available: typeof product.variantId === "number" };
    const buyable = !!offer && offer.available && typeof offer.id === "number";
    variantId = buyable ? offer.id : null;
    price.textContent = formatPrice(offer ? offer.price : product.price);
    const was = offer && offer.compareAtPrice;
    if (was && +was > +offer.price) {
      const regular = el("s", "", formatPrice(was));
      regular.prepend(el("span", "cc-vh", `${strings.regularPrice} `));
      price.append(" ", regular);
    }
    add.disabled = !buyable || !canAdd;
    add.dataset.state = "";
    add.textContent = buyable ? strings.addToCart : offer ? strings.soldOut : strings.unavailable;
  };
  refresh();
  row.append(text);
  return row;
}
