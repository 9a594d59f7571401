/** Ports of the end-to-end stack; distinct from the demo's so both can run at once. */
export const E2E_PORTS = {
  app: Number(process.env.E2E_APP_PORT ?? 3200),
  shopify: Number(process.env.E2E_SHOPIFY_PORT ?? 3300),
};

/**
 * The e2e stack's SQLite database (prisma/<name>.sqlite). A run on other ports
 * gets its own file, so two runs on one checkout never share a database.
 */
export const E2E_DATABASE_NAME = E2E_PORTS.app === 3200 ? "e2e" : `e2e-${E2E_PORTS.app}`;
