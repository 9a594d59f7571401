/**
 * The Shopify gateway: every Admin GraphQL document the app sends lives in
 * ADMIN_DOCUMENTS (a unit test validates each one against Shopify's published
 * Admin schema), and nothing else in the app talks to Shopify's Admin API.
 */
import type { AdminApiContext } from "@shopify/shopify-app-remix/server";

export type AdminGraphql = AdminApiContext["graphql"];

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
} as const;

export class ShopifyGatewayError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ShopifyGatewayError";
  }
}

async function runAdminQuery<Data>(
  graphql: AdminGraphql,
  document: string,
  variables?: Record<string, unknown>,
): Promise<Data> {
  const response = await graphql(document, variables ? { variables } : undefined);
  const body = (await response.json()) as { data?: Data; errors?: Array<{ message: string }> };
  if (body.errors?.length || !body.data) {
    throw new ShopifyGatewayError(body.errors?.map((error) => error.message).join("; ") || "Empty response", body.errors);
  }
  return body.data;
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
