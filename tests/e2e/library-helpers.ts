/**
 * Helpers of the Video Library's end-to-end tests: videos (and their product
 * tags) written straight into the e2e database for a bootstrapped shop, and
 * locators for the parts of the list a merchant looks at.
 */
import type { FrameLocator, Locator, Page } from "@playwright/test";

/** The library's video rows: the table's rows with cells (the header row has column headers only). */
export function videoRows(app: FrameLocator): Locator {
  return app
    .getByRole("table")
    .getByRole("row")
    .filter({ has: app.getByRole("cell") });
}

/** The row showing this text (a title or a video id). */
export function rowWith(app: FrameLocator, text: string): Locator {
  return videoRows(app).filter({ hasText: text });
}

/** The path and query of the app's frame, as the admin shows it. */
export function frameUrl(page: Page): URL {
  return new URL(page.frame({ name: "app-iframe" })!.url());
}

/** Runs a bulk action of the selected rows: a promoted button, or an item of the "More actions" menu. */
export async function bulkAction(app: FrameLocator, name: string) {
  const promoted = app.getByRole("button", { name, exact: true }).first();
  if (await promoted.isVisible()) return promoted.click();
  // Actions that do not fit (and Delete) live behind the "More actions" menu.
  await app.getByRole("button", { name: "More actions" }).click();
  await app
    .getByRole("menuitem", { name })
    .or(app.getByRole("button", { name, exact: true }))
    .first()
    .click();
}
