/**
 * The emulated world in one place: every third party the app talks to, started
 * from here by the scripts and the tests (tests/emulators/README.md).
 *
 * - Local Shopify (shopify/): one HTTP server for the admin, Admin API, OAuth,
 *   billing, storefronts and webhooks. It also mounts the platforms' emulators
 *   (platforms/: Apify actors, oEmbed, image CDNs) and the sister product's
 *   verification API (sister-product/), so one process is the whole world.
 * - The sister product alone, on a port of its own, for the database suite,
 *   which runs without Local Shopify.
 *
 * Who starts what: the unit tests' global setup starts Local Shopify in process
 * (startLocalShopify); the demo, the end-to-end tests and the benchmarks start it
 * as a process (main.ts, through scripts/lib/stack.mjs, which plain node runs
 * before tsx is installed and so names the file instead of importing it).
 */
export { startLocalShopify, type LocalShopify } from "./shopify/server.js";
export { readLocalShopifyConfig, type LocalShopifyConfig } from "./shopify/config.js";
export { startSisterProductEmulator, type SisterProductEmulator } from "./sister-product/emulator.js";
