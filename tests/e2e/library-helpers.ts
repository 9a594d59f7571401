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
