/** Ports of the end-to-end stack; distinct from the demo's so both can run at once. */
export const E2E_PORTS = {
  app: Number(process.env.E2E_APP_PORT ?? 3200),
  shopify: Number(process.env.E2E_SHOPIFY_PORT ?? 3300),
};
