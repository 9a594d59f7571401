/**
 * The products Local Shopify's resource picker offers (App Bridge's
 * `shopify.resourcePicker({ type: "product" })`): the shop's catalogue,
 * filtered as the Admin API's product search would, in the shape the real
 * picker answers (App Bridge's `Product` resource: gids, images, variants).
 */
import type { Product } from "../catalogue.js";
import type { LocalShopifyConfig } from "../config.js";
import { gid } from "../gid.js";
import { escapeHtml } from "../http.js";
import { hasOnlyDefaultVariant, productOptions, searchProducts } from "../graphql/views.js";
import { productImageUrl } from "../urls.js";
import type { PickedProduct } from "./protocol.js";

/** As many as the real picker shows before the merchant scrolls or narrows the search. */
export const PICKER_PAGE_SIZE = 50;

export function pickerProduct(config: LocalShopifyConfig, p: Product): PickedProduct {
  const live = p.status === "ACTIVE";
  return {
    id: gid("Product", p.id),
    title: p.title,
    handle: p.handle,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    descriptionHtml: `<p>${escapeHtml(p.description)}</p>`,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: live ? p.createdAt : null,
    templateSuffix: null,
    hasOnlyDefaultVariant: hasOnlyDefaultVariant(p),
    tracksInventory: true,
    totalInventory: p.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0),
    totalVariants: p.variants.length,
    availablePublicationCount: live ? 1 : 0,
    options: productOptions(p).map((option, index) => ({
      id: gid("ProductOption", index === 0 ? p.id : p.id * 10 + index),
      name: option.name,
      position: index + 1,
      values: option.values,
    })),
    images: [{ id: gid("ProductImage", p.id), altText: p.title, originalSrc: p.imageUrl ?? productImageUrl(config, p.handle) }],
    variants: p.variants.map((v, index) => ({
      id: gid("ProductVariant", v.id),
      title: v.title,
      displayName: `${p.title} - ${v.title}`,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      sku: v.sku,
      inventoryQuantity: v.inventoryQuantity,
      availableForSale: live && v.inventoryQuantity > 0,
      position: index + 1,
    })),
  };
}

/** The shop's products matching the merchant's text (every product without one), by title. */
export function pickerProducts(config: LocalShopifyConfig, products: Product[], query: string): PickedProduct[] {
  return searchProducts(products, query.trim() || null, "TITLE")
    .slice(0, PICKER_PAGE_SIZE)
    .map((p) => pickerProduct(config, p));
}
