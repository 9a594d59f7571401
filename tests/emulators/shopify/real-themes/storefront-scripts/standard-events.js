/*
 * Local Shopify's stand-in for Shopify's standard storefront events library
 * (https://cdn.shopify.com/storefront/standard-events.js, which Horizon 4
 * imports as `@shopify/events` and our machines cannot reach). Written from
 * its published types (horizon-4.1.3/assets/standard-events.d.ts) and
 * shopify.dev's "Standard storefront events" pages:
 * - each event is a DOM event named `shopify:<category>:<action>` that
 *   bubbles to document, its payload's fields on the event itself;
 * - ids given raw (a variant id, "123") become gids (gid://shopify/...);
 * - events that wait on work carry `promise` (`createPromise()` makes one
 *   with its resolve and reject), resolving with the result;
 * - `createCartFromAjaxResponse` turns an Ajax API cart into the Storefront
 *   API's cart summary (line ids are the Ajax keys, kept as they are);
 * - `createViewEventElement(Base)` makes a custom element class that
 *   dispatches its view event (from `view-event-payload`, or a child
 *   `<script type="application/json" data-view-event-payload>`) on connect,
 *   on first intersection, when its dialog opens, or when asked.
 * Local Shopify serves it at /cdn/shopify/storefront/standard-events.js and
 * rewrites the CDN URL in pages to that path.
 */

export const StandardEvents = Object.freeze({
  pageView: "shopify:page:view",
  productView: "shopify:product:view",
  productSelect: "shopify:product:select",
  cartView: "shopify:cart:view",
  cartError: "shopify:cart:error",
  cartLinesUpdate: "shopify:cart:lines-update",
  cartNoteUpdate: "shopify:cart:note-update",
  cartDiscountUpdate: "shopify:cart:discount-update",
  cartAttributesUpdate: "shopify:cart:attributes-update",
  searchUpdate: "shopify:search:update",
  collectionView: "shopify:collection:view",
  collectionUpdate: "shopify:collection:update",
});

/** `gid://shopify/<type>/<id>`; a gid stays as it is. */
export function createGid(resourceType, id) {
  const text = String(id);
  return text.startsWith("gid://") ? text : `gid://shopify/${resourceType}/${text}`;
}

/** Which gid type an `id` field holds, by the object it is in (a cart line's, a product's, its variant's...). */
function gidTypeFor(path) {
  const parent = path[path.length - 1] || "";
  if (parent === "cart") return "Cart";
  if (parent === "lines") return "CartLine";
  if (parent === "product") return "Product";
  if (parent === "selectedVariant" || parent === "variant") return "ProductVariant";
  if (parent === "collection") return "Collection";
  if (parent === "sellingPlan") return "SellingPlan";
  return null;
}

/** Raw ids (numbers, numeric strings) in a payload as gids; promises, functions and other objects untouched. */
function withGids(value, path = []) {
  if (Array.isArray(value)) return value.map((item) => withGids(item, path));
  if (!value || typeof value !== "object" || typeof value.then === "function" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "detail") out[key] = field;
    else if (key === "merchandiseId" && field !== null && field !== undefined) out[key] = createGid("ProductVariant", field);
    else if (key === "id" && (typeof field === "string" || typeof field === "number")) {
      const type = gidTypeFor(path);
      // Cart lines keep the Ajax API's keys (opaque ids), as the library keeps them.
      out[key] = type && type !== "CartLine" ? createGid(type, field) : field;
    } else out[key] = withGids(field, [...path, key]);
  }
  return out;
}

function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A promise nobody awaits must not report an unhandled rejection: listeners may or may not take it.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

const money = (cents, currencyCode) => ({ amount: (Number(cents || 0) / 100).toFixed(2), currencyCode: currencyCode || "USD" });

/** An Ajax API cart (/cart.js) as the Storefront API's cart summary the events carry. */
function fromAjaxCart(cart) {
  if (!cart) return null;
  const currency = cart.currency || "USD";
  return {
    id: createGid("Cart", cart.token || ""),
    totalQuantity: Number(cart.item_count || 0),
    cost: { totalAmount: money(cart.total_price, currency) },
    lines: (cart.items || []).map((item) => ({
      id: item.key !== undefined ? String(item.key) : String(item.id),
      quantity: Number(item.quantity || 0),
      cost: { totalAmount: money(item.final_line_price, currency) },
    })),
    discountCodes: (cart.discount_codes || []).map((code) => ({ code: code.code, applicable: !!code.applicable })),
  };
}

/** `?filter.v.availability=1&filter.v.price.gte=10&filter.p.vendor=X...` as the events' product filters. */
function parseProductFilters(searchParams = new URLSearchParams(location.search)) {
  const filters = [];
  const price = {};
  for (const [key, value] of searchParams) {
    if (key === "filter.v.availability") filters.push({ available: value === "1" });
    else if (key === "filter.v.price.gte") price.min = Number(value);
    else if (key === "filter.v.price.lte") price.max = Number(value);
    else if (key === "filter.p.vendor") filters.push({ productVendor: value });
    else if (key === "filter.p.product_type") filters.push({ productType: value });
    else if (key === "filter.p.tag") filters.push({ tag: value });
    else if (key.startsWith("filter.v.option.")) filters.push({ variantOption: { name: key.slice("filter.v.option.".length), value } });
  }
  if (Object.keys(price).length) filters.push({ price });
  return filters.length ? filters : undefined;
}

