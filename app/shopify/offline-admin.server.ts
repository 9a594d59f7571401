/**
 * How models and jobs reach the Admin API outside a merchant's request (a
 * publish, a thumbnail copy, an auto-sync): the Admin GraphQL client of the
 * shop's offline session (decision 027).
 *
 * Only app/shopify.server.ts can build that client (it configures shopifyApp
 * with the API key and the session storage), and it imports the models for its
 * hooks. So it hands the lookup over here when it configures Shopify, and the
 * models ask here: they load, and are tested, without Shopify's configuration,
 * and no module cycle runs through shopify.server.ts.
 */
import type { AdminGraphql } from "./admin-gateway.server";

export type OfflineAdminLookup = (shopDomain: string) => Promise<AdminGraphql>;

let lookup: OfflineAdminLookup | null = null;

/** Called by app/shopify.server.ts once Shopify is configured; tests may provide their own (null removes it). */
export function provideOfflineAdmin(next: OfflineAdminLookup | null): void {
  lookup = next;
}

/** The Admin GraphQL client of the shop's offline session. */
export async function offlineAdminGraphql(shopDomain: string): Promise<AdminGraphql> {
  if (!lookup) throw new Error("No offline Admin API access in this process: app/shopify.server.ts, which configures Shopify, was not loaded");
  return lookup(shopDomain);
}
