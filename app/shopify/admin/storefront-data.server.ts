/** Storefront data: the app-owned metafields the theme app extension reads, and the product details they carry. Each Admin GraphQL document sits beside the function that sends it. */
import { STOREFRONT_VARIANTS_MAX, type StorefrontProduct, type StorefrontVariant } from "~/storefront/widget-data";
import { type AdminCostBudget, type AdminGraphql, runAdminQuery, throwOnUserErrors, type UserErrorsData } from "./client.server";

export const STOREFRONT_DATA_DOCUMENTS = {
  storefrontTarget: `#graphql
    query ClipcartStorefrontTarget($namespace: String!) {
      shop {
        currencyCode
      }
      currentAppInstallation {
        id
        metafields(first: 250, namespace: $namespace) {
          nodes {
            key
          }
        }
      }
    }`,
  storefrontProducts: `#graphql
    query ClipcartStorefrontProducts($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on Product {
          id
          handle
          title
          status
          updatedAt
          featuredImage {
            url
          }
          hasOnlyDefaultVariant
          options {
            name
          }
          variants(first: ${STOREFRONT_VARIANTS_MAX}) {
            nodes {
              id
              price
              compareAtPrice
              availableForSale
              selectedOptions {
                name
                value
              }
            }
          }
        }
      }
    }`,
  metafieldsSet: `#graphql
    mutation ClipcartMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
      metafieldsSet(metafields: $metafields) {
        metafields {
          key
        }
        userErrors {
          field
          message
          code
        }
      }
    }`,
  metafieldsDelete: `#graphql
    mutation ClipcartMetafieldsDelete($metafields: [MetafieldIdentifierInput!]!) {
      metafieldsDelete(metafields: $metafields) {
        deletedMetafields {
          key
        }
        userErrors {
          field
          message
        }
      }
    }`,
} as const;

export interface StorefrontTarget {
  /** gid://shopify/AppInstallation/...: the owner of app-data metafields. */
  installationId: string;
  currencyCode: string;
  /** Keys of the app's metafields in the namespace now (to delete the ones no longer published). */
  existingKeys: string[];
}

interface StorefrontTargetData {
  shop: { currencyCode: string };
  currentAppInstallation: { id: string; metafields: { nodes: Array<{ key: string }> } };
}

/** What ClipcartStorefrontTarget costs: the shop 1, the installation 1, its metafields 2 + 250. */
const STOREFRONT_TARGET_COST = 254;

export async function fetchStorefrontTarget(graphql: AdminGraphql, namespace: string, budget?: AdminCostBudget): Promise<StorefrontTarget> {
  const data = await runAdminQuery<StorefrontTargetData>(
    graphql,
    STOREFRONT_DATA_DOCUMENTS.storefrontTarget,
    { namespace },
    budget && { budget, cost: STOREFRONT_TARGET_COST },
  );
  return {
    installationId: data.currentAppInstallation.id,
    currencyCode: data.shop.currencyCode,
    existingKeys: data.currentAppInstallation.metafields.nodes.map((node) => node.key),
  };
}

/** What a shopper sees of a tagged product (the storefront data's shape, app/storefront/widget-data.ts), and when Shopify last changed it. */
export interface StorefrontProductDetails extends StorefrontProduct {
  updatedAt: string | null;
}

interface StorefrontVariantNode {
  id: string;
  price: string;
  compareAtPrice: string | null;
  availableForSale: boolean;
  selectedOptions: Array<{ name: string; value: string }>;
}

interface StorefrontProductsData {
  nodes: Array<{
    id?: string;
    handle?: string;
    title?: string;
    status?: string;
    updatedAt?: string;
    featuredImage?: { url: string } | null;
    hasOnlyDefaultVariant?: boolean;
    options?: Array<{ name: string }>;
    variants?: { nodes: StorefrontVariantNode[] };
  } | null>;
}

/**
 * What one product of ClipcartStorefrontProducts costs (Shopify's calculated
 * query cost: objects 1, a connection 2 plus its page size times one node):
 * the product 1, its image 1, its options 1, and its variants 2 + 25 x 2 (each
 * variant and its selectedOptions) = 55.
 */
const STOREFRONT_PRODUCT_COST = 3 + 2 + STOREFRONT_VARIANTS_MAX * 2;

/**
 * Products per storefrontProducts call (Shopify takes up to 250 `nodes(ids:)`).
 * Shopify refuses a query whose calculated cost exceeds 1,000 points: 16
 * products cost 880, the same margin below the cap as before variants were
 * asked for (30 products at 29 points).
 */
export const STOREFRONT_PRODUCTS_PER_QUERY = Math.floor(900 / STOREFRONT_PRODUCT_COST);
const NODES_PER_QUERY = STOREFRONT_PRODUCTS_PER_QUERY;

