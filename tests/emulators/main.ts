/**
 * CLI: `npm run local-shopify` (tsx tests/emulators/main.ts), the emulated world
 * as one process: Local Shopify with the platforms and the sister product
 * mounted in it. Reads the same environment as the app (SHOPIFY_API_KEY,
 * SHOPIFY_API_SECRET, SHOPIFY_APP_URL, LOCAL_SHOPIFY_PORT,
 * LOCAL_SHOPIFY_STATE_FILE, ...).
 */
import { readLocalShopifyConfig, startLocalShopify } from "./index.js";

const localShopify = await startLocalShopify(readLocalShopifyConfig(process.env));
console.log(`Local Shopify: ${localShopify.url}`);
console.log(
  `  app: ${localShopify.config.appUrl}  api key: ${localShopify.config.apiKey}${localShopify.config.stateFile ? `  state: ${localShopify.config.stateFile}` : ""}`,
);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await localShopify.close();
    process.exit(0);
  });
}
