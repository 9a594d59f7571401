/**
 * How the Admin gateway calls Shopify: one GraphQL call with Shopify's
 * throttling handled (paced by a per-shop cost budget, THROTTLED answers sent
 * again once the bucket refills), errors and user errors thrown. Only the
 * modules of app/shopify/admin/ call it.
 */
import type { AdminApiContext } from "@shopify/shopify-app-remix/server";

export type AdminGraphql = AdminApiContext["graphql"];

export class ShopifyGatewayError extends Error {
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

/**
 * Mutations that leave the same state when they run twice: metafieldsSet writes whole values, and metafieldsDelete
 * of a metafield already gone deletes nothing (shopify.dev, each mutation's reference).
 */
const IDEMPOTENT_MUTATIONS = new Set(["metafieldsSet", "metafieldsDelete"]);

/**
 * Whether a document may be sent again when its connection failed before an answer came: reads, and the
 * idempotent mutations. A call whose request never reached Shopify or whose answer was lost can then not
 * create a second file or cancel twice; one that creates something fails as before, and its caller's own
 * retry (a job's next attempt, the publish sweep) decides.
 */
function safeToSendTwice(document: string): boolean {
  const operation = /\b(query|mutation)\b[^{]*\{\s*([A-Za-z_]\w*)/.exec(document);
  if (!operation) return true; // the anonymous shorthand `{ … }` is a query
  return operation[1] === "query" || IDEMPOTENT_MUTATIONS.has(operation[2]!);
}

/**
 * How many times @shopify/graphql-client tries a call that failed on the network (or got 429/503), waiting 1 s
 * between tries: a connection dropped under load (a kept-alive socket the server had just closed) costs a second,
 * not a lost publish.
 */
const NETWORK_TRIES_WHEN_SAFE = 2;

export async function runAdminQuery<Data>(
  graphql: AdminGraphql,
  document: string,
  variables?: Record<string, unknown>,
  pacing?: { budget: AdminCostBudget; cost: number },
): Promise<Data> {
  const tries = safeToSendTwice(document) ? NETWORK_TRIES_WHEN_SAFE : 1;
  for (let attempt = 0; ; attempt++) {
    if (pacing) await pacing.budget.spend(pacing.cost);
    const response = await graphql(document, { ...(variables ? { variables } : {}), tries });
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

export interface UserErrorsData {
  userErrors: Array<{ field: string[] | null; message: string }>;
}

export function throwOnUserErrors(operation: string, result: UserErrorsData) {
  if (result.userErrors.length) {
    throw new ShopifyGatewayError(`${operation}: ${result.userErrors.map((error) => error.message).join("; ")}`, result.userErrors);
  }
}
