/** Products, their variants, images and media, and the product search. */
import type { Product, Variant } from "../../catalogue.js";
import { gid } from "../../gid.js";
import { escapeHtml } from "../../http.js";
import { productImageUrl, storefrontUrl } from "../../urls.js";
import { connection, type PageArgs } from "../connection.js";
import { filterBySearch } from "../search.js";
import type { GqlContext } from "./context.js";
import { findMetafieldView, metafieldsConnection, type MetafieldsArgs } from "./metafields.js";
import { count, moneyV2 } from "./values.js";

export const PRODUCT_MEDIA_OFFSET = 30_000_000_000;

function productImageView(g: GqlContext, p: Product) {
  const url = p.imageUrl ?? productImageUrl(g.ctx.config, p.handle);
  return {
    __typename: "Image",
    id: gid("ProductImage", p.id),
    url,
    src: url,
    originalSrc: url,
    transformedSrc: url,
    altText: p.title,
    width: 800,
    height: 800,
    thumbhash: null,
  };
}

export function productMediaView(g: GqlContext, p: Product) {
  const image = productImageView(g, p);
  return {
    __typename: "MediaImage",
    id: gid("MediaImage", PRODUCT_MEDIA_OFFSET + p.id),
    alt: p.title,
    mediaContentType: "IMAGE",
    status: "READY",
    fileStatus: "READY",
    fileErrors: [],
    mediaErrors: [],
    mediaWarnings: [],
    mimeType: p.imageUrl ? null : "image/svg+xml",
    image,
    preview: { image, status: "READY" },
    originalSource: { url: image.url, fileSize: null },
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export function productView(g: GqlContext, p: Product): Record<string, unknown> {
  const prices = p.variants.map((v) => Number(v.price));
  const compareAt = p.variants.map((v) => Number(v.compareAtPrice ?? v.price));
  const stock = p.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0);
  const ownerId = gid("Product", p.id);
  const options = productOptions(p);
  const live = p.status === "ACTIVE";
  const url = `${storefrontUrl(g.ctx.config, g.shop.handle)}/products/${p.handle}`;
  return {
    __typename: "Product",
    id: ownerId,
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    description: ({ truncateAt }: { truncateAt?: number }) => (truncateAt ? p.description.slice(0, truncateAt) : p.description),
    descriptionHtml: `<p>${escapeHtml(p.description)}</p>`,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: live ? p.createdAt : null,
    onlineStoreUrl: live ? url : null,
    onlineStorePreviewUrl: url,
    templateSuffix: null,
    isGiftCard: false,
    requiresSellingPlan: false,
    tracksInventory: true,
    totalInventory: stock,
    hasOnlyDefaultVariant: hasOnlyDefaultVariant(p),
    hasOutOfStockVariants: p.variants.some((v) => v.inventoryQuantity <= 0),
    defaultCursor: Buffer.from(JSON.stringify({ last_id: p.id, last_value: String(p.id) })).toString("base64"),
    seo: { title: null, description: null },
    priceRangeV2: { minVariantPrice: moneyV2(Math.min(...prices)), maxVariantPrice: moneyV2(Math.max(...prices)) },
    compareAtPriceRange: p.variants.some((v) => v.compareAtPrice)
      ? { minVariantCompareAtPrice: moneyV2(Math.min(...compareAt)), maxVariantCompareAtPrice: moneyV2(Math.max(...compareAt)) }
      : null,
    featuredMedia: productMediaView(g, p),
    featuredImage: productImageView(g, p),
    images: (args: PageArgs) =>
      connection(
        [p],
        args,
        (x) => x.id,
        () => productImageView(g, p),
      ),
    media: (args: PageArgs) =>
      connection(
        [p],
        args,
        (x) => PRODUCT_MEDIA_OFFSET + x.id,
        () => productMediaView(g, p),
      ),
    mediaCount: count(1),
    variants: (args: PageArgs) =>
      connection(
        p.variants,
        args,
        (v) => v.id,
        (v) => variantView(g, p, v),
      ),
    variantsCount: count(p.variants.length),
    options: ({ first }: { first?: number }) =>
      options.slice(0, first ?? options.length).map((option, index) => ({
        __typename: "ProductOption",
        // Shopify's option ids are their own; the product's id times ten plus the position keeps them unique here.
        id: gid("ProductOption", index === 0 ? p.id : p.id * 10 + index),
        name: option.name,
        position: index + 1,
        values: option.values,
        optionValues: option.values.map((value, valueIndex) => ({
          __typename: "ProductOptionValue",
          id: gid("ProductOptionValue", index === 0 && !p.variants[0]?.options ? p.variants[valueIndex]!.id : p.id * 1000 + index * 100 + valueIndex),
          name: value,
          hasVariants: true,
        })),
      })),
    metafield: (args: { namespace?: string; key: string }) => findMetafieldView(g, ownerId, args),
    metafields: (args: MetafieldsArgs) => metafieldsConnection(g, ownerId, args),
  };
}

/** Shopify's shape for a product without options: one variant, "Default Title", its only option "Title". */
export function hasOnlyDefaultVariant(p: Product): boolean {
  return p.variants.length === 1 && p.variants[0]?.title === "Default Title" && !p.variants[0].options;
}

/**
 * A variant's value of each option: its own when the catalogue gives them,
 * else the demo's one option ("Size", or "Title" for the default variant).
 */
function selectedOptions(p: Product, v: Variant): Array<{ name: string; value: string }> {
  if (v.options) return v.options;
  return [{ name: hasOnlyDefaultVariant(p) ? "Title" : "Size", value: v.title }];
}

/** The product's options in order, each with its values in the order the variants first use them. */
export function productOptions(p: Product): Array<{ name: string; values: string[] }> {
  const options: Array<{ name: string; values: string[] }> = [];
  for (const v of p.variants) {
    for (const [index, selected] of selectedOptions(p, v).entries()) {
      const option = (options[index] ??= { name: selected.name, values: [] });
      if (!option.values.includes(selected.value)) option.values.push(selected.value);
    }
  }
  return options;
}

export function variantView(g: GqlContext, p: Product, v: Variant) {
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku,
    barcode: null,
    price: Number(v.price).toFixed(2),
    compareAtPrice: v.compareAtPrice ? Number(v.compareAtPrice).toFixed(2) : null,
    inventoryQuantity: v.inventoryQuantity,
    sellableOnlineQuantity: Math.max(0, v.inventoryQuantity),
    availableForSale: p.status === "ACTIVE" && v.inventoryQuantity > 0,
    inventoryPolicy: "DENY",
    position: p.variants.indexOf(v) + 1,
    taxable: true,
    requiresComponents: false,
    showUnitPrice: false,
    selectedOptions: selectedOptions(p, v).map(({ name, value }) => ({ __typename: "SelectedOption", name, value })),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    image: null,
    product: () => productView(g, p),
  };
}

