import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Admin Web Vitals (issue 15 item 23, decision 052): App Bridge (Local Shopify's
// stand-in) measures LCP, CLS and INP in the app's frame and reports them through
// `shopify.webVitals.onReport`; the app sends them to its server per page.

type Summary = Record<string, Record<"LCP" | "CLS" | "INP", { p75: number | null; count: number }>>;

async function summary(page: Page): Promise<Summary> {
  const frame = page.frame({ name: "app-iframe" });
  if (!frame) throw new Error("no app frame");
  return frame.evaluate(async () => (await fetch("/api/web-vitals")).json());
}

test("App Bridge reports a page's LCP, CLS and INP when the merchant moves on, and the app keeps them for that page", async ({ page, openApp }) => {
  const app = await openApp("/plan");
  await expect(app.getByRole("heading", { name: "Plan & Upgrade", level: 1 })).toBeVisible();
  await expect(app.locator("[data-page-skeleton]")).toHaveCount(0);
  // Other tests report too (the server's memory is shared): count from here.
  const before = (await summary(page)).plan;

  // One interaction (INP), then on to another page: the moment App Bridge reports the Plan page's figures.
  await app.getByRole("heading", { name: "Plan & Upgrade", level: 1 }).click();
  await page.getByTestId("admin-nav-link").filter({ hasText: "Dashboard" }).click();
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  await expect.poll(async () => (await summary(page)).plan?.LCP.count ?? 0).toBeGreaterThan(before?.LCP.count ?? 0);
  const after = (await summary(page)).plan!;
  expect(after.CLS.count).toBeGreaterThan(before?.CLS.count ?? 0);
  expect(after.INP.count).toBeGreaterThan(before?.INP.count ?? 0);
  expect(after.LCP.p75).toBeGreaterThan(0);
});
