/**
 * A merchant editing products in the admin: creating, changing and deleting a
 * product changes the shop's catalogue (what the Admin API answers) and
 * delivers products/create, products/update or products/delete to the app as
 * Shopify does, signed, with the REST product as the payload (decision 053).
 * Webhooks go only to an installed app, as on Shopify.
 */
import { normalizeProduct, type Product } from "./catalogue.js";
import type { LocalShopifyContext, WebhookDeliveryResult } from "./context.js";
import { gid } from "./gid.js";
import { productOptions } from "./graphql/views.js";
import type { ShopState } from "./state.js";
import { productImageUrl } from "./urls.js";
import { deliverWebhook } from "./webhooks.js";

export type ProductInput = Partial<Product> & { title?: string; price?: string | number };

/** The REST Product resource (abridged to what apps commonly read) Shopify sends with products/create and products/update. */
export function restProductPayload(ctx: LocalShopifyContext, product: Product) {
  const options = productOptions(product);
  return {
    id: product.id,
    admin_graphql_api_id: gid("Product", product.id),
    title: product.title,
    body_html: product.description,
    vendor: product.vendor,
    product_type: product.productType,
    handle: product.handle,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    published_at: product.status === "ACTIVE" ? product.createdAt : null,
    status: product.status.toLowerCase(),
    tags: product.tags.join(", "),
    variants: product.variants.map((variant, position) => ({
      id: variant.id,
      product_id: product.id,
      title: variant.title,
      sku: variant.sku,
      price: variant.price,
      compare_at_price: variant.compareAtPrice,
      position: position + 1,
      inventory_quantity: variant.inventoryQuantity,
      option1: variant.options?.[0]?.value ?? variant.title,
      option2: variant.options?.[1]?.value ?? null,
      option3: variant.options?.[2]?.value ?? null,
      admin_graphql_api_id: gid("ProductVariant", variant.id),
    })),
    options: options.map((option, position) => ({ product_id: product.id, name: option.name, position: position + 1, values: option.values })),
    image: { src: product.imageUrl ?? productImageUrl(ctx.config, product.handle) },
  };
}

/** Shopify's timestamps have whole seconds; a change always moves updatedAt forward. */
function nextUpdatedAt(previous: string | undefined): string {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const after = previous ? Date.parse(previous) + 1000 : 0;
  return new Date(Math.max(now, after)).toISOString().replace(".000", "");
}

async function notify(ctx: LocalShopifyContext, shop: ShopState, topic: string, payload: unknown): Promise<WebhookDeliveryResult | null> {
  if (!shop.installed) return null;
  return deliverWebhook(ctx, { shop: shop.domain, topic, payload });
}

export async function createProduct(ctx: LocalShopifyContext, shopName: string, input: ProductInput & { title: string }) {
  const shop = ctx.shop(shopName);
  const product = normalizeProduct(input, shop.products.length + 1_000);
  if (shop.products.some((existing) => existing.id === product.id)) throw Object.assign(new Error(`Product ${product.id} exists`), { status: 409 });
  product.updatedAt = nextUpdatedAt(undefined);
  shop.products.push(product);
  ctx.save();
  const delivery = await notify(ctx, shop, "products/create", restProductPayload(ctx, product));
  return { product: { id: gid("Product", product.id), handle: product.handle }, delivery };
}

function findProduct(shop: ShopState, id: number): Product {
  const product = shop.products.find((existing) => existing.id === id);
  if (!product) throw Object.assign(new Error(`No product ${id}`), { status: 404 });
  return product;
}

export async function updateProduct(ctx: LocalShopifyContext, shopName: string, id: number, patch: ProductInput) {
  const shop = ctx.shop(shopName);
  const product = findProduct(shop, id);
  const { id: _id, variants: _variants, createdAt: _createdAt, price: _price, ...fields } = patch;
  Object.assign(product, fields, { updatedAt: nextUpdatedAt(product.updatedAt) });
  ctx.save();
  const delivery = await notify(ctx, shop, "products/update", restProductPayload(ctx, product));
  return { product: { id: gid("Product", product.id), handle: product.handle }, delivery };
}

export async function deleteProduct(ctx: LocalShopifyContext, shopName: string, id: number) {
  const shop = ctx.shop(shopName);
  findProduct(shop, id);
  shop.products = shop.products.filter((existing) => existing.id !== id);
  ctx.save();
  const delivery = await notify(ctx, shop, "products/delete", { id });
  return { deleted: gid("Product", id), delivery };
}
