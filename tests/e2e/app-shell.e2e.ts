import { ERROR_SCREENS, MISSING_SHOP_LOG, NAV_ITEMS } from "../../app/messages";
import { APP_URL, expect, test } from "./fixtures";

test("the app loads inside the local admin and every nav entry opens its page", async ({ page, openApp, shop }) => {
  const app = await openApp();
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  const navLinks = page.getByTestId("admin-nav-link");
  await expect(navLinks).toHaveText(NAV_ITEMS.map((item) => item.label));

  for (const item of [...NAV_ITEMS].reverse()) {
    await navLinks.filter({ hasText: item.label }).click();
    await expect.poll(() => new URL(page.frame({ name: "app-iframe" })!.url()).pathname).toBe(item.path);
    await expect(app.locator("[data-page-skeleton]")).toHaveCount(0);
    await expect(app.getByRole("heading", { name: item.label, level: 1 })).toBeVisible();
    const frameUrl = new URL(page.frame({ name: "app-iframe" })!.url());
    expect(frameUrl.searchParams.get("shop")).toBe(`${shop}.myshopify.com`);
  }
});

test("the admin's nav marks the page's item; the Auto-approve rules, a page of the Video Library, mark Video Library (decision 069)", async ({
  page,
  openApp,
}) => {
  const current = page.getByTestId("admin-nav-link").and(page.locator('[aria-current="page"]'));
  const app = await openApp("/content");
  await expect(current).toHaveText("Video Library");
  await app.getByRole("link", { name: "Auto-approve rules" }).click();
  await expect(app.getByRole("heading", { name: "Auto-approve rules", level: 1 })).toBeVisible();
  await expect(page.locator("body")).toHaveAttribute("data-app-path", "/content/rules");
  await expect(current).toHaveText("Video Library");
  await page.getByTestId("admin-nav-link").filter({ hasText: "Dashboard" }).click();
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(current).toHaveText("Dashboard");
});

test("an unknown path shows Page Not Found, whose action returns to the Dashboard keeping the shop", async ({ page, openApp, shop }) => {
  const app = await openApp("/no-such-page");
  await expect(app.getByRole("heading", { name: ERROR_SCREENS.notFound.title })).toBeVisible();
  await expect(app.getByText("If the problem persists, please contact support.")).toBeVisible();

  await app.getByRole("link", { name: ERROR_SCREENS.notFound.action }).click();
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // Client-side navigation: Playwright learns of the frame's new URL a moment after the render.
  await expect.poll(() => new URL(page.frame({ name: "app-iframe" })!.url()).pathname).toBe("/");
  const frameUrl = new URL(page.frame({ name: "app-iframe" })!.url());
  expect(frameUrl.searchParams.get("shop")).toBe(`${shop}.myshopify.com`);
});

test("when the app server cannot be reached, the merchant sees Connection Error and can reload", async ({ page, openApp }) => {
  // The page itself was served, then the server became unreachable: its API calls fail at the network level.
  await page.route(`${APP_URL}/api/**`, (route) => route.abort("connectionrefused"));
  const app = await openApp("/content");
  await expect(app.getByRole("heading", { name: ERROR_SCREENS.connection.title })).toBeVisible();
  await expect(app.getByText("If the problem persists, please contact support.")).toBeVisible();

  await page.unroute(`${APP_URL}/api/**`);
  await app.getByRole("button", { name: ERROR_SCREENS.connection.action }).click();
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
});

test("a server failure during start-up shows Server Error with Try Again", async ({ page, openApp }) => {
  await page.route(`${APP_URL}/api/shops/**`, (route) => route.fulfill({ status: 500, body: "{}" }));
  const app = await openApp();
  await expect(app.getByRole("heading", { name: ERROR_SCREENS.server.title })).toBeVisible();
  await expect(app.getByText("If the problem persists, please contact support.")).toBeVisible();

  await page.unroute(`${APP_URL}/api/shops/**`);
  await app.getByRole("button", { name: ERROR_SCREENS.server.action }).click();
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("opened outside the admin (no shop parameter) the app stays unloaded and only logs an error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto(`${APP_URL}/content`);
  expect(response?.status()).toBe(200);
  await expect.poll(() => errors).toContain(MISSING_SHOP_LOG);
  await expect(page.getByRole("heading")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("Video Library");
});
