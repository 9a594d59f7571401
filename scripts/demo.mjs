// @ts-check
// npm run demo: everything a fresh clone needs, then Local Shopify + the app's
// production build, and the local admin URL to open.
import { buildApp, ensureDependencies, generatePrismaClients, runOrExit } from "./lib/run.mjs";

const appPort = Number(process.env.PORT ?? 3000);
const shopifyPort = Number(process.env.LOCAL_SHOPIFY_PORT ?? 3100);
const databaseUrl = process.env.DATABASE_URL ?? "file:./prisma/dev.sqlite";
const demoShop = process.env.DEMO_SHOP ?? "demo";
// The demo store's theme: "minimal" (the built-in one) or one of Shopify's own themes in ../shared/themes (decision 064).
const demoTheme = process.env.DEMO_THEME ?? "minimal";
const REAL_THEMES = ["dawn", "horizon-3.5.1", "horizon-4.1.3"];
if (demoTheme !== "minimal" && !REAL_THEMES.includes(demoTheme)) {
  console.error(`DEMO_THEME must be minimal, ${REAL_THEMES.join(", ")} (got ${demoTheme}).`);
  process.exit(1);
}

ensureDependencies();
generatePrismaClients();
// Applies pending migrations; an existing database keeps its data.
runOrExit(process.execPath, ["scripts/db.mjs", "deploy"], { env: { DATABASE_URL: databaseUrl } });
buildApp();

const { startStack } = await import("./lib/stack.mjs");
const stack = await startStack({ appPort, shopifyPort, databaseUrl, stateFile: "data/local-shopify.json" });

const themeName = await publishDemoTheme();

console.log(`\nClipcart is running (app ${stack.appUrl}, Local Shopify ${stack.shopifyUrl}). Ctrl+C stops both.`);
console.log(`Local admin: ${stack.adminUrl(demoShop)}`);
console.log(`Local storefront: ${stack.storefrontUrl(demoShop)} (${themeName})`);

/**
 * Puts the demo store on the theme DEMO_THEME names, every run (the state file
 * keeps the store: a run without DEMO_THEME goes back to the minimal theme).
 * A real theme the machine does not have leaves the minimal one, with a word.
 * @returns {Promise<string>} the theme the store shows
 */
async function publishDemoTheme() {
  const seed = (/** @type {unknown} */ body) =>
    fetch(`${stack.shopifyUrl}/__local/shops/${demoShop}/seed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  if (demoTheme === "minimal") {
    await seed({ realTheme: null });
    return "minimal theme";
  }
  const response = await seed({ realTheme: demoTheme });
  if (response.ok) return demoTheme === "dawn" ? "Dawn" : `Horizon ${demoTheme.replace("horizon-", "")}`;
  console.warn(`DEMO_THEME=${demoTheme}: ${(await response.json().catch(() => ({}))).error ?? response.status}; the store keeps the minimal theme.`);
  await seed({ realTheme: null });
  return "minimal theme";
}

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// Every app instance and Local Shopify (processes.app is apps[0] again, and apps is an array).
for (const child of [...stack.processes.apps, stack.processes.shopify]) {
  child.once("exit", (code) => {
    if (stopping) return;
    console.error(`A process of the demo stopped (exit ${code}); stopping the demo.`);
    shutdown();
  });
}