/** The numeric id at the end of a gid ("gid://shopify/ProductVariant/45000000010" -> 45000000010), or null. */
function numericId(gid: string): number | null {
  const id = Number(gid.split("/").pop());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A compare-at price only when it says "on sale": above the price (Shopify keeps equal or lower ones too). */
function saleCompareAt(price: string, compareAtPrice: string | null): string | null {
  return compareAtPrice !== null && Number(compareAtPrice) > Number(price) ? compareAtPrice : null;
}

/** The variants as the player's picker offers them, each option's value in the order of `options`. */
function storefrontVariants(options: readonly string[], variants: readonly StorefrontVariantNode[]): StorefrontVariant[] {
  return variants.slice(0, STOREFRONT_VARIANTS_MAX).flatMap((variant) => {
    const id = numericId(variant.id);
    if (id === null) return [];
    const valueOf = new Map(variant.selectedOptions.map((option) => [option.name, option.value]));
    return {
      id,
      values: options.map((name) => valueOf.get(name) ?? ""),
      price: variant.price,
      compareAtPrice: saleCompareAt(variant.price, variant.compareAtPrice),
      available: variant.availableForSale,
    };
  });
}

/** Shopify's own word, or the shape it gives a product without options: one variant whose only option is Title. */
function hasOnlyDefaultVariant(node: NonNullable<StorefrontProductsData["nodes"][number]>, variants: readonly StorefrontVariantNode[]): boolean {
  if (node.hasOnlyDefaultVariant !== undefined) return node.hasOnlyDefaultVariant;
  const selected = variants[0]?.selectedOptions ?? [];
  return variants.length <= 1 && selected.every((option) => option.name === "Title");
}

/**
 * What a shopper sees of each tagged product. Products deleted or not active
 * are left out (the storefront cannot sell them). The price (and a compare-at
 * price above it) is the first available variant's, else the first's; a
 * product with a choice to make also carries its option names and variants.
 */
export async function fetchStorefrontProducts(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<StorefrontProductDetails[]> {
  const details: StorefrontProductDetails[] = [];
  for (let start = 0; start < ids.length; start += NODES_PER_QUERY) {
    const batch = ids.slice(start, start + NODES_PER_QUERY);
    const pacing = budget && { budget, cost: batch.length * STOREFRONT_PRODUCT_COST };
    const data = await runAdminQuery<StorefrontProductsData>(graphql, STOREFRONT_DATA_DOCUMENTS.storefrontProducts, { ids: batch }, pacing);
    for (const node of data.nodes) {
      if (!node?.id || !node.handle || !node.title || node.status !== "ACTIVE") continue;
      const variants = node.variants?.nodes ?? [];
      const forSale = variants.find((variant) => variant.availableForSale);
      const shown = forSale ?? variants[0];
      const price = shown?.price ?? "0.00";
      const compareAtPrice = shown ? saleCompareAt(price, shown.compareAtPrice) : null;
      const product: StorefrontProductDetails = {
        id: node.id,
        handle: node.handle,
        title: node.title,
        price,
        // Only when on sale: most products are not, and every byte is repeated per video in the widget's data.
        ...(compareAtPrice === null ? {} : { compareAtPrice }),
        image: node.featuredImage?.url ?? null,
        variantId: forSale ? numericId(forSale.id) : null,
        updatedAt: node.updatedAt ?? null,
      };
      if (!hasOnlyDefaultVariant(node, variants)) {
        const options = (node.options ?? []).map((option) => option.name);
        product.options = options;
        product.variants = storefrontVariants(options, variants);
      }
      details.push(product);
    }
  }
  return details;
}

/** Shopify's limit on metafields per metafieldsSet call. */

const METAFIELDS_PER_SET = 25;

/** What a metafieldsSet or metafieldsDelete call costs (a mutation). */
const MUTATION_COST = 10;

/** Writes JSON metafields on one owner, 25 per call (each call is atomic on Shopify's side). */
export async function setJsonMetafields(
  graphql: AdminGraphql,
  ownerId: string,
  namespace: string,
  values: ReadonlyArray<{ key: string; value: unknown }>,
  budget?: AdminCostBudget,
): Promise<void> {
  for (let start = 0; start < values.length; start += METAFIELDS_PER_SET) {
    const metafields = values
      .slice(start, start + METAFIELDS_PER_SET)
      .map(({ key, value }) => ({ ownerId, namespace, key, type: "json", value: JSON.stringify(value) }));
    const data = await runAdminQuery<{ metafieldsSet: UserErrorsData }>(
      graphql,
      STOREFRONT_DATA_DOCUMENTS.metafieldsSet,
      { metafields },
      budget && { budget, cost: MUTATION_COST },
    );
    throwOnUserErrors("metafieldsSet", data.metafieldsSet);
  }
}

/** Deletes metafields of one owner, 25 per call. */
export async function deleteMetafields(
  graphql: AdminGraphql,
  ownerId: string,
  namespace: string,
  keys: readonly string[],
  budget?: AdminCostBudget,
): Promise<void> {
  for (let start = 0; start < keys.length; start += METAFIELDS_PER_SET) {
    const metafields = keys.slice(start, start + METAFIELDS_PER_SET).map((key) => ({ ownerId, namespace, key }));
    const data = await runAdminQuery<{ metafieldsDelete: UserErrorsData }>(
      graphql,
      STOREFRONT_DATA_DOCUMENTS.metafieldsDelete,
      { metafields },
      budget && { budget, cost: MUTATION_COST },
    );
    throwOnUserErrors("metafieldsDelete", data.metafieldsDelete);
  }
}
