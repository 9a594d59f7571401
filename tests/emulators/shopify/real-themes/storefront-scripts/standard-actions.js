/*
 * Local Shopify's stand-in for the standard storefront actions Shopify injects
 * on every Liquid storefront (`window.Shopify.actions`), written from their
 * published types (horizon-4.1.3/assets/standard-actions.d.ts) and
 * shopify.dev's "Standard storefront actions" pages:
 * - getCart(payload?, options?) resolves { cart } (null without a cart); it
 *   cannot be configured (configure throws a TypeError);
 * - updateCart(payload, options?) adds lines (no `id`: `merchandiseId`,
 *   `quantity`, `attributes` as line-item properties), updates or removes
 *   lines (`id`, quantity 0 removes), sets the note, the discount codes and
 *   the cart's attributes. It emits the cart events itself, whether or not the
 *   theme configured it: `shopify:cart:lines-update` (context
 *   "standard-action"; "add", "update" or "remove"), `note-update`,
 *   `discount-update`, `attributes-update`, each when the work starts, from the
 *   theme's `eventTarget(meta)` or document, their promise resolving with the
 *   result. It resolves { cart, userErrors?, warnings? }: a change the cart
 *   refuses is a userError (the call still resolves); it rejects only when it
 *   could not run (a malformed payload, the network), then
 *   `shopify:cart:error` fires too;
 * - openCart() shows the cart;
 * - each configurable action has configure({ handler, eventTarget }) (a
 *   handler gets the default handler first) and isDefault().
 * Shopify's defaults write through the Storefront API; this one writes
 * through the Ajax API (/cart/add.js, /cart/change.js, /cart/update.js), the
 * same cart. Unconfigured, updateCart then refreshes a theme it recognizes in
 * place, as the defaults do: Dawn's drawer or notification sections swapped
 * (Section Rendering API), Horizon's `cart:update` event, else the
 * cart-icon-bubble section, else a page reload; openCart calls open() on a
 * <cart-drawer-component> or <cart-drawer>, else goes to /cart.
 */
import { CartAttributesUpdateEvent, CartDiscountUpdateEvent, CartErrorEvent, CartLinesUpdateEvent, CartNoteUpdateEvent, createGid } from "./standard-events.js";

const root = () => (window.Shopify && window.Shopify.routes && window.Shopify.routes.root) || "/";
const toSummary = (ajaxCart) => CartLinesUpdateEvent.createCartFromAjaxResponse(ajaxCart);

async function ajax(path, body, signal) {
  const response = await fetch(root() + path, {
    method: body ? "POST" : "GET",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
    signal,
  });
  const json = await response.json().catch(() => ({}));
  return { ok: response.ok, json };
}

