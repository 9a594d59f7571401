/**
 * The storefront's cart, as Shopify's Ajax Cart API serves it: a cart per
 * browser (the `cart` cookie), `POST /cart/add.js` (JSON `{ items: [...] }` or
 * form fields `id`, `quantity`, `properties[...]`), `GET /cart.js`,
 * `POST /cart/change.js`, `POST /cart/clear.js`, and the theme's plain form
 * post to `/cart/add`. Line-item properties are kept; the same variant with
 * other properties is another line, as on Shopify. Prices are in cents.
 *
 * Checkout is a stand-in: `POST /cart/checkout` turns the cart into a paid
 * order at once (no payment step), empties the cart, and delivers the signed
 * orders/create webhook with Shopify's REST order payload, as Shopify does
 * after a real checkout.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalShopifyContext } from "./context.js";
import { readBody, redirect, sendJson } from "./http.js";
import { nextId, type CartLine, type CartState, type OrderRecord, type ShopState } from "./state.js";
import { deliverWebhook } from "./webhooks.js";
import { orderPayload } from "./orders.js";

function cookieToken(req: IncomingMessage): string | null {
  return /(?:^|;\s*)cart=([a-z0-9]+)/.exec(req.headers.cookie ?? "")?.[1] ?? null;
}

/** The browser's cart, or an empty one (not stored until something is added). */
export function currentCart(req: IncomingMessage, shop: ShopState): CartState {
  const token = cookieToken(req);
  return (token && shop.carts[token]) || { token: "", lines: [] };
}

function variantOf(shop: ShopState, variantId: number) {
  for (const product of shop.products) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (variant && product.status === "ACTIVE") return { product, variant };
  }
  return null;
}

/** The cart as /cart.js and Liquid's `cart` show it. */
export function cartView(shop: ShopState, cart: CartState) {
  const items = cart.lines.flatMap((line) => {
    const found = variantOf(shop, line.variantId);
    if (!found) return [];
    const price = Math.round(Number(found.variant.price) * 100);
    return [
      {
        id: line.variantId,
        key: line.key,
        variant_id: line.variantId,
        product_id: found.product.id,
        title: found.variant.title === "Default Title" ? found.product.title : `${found.product.title} - ${found.variant.title}`,
        quantity: line.quantity,
        price,
        final_line_price: price * line.quantity,
        properties: line.properties,
        url: `/products/${found.product.handle}?variant=${line.variantId}`,
      },
    ];
  });
  return {
    token: cart.token,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    total_price: items.reduce((sum, item) => sum + item.final_line_price, 0),
    currency: "USD",
    items,
  };
}

interface AddItem {
  id: number;
  quantity: number;
  properties: Record<string, string>;
}

/** JSON `{items:[...]}` or `{id, quantity, properties}`, or form fields with `properties[name]`. */
/** The sections an add asks to be re-rendered with the new cart (Section Rendering API): a comma list or an array. */
function sectionIds(value: unknown): string[] {
  const ids = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(",") : [];
  return ids
    .map((id) => id.trim())
    .filter((id) => /^[\w-]{1,64}$/.test(id))
    .slice(0, 5);
}

async function readAddItems(req: IncomingMessage): Promise<{ items: AddItem[]; sections: string[] }> {
  const raw = (await readBody(req)).toString("utf8");
  const toItem = (item: Record<string, unknown>): AddItem => ({
    id: Number(item.id),
    quantity: Math.max(1, Math.floor(Number(item.quantity ?? 1)) || 1),
    properties: Object.fromEntries(Object.entries((item.properties as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)])),
  });
  if ((req.headers["content-type"] ?? "").includes("json")) {
    const body = JSON.parse(raw || "{}") as { items?: Array<Record<string, unknown>>; sections?: unknown } & Record<string, unknown>;
    return { items: (body.items ?? [body]).map(toItem), sections: sectionIds(body.sections) };
  }
  const form = new URLSearchParams(raw);
  const properties: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^properties\[(.+)\]$/.exec(key)?.[1];
    if (name) properties[name] = value;
  }
  return { items: [toItem({ id: form.get("id"), quantity: form.get("quantity") ?? 1, properties })], sections: sectionIds(form.get("sections")) };
}

