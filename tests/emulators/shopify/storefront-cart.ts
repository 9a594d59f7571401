/**
 * The storefront's cart, as Shopify's Ajax Cart API serves it
 * (shopify.dev/docs/api/ajax/reference/cart): a cart per browser (the `cart`
 * cookie) and
 *   POST /cart/add(.js)    JSON `{ items: [...] }` answers `{ items: [lines] }`;
 *                          a single `id` (JSON, urlencoded or multipart form,
 *                          `properties[name]` fields) answers that one line;
 *   POST /cart/change(.js) `{ id: key|variant, line, quantity }`, answers the cart;
 *   POST /cart/update(.js) `{ updates: {key|variant: qty} | [qty...], note, attributes }`;
 *   POST /cart/clear(.js), GET /cart.js and /cart.json.
 * Each POST takes `sections` (a comma list or an array, at most five) and
 * `sections_url` (bundled section rendering): the answer then carries
 * `sections`, each id's HTML rendered with the new cart in the context of
 * `sections_url` (else the Referer's page), null for an id the theme lacks.
 * The paths without `.js` answer JSON to scripts (X-Requested-With, or an
 * Accept of JSON/JavaScript) and redirect a plain form post to /cart, as
 * Shopify does. Line-item properties are kept, underscore-prefixed ones too;
 * the same variant with other properties is another line, whose key is
 * `<variant id>:<hash of its properties>`. Prices are in cents.
 *
 * Checkout is a stand-in: `POST /cart/checkout` (or a form post to /cart with
 * `checkout`) turns the cart into a paid order at once (no payment step),
 * empties the cart, and delivers the signed orders/create webhook with
 * Shopify's REST order payload, as Shopify does after a real checkout.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalShopifyContext } from "./context.js";
import { readBody, redirect, sendJson } from "./http.js";
import { nextId, type CartState, type OrderRecord, type ShopState } from "./state.js";
import { deliverWebhook } from "./webhooks.js";
import { orderPayload } from "./orders.js";
import type { Product, Variant } from "./catalogue.js";

function cookieToken(req: IncomingMessage): string | null {
  return /(?:^|;\s*)cart=([a-z0-9]+)/.exec(req.headers.cookie ?? "")?.[1] ?? null;
}

/** The browser's cart, or an empty one (not stored until something is added). */
export function currentCart(req: IncomingMessage, shop: ShopState): CartState {
  const token = cookieToken(req);
  return (token && shop.carts[token]) || { token: "", lines: [] };
}

function variantOf(shop: ShopState, variantId: number): { product: Product; variant: Variant } | null {
  for (const product of shop.products) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (variant && product.status === "ACTIVE") return { product, variant };
  }
  return null;
}

