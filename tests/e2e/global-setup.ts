import { rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { E2E_PORTS } from "./stack-ports";
import { ROOT, startStack } from "../../scripts/lib/stack.mjs";

/** A fresh SQLite database, Local Shopify and the app's build, once for the whole run. */
export default async function globalSetup() {
  const databaseFile = path.join(ROOT, "prisma/e2e.sqlite");
  rmSync(databaseFile, { force: true });
  const databaseUrl = `file:${databaseFile}`;
  const deploy = spawnSync(process.execPath, ["scripts/db.mjs", "deploy"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (deploy.status !== 0) throw new Error("Could not prepare the end-to-end database");

  const stack = await startStack({
    appPort: E2E_PORTS.app,
    shopifyPort: E2E_PORTS.shopify,
    databaseUrl,
    quiet: !process.env.E2E_VERBOSE,
  });
  process.env.E2E_APP_URL = stack.appUrl;
  process.env.E2E_SHOPIFY_URL = stack.shopifyUrl;
  return async () => stack.stop();
}
