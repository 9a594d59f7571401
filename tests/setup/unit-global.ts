import { rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalShopify } from "../local-shopify/server";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The app is never served in unit tests (routes are called directly); Local Shopify only needs a loopback URL. */
const UNIT_APP_URL = "http://localhost:3999";

declare module "vitest" {
  export interface ProvidedContext {
    localShopifyUrl: string;
    databaseUrl: string;
    appUrl: string;
  }
}

/** Once per run: a fresh, migrated SQLite database and one in-process Local Shopify. */
export default async function setup(project: TestProject) {
  const databaseFile = path.join(ROOT, "prisma/unit.sqlite");
  rmSync(databaseFile, { force: true });
  const databaseUrl = `file:${databaseFile}`;
  const deploy = spawnSync(process.execPath, ["scripts/db.mjs", "deploy"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (deploy.status !== 0) throw new Error("Could not migrate the unit-test database");

  const localShopify = await startLocalShopify({ port: 0, appUrl: UNIT_APP_URL });
  project.provide("localShopifyUrl", localShopify.url);
  project.provide("databaseUrl", databaseUrl);
  project.provide("appUrl", UNIT_APP_URL);
  return async () => {
    await localShopify.close();
  };
}