/** A line's key, as Shopify makes it: the variant id and a hash of what makes the line distinct (its properties). */
export function lineKey(variantId: number, properties: Record<string, string>): string {
  const sorted = Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${variantId}:${createHash("md5").update(JSON.stringify(sorted)).digest("hex")}`;
}

const cents = (price: string) => Math.round(Number(price) * 100);

function optionsOf(product: Product, variant: Variant): Array<{ name: string; value: string }> {
  if (variant.options?.length) return variant.options;
  if (variant.title === "Default Title") return [{ name: "Title", value: "Default Title" }];
  return [{ name: "Size", value: variant.title }];
}

/** A line as the Ajax API answers it (the fields Dawn's and Horizon's scripts read, and the rest of Shopify's shape). */
function lineJson(shop: ShopState, line: CartState["lines"][number], product: Product, variant: Variant, imageUrl: (product: Product) => string) {
  const price = cents(variant.price);
  const defaultVariant = variant.title === "Default Title";
  const image = imageUrl(product);
  return {
    id: variant.id,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: variant.id,
    key: line.key,
    title: defaultVariant ? product.title : `${product.title} - ${variant.title}`,
    price,
    original_price: price,
    presentment_price: price / 100,
    discounted_price: price,
    line_price: price * line.quantity,
    original_line_price: price * line.quantity,
    total_discount: 0,
    discounts: [] as unknown[],
    sku: variant.sku,
    grams: 0,
    vendor: product.vendor,
    taxable: true,
    product_id: product.id,
    product_has_only_default_variant: defaultVariant && product.variants.length === 1,
    gift_card: false,
    final_price: price,
    final_line_price: price * line.quantity,
    url: `/products/${product.handle}?variant=${variant.id}`,
    featured_image: { aspect_ratio: 1, alt: product.title, height: 800, url: image, width: 800 },
    image,
    handle: product.handle,
    requires_shipping: true,
    product_type: product.productType,
    product_title: product.title,
    product_description: product.description,
    variant_title: defaultVariant ? null : variant.title,
    variant_options: optionsOf(product, variant).map((option) => option.value),
    options_with_values: optionsOf(product, variant),
    line_level_discount_allocations: [] as unknown[],
    line_level_total_discount: 0,
    quantity_rule: { min: 1, max: null, increment: 1 },
    has_components: false,
  };
}

export type CartViewItem = ReturnType<typeof lineJson>;
export type CartView = ReturnType<typeof cartView>;

/** The cart as /cart.js and Liquid's `cart` show it. */
export function cartView(shop: ShopState, cart: CartState, imageUrl: (product: Product) => string = () => "") {
  const items = cart.lines.flatMap((line) => {
    const found = variantOf(shop, line.variantId);
    return found ? [lineJson(shop, line, found.product, found.variant, imageUrl)] : [];
  });
  const total = items.reduce((sum, item) => sum + item.final_line_price, 0);
  return {
    token: cart.token,
    note: cart.note ?? null,
    attributes: cart.attributes ?? {},
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    total_weight: 0,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    requires_shipping: items.length > 0,
    currency: "USD",
    items_subtotal_price: total,
    cart_level_discount_applications: [] as unknown[],
  };
}

// ---------------------------------------------------------------- request bodies

/**
 * Form fields into nested values, as Shopify (Rails) reads them:
 * `properties[Name]=x`, `items[0][id]=1`, `updates[]=2`, `sections[]=a`.
 */
export function nestFormFields(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of pairs) {
    const [head = "", ...rest] = name.split("[");
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ""))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (key === "" && Array.isArray(node)) {
        if (last) node.push(value);
        else node.push((node = {}));
        return;
      }
      if (last) container[key] = value;
      else {
        const wantsArray = path[i + 1] === "";
        const next = container[key];
        node = (next && typeof next === "object" ? next : (container[key] = wantsArray ? [] : {})) as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

/** The fields of a multipart/form-data body (what `fetch(url, { body: new FormData(form) })` sends); files are read as text. */
export function multipartFields(body: Buffer, contentType: string): Array<[string, string]> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  const fields: Array<[string, string]> = [];
  for (const part of body.toString("utf8").split(`--${marker}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name === undefined) continue;
    fields.push([name, part.slice(split + 4).replace(/\r\n$/, "")]);
  }
  return fields;
}

/** A cart request's parameters: the JSON body, or the form fields (urlencoded or multipart) nested, with the query's on top. */
async function readCartParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  const type = req.headers["content-type"] ?? "";
  let params: Record<string, unknown>;
  if (type.includes("json")) {
    const parsed = JSON.parse(raw.toString("utf8") || "{}") as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    params = parsed as Record<string, unknown>;
  } else if (type.includes("multipart/form-data")) {
    params = nestFormFields(multipartFields(raw, type));
  } else {
    params = nestFormFields(new URLSearchParams(raw.toString("utf8")));
  }
  const query = nestFormFields(url.searchParams);
  return { ...query, ...params };
}

/** The sections asked to be rendered with the new cart: a comma list or an array, at most five. */
export function sectionIds(value: unknown): string[] {
  const ids = Array.isArray(value) ? value.flatMap((v) => String(v).split(",")) : typeof value === "string" ? value.split(",") : [];
  return [
    ...new Set(
      ids
        .map((id) => id.trim())
        .filter((id) => /^[\w-]{1,120}$/.test(id))
        .slice(0, 5),
    ),
  ];
}

interface AddItem {
  id: number;
  quantity: number;
  properties: Record<string, string>;
}

const toProperties = (value: unknown): Record<string, string> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, String(v ?? "")]))
    : {};

function toAddItem(item: Record<string, unknown>): AddItem {
  const quantity = item.quantity === undefined || item.quantity === "" ? 1 : Math.floor(Number(item.quantity));
  return { id: Number(item.id), quantity: Number.isFinite(quantity) ? quantity : 1, properties: toProperties(item.properties) };
}

function cartError(res: ServerResponse, status: number, description: string, headers: Record<string, string> = {}) {
  sendJson(res, status, { status, message: "Cart Error", description }, headers);
}

