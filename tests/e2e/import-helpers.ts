import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { platformControl } from "../emulators/platforms/client";
import { bootstrappedShop, e2eDb } from "./db";
import { SHOPIFY_URL } from "./fixtures";

/**
 * Helpers of the import end-to-end tests (tests/e2e/import.e2e.ts). Texts the
 * merchant reads are written in the tests themselves, from the product spec.
 */

/** The platform emulators of this run's Local Shopify; tests only touch their own accounts. */
export const emulator = platformControl(SHOPIFY_URL);

/**
 * How long a test waits for an import's outcome. The run is the emulator's (200 ms), but the job queues behind the
 * other worker's imports (2 at a time per instance), the dialog polls every second, and each poll needs a session
 * token from the admin: on a 2-core machine under load, outcomes were seen arriving after the default 15 s.
 */
export const IMPORT_OUTCOME_WAIT = { timeout: 45_000 } as const;

/** The permission checkbox's label (spec 2: permission from the content creator(s)). */
export const PERMISSION_LABEL = /permission from the content creator/i;

/** The Import modal of a platform, drawn by App Bridge inside the app's frame; its accessible name is its title. */
export function importDialog(app: FrameLocator, platformName: string): Locator {
  return app.getByRole("dialog", { name: `Import from ${platformName}` });
}

/** An action of a dialog (App Bridge draws the title bar's buttons in the dialog's footer). */
export function dialogButton(dialog: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return dialog.getByTestId("admin-modal-action").filter({ hasText: new RegExp(`^${escaped}$`) });
}

/** Opens a platform's Import modal from its card in the Video Library. */
export async function openImportFromLibrary(app: FrameLocator, platformName: string): Promise<Locator> {
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
  await app.getByRole("button", { name: `Import from ${platformName}` }).click();
  const dialog = importDialog(app, platformName);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types the value, confirms the permission and presses Find (Find Videos, or Find Pin for Pinterest). */
export async function submitImport(dialog: Locator, value: string, findLabel = "Find Videos") {
  await dialog.getByRole("textbox").fill(value);
  await dialog.getByRole("checkbox", { name: PERMISSION_LABEL }).check();
  await dialogButton(dialog, findLabel).click();
}

/** The connected account's entry under Connected Accounts in the Import modal. */
export function connectedAccount(dialog: Locator, username: string): Locator {
  return dialog
    .getByRole("list", { name: "Connected Accounts" })
    .getByRole("listitem")
    .filter({ hasText: `@${username}` });
}

/** The rows of the Video Library's list (its current page). */
export function libraryRows(app: FrameLocator): Locator {
  return app.locator("table tbody").getByRole("row");
}

/** Waits until every id shows in exactly one row of the library's list. */
export async function expectEachVideoOnce(app: FrameLocator, videoIds: readonly string[]) {
  await expect
    .poll(
      async () => {
        const rows = await libraryRows(app).allInnerTexts();
        return videoIds.filter((id) => rows.filter((row) => row.includes(id)).length !== 1);
      },
      { message: "video ids not shown exactly once in the library" },
    )
    .toEqual([]);
}

/**
 * The admin showed this toast: App Bridge toasts are drawn by the admin page,
 * outside the app's frame, and go away after 5 s, which on a busy machine can
 * be before the test looks; the page's log of toasts lasts. Assert with
 * toBeAttached().
 */
export function toastShown(page: Page, message: string): Locator {
  return page.getByTestId("admin-toast-log").getByText(message, { exact: true }).first();
}

/** Every toast of this text the admin showed: an import's result said in its open dialog is not toasted too (decision 069). */
export function toastsOf(page: Page, message: string): Locator {
  return page.getByTestId("admin-toast-log").getByText(message, { exact: true });
}

/** Moves to another page of the app through the admin's navigation (a client-side navigation in the frame). */
export async function navigateInAdmin(page: Page, app: FrameLocator, label: string) {
  await page.getByTestId("admin-nav-link").filter({ hasText: label }).click();
  await expect(app.getByRole("heading", { name: label, level: 1 })).toBeVisible();
}

/** Chooses the Import modal's method by its label (Polaris draws the radio over its input). */
export async function chooseMethod(dialog: Locator, label: "Import from Username" | "Import from Video URL") {
  await dialog.locator("label").filter({ hasText: label }).click();
  await expect(dialog.getByRole("radio", { name: label })).toBeChecked();
}

/** How many videos the shop has in the database (to tell duplicates from paging). */
export async function storedVideoCount(shopHandle: string): Promise<number> {
  const prisma = await e2eDb();
  const shop = await bootstrappedShop(shopHandle);
  return prisma.video.count({ where: { shopId: shop.id } });
}

/** A TikTok video URL of an account, with a fresh 19-digit id. */
export function tiktokVideoUrl(account: string): { url: string; videoId: string } {
  const videoId = `7${Array.from({ length: 18 }, () => Math.floor(Math.random() * 10)).join("")}`;
  return { url: `https://www.tiktok.com/@${account}/video/${videoId}`, videoId };
}

/** An Instagram reel URL with a fresh shortcode. */
export function instagramReelUrl(): { url: string; shortcode: string } {
  const shortcode = `C${Math.random().toString(36).slice(2, 12)}`;
  return { url: `https://www.instagram.com/reel/${shortcode}/`, shortcode };
}
