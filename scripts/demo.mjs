// @ts-check
// npm run demo: everything a fresh clone needs, then Local Shopify + the app's
// production build, and the local admin URL to open.
import { buildApp, ensureDependencies, generatePrismaClients, runOrExit } from "./lib/run.mjs";

const appPort = Number(process.env.PORT ?? 3000);
const shopifyPort = Number(process.env.LOCAL_SHOPIFY_PORT ?? 3100);
const databaseUrl = process.env.DATABASE_URL ?? "file:./prisma/dev.sqlite";
const demoShop = process.env.DEMO_SHOP ?? "demo";

ensureDependencies();
generatePrismaClients();
// Applies pending migrations; an existing database keeps its data.
runOrExit(process.execPath, ["scripts/db.mjs", "deploy"], { env: { DATABASE_URL: databaseUrl } });
buildApp();

const { startStack } = await import("./lib/stack.mjs");
const stack = await startStack({ appPort, shopifyPort, databaseUrl, stateFile: "data/local-shopify.json" });

console.log(`\nClipcart is running (app ${stack.appUrl}, Local Shopify ${stack.shopifyUrl}). Ctrl+C stops both.`);
console.log(`Local admin: ${stack.adminUrl(demoShop)}`);
console.log(`Local storefront: ${stack.storefrontUrl(demoShop)}`);

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