/** The number in a gid (gid://shopify/ProductVariant/123 -> 123), or the raw id. */
const rawId = (id) =>
  String(id)
    .replace(/^gid:\/\/shopify\/\w+\//, "")
    .replace(/\?.*$/, "");
const properties = (attributes) => Object.fromEntries((attributes || []).map(({ key, value }) => [key, value]));
const userError = (json, field) => ({ code: "INVALID", field, message: json.description || json.message || "The cart could not be updated." });

function validate(payload) {
  if (payload === undefined) return;
  if (!payload || typeof payload !== "object") throw new TypeError("updateCart: the payload must be an object");
  if (payload.lines !== undefined) {
    if (!Array.isArray(payload.lines)) throw new TypeError("updateCart: lines must be an array");
    for (const line of payload.lines) {
      if (!line || typeof line !== "object" || typeof line.quantity !== "number") throw new TypeError("updateCart: every line needs a quantity");
      if (line.id === undefined && !line.merchandiseId) throw new TypeError("updateCart: a line to add needs a merchandiseId");
    }
  }
  if (payload.discountCodes !== undefined && !Array.isArray(payload.discountCodes)) throw new TypeError("updateCart: discountCodes must be an array");
}

// ---------------------------------------------------------------- in-place refresh (unconfigured themes)

async function sectionsHtml(ids) {
  if (!ids.length) return {};
  const response = await fetch(`${location.pathname}?sections=${encodeURIComponent(ids.join(","))}`, { credentials: "same-origin" });
  return response.ok ? response.json() : {};
}

function swapSection(html, target, selector) {
  if (!html || !target) return;
  const source = new DOMParser().parseFromString(html, "text/html").querySelector(selector || ".shopify-section");
  if (source) target.innerHTML = source.innerHTML;
}

async function refreshInPlace(ajaxCart) {
  const dawn = document.querySelector("cart-drawer, cart-notification");
  if (dawn && typeof dawn.getSectionsToRender === "function") {
    // Sections keyed by the added line (the notification's product) are the notification's to fill when it opens.
    const sections = dawn.getSectionsToRender().filter((section) => !/\$\{|cart-notification-product-/.test(section.selector || ""));
    const html = await sectionsHtml(sections.map((section) => section.section || section.id));
    for (const section of sections) {
      const target = section.selector ? document.querySelector(section.selector) : document.getElementById(section.id);
      swapSection(html[section.section || section.id], target, section.selector);
    }
    if (ajaxCart.item_count > 0) dawn.classList.remove("is-empty");
    return;
  }
  const horizonItems = [...document.querySelectorAll("cart-items-component[data-section-id]")];
  if (horizonItems.length || document.querySelector("cart-drawer-component")) {
    const sections = await sectionsHtml(horizonItems.map((element) => element.dataset.sectionId));
    document.dispatchEvent(
      new CustomEvent("cart:update", {
        bubbles: true,
        detail: { resource: ajaxCart, sourceId: "standard-action", data: { source: "standard-action", itemCount: ajaxCart.item_count, sections } },
      }),
    );
    return;
  }
  const bubble = document.getElementById("cart-icon-bubble");
  if (bubble) {
    const html = await sectionsHtml(["cart-icon-bubble"]);
    swapSection(html["cart-icon-bubble"], bubble);
    return;
  }
  location.reload();
}

// ---------------------------------------------------------------- the actions

/** An action: callable, configure() (when configurable) and isDefault(). */
function makeAction(name, run, { configurable = true } = {}) {
  let configuration = null;
  const action = (...args) => run(configuration, ...args);
  action.configure = (options) => {
    if (!configurable) throw new TypeError(`Shopify.actions.${name} cannot be configured`);
    if (!options || typeof options !== "object") return false;
    if (options.handler !== undefined && typeof options.handler !== "function") return false;
    if (options.eventTarget !== undefined && typeof options.eventTarget !== "function") return false;
    configuration = { ...configuration, ...options };
    return true;
  };
  action.isDefault = () => configuration === null;
  return action;
}

async function getCart(_configuration, payload = {}, options = {}) {
  const { ok, json } = await ajax("cart.js", undefined, options.signal);
  if (!ok) throw new Error("getCart: the cart could not be read");
  if (payload.cartId && rawId(payload.cartId) !== json.token) return { cart: null };
  return { cart: json.token ? toSummary(json) : null };
}

async function defaultUpdate(configuration, payload, options) {
  const lines = payload.lines || [];
  const adds = lines.filter((line) => line.id === undefined);
  const changes = lines.filter((line) => line.id !== undefined);
  const userErrors = [];
  const signal = options.signal;
  if (adds.length) {
    const items = adds.map((line) => ({
      id: Number(rawId(line.merchandiseId)),
      quantity: line.quantity,
      properties: properties(line.attributes),
      ...(line.sellingPlanId ? { selling_plan: rawId(line.sellingPlanId) } : {}),
    }));
    const { ok, json } = await ajax("cart/add.js", { items }, signal);
    if (!ok) userErrors.push(userError(json, ["lines"]));
  }
  for (const line of changes) {
    const { ok, json } = await ajax(
      "cart/change.js",
      { id: rawId(line.id), quantity: line.quantity, ...(line.attributes ? { properties: properties(line.attributes) } : {}) },
      signal,
    );
    if (!ok) userErrors.push(userError(json, ["lines"]));
  }
  const update = {};
  if (typeof payload.note === "string") update.note = payload.note;
  if (payload.attributes) update.attributes = properties(payload.attributes);
  if (payload.discountCodes) update.discount = payload.discountCodes.join(",");
  if (Object.keys(update).length) {
    const { ok, json } = await ajax("cart/update.js", update, signal);
    if (!ok) userErrors.push(userError(json, ["note"]));
  }
  const { json: cart } = await ajax("cart.js", undefined, signal);
  const summary = toSummary(cart);
  // Local Shopify's carts take no discounts: a code asked for is there, not applicable.
  if (payload.discountCodes) summary.discountCodes = payload.discountCodes.map((code) => ({ code, applicable: false }));
  if (configuration === null) await refreshInPlace(cart).catch(() => undefined);
  return { cart: summary, ...(userErrors.length ? { userErrors } : {}) };
}

/** The events updateCart emits for a payload: one per kind of change, each with its promise. */
function updateEvents(payload, options) {
  const context = (options.event && options.event.context) || "standard-action";
  const detail = options.event && options.event.detail;
  const events = [];
  const lines = payload.lines || [];
  const adds = lines.filter((line) => line.id === undefined);
  const changes = lines.filter((line) => line.id !== undefined);
  const make = (EventClass, meta, fields) => {
    const deferred = EventClass.createPromise();
    events.push({ meta, deferred, event: new EventClass({ ...fields, context, promise: deferred.promise, ...(detail ? { detail } : {}) }) });
  };
  if (adds.length) {
    make(
      CartLinesUpdateEvent,
      { type: "shopify:cart:lines-update", action: "add" },
      {
        action: "add",
        lines: adds.map((line) => ({ merchandiseId: createGid("ProductVariant", rawId(line.merchandiseId)), quantity: line.quantity })),
      },
    );
  }
  if (changes.length) {
    const action = changes.every((line) => line.quantity === 0) ? "remove" : "update";
    make(
      CartLinesUpdateEvent,
      { type: "shopify:cart:lines-update", action },
      { action, lines: changes.map((line) => ({ id: line.id, quantity: line.quantity })) },
    );
  }
  if (typeof payload.note === "string") make(CartNoteUpdateEvent, { type: "shopify:cart:note-update" }, { note: payload.note });
  if (payload.discountCodes)
    make(CartDiscountUpdateEvent, { type: "shopify:cart:discount-update" }, { discountCodes: payload.discountCodes.map((code) => ({ code })) });
  if (payload.attributes) make(CartAttributesUpdateEvent, { type: "shopify:cart:attributes-update" }, { attributes: payload.attributes });
  return events;
}

function eventTarget(configuration, meta) {
  try {
    return (configuration && configuration.eventTarget && configuration.eventTarget(meta)) || document;
  } catch {
    return document;
  }
}

async function updateCart(configuration, payload = {}, options = {}) {
  validate(payload);
  const events = updateEvents(payload, options);
  for (const { meta, event } of events) eventTarget(configuration, meta).dispatchEvent(event);
  const run = () => defaultUpdate(configuration, payload, options);
  try {
    const result = configuration && configuration.handler ? await configuration.handler(run, payload, options) : await run();
    const detail = options.event && options.event.detail;
    for (const { deferred } of events) deferred.resolve(detail ? { ...result, detail: { ...detail, ...(result && result.detail) } } : result);
    return result;
  } catch (error) {
    for (const { deferred } of events) deferred.reject(error);
    const target = eventTarget(configuration, { type: "shopify:cart:error" });
    target.dispatchEvent(
      new CartErrorEvent({
        error: (error && error.message) || "The cart could not be updated.",
        code: error && error.name === "AbortError" ? "INVALID" : "SERVICE_UNAVAILABLE",
      }),
    );
    throw error;
  }
}

async function openCart(configuration) {
  const fallback = async () => {
    const drawer = document.querySelector("cart-drawer-component, cart-drawer");
    if (drawer && typeof drawer.open === "function") drawer.open();
    else location.href = `${root()}cart`;
  };
  if (configuration && configuration.handler) await configuration.handler(fallback);
  else await fallback();
}

window.Shopify = window.Shopify || {};
window.Shopify.actions = Object.freeze({
  getCart: makeAction("getCart", getCart, { configurable: false }),
  updateCart: makeAction("updateCart", updateCart),
  openCart: makeAction("openCart", openCart),
});
