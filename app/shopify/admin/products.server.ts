/** Products: the product picker's search, the catalogue read page by page for suggestions, and product cards. Each Admin GraphQL document sits beside the function that sends it. */
import { type AdminGraphql, runAdminQuery } from "./client.server";

// What the product picker and the suggestions show of a product: one selection for both.
const PRODUCT_CARD_FRAGMENT = `#graphql
  fragment ClipcartProductCard on Product {
    id
    title
    featuredMedia {
      preview {
        image {
          url
        }
      }
    }
    priceRangeV2 {
      minVariantPrice {
        amount
        currencyCode
      }
      maxVariantPrice {
        amount
        currencyCode
      }
    }
  }`;

export const PRODUCTS_DOCUMENTS = {
  // The catalogue for suggestions (decision 053): a page at a time, oldest id
  // first, only the words suggestions read (2 cost points a product, so a
  // 250-product page costs 502 of the 1,000 a query may).
  catalogueProducts: `#graphql
    query ClipcartCatalogueProducts($first: Int!, $after: String) {
      products(first: $first, after: $after, sortKey: ID) {
        nodes {
          id
          title
          handle
          productType
          vendor
          tags
          updatedAt
          options(first: 3) {
            values
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }`,
  // The suggested products shown to the merchant: image and price, fresh.
  productCards: `#graphql
    query ClipcartProductCards($ids: [ID!]!) {
      nodes(ids: $ids) {
        ...ClipcartProductCard
      }
    }
    ${PRODUCT_CARD_FRAGMENT}`,
  // Whether a product a products/* webhook names is the shop's (decision 062): null for another shop's.
  productExists: `#graphql
    query ClipcartProductExists($id: ID!) {
      product(id: $id) {
        id
      }
    }`,
  productSearch: `#graphql
    query ClipcartProductSearch($query: String!, $first: Int!) {
      products(first: $first, query: $query, sortKey: TITLE) {
        nodes {
          ...ClipcartProductCard
        }
      }
    }
    ${PRODUCT_CARD_FRAGMENT}`,
} as const;

export interface ProductSearchHit {
  id: string;
  title: string;
  /** The product's featured image, or null without one. */
  imageUrl: string | null;
  /** Its variants' lowest and highest price (decimal strings), in the shop's currency. */
  price: { min: string; max: string; currencyCode: string } | null;
}

/** Results per search: the picker shows a short list and the merchant types more to narrow it. */
const PRODUCT_SEARCH_LIMIT = 20;

/**
 * The merchant's text as a Shopify search query: each word becomes a title
 * prefix term (`title:lin*` matches "Linen"). Only letters and digits are kept
 * from each word, so quotes, colons, parentheses, "-" negations and the words
 * AND/OR/NOT never act as search syntax: Shopify's search matches words
 * anyway, so punctuation only ever narrowed nothing. Null when no word is left.
 */
function productSearchQuery(text: string): string | null {
  const words = text
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10)
    .map((word) => word.slice(0, 50));
  if (!words.length) return null;
  return words.map((word) => `title:${word}*`).join(" ");
}

interface MoneyV2 {
  amount: string;
  currencyCode: string;
}

interface ProductSearchData {
  products: {
    nodes: Array<{
      id: string;
      title: string;
      featuredMedia: { preview: { image: { url: string } | null } | null } | null;
      priceRangeV2: { minVariantPrice: MoneyV2; maxVariantPrice: MoneyV2 } | null;
    }>;
  };
}

/** Products whose title has words starting with the merchant's words, by title. */
export async function searchProducts(graphql: AdminGraphql, text: string, limit = PRODUCT_SEARCH_LIMIT): Promise<ProductSearchHit[]> {
  const query = productSearchQuery(text);
  if (!query) return [];
  const data = await runAdminQuery<ProductSearchData>(graphql, PRODUCTS_DOCUMENTS.productSearch, { query, first: limit });
  return data.products.nodes.map((product) => {
    const range = product.priceRangeV2;
    return {
      id: product.id,
      title: product.title,
      imageUrl: product.featuredMedia?.preview?.image?.url ?? null,
      price: range ? { min: range.minVariantPrice.amount, max: range.maxVariantPrice.amount, currencyCode: range.minVariantPrice.currencyCode } : null,
    };
  });
}

/** Products per catalogue page: Shopify's largest page, well within the query cost limit for these fields. */
export const CATALOGUE_PAGE_SIZE = 250;

export interface CatalogueProductNode {
  id: string;
  title: string;
  handle: string;
  productType: string;
  vendor: string;
  tags: string[];
  updatedAt: string;
  optionValues: string[];
}

interface CatalogueProductsData {
  products: {
    nodes: Array<{
      id: string;
      title: string;
      handle: string;
      productType: string;
      vendor: string;
      tags: string[];
      updatedAt: string;
      options: Array<{ values: string[] }>;
    }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

/** One page of the shop's products for the catalogue, and the cursor of the next (null after the last). */
export async function fetchCataloguePage(
  graphql: AdminGraphql,
  after: string | null,
  first = CATALOGUE_PAGE_SIZE,
): Promise<{ products: CatalogueProductNode[]; nextCursor: string | null }> {
  const data = await runAdminQuery<CatalogueProductsData>(graphql, PRODUCTS_DOCUMENTS.catalogueProducts, { first, after });
  const { nodes, pageInfo } = data.products;
  return {
    products: nodes.map((node) => ({
      id: node.id,
      title: node.title,
      handle: node.handle,
      productType: node.productType,
      vendor: node.vendor,
      tags: node.tags,
      updatedAt: node.updatedAt,
      optionValues: [...new Set(node.options.flatMap((option) => option.values))],
    })),
    nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null,
  };
}

interface ProductCardsData {
  nodes: Array<{
    id?: string;
    title?: string;
    featuredMedia?: { preview: { image: { url: string } | null } | null } | null;
    priceRangeV2?: { minVariantPrice: MoneyV2; maxVariantPrice: MoneyV2 } | null;
  } | null>;
}

/** Title, image and price of the given products (those still existing), as the product search answers them. */
export async function fetchProductCards(graphql: AdminGraphql, ids: string[]): Promise<ProductSearchHit[]> {
  if (!ids.length) return [];
  const data = await runAdminQuery<ProductCardsData>(graphql, PRODUCTS_DOCUMENTS.productCards, { ids });
  return data.nodes.flatMap((node) => {
    if (!node?.id || node.title === undefined) return [];
    const range = node.priceRangeV2;
    return [
      {
        id: node.id,
        title: node.title,
        imageUrl: node.featuredMedia?.preview?.image?.url ?? null,
        price: range ? { min: range.minVariantPrice.amount, max: range.maxVariantPrice.amount, currencyCode: range.minVariantPrice.currencyCode } : null,
      },
    ];
  });
}

/** Whether the shop has this product (`gid://shopify/Product/...`): Shopify answers null for another shop's or a deleted one. */
export async function shopHasProduct(graphql: AdminGraphql, productId: string): Promise<boolean> {
  const data = await runAdminQuery<{ product: { id: string } | null }>(graphql, PRODUCTS_DOCUMENTS.productExists, { id: productId });
  return data.product?.id === productId;
}