type ProductSortKey = (p: Product) => string | number;

/** ID is the fallback for a sort key we do not know, so it is declared apart from the rest. */
const PRODUCT_SORT: { ID: ProductSortKey } & Record<string, ProductSortKey> = {
  ID: (p) => p.id,
  TITLE: (p) => p.title.toLowerCase(),
  CREATED_AT: (p) => p.createdAt,
  UPDATED_AT: (p) => p.updatedAt,
  PUBLISHED_AT: (p) => p.createdAt,
  PRODUCT_TYPE: (p) => p.productType.toLowerCase(),
  VENDOR: (p) => p.vendor.toLowerCase(),
  INVENTORY_TOTAL: (p) => p.variants.reduce((s, v) => s + v.inventoryQuantity, 0),
  RELEVANCE: (p) => p.id,
};

export function searchProducts(products: Product[], query: string | null | undefined, sortKey = "ID"): Product[] {
  const matched = filterBySearch(products, query, {
    text: (p) => `${p.title} ${p.vendor} ${p.productType} ${p.tags.join(" ")} ${p.variants.map((v) => v.sku).join(" ")}`,
    tokenized: ["title"],
    fields: {
      title: (p) => p.title,
      handle: (p) => p.handle,
      id: (p) => p.id,
      status: (p) => p.status,
      product_type: (p) => p.productType,
      vendor: (p) => p.vendor,
      tag: (p) => p.tags,
      tag_not: (p) => p.tags,
      sku: (p) => p.variants.map((v) => v.sku),
      created_at: (p) => p.createdAt,
      updated_at: (p) => p.updatedAt,
      inventory_total: (p) => p.variants.reduce((s, v) => s + v.inventoryQuantity, 0),
      gift_card: () => "false",
    },
  });
  const key = PRODUCT_SORT[sortKey] ?? PRODUCT_SORT.ID;
  return [...matched].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
}
