import type { TestProject } from "vitest/node";
import { startLocalShopify } from "../emulators";
import { freshSqliteDatabase } from "../../scripts/lib/stack.mjs";

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
  const databaseUrl = freshSqliteDatabase("unit");
  const localShopify = await startLocalShopify({ port: 0, appUrl: UNIT_APP_URL });
  project.provide("localShopifyUrl", localShopify.url);
  project.provide("databaseUrl", databaseUrl);
  project.provide("appUrl", UNIT_APP_URL);
  return async () => {
    await localShopify.close();
  };
}