/** Scripts get JSON; a plain form post (a browser navigating) is redirected, as Shopify does. */
function wantsJson(req: IncomingMessage, path: string): boolean {
  if (path.endsWith(".js") || path.endsWith(".json")) return true;
  if ((req.headers["x-requested-with"] ?? "").toString().toLowerCase() === "xmlhttprequest") return true;
  return /application\/(json|javascript)/.test(req.headers.accept ?? "");
}

/** Renders theme sections with a cart, in the context of a page path (the storefront's theme rendering). */
export type SectionRenderer = (ids: readonly string[], cart: CartState, contextPath: string) => Promise<Record<string, string | null>>;

const CART_PATHS = /^\/cart\/(add|change|update|clear)(\.js)?$/;

/** Handles the cart's endpoints; false when the path is not one of them. */
export async function handleCart(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: LocalShopifyContext,
  shop: ShopState,
  path: string,
  renderSections?: SectionRenderer,
  imageUrl?: (product: Product) => string,
): Promise<boolean> {
  const view = (cart: CartState) => cartView(shop, cart, imageUrl);
  if ((path === "/cart.js" || path === "/cart.json") && (req.method === "GET" || req.method === "HEAD")) {
    sendJson(res, 200, view(currentCart(req, shop)));
    return true;
  }
  if (path === "/cart/checkout" && req.method === "POST") {
    await checkout(res, ctx, shop, currentCart(req, shop));
    return true;
  }
  const action = CART_PATHS.exec(path)?.[1];
  // A form post to /cart (Dawn's notification and cart page): quantities, then maybe the checkout.
  const cartForm = path === "/cart" && req.method === "POST";
  // Dawn's remove links are GETs of /cart/change?line=1&quantity=0.
  const changeLink = action === "change" && req.method === "GET";
  if (!cartForm && !(action && (req.method === "POST" || changeLink))) return false;

  let cart = currentCart(req, shop);
  const headers: Record<string, string> = {};
  if (!cart.token) {
    cart = { token: randomBytes(12).toString("hex"), lines: [] };
    headers["Set-Cookie"] = `cart=${cart.token}; Path=/; SameSite=Lax`;
  }
  const json = wantsJson(req, path) && !cartForm;

  let params: Record<string, unknown>;
  try {
    params = await readCartParams(req, url);
  } catch {
    cartError(res, 400, "The request body is not valid.", headers);
    return true;
  }

  let answer: Record<string, unknown>;
  if (action === "add") {
    // `items` as JSON's array, or a form's items[0][id]=... (an object keyed by position).
    const listed = params.items && typeof params.items === "object" ? (Object.values(params.items) as Array<Record<string, unknown>>) : null;
    const multiple = listed !== null;
    const items = (listed ?? [params]).map(toAddItem);
    const refusal = addRefusal(shop, cart, items);
    if (refusal) return (cartError(res, refusal.status, refusal.description, headers), true);
    const added = new Set<string>();
    for (const item of items) {
      const key = lineKey(item.id, item.properties);
      const line = cart.lines.find((existing) => existing.key === key);
      if (line) line.quantity += item.quantity;
      else cart.lines.push({ key, variantId: item.id, quantity: item.quantity, properties: item.properties });
      added.add(key);
    }
    const lines = view(cart).items.filter((item) => added.has(item.key));
    answer = multiple ? { items: lines } : { ...lines[0] };
  } else {
    if (action === "clear") cart.lines = [];
    else if (action === "change") {
      const refusal = change(cart, params);
      if (refusal) return (cartError(res, 400, refusal, headers), true);
    } else update(cart, params);
    if (cartForm && "checkout" in params) {
      shop.carts[cart.token] = cart;
      await checkout(res, ctx, shop, cart, headers);
      return true;
    }
    answer = view(cart);
  }
  shop.carts[cart.token] = cart;
  ctx.save();

  if (!json) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    redirect(res, "/cart");
    return true;
  }
  const sections = sectionIds(params.sections);
  if (sections.length && renderSections) {
    const contextPath = sectionsContext(params.sections_url, req);
    answer.sections = await renderSections(sections, cart, contextPath);
  }
  sendJson(res, 200, answer, headers);
  return true;
}

/** Where bundled sections are rendered: `sections_url`, else the page the request came from (its Referer), else /cart. */
function sectionsContext(sectionsUrl: unknown, req: IncomingMessage): string {
  if (typeof sectionsUrl === "string" && sectionsUrl.startsWith("/")) return sectionsUrl;
  try {
    const referer = req.headers.referer ? new URL(req.headers.referer) : null;
    if (referer) return referer.pathname + referer.search;
  } catch {
    // A malformed Referer: the cart's own page.
  }
  return "/cart";
}

