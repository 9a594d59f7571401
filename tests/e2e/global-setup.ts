import { E2E_DATABASE_NAME, E2E_PORTS } from "./stack-ports";
import { freshSqliteDatabase, startStack } from "../../scripts/lib/stack.mjs";
import { APP_LOG_FILE } from "./fixtures";

/** A fresh SQLite database, Local Shopify and the app's build, once for the whole run. */
export default async function globalSetup() {
  const stack = await startStack({
    appPort: E2E_PORTS.app,
    shopifyPort: E2E_PORTS.shopify,
    databaseUrl: freshSqliteDatabase(E2E_DATABASE_NAME),
    quiet: !process.env.E2E_VERBOSE,
    appLogFile: APP_LOG_FILE,
    shopifyLogFile: APP_LOG_FILE.replace("-app-", "-shopify-"),
  });
  return async () => stack.stop();
}
