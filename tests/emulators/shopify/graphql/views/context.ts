/** Who asks: the per-request GraphQL context, and the access scopes its token grants. */
import { GraphQLError } from "graphql";
import type { LocalShopifyContext } from "../../context.js";
import type { ShopState, TokenRecord } from "../../state.js";

/** Per-request GraphQL context: who is calling (token) and for which shop. */
export interface GqlContext {
  ctx: LocalShopifyContext;
  shop: ShopState;
  token: TokenRecord;
}

/** write_x implies read_x, as on Shopify. */
export function hasScope(g: GqlContext, scope: string): boolean {
  const granted = g.token.scope.split(",").map((s) => s.trim());
  return granted.includes(scope) || (scope.startsWith("read_") && granted.includes(scope.replace("read_", "write_")));
}

/** Shopify's answer to a field the token's scopes don't cover. */
export function requireScope(g: GqlContext, scope: string, field: string): void {
  if (hasScope(g, scope)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: `\`${scope}\` access scope.`,
    },
  });
}
