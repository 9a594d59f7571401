/**
 * The Shopify gateway: nothing else in the app talks to Shopify's Admin API.
 * Each area's documents sit beside the functions that send them, in
 * app/shopify/admin/ (themes, billing, products, files, storefront data);
 * ADMIN_DOCUMENTS gathers them, and a unit test validates each one against
 * Shopify's published Admin schema. Import from here, not from the areas.
 */
import { THEMES_DOCUMENTS } from "./admin/themes.server";
import { BILLING_DOCUMENTS } from "./admin/billing.server";
import { PRODUCTS_DOCUMENTS } from "./admin/products.server";
import { FILES_DOCUMENTS } from "./admin/files.server";
import { STOREFRONT_DATA_DOCUMENTS } from "./admin/storefront-data.server";

export { AdminCostBudget, ShopifyGatewayError, type AdminGraphql, type ThrottleStatus } from "./admin/client.server";
export * from "./admin/themes.server";
export * from "./admin/billing.server";
export * from "./admin/products.server";
export * from "./admin/files.server";
export * from "./admin/storefront-data.server";

export const ADMIN_DOCUMENTS = { ...THEMES_DOCUMENTS, ...BILLING_DOCUMENTS, ...PRODUCTS_DOCUMENTS, ...FILES_DOCUMENTS, ...STOREFRONT_DATA_DOCUMENTS } as const;
