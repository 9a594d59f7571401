import { test as base, expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
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
  /**
   * Opens the Video Library and waits for it. With `arrange`, the shop is made
   * first (as the app's first open makes it) and `arrange` writes what the test
   * needs (videos, widgets) before the library opens, once, showing it.
   */
  openLibrary: OpenLibrary;
  /** Opens the Widgets page and waits for it. */
  openWidgets: () => Promise<FrameLocator>;
}

export type OpenLibrary = (arrange?: () => Promise<unknown>) => Promise<FrameLocator>;

export function adminUrl(shop: string, appPath = "") {
  return `${SHOPIFY_URL}/store/${shop}/apps/${APP_HANDLE}${appPath}`;
}

export function appFrame(page: Page): FrameLocator {
  return page.frameLocator("#app-iframe");
}

/** The modal the local admin shows over the app (App Bridge's modals). */
export function adminModal(app: FrameLocator): Locator {
  return app.getByTestId("admin-modal");
}

/** A button of the admin's modal, by its exact name. */
export function modalButton(app: FrameLocator, name: string): Locator {
  return adminModal(app).getByRole("button", { name, exact: true });
}

/**
 * An action of the admin's modal title bar (App Bridge's primary and secondary
 * buttons, which the admin draws outside the modal's content), by its exact text.
 */
export function modalAction(app: FrameLocator, name: string): Locator {
  const exactText = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")}$`);
  return app.getByTestId("admin-modal-action").filter({ hasText: exactText });
}

/** Closes the admin's modal with its close button. */
export function closeAdminModal(app: FrameLocator): Promise<void> {
  return app.getByTestId("admin-modal-close").click();
}

/** A row of the app's tables showing this text (a video's title, a widget's name). */
export function tableRow(app: FrameLocator, text: string): Locator {
  return app.getByRole("row").filter({ hasText: text });
}

/** A card of the app's pages by its title: each is a region named by its heading (app/components/NamedCard.tsx). */
export function cardTitled(app: FrameLocator, title: string): Locator {
  return app.getByRole("region", { name: title, exact: true });
}

/** Gives the shop's main theme in Local Shopify this kind: Online Store 2.0 (json) or vintage (liquid). */
/** The shop's storefront asks shoppers for consent (Local Shopify's cookie banner and Customer Privacy API). */
export async function setConsentBanner(shop: string, on: boolean) {
  const response = await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ consentBanner: on }),
  });
  if (!response.ok) throw new Error(`Local Shopify refused the consent banner for ${shop} (${response.status})`);
}

export async function setShopTheme(shop: string, theme: "json" | "liquid") {
  const response = await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ theme }),
  });
  if (!response.ok) throw new Error(`Local Shopify refused the ${theme} theme for ${shop} (${response.status})`);
}

/** Replaces the merchant's edits of the shop's Online Store 2.0 theme in Local Shopify (filename -> content). */
export async function setThemeEdits(shop: string, edits: Record<string, string>) {
  const response = await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ themeEdits: { json: edits } }),
  });
  if (!response.ok) throw new Error(`Local Shopify refused the theme edits for ${shop} (${response.status})`);
}

/** A JSON template holding our app blocks, as the theme editor saves them (`blocks`: handle and widget number). */
export function templateWithBlocks(blocks: Array<{ handle: string; widgetNumber?: number }>): string {
  const entries = blocks.map(({ handle, widgetNumber }, i) => [
    `${handle}_${i}`,
    { type: `shopify://apps/clipcart/blocks/${handle}/3f0c9a52-clipcart-widgets`, settings: { widget_number: widgetNumber ?? null } },
  ]);
  const apps = { type: "apps", blocks: Object.fromEntries(entries), block_order: entries.map(([id]) => id) };
  return JSON.stringify({ sections: { main: { type: "main-product" }, apps }, order: ["main", "apps"] });
}

/** Waits until the app's page shows its title (the page's one level-1 heading). */
async function pageShown(app: FrameLocator, title: string) {
  await expect(app.getByRole("heading", { name: title, level: 1 })).toBeVisible();
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
  openLibrary: async ({ shop, openApp }, use) => {
    await use(async (arrange) => {
      if (arrange) {
        // Imported here, not at the top: global set-up imports this module, and the
        // e2e database module points the runner's Prisma at the e2e database.
        const { installedShop } = await import("./db");
        await installedShop(shop);
        await arrange();
      }
      const app = await openApp("/content");
      await pageShown(app, "Video Library");
      return app;
    });
  },
  openWidgets: async ({ openApp }, use) => {
    await use(async () => {
      const app = await openApp("/widgets");
      await pageShown(app, "Widgets");
      return app;
    });
  },
});

export { expect };