function cartError(res: ServerResponse, status: number, description: string) {
  sendJson(res, status, { status, message: status === 404 ? "Cart Error" : "Cart Error", description });
}

/** Handles the cart's endpoints; false when the path is not one of them. */
export async function handleCart(
  req: IncomingMessage,
  res: ServerResponse,
  _url: URL,
  ctx: LocalShopifyContext,
  shop: ShopState,
  path: string,
  /** The theme's sections by id, rendered with a cart (the storefront's theme rendering). */
  renderSections?: (ids: readonly string[], cart: CartState) => Promise<Record<string, string | null>>,
): Promise<boolean> {
  if (path === "/cart.js" && req.method === "GET") {
    sendJson(res, 200, cartView(shop, currentCart(req, shop)));
    return true;
  }
  if (path === "/cart/checkout" && req.method === "POST") {
    const cart = currentCart(req, shop);
    if (!cartView(shop, cart).items.length) return (redirect(res, "/cart"), true);
    const order = placeOrder(ctx, shop, cart);
    cart.lines = [];
    ctx.save();
    await deliverWebhook(ctx, { shop: shop.domain, topic: "orders/create", payload: orderPayload(order) });
    redirect(res, `/checkouts/thank-you/${order.id}`);
    return true;
  }
  if (!["/cart/add.js", "/cart/add", "/cart/change.js", "/cart/clear.js"].includes(path) || req.method !== "POST") return false;

  let cart = currentCart(req, shop);
  const headers: Record<string, string> = {};
  if (!cart.token) {
    cart = { token: randomBytes(12).toString("hex"), lines: [] };
    headers["Set-Cookie"] = `cart=${cart.token}; Path=/; SameSite=Lax`;
  }

  if (path === "/cart/add.js" || path === "/cart/add") {
    let items: AddItem[];
    let sections: string[];
    try {
      ({ items, sections } = await readAddItems(req));
    } catch {
      cartError(res, 422, "The request body is not valid.");
      return true;
    }
    const added: CartLine[] = [];
    for (const item of items) {
      const found = variantOf(shop, item.id);
      if (!found) return (cartError(res, 404, "Cannot find variant"), true);
      if (found.variant.inventoryQuantity <= 0) return (cartError(res, 422, `${found.product.title} is already sold out.`), true);
    }
    for (const item of items) {
      const key = `${item.id}:${JSON.stringify(item.properties)}`;
      const line = cart.lines.find((existing) => existing.key === key);
      if (line) line.quantity += item.quantity;
      else cart.lines.push({ key, variantId: item.id, quantity: item.quantity, properties: item.properties });
      added.push(cart.lines.find((existing) => existing.key === key)!);
    }
    shop.carts[cart.token] = cart;
    ctx.save();
    if (path === "/cart/add") {
      if (headers["Set-Cookie"]) res.setHeader("Set-Cookie", headers["Set-Cookie"]);
      redirect(res, "/cart");
      return true;
    }
    const view = cartView(shop, cart);
    const lines = view.items.filter((item) => added.some((line) => line.key === item.key));
    // Shopify answers the sections asked for with their HTML for the new cart (null for one the theme lacks).
    sendJson(res, 200, sections.length && renderSections ? { items: lines, sections: await renderSections(sections, cart) } : { items: lines }, headers);
    return true;
  }

  const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as { id?: string | number; line?: number; quantity?: number };
  if (path === "/cart/clear.js") cart.lines = [];
  else {
    const index = body.line ? body.line - 1 : cart.lines.findIndex((line) => line.key === String(body.id) || line.variantId === Number(body.id));
    const line = cart.lines[index];
    if (!line) return (cartError(res, 400, "No valid line or id"), true);
    const quantity = Math.max(0, Math.floor(Number(body.quantity ?? 0)));
    if (quantity === 0) cart.lines.splice(index, 1);
    else line.quantity = quantity;
  }
  shop.carts[cart.token] = cart;
  ctx.save();
  sendJson(res, 200, cartView(shop, cart), headers);
  return true;
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