/** Why an add is refused (nothing is added then), as Shopify answers it; null when it can be added. */
function addRefusal(shop: ShopState, cart: CartState, items: AddItem[]): { status: number; description: string } | null {
  if (!items.length) return { status: 422, description: "No items were added." };
  for (const item of items) {
    const found = variantOf(shop, item.id);
    if (!found) return { status: 404, description: "Cannot find variant" };
    if (item.quantity < 1) return { status: 422, description: "Quantity must be at least 1." };
    const { product, variant } = found;
    if (variant.inventoryQuantity <= 0) return { status: 422, description: `The product '${product.title}' is already sold out.` };
    const inCart = cart.lines.filter((line) => line.variantId === item.id).reduce((sum, line) => sum + line.quantity, 0);
    const wanted = items.filter((other) => other.id === item.id).reduce((sum, other) => sum + other.quantity, 0);
    if (inCart + wanted > variant.inventoryQuantity) {
      return { status: 422, description: `You can only add ${variant.inventoryQuantity} ${product.title} to the cart.` };
    }
  }
  return null;
}

/** /cart/change: a line by its key or its variant (`id`) or its 1-based position (`line`); null when done, else why not. */
function change(cart: CartState, params: Record<string, unknown>): string | null {
  const id = params.id === undefined ? undefined : String(params.id);
  const index = params.line
    ? Number(params.line) - 1
    : cart.lines.findIndex((line) => line.key === id || (id !== undefined && !id.includes(":") && line.variantId === Number(id)));
  const line = cart.lines[index];
  if (!line) return "No valid id or line parameter";
  if (params.properties !== undefined) line.properties = toProperties(params.properties);
  const quantity = params.quantity === undefined ? line.quantity : Math.max(0, Math.floor(Number(params.quantity) || 0));
  if (quantity === 0) cart.lines.splice(index, 1);
  else line.quantity = quantity;
  return null;
}

/** /cart/update: quantities by key or variant (or by position for an array), the note and the cart's attributes. */
function update(cart: CartState, params: Record<string, unknown>) {
  const updates = params.updates;
  const entries: Array<[string, unknown]> = Array.isArray(updates)
    ? updates.map((quantity, i) => [cart.lines[i]?.key ?? "", quantity])
    : Object.entries((updates as Record<string, unknown>) ?? {});
  for (const [id, value] of entries) {
    const quantity = Math.max(0, Math.floor(Number(value) || 0));
    const matching = cart.lines.filter((line) => line.key === id || (!id.includes(":") && line.variantId === Number(id)));
    for (const line of matching) line.quantity = quantity;
  }
  cart.lines = cart.lines.filter((line) => line.quantity > 0);
  if (typeof params.note === "string") cart.note = params.note;
  if (params.attributes && typeof params.attributes === "object") {
    const attributes = { ...cart.attributes, ...toProperties(params.attributes) };
    cart.attributes = Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== ""));
  }
}

async function checkout(res: ServerResponse, ctx: LocalShopifyContext, shop: ShopState, cart: CartState, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!cartView(shop, cart).items.length) return redirect(res, "/cart");
  const order = placeOrder(ctx, shop, cart);
  cart.lines = [];
  ctx.save();
  await deliverWebhook(ctx, { shop: shop.domain, topic: "orders/create", payload: orderPayload(order) });
  redirect(res, `/checkouts/thank-you/${order.id}`);
}

/** The cart as an order in the shop's state (its lines keep their properties). */
function placeOrder(ctx: LocalShopifyContext, shop: ShopState, cart: CartState): OrderRecord {
  const view = cartView(shop, cart);
  const order: OrderRecord = {
    id: nextId(ctx.state),
    name: `#${1001 + shop.orders.length}`,
    createdAt: new Date().toISOString(),
    totalPrice: (view.total_price / 100).toFixed(2),
    currencyCode: "USD", // the local shops sell in US dollars (cart.js says so too)
    lineItems: view.items.map((item) => ({
      id: nextId(ctx.state),
      title: item.title,
      quantity: item.quantity,
      price: (item.price / 100).toFixed(2),
      productId: item.product_id,
      variantId: item.variant_id,
      customAttributes: Object.entries(item.properties).map(([key, value]) => ({ key, value })),
    })),
  };
  shop.orders.push(order);
  return order;
}
