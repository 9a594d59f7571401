/**
 * Root fields Local Shopify answers. Anything else in the Admin schema
 * resolves to null (or a non-null error), as an unsupported call should.
 */
import { GraphQLError } from "graphql";
import { parseGid } from "../gid.js";
import { shopThemes } from "../published-theme.js";
import { appSubscriptionCancel, appSubscriptionCreate } from "./billing.js";
import { connection, type PageArgs } from "./connection.js";
import { fileCreate, fileDelete, filesConnection, stagedUploadsCreate } from "./files.js";
import { metafieldsDelete, metafieldsSet } from "./metafields.js";
import { filterBySearch } from "./search.js";
import {
  installationId,
  installationView,
  nodeById,
  orderView,
  productView,
  requireScope,
  searchProducts,
  shopView,
  themeView,
  visibleOrders,
  type GqlContext,
} from "./views.js";

/**
 * The arguments the query resolvers read, typed as the Admin schema declares them: graphql-js has validated
 * and coerced every argument against that schema before a resolver runs. Mutations hand theirs on to their
 * own typed handlers.
 */
type Args = {
  id?: string;
  ids?: string[];
  query?: string | null;
  sortKey?: string;
  roles?: string[] | null;
  names?: string[] | null;
  [argument: string]: unknown;
};
type Resolver = (args: Args, g: GqlContext) => unknown;

const query: Record<string, Resolver> = {
  shop: (_args, g) => shopView(g),
  currentAppInstallation: (_args, g) => installationView(g),
  appInstallation: (args, g) => (!args.id || parseGid(args.id)?.id === installationId(g.shop) ? installationView(g) : null),

  products: (args, g) => {
    requireScope(g, "read_products", "products");
    const found = searchProducts(g.shop.products, args.query, args.sortKey ?? "ID");
    return connection(
      found,
      args as PageArgs,
      (p) => p.id,
      (p) => productView(g, p),
    );
  },
  product: (args, g) => {
    requireScope(g, "read_products", "product");
    return parseGid(args.id)?.type === "Product" ? nodeById(g, args.id ?? "") : null;
  },
  productVariant: (args, g) => {
    requireScope(g, "read_products", "productVariant");
    return parseGid(args.id)?.type === "ProductVariant" ? nodeById(g, args.id ?? "") : null;
  },
  productsCount: (args, g) => {
    requireScope(g, "read_products", "productsCount");
    return { count: searchProducts(g.shop.products, args.query).length, precision: "EXACT" };
  },

  themes: (args, g) => {
    requireScope(g, "read_themes", "themes");
    // The published theme first, as the admin lists them.
    const themes = shopThemes(g.shop).map((theme) => themeView(g, theme));
    const wanted = themes.filter((t) => (!args.roles || args.roles.includes(t.role)) && (!args.names || args.names.includes(t.name)));
    return connection(
      wanted,
      args as PageArgs,
      (t) => t.id,
      (t) => t,
    );
  },
  theme: (args, g) => {
    requireScope(g, "read_themes", "theme");
    return parseGid(args.id)?.type === "OnlineStoreTheme" ? nodeById(g, args.id ?? "") : null;
  },

  files: (args, g) => {
    requireScope(g, "read_files", "files");
    return filesConnection(g, args);
  },

  orders: (args, g) => {
    requireScope(g, "read_orders", "orders");
    const found = filterBySearch(visibleOrders(g), args.query, {
      text: (o) => `${o.name} ${o.lineItems.map((li) => li.title).join(" ")}`,
      fields: {
        id: (o) => o.id,
        name: (o) => o.name,
        created_at: (o) => o.createdAt,
        processed_at: (o) => o.createdAt,
        updated_at: (o) => o.createdAt,
        financial_status: () => "paid",
      },
    });
    const sorted = [...found].sort(
      (a, b) => (args.sortKey === "CREATED_AT" || args.sortKey === "PROCESSED_AT" ? a.createdAt.localeCompare(b.createdAt) : 0) || a.id - b.id,
    );
    return connection(
      sorted,
      args as PageArgs,
      (o) => o.id,
      (o) => orderView(g, o),
    );
  },
  order: (args, g) => {
    requireScope(g, "read_orders", "order");
    return parseGid(args.id)?.type === "Order" ? nodeById(g, args.id ?? "") : null;
  },

  node: (args, g) => nodeById(g, args.id ?? ""),
  nodes: (args, g) => {
    const ids = args.ids ?? [];
    if (ids.length > 250) throw new GraphQLError("The ids argument accepts at most 250 ids.", { extensions: { code: "BAD_REQUEST" } });
    return ids.map((id) => nodeById(g, id));
  },
};

const mutation: Record<string, Resolver> = {
  metafieldsSet: (args, g) => metafieldsSet(g, args as Parameters<typeof metafieldsSet>[1]),
  metafieldsDelete: (args, g) => metafieldsDelete(g, args as Parameters<typeof metafieldsDelete>[1]),
  appSubscriptionCreate: (args, g) => appSubscriptionCreate(g, args as Parameters<typeof appSubscriptionCreate>[1]),
  appSubscriptionCancel: (args, g) => appSubscriptionCancel(g, args as Parameters<typeof appSubscriptionCancel>[1]),
  fileCreate: (args, g) => {
    requireScope(g, "write_files", "fileCreate");
    return fileCreate(g, args as Parameters<typeof fileCreate>[1]);
  },
  fileDelete: (args, g) => {
    requireScope(g, "write_files", "fileDelete");
    return fileDelete(g, args as Parameters<typeof fileDelete>[1]);
  },
  stagedUploadsCreate: (args, g) => {
    // Shopify takes any of several write scopes here; write_files is the one a Files upload needs.
    requireScope(g, "write_files", "stagedUploadsCreate");
    return stagedUploadsCreate(g, args as Parameters<typeof stagedUploadsCreate>[1]);
  },
};

/**
 * graphql-js calls root-value functions as (args, contextValue, info); both
 * operation types share one root object since field names don't collide.
 */
export const rootValue: Record<string, Resolver> = { ...query, ...mutation };
