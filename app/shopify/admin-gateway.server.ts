/**
 * The Shopify gateway: every Admin GraphQL document the app sends lives in
 * ADMIN_DOCUMENTS (a unit test validates each one against Shopify's published
 * Admin schema), and nothing else in the app talks to Shopify's Admin API.
 */
import type { AdminApiContext } from "@shopify/shopify-app-remix/server";
import { STOREFRONT_VARIANTS_MAX, type StorefrontProduct, type StorefrontVariant } from "~/storefront/widget-data";

export type AdminGraphql = AdminApiContext["graphql"];

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

export const ADMIN_DOCUMENTS = {
  activeTheme: `#graphql
    query ClipcartActiveTheme {
      themes(first: 1, roles: [MAIN]) {
        nodes {
          id
          name
          role
          files(filenames: ["templates/index.json"], first: 1) {
            nodes {
              filename
            }
          }
        }
      }
    }`,
  themeSetupFiles: `#graphql
    query ClipcartThemeSetupFiles($filenames: [String!]!) {
      themes(first: 1, roles: [MAIN]) {
        nodes {
          id
          name
          files(filenames: $filenames, first: 10) {
            nodes {
              filename
              body {
                ... on OnlineStoreThemeFileBodyText {
                  content
                }
              }
            }
          }
        }
      }
    }`,
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
  fileCreate: `#graphql
    mutation ClipcartFileCreate($files: [FileCreateInput!]!) {
      fileCreate(files: $files) {
        files {
          id
          fileStatus
        }
        userErrors {
          field
          message
          code
        }
      }
    }`,
  fileStatuses: `#graphql
    query ClipcartFileStatuses($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on MediaImage {
          id
          fileStatus
          image {
            url
          }
        }
      }
    }`,
  videoFiles: `#graphql
    query ClipcartVideoFiles($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on Video {
          id
          fileStatus
          duration
          fileErrors {
            code
            details
          }
          sources {
            url
            format
            mimeType
            width
            height
          }
          preview {
            image {
              url
            }
          }
        }
      }
    }`,
  fileDelete: `#graphql
    mutation ClipcartFileDelete($fileIds: [ID!]!) {
      fileDelete(fileIds: $fileIds) {
        deletedFileIds
        userErrors {
          field
          message
          code
        }
      }
    }`,
  stagedVideoUploads: `#graphql
    mutation ClipcartStagedVideoUploads($input: [StagedUploadInput!]!) {
      stagedUploadsCreate(input: $input) {
        stagedTargets {
          url
          resourceUrl
          parameters {
            name
            value
          }
        }
        userErrors {
          field
          message
        }
      }
    }`,
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
  activeSubscriptions: `#graphql
    query ClipcartActiveSubscriptions {
      shop {
        id
      }
      currentAppInstallation {
        activeSubscriptions {
          id
          name
          status
        }
      }
    }`,
  appSubscriptionCancel: `#graphql
    mutation ClipcartAppSubscriptionCancel($id: ID!) {
      appSubscriptionCancel(id: $id) {
        appSubscription {
          id
          status
        }
        userErrors {
          field
          message
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

class ShopifyGatewayError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ShopifyGatewayError";
  }
}

/** Shopify's report of the app's rate-limit bucket on a shop, with every Admin GraphQL answer. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Paces one shop's Admin calls within Shopify's leaky bucket (calculated query
 * cost, shopify.dev "GraphQL Admin API rate limits"): a call waits until its
 * estimated cost is available, and every answer's throttleStatus corrects the
 * estimate. Background work that sends many calls (the video mirror) uses one
 * per shop; an instance's budget does not see other instances' calls, so it
 * starts from Shopify's smallest bucket and trusts what Shopify reports.
 */
export class AdminCostBudget {
  private available: number;
  private maximum: number;
  private restoreRate: number;
  private at = Date.now();

  constructor({ maximum = 1000, restoreRate = 50 }: { maximum?: number; restoreRate?: number } = {}) {
    this.maximum = maximum;
    this.available = maximum;
    this.restoreRate = restoreRate;
  }

  private refill() {
    const now = Date.now();
    this.available = Math.min(this.maximum, this.available + ((now - this.at) / 1000) * this.restoreRate);
    this.at = now;
  }

  /** Waits until `cost` points are available, then counts them as spent. */
  async spend(cost: number): Promise<void> {
    const wanted = Math.min(cost, this.maximum);
    for (;;) {
      this.refill();
      if (this.available >= wanted) {
        this.available -= wanted;
        return;
      }
      await sleep(Math.ceil(((wanted - this.available) / this.restoreRate) * 1000));
    }
  }

  /** Takes Shopify's figures from an answer. */
  observe(status: ThrottleStatus): void {
    this.maximum = status.maximumAvailable;
    this.restoreRate = status.restoreRate;
    this.available = status.currentlyAvailable;
    this.at = Date.now();
  }
}

interface AdminAnswer<Data> {
  data?: Data;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

/** How long until Shopify's bucket holds what a THROTTLED call asked for (1 s when the answer does not say). */
function refillWaitMs(cost: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } | undefined): number {
  const status = cost?.throttleStatus;
  if (!status || !cost?.requestedQueryCost || status.restoreRate <= 0) return 1000;
  const missing = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
  return Math.min(30_000, Math.ceil((missing / status.restoreRate) * 1000) + 50);
}

/** Calls refused with THROTTLED are sent again this many times (after the bucket refills). */
const THROTTLED_RETRIES = 5;

async function runAdminQuery<Data>(
  graphql: AdminGraphql,
  document: string,
  variables?: Record<string, unknown>,
  pacing?: { budget: AdminCostBudget; cost: number },
): Promise<Data> {
  for (let attempt = 0; ; attempt++) {
    if (pacing) await pacing.budget.spend(pacing.cost);
    const response = await graphql(document, variables ? { variables } : undefined);
    const body = (await response.json()) as AdminAnswer<Data>;
    const status = body.extensions?.cost?.throttleStatus;
    if (pacing && status) pacing.budget.observe(status);
    const throttled = body.errors?.some((error) => error.extensions?.code === "THROTTLED");
    if (throttled && attempt < THROTTLED_RETRIES) {
      // Wait until Shopify's bucket holds what the call asked for (its requested cost, which an estimate may undercount).
      await sleep(refillWaitMs(body.extensions?.cost));
      continue;
    }
    if (body.errors?.length || !body.data) {
      throw new ShopifyGatewayError(body.errors?.map((error) => error.message).join("; ") || "Empty response", body.errors);
    }
    return body.data;
  }
}

export interface ActiveTheme {
  id: string;
  name: string;
  /** "json" for Online Store 2.0 themes (app blocks), "liquid" for vintage themes (app embed only). */
  type: "json" | "liquid";
}

interface ActiveThemeData {
  themes: { nodes: Array<{ id: string; name: string; files: { nodes: Array<{ filename: string }> } }> };
}

/** The shop's published theme; a theme with JSON templates supports app blocks. */
export async function fetchActiveTheme(graphql: AdminGraphql): Promise<ActiveTheme | null> {
  const data = await runAdminQuery<ActiveThemeData>(graphql, ADMIN_DOCUMENTS.activeTheme);
  const theme = data.themes.nodes[0];
  if (!theme) return null;
  return { id: theme.id, name: theme.name, type: theme.files.nodes.length > 0 ? "json" : "liquid" };
}

interface ThemeSetupFilesData {
  themes: {
    nodes: Array<{ id: string; name: string; files: { nodes: Array<{ filename: string; body: { content?: string } | null }> } | null }>;
  };
}

/** The published theme and the text of those of its files that exist (read_themes; theme files are never written). */
export async function fetchMainThemeFiles(
  graphql: AdminGraphql,
  filenames: readonly string[],
): Promise<{ id: string; name: string; files: Array<{ filename: string; content: string | null }> } | null> {
  const data = await runAdminQuery<ThemeSetupFilesData>(graphql, ADMIN_DOCUMENTS.themeSetupFiles, { filenames });
  const theme = data.themes.nodes[0];
  if (!theme) return null;
  const files = (theme.files?.nodes ?? []).map((file) => ({ filename: file.filename, content: file.body?.content ?? null }));
  return { id: theme.id, name: theme.name, files };
}

// ---------------------------------------------------------------- billing

export interface ActiveSubscriptions {
  /** gid://shopify/Shop/...: whose installation answered (the token's shop). */
  shopGid: string;
  activeSubscriptions: Array<{ id: string; name: string; status: string }>;
}

interface ActiveSubscriptionsData {
  shop: { id: string };
  currentAppInstallation: { activeSubscriptions: Array<{ id: string; name: string; status: string }> };
}

/** The app's subscriptions Shopify lists as active for the token's shop: what a subscription webhook is checked against. */
export async function fetchActiveSubscriptions(graphql: AdminGraphql): Promise<ActiveSubscriptions> {
  const data = await runAdminQuery<ActiveSubscriptionsData>(graphql, ADMIN_DOCUMENTS.activeSubscriptions);
  return { shopGid: data.shop.id, activeSubscriptions: data.currentAppInstallation.activeSubscriptions };
}

interface AppSubscriptionCancelData {
  appSubscriptionCancel: { appSubscription: { id: string; status: string } | null; userErrors: Array<{ field: string[] | null; message: string }> };
}

/**
 * Cancels the app's subscription on Shopify (the merchant downgraded in the
 * app). Answers the subscription's status afterwards; one that had already
 * ended (cancelled in the admin meanwhile) answers its status rather than failing.
 */
export async function cancelAppSubscription(graphql: AdminGraphql, subscriptionId: string): Promise<{ status: string }> {
  const data = await runAdminQuery<AppSubscriptionCancelData>(graphql, ADMIN_DOCUMENTS.appSubscriptionCancel, { id: subscriptionId });
  const { appSubscription, userErrors } = data.appSubscriptionCancel;
  const alreadyEnded = appSubscription && appSubscription.status !== "ACTIVE" && appSubscription.status !== "PENDING";
  if (userErrors.length && !alreadyEnded) throwOnUserErrors("appSubscriptionCancel", data.appSubscriptionCancel);
  return { status: appSubscription?.status ?? "CANCELLED" };
}

// ---------------------------------------------------------------- products

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
  const data = await runAdminQuery<ProductSearchData>(graphql, ADMIN_DOCUMENTS.productSearch, { query, first: limit });
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

// ---------------------------------------------------------------- catalogue

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
  const data = await runAdminQuery<CatalogueProductsData>(graphql, ADMIN_DOCUMENTS.catalogueProducts, { first, after });
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
  const data = await runAdminQuery<ProductCardsData>(graphql, ADMIN_DOCUMENTS.productCards, { ids });
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
  const data = await runAdminQuery<{ product: { id: string } | null }>(graphql, ADMIN_DOCUMENTS.productExists, { id: productId });
  return data.product?.id === productId;
}

// ---------------------------------------------------------------- files

/** Shopify's FileStatus. */
export type FileStatus = "UPLOADED" | "PROCESSING" | "READY" | "FAILED";

export interface CreatedFile {
  id: string;
  status: FileStatus;
}

interface FileCreateData {
  fileCreate: {
    files: Array<{ id: string; fileStatus: FileStatus }> | null;
    userErrors: Array<{ field: string[] | null; message: string; code: string | null }>;
  };
}

/**
 * Asks Shopify to keep a copy of each image URL in the shop's Files (Shopify
 * downloads it in the background and serves it from its CDN). Answers the new
 * files in the order given; Shopify refuses the whole batch when one input is
 * invalid, which is a ShopifyGatewayError.
 */
export async function createFilesFromUrls(graphql: AdminGraphql, files: ReadonlyArray<{ url: string; alt?: string }>): Promise<CreatedFile[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<FileCreateData>(graphql, ADMIN_DOCUMENTS.fileCreate, {
    files: files.map((file) => ({ originalSource: file.url, contentType: "IMAGE", ...(file.alt ? { alt: file.alt.slice(0, 512) } : {}) })),
  });
  const { files: created, userErrors } = data.fileCreate;
  if (userErrors.length || !created) {
    throw new ShopifyGatewayError(userErrors.map((error) => error.message).join("; ") || "fileCreate returned no files", userErrors);
  }
  return created.map((file) => ({ id: file.id, status: file.fileStatus }));
}

export interface FileState {
  id: string;
  status: FileStatus;
  /** The CDN URL, once READY. */
  url: string | null;
}

interface FileStatusesData {
  nodes: Array<{ id?: string; fileStatus?: FileStatus; image?: { url: string } | null } | null>;
}

/** What one image of ClipcartFileStatuses costs at most: the node and its image. */
const IMAGE_FILE_READ_COST = 2;

/** Where Shopify is with each file; a file that no longer exists (deleted in the admin) is left out. */
export async function fetchFileStates(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<FileState[]> {
  if (!ids.length) return [];
  const data = await runAdminQuery<FileStatusesData>(
    graphql,
    ADMIN_DOCUMENTS.fileStatuses,
    { ids },
    budget ? { budget, cost: ids.length * IMAGE_FILE_READ_COST } : undefined,
  );
  return data.nodes.flatMap((node) => (node?.id && node.fileStatus ? [{ id: node.id, status: node.fileStatus, url: node.image?.url ?? null }] : []));
}

// ---------------------------------------------------------------- video files

/**
 * Asks Shopify to keep a copy of a video in the shop's Files: Shopify
 * downloads `url` in the background, then transcodes it (UPLOADED ->
 * PROCESSING -> READY or FAILED). `url` is a public http(s) URL or a staged
 * upload's resourceUrl. A refused input is a ShopifyGatewayError.
 */
export async function createVideoFile(
  graphql: AdminGraphql,
  file: { url: string; alt?: string; filename?: string },
  budget?: AdminCostBudget,
): Promise<CreatedFile> {
  const [created] = await createVideoFiles(graphql, [file], budget);
  if (!created) throw new ShopifyGatewayError("fileCreate returned no file");
  return created;
}

/** Shopify's cost of a mutation (shopify.dev, calculated query cost). */
const MUTATION_COST = 10;

/**
 * fileCreate for several videos in one call, answered in the order given.
 * Shopify refuses the whole call when one input is invalid (a
 * ShopifyGatewayError); callers then send them one by one.
 */
export async function createVideoFiles(
  graphql: AdminGraphql,
  files: ReadonlyArray<{ url: string; alt?: string; filename?: string }>,
  budget?: AdminCostBudget,
): Promise<CreatedFile[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<FileCreateData>(
    graphql,
    ADMIN_DOCUMENTS.fileCreate,
    {
      files: files.map((file) => ({
        originalSource: file.url,
        contentType: "VIDEO",
        ...(file.alt ? { alt: file.alt.slice(0, 512) } : {}),
        ...(file.filename ? { filename: file.filename } : {}),
      })),
    },
    budget ? { budget, cost: MUTATION_COST } : undefined,
  );
  const { files: created, userErrors } = data.fileCreate;
  if (userErrors.length || !created || created.length !== files.length) {
    throw new ShopifyGatewayError(userErrors.map((error) => error.message).join("; ") || "fileCreate returned no files", userErrors);
  }
  return created.map((file) => ({ id: file.id, status: file.fileStatus }));
}

/** Where the browser uploads one file (a signed bucket target): POST a form of `parameters`, then the file as `file`. */
export interface StagedUploadTarget {
  url: string;
  /** What fileCreate takes as originalSource once the upload is done. */
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

/** Upload targets for videos the merchant uploads from the browser straight to Shopify's bucket, in the order given. */
export async function createStagedVideoUploads(
  graphql: AdminGraphql,
  files: ReadonlyArray<{ filename: string; mimeType: string; fileSize: number }>,
): Promise<StagedUploadTarget[]> {
  if (!files.length) return [];
  const data = await runAdminQuery<{ stagedUploadsCreate: UserErrorsData & { stagedTargets: StagedUploadTarget[] | null } }>(
    graphql,
    ADMIN_DOCUMENTS.stagedVideoUploads,
    {
      input: files.map((file) => ({
        resource: "VIDEO",
        filename: file.filename,
        mimeType: file.mimeType,
        fileSize: String(file.fileSize),
        httpMethod: "POST",
      })),
    },
  );
  throwOnUserErrors("stagedUploadsCreate", data.stagedUploadsCreate);
  const targets = data.stagedUploadsCreate.stagedTargets ?? [];
  if (targets.length !== files.length) throw new ShopifyGatewayError("stagedUploadsCreate returned no targets");
  return targets;
}

/** One playable rendition of a READY video. */
export interface VideoFileSource {
  url: string;
  /** "mp4", "m3u8" (HLS), "webm" */
  format: string;
  mimeType: string;
  width: number;
  height: number;
}

export interface VideoFileState {
  id: string;
  status: FileStatus;
  /** Once READY. */
  durationMs: number | null;
  sources: VideoFileSource[];
  posterUrl: string | null;
  /** Why Shopify failed the file (FAILED): its error code and details. */
  error: { code: string; details: string | null } | null;
}

interface VideoFilesData {
  nodes: Array<{
    id?: string;
    fileStatus?: FileStatus;
    duration?: number | null;
    fileErrors?: Array<{ code: string; details: string | null }>;
    sources?: VideoFileSource[];
    preview?: { image: { url: string } | null } | null;
  } | null>;
}

/** What one video of ClipcartVideoFiles costs at most: the node, its preview and image, its errors and sources. */
const VIDEO_FILE_READ_COST = 5;

/** Where Shopify is with each video file; a file that no longer exists (deleted in the admin) is left out. */
export async function fetchVideoFileStates(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<VideoFileState[]> {
  if (!ids.length) return [];
  const data = await runAdminQuery<VideoFilesData>(
    graphql,
    ADMIN_DOCUMENTS.videoFiles,
    { ids },
    budget ? { budget, cost: ids.length * VIDEO_FILE_READ_COST } : undefined,
  );
  return data.nodes.flatMap((node) => {
    if (!node?.id || !node.fileStatus) return [];
    const firstError = node.fileErrors?.[0];
    return [
      {
        id: node.id,
        status: node.fileStatus,
        durationMs: node.duration ?? null,
        sources: node.sources ?? [],
        posterUrl: node.preview?.image?.url ?? null,
        error: firstError ? { code: firstError.code, details: firstError.details } : null,
      },
    ];
  });
}

interface FileDeleteData {
  fileDelete: { deletedFileIds: string[] | null; userErrors: Array<{ field: string[] | null; message: string; code: string | null }> };
}

/**
 * Deletes files from the shop's Files. A file already gone (deleted in the
 * admin) counts as deleted; Shopify refuses a whole batch for one such id, so
 * the batch is then retried one file at a time.
 */
export async function deleteFiles(graphql: AdminGraphql, ids: readonly string[], budget?: AdminCostBudget): Promise<void> {
  if (!ids.length) return;
  const data = await runAdminQuery<FileDeleteData>(graphql, ADMIN_DOCUMENTS.fileDelete, { fileIds: ids }, budget ? { budget, cost: MUTATION_COST } : undefined);
  const { userErrors } = data.fileDelete;
  if (!userErrors.length) return;
  const onlyMissing = userErrors.every((error) => error.code === "FILE_DOES_NOT_EXIST");
  if (!onlyMissing) throwOnUserErrors("fileDelete", data.fileDelete);
  if (ids.length > 1) for (const id of ids) await deleteFiles(graphql, [id], budget);
}

// ---------------------------------------------------------------- storefront data (app-data metafields)

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

export async function fetchStorefrontTarget(graphql: AdminGraphql, namespace: string): Promise<StorefrontTarget> {
  const data = await runAdminQuery<StorefrontTargetData>(graphql, ADMIN_DOCUMENTS.storefrontTarget, { namespace });
  return {
    installationId: data.currentAppInstallation.id,
    currencyCode: data.shop.currencyCode,
    existingKeys: data.currentAppInstallation.metafields.nodes.map((node) => node.key),
  };
}

/** What a shopper sees of a tagged product: the storefront data's shape (app/storefront/widget-data.ts). */
export type StorefrontProductDetails = StorefrontProduct;

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
const NODES_PER_QUERY = Math.floor(900 / STOREFRONT_PRODUCT_COST);

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
export async function fetchStorefrontProducts(graphql: AdminGraphql, ids: readonly string[]): Promise<StorefrontProductDetails[]> {
  const details: StorefrontProductDetails[] = [];
  for (let start = 0; start < ids.length; start += NODES_PER_QUERY) {
    const data = await runAdminQuery<StorefrontProductsData>(graphql, ADMIN_DOCUMENTS.storefrontProducts, {
      ids: ids.slice(start, start + NODES_PER_QUERY),
    });
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

interface UserErrorsData {
  userErrors: Array<{ field: string[] | null; message: string }>;
}

function throwOnUserErrors(operation: string, result: UserErrorsData) {
  if (result.userErrors.length) {
    throw new ShopifyGatewayError(`${operation}: ${result.userErrors.map((error) => error.message).join("; ")}`, result.userErrors);
  }
}

/** Writes JSON metafields on one owner, 25 per call (each call is atomic on Shopify's side). */
export async function setJsonMetafields(
  graphql: AdminGraphql,
  ownerId: string,
  namespace: string,
  values: ReadonlyArray<{ key: string; value: unknown }>,
): Promise<void> {
  for (let start = 0; start < values.length; start += METAFIELDS_PER_SET) {
    const metafields = values
      .slice(start, start + METAFIELDS_PER_SET)
      .map(({ key, value }) => ({ ownerId, namespace, key, type: "json", value: JSON.stringify(value) }));
    const data = await runAdminQuery<{ metafieldsSet: UserErrorsData }>(graphql, ADMIN_DOCUMENTS.metafieldsSet, { metafields });
    throwOnUserErrors("metafieldsSet", data.metafieldsSet);
  }
}

export async function deleteMetafields(graphql: AdminGraphql, ownerId: string, namespace: string, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  const metafields = keys.map((key) => ({ ownerId, namespace, key }));
  const data = await runAdminQuery<{ metafieldsDelete: UserErrorsData }>(graphql, ADMIN_DOCUMENTS.metafieldsDelete, { metafields });
  throwOnUserErrors("metafieldsDelete", data.metafieldsDelete);
}
