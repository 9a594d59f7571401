/**
 * State records -> plain objects shaped like Admin GraphQL types. graphql-js's
 * default resolver reads properties (calling functions with the field's
 * arguments) and resolves interfaces/unions by `__typename`, so these objects
 * are the whole resolver layer. A field we don't set resolves to null, or to
 * an error where the schema says non-null: unsupported queries fail loudly.
 *
 * One module per area in ./views/; this one gathers what the rest of Local
 * Shopify uses (and loads ./views/node.ts, which metafields' `owner` needs).
 */
export { hasScope, requireScope, type GqlContext } from "./views/context.js";
export { installationId, installationView, shopView } from "./views/shop.js";
export { subscriptionView } from "./views/subscriptions.js";
export { hasOnlyDefaultVariant, productOptions, productView, searchProducts } from "./views/products.js";
export { themeView } from "./views/themes.js";
export { digestOf, metafieldView, resolveNamespace, type MetafieldsArgs } from "./views/metafields.js";
export { fileGidType, fileView } from "./views/files.js";
export { orderView, visibleOrders } from "./views/orders.js";
export { nodeById } from "./views/node.js";
