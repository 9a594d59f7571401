import { test as base, expect, type FrameLocator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_PORTS } from "./stack-ports";

export const SHOPIFY_URL = `http://localhost:${E2E_PORTS.shopify}`;
export const APP_URL = `http://localhost:${E2E_PORTS.app}`;
/** Everything the app's process prints during the run (global set-up writes it), per app port. */
export const APP_LOG_FILE = path.join(tmpdir(), `clipcart-e2e-app-${E2E_PORTS.app}.log`);
const APP_HANDLE = "clipcart";

interface AdminFixtures {
  /** A store of its own for this test, e.g. "e2e-3f9a1c". */
  shop: string;
  /** Opens the local admin on an app path and returns the app's frame. */
  openApp: (appPath?: string) => Promise<FrameLocator>;
}

export function adminUrl(shop: string, appPath = "") {
  return `${SHOPIFY_URL}/store/${shop}/apps/${APP_HANDLE}${appPath}`;
}

export function appFrame(page: Page): FrameLocator {
  return page.frameLocator("#app-iframe");
}

export const test = base.extend<AdminFixtures>({
  shop: async ({}, use) => {
    await use(`e2e-${randomBytes(4).toString("hex")}`);
  },
  openApp: async ({ page, shop }, use) => {
    await use(async (appPath = "") => {
      await page.goto(adminUrl(shop, appPath));
      return appFrame(page);
    });
  },
});

export { expect };