const SORT_KEYS = {
  manual: "MANUAL",
  "best-selling": "BEST_SELLING",
  "title-ascending": "TITLE",
  "title-descending": "TITLE",
  "price-ascending": "PRICE",
  "price-descending": "PRICE",
  "created-ascending": "CREATED",
  "created-descending": "CREATED",
  relevance: "RELEVANCE",
};
const sortKey = (searchParams = new URLSearchParams(location.search), fallback) => SORT_KEYS[searchParams.get("sort_by") || ""] || fallback;

export class ShopifyStandardEvent extends Event {
  static eventName = "";
  static createGid = createGid;

  constructor(type, payload, options = {}) {
    super(type, { bubbles: true, composed: true, cancelable: false, ...options });
    Object.assign(this, withGids(payload || {}));
  }
}

/** An event class for one standard event; `promised` ones also get createPromise and createCartFromAjaxResponse. */
function eventClass(eventName, { promised = false, cart = false } = {}) {
  const EventClass = class extends ShopifyStandardEvent {
    static eventName = eventName;
    constructor(payload) {
      super(eventName, payload);
    }
  };
  if (promised) EventClass.createPromise = deferred;
  if (cart) EventClass.createCartFromAjaxResponse = fromAjaxCart;
  return EventClass;
}

export const PageViewEvent = eventClass(StandardEvents.pageView);
export const ProductViewEvent = eventClass(StandardEvents.productView);
export const ProductSelectEvent = eventClass(StandardEvents.productSelect, { promised: true });
export const CartErrorEvent = eventClass(StandardEvents.cartError);
export const CartLinesUpdateEvent = eventClass(StandardEvents.cartLinesUpdate, { promised: true, cart: true });
export const CartNoteUpdateEvent = eventClass(StandardEvents.cartNoteUpdate, { promised: true, cart: true });
export const CartDiscountUpdateEvent = eventClass(StandardEvents.cartDiscountUpdate, { promised: true, cart: true });
export const CartAttributesUpdateEvent = eventClass(StandardEvents.cartAttributesUpdate, { promised: true, cart: true });
export const CollectionViewEvent = eventClass(StandardEvents.collectionView);
export const CollectionUpdateEvent = eventClass(StandardEvents.collectionUpdate, { promised: true });
CollectionUpdateEvent.parseProductFilters = parseProductFilters;
CollectionUpdateEvent.getSortKey = (searchParams) => sortKey(searchParams, "COLLECTION_DEFAULT");
export const SearchUpdateEvent = eventClass(StandardEvents.searchUpdate, { promised: true });
SearchUpdateEvent.parseProductFilters = parseProductFilters;
SearchUpdateEvent.getSortKey = (searchParams) => sortKey(searchParams, "RELEVANCE");

/** The cart view event: a cart without an id gets none; a cart given in the Ajax API's shape is converted. */
export class CartViewEvent extends ShopifyStandardEvent {
  static eventName = StandardEvents.cartView;
  static createCartFromAjaxResponse = fromAjaxCart;
  constructor({ cart, ...payload }) {
    super(StandardEvents.cartView, { ...payload, cart: cart && "items" in cart ? fromAjaxCart(cart) : cart });
  }
}

/** The view event a payload stands for (what `standard_event_data: 'view'` printed for a product, collection or cart). */
function viewEventFor(payload) {
  if (payload.product) return new ProductViewEvent(payload);
  if (payload.collection) return new CollectionViewEvent(payload);
  if ("cart" in payload) return new CartViewEvent(payload);
  return null;
}

export function createViewEventElement(Base = HTMLElement, options = {}) {
  return class extends Base {
    #observer = null;
    #dispatched = false;

    connectedCallback() {
      if (super.connectedCallback) super.connectedCallback();
      const trigger = this.getAttribute("view-event-trigger") || options.defaultTrigger || "connect";
      if (trigger === "connect") this.dispatchViewEvent();
      else if (trigger === "intersect" && "IntersectionObserver" in window) {
        this.#observer = new IntersectionObserver((entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          this.#observer?.disconnect();
          this.dispatchViewEvent();
        });
        this.#observer.observe(this);
      } else if (trigger === "dialog") {
        const dialog = this.closest("dialog");
        if (dialog) {
          this.#observer = new MutationObserver(() => {
            if (dialog.open) this.dispatchViewEvent();
            else this.#dispatched = false;
          });
          this.#observer.observe(dialog, { attributes: true, attributeFilter: ["open"] });
          if (dialog.open) this.dispatchViewEvent();
        }
      }
    }

    disconnectedCallback() {
      if (super.disconnectedCallback) super.disconnectedCallback();
      this.#observer?.disconnect();
      this.#observer = null;
    }

    dispatchViewEvent() {
      if (this.#dispatched) return;
      const text = this.getAttribute("view-event-payload") || this.querySelector("script[data-view-event-payload]")?.textContent;
      if (!text) return;
      let payload;
      try {
        payload = JSON.parse(text);
      } catch {
        return;
      }
      const event = viewEventFor(payload);
      if (!event) return;
      this.#dispatched = true;
      this.dispatchEvent(event);
    }
  };
}
