import type { FrameLocator, Page } from "@playwright/test";
import { NAV_ITEMS } from "../../app/messages";
import { e2eDb, seedVideos, seedWidgets } from "./db";
import { adminUrl, appFrame, expect, test } from "./fixtures";

// Built for Shopify 4.1.2 (issue 15 item 25): at a phone's 375 px no admin page
// scrolls sideways, two-column layouts stack, and every action stays reachable.

test.use({ viewport: { width: 375, height: 812 } });

/** How wide the frame's document is against the frame's own width, and which controls reach past it. */
async function overflow(page: Page) {
  const frame = page.frame({ name: "app-iframe" });
  if (!frame) throw new Error("no app frame");
  return frame.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const outside = [...document.querySelectorAll("button, a[href], input, select, textarea, [role=tab]")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (getComputedStyle(element).visibility === "hidden") return false;
        if (element.closest("[aria-hidden=true], [inert]")) return false;
        // Inside a box that scrolls sideways on purpose (a table, a row of tabs): reachable by scrolling that box.
        // Inside a box that clips it (Polaris keeps its collapsed search field there): not shown at all.
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.opacity === "0") return false;
          if (style.overflowX !== "visible" && parent.getBoundingClientRect().right <= width + 1) return false;
        }
        return box.left < -1 || box.right > width + 1;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = (element.textContent || element.getAttribute("aria-label") || element.getAttribute("placeholder") || element.id || "").trim();
        return `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" at ${Math.round(box.left)}..${Math.round(box.right)}`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside };
  });
}

async function expectFits(page: Page, what: string) {
  const result = await overflow(page);
  expect(result.outside, `${what}: controls outside the frame's width`).toEqual([]);
  expect(result.scrollWidth, `${what}: the document is wider than the frame`).toBeLessThanOrEqual(result.clientWidth);
}

async function pageReady(app: FrameLocator, title: string) {
  await expect(app.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(app.locator("[data-page-skeleton]")).toHaveCount(0);
}

test("at 375 px every admin page fits the frame's width, two columns stack, and the main actions can be clicked", async ({ page, shop }) => {
  await page.goto(adminUrl(shop, "/"));
  const app = appFrame(page);
  await pageReady(app, "Dashboard");
  // Content on every page: a widget and videos, so tables, cards and previews are drawn.
  const [phoneWidget] = await seedWidgets(shop, [{ name: "Phone carousel", layoutType: "carousel" }]);
  const [wide] = await seedVideos(shop, [{ title: "A phone-width video with a rather long title to wrap", enabled: true }, { title: "Another video" }]);

  for (const item of NAV_ITEMS) {
    await page.goto(adminUrl(shop, item.path));
    await pageReady(app, item.label);
    // The frame itself is as wide as the phone's screen: the admin stacks its nav above it.
    const frameBox = await page.locator("#app-iframe").boundingBox();
    expect(frameBox?.width, `${item.label}: the app's frame width`).toBeGreaterThanOrEqual(360);
    await expectFits(page, item.label);
  }

  // Key actions are visible and do what they say.
  await page.goto(adminUrl(shop, "/content"));
  await pageReady(app, "Video Library");
  const importButton = app.getByRole("button", { name: /^Import/ }).first();
  await expect(importButton).toBeInViewport();
  await importButton.click();
  await expect(app.getByRole("dialog")).toBeVisible();
  await expectFits(page, "Import dialog");
  await page.keyboard.press("Escape");
  await expect(app.getByRole("dialog")).toHaveCount(0);

  await page.goto(adminUrl(shop, "/widgets"));
  await pageReady(app, "Widgets");
  const addWidget = app.getByRole("button", { name: "Add widget" }).first();
  await addWidget.scrollIntoViewIfNeeded();
  await expect(addWidget).toBeInViewport();
  await addWidget.click();
  await expect(app.getByRole("button", { name: "Choose Carousel" })).toBeVisible();
  await expectFits(page, "Add widget dialog");
  await app.getByRole("button", { name: "Choose Carousel" }).click();
  await expect(app.getByRole("textbox", { name: "Widget name" })).toBeVisible();
  await expectFits(page, "the widget editor");
  // The editor's two columns (controls, live preview) stack: the preview comes below the controls, as wide as they are.
  const controls = await app.getByRole("textbox", { name: "Widget name" }).boundingBox();
  const preview = await app.locator("[data-widget-preview]").boundingBox();
  expect(preview && controls && preview.y >= controls.y + controls.height, "the preview below the controls").toBe(true);
  expect(preview?.width ?? 0, "the preview's width at 375 px").toBeGreaterThan(250);
  await expect(app.getByRole("button", { name: "Create Widget" })).toBeVisible();

  // A widget's videos (issue 16 item 3): each row's Move, Pin and Remove buttons stay within the width.
  await (await e2eDb()).widgetVideo.create({ data: { shopId: wide.shopId, widgetId: phoneWidget.id, videoId: wide.id } });
  await page.goto(adminUrl(shop, "/widgets"));
  await pageReady(app, "Widgets");
  await app.getByRole("region", { name: "Phone carousel", exact: true }).getByRole("button", { name: "Arrange videos" }).click();
  const arranged = app.getByRole("region", { name: "Videos in Phone carousel" });
  await expect(arranged.getByRole("button", { name: "Remove A phone-width video with a rather long title to wrap from this widget" })).toBeVisible();
  await expectFits(page, "the widget's videos");
  await arranged.getByRole("button", { name: "Add videos" }).click();
  await expect(app.getByRole("dialog")).toBeVisible();
  await expectFits(page, "the Add videos dialog");
  await page.keyboard.press("Escape");

  await page.goto(adminUrl(shop, "/plan"));
  await pageReady(app, "Plan & Upgrade");
  const upgrade = app.getByRole("button", { name: /Upgrade/ }).first();
  await upgrade.scrollIntoViewIfNeeded();
  await expect(upgrade).toBeInViewport();
});
