import type { Page } from "@playwright/test";
import { appOnly, expectAccessible } from "./axe";
import { ACTION_TEXT, NAV_ITEMS } from "../../app/messages";
import { e2eDb, installedShop, seedVideos } from "./db";
import { TUTORIAL_VIDEO } from "../../app/constants";
import { APP_URL, SHOPIFY_URL, adminModal, adminUrl, appFrame, expect, modalButton, tableRow, test } from "./fixtures";
import { connectedAccount, openImportFromLibrary } from "./import-helpers";
import { bulkAction } from "./library-helpers";
import { published, storefront } from "./storefront-helpers";

// Built for Shopify's accessibility bar (issue 15 item 24): axe-core finds no
// serious or critical violation of WCAG 2.1 A/AA on any admin page, in the
// dialogs, or in the storefront's widgets and the open player.

/** The shop every admin check reads, made before its page opens: a widget, a connected account and two videos. */
async function accessibleShop(shop: string) {
  const shopRow = await installedShop(shop);
  const prisma = await e2eDb();
  await prisma.widget.create({ data: { shopId: shopRow.id, name: "Home carousel", layoutType: "carousel", pageContexts: '["homepage"]', displayNumber: 1 } });
  await prisma.channel.create({ data: { shopId: shopRow.id, platform: "tiktok", username: "axe_creator", displayName: "Axe Creator" } });
  await seedVideos(shop, [
    // Three tags: the row shows two and "+1 more", which opens Tagged Products.
    { title: "Accessible video one", enabled: true, tags: ["Linen Dress", "Straw Hat", "Canvas Tote"] },
    { title: "Accessible video two" },
  ]);
  return shopRow;
}

/** Opens an admin page and waits until it shows its content (its skeleton gone). */
async function openPage(page: Page, shop: string, path: string, title: string) {
  const app = appFrame(page);
  await page.goto(adminUrl(shop, path));
  await expect(app.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(app.locator("[data-page-skeleton]")).toHaveCount(0);
  return app;
}

// One test per page, with that page's dialogs: the two workers share them.
test.describe("admin pages and their dialogs have no serious or critical axe violation", () => {
  test("the Dashboard and its tutorial player", async ({ page, shop }) => {
    await accessibleShop(shop);
    const app = await openPage(page, shop, "/", "Dashboard");
    await expectAccessible(page, "Dashboard", appOnly);
    await app.getByRole("button", { name: "Play tutorial video 1:18" }).click();
    await expect(adminModal(app).getByRole("heading", { name: "Watch the tutorial" })).toBeVisible();
    await expectAccessible(page, "Tutorial player", appOnly);
  });

  test("the Video Library, its import dialog and an account's removal confirmation", async ({ page, shop }) => {
    await accessibleShop(shop);
    const app = await openPage(page, shop, "/content", "Video Library");
    await expectAccessible(page, "Video Library", appOnly);
    await app
      .getByRole("button", { name: /^Import/ })
      .first()
      .click();
    await expect(app.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "Import dialog", appOnly);
    await page.keyboard.press("Escape");
    await expect(app.getByRole("dialog")).toHaveCount(0);

    // A connected account's removal confirmation, over the TikTok import dialog.
    const tiktok = await openImportFromLibrary(app, "TikTok");
    await connectedAccount(tiktok, "axe_creator").getByRole("button", { name: "Remove @axe_creator" }).click();
    await expect(app.getByRole("dialog", { name: "Disconnect @axe_creator (TikTok) from Clipcart?" })).toBeVisible();
    await expectAccessible(page, "Remove account confirmation", appOnly);
  });

  test("the Video Library's dialogs for a video: approve, tag products, preview, tagged products", async ({ page, shop }) => {
    await accessibleShop(shop);
    const app = await openPage(page, shop, "/content", "Video Library");
    await tableRow(app, "Accessible video two").getByRole("checkbox").check();
    await app.getByRole("button", { name: "Approve", exact: true }).first().click();
    await expect(adminModal(app)).toBeVisible();
    await expectAccessible(page, "Approve dialog", appOnly);
    await page.keyboard.press("Escape");
    await expect(adminModal(app)).toHaveCount(0);

    await tableRow(app, "Accessible video one").getByRole("button", { name: ACTION_TEXT.tagProduct }).first().click();
    await expect(adminModal(app)).toBeVisible();
    await expectAccessible(page, "Tag Products dialog", appOnly);
    await page.keyboard.press("Escape");
    await expect(adminModal(app)).toHaveCount(0);

    // The video's preview (a click on its row) and its Tagged Products list.
    await tableRow(app, "Accessible video two").getByRole("cell").nth(3).click();
    await expect(app.getByRole("dialog", { name: "Video Preview" })).toBeVisible();
    await expectAccessible(page, "Video Preview dialog", appOnly);
    await page.keyboard.press("Escape");
    await expect(app.getByRole("dialog")).toHaveCount(0);

    await tableRow(app, "Accessible video one").getByRole("button", { name: "+1 more", exact: true }).click();
    await expect(app.getByRole("dialog", { name: "Tagged Products" })).toBeVisible();
    await expectAccessible(page, "Tagged Products dialog", appOnly);
  });

  test("the Video Library's dialogs for the list: a new view's name, a delete's confirmation", async ({ page, shop }) => {
    await accessibleShop(shop);
    const app = await openPage(page, shop, "/content", "Video Library");
    await app.getByRole("button", { name: "Create new view" }).click();
    await expect(app.getByRole("dialog", { name: "Create new view" })).toBeVisible();
    await expectAccessible(page, "Create new view dialog", appOnly);
    await page.keyboard.press("Escape");
    await expect(app.getByRole("dialog")).toHaveCount(0);

    await tableRow(app, "Accessible video two").getByRole("checkbox").check();
    await bulkAction(app, "Delete");
    await expect(adminModal(app).getByRole("heading", { name: /^Delete/ })).toBeVisible();
    await expectAccessible(page, "Delete videos confirmation", appOnly);
  });

  test("Widgets: the page, the layout picker, the editor with its live preview, a delete's confirmation", async ({ page, shop }) => {
    await accessibleShop(shop);
    let app = await openPage(page, shop, "/widgets", "Widgets");
    await expectAccessible(page, "Widgets", appOnly);
    await app.getByRole("button", { name: "Delete" }).first().click();
    await expect(adminModal(app)).toBeVisible();
    await expectAccessible(page, "Delete widget confirmation", appOnly);
    await page.keyboard.press("Escape");
    await expect(adminModal(app)).toHaveCount(0);

    app = await openPage(page, shop, "/widgets", "Widgets");
    await app.getByRole("button", { name: "Add widget" }).first().click();
    await expect(app.getByRole("button", { name: "Choose Carousel" })).toBeVisible();
    await expectAccessible(page, "Add widget dialog", appOnly);
    await app.getByRole("button", { name: "Choose Carousel" }).click();
    await expect(app.getByRole("textbox", { name: "Widget name" })).toBeVisible();
    await expectAccessible(page, "widget editor", appOnly);
  });

  test("Analytics", async ({ page, shop }) => {
    await accessibleShop(shop);
    await openPage(page, shop, "/analytics", "Analytics");
    await expectAccessible(page, "Analytics", appOnly);
  });

  test("Plan & Upgrade, its verification dialog (Free) and its downgrade confirmation (Premium through a Shopify charge)", async ({ page, shop }) => {
    const shopRow = await accessibleShop(shop);
    let app = await openPage(page, shop, "/plan", "Plan & Upgrade");
    await expectAccessible(page, "Plan & Upgrade", appOnly);
    await app.getByRole("button", { name: "Verify Now" }).first().click();
    await expect(adminModal(app).getByRole("button", { name: /^Verify & Unlock Premium/ })).toBeVisible();
    await expectAccessible(page, "Verify dialog", appOnly);
    await page.keyboard.press("Escape");
    await expect(adminModal(app)).toHaveCount(0);

    await (await e2eDb()).shop.update({ where: { id: shopRow.id }, data: { plan: "premium", premiumSource: "billing" } });
    app = await openPage(page, shop, "/plan", "Plan & Upgrade");
    await app.getByRole("button", { name: "Downgrade to Free" }).click();
    await expect(adminModal(app).getByRole("heading", { name: "Downgrade to Free?" })).toBeVisible();
    await expectAccessible(page, "Downgrade confirmation", appOnly);
  });
});

test("every admin page of the nav has its accessibility test above", () => {
  // A page added to the nav needs its own test here.
  expect(NAV_ITEMS.map((item) => item.label)).toEqual(["Dashboard", "Video Library", "Widgets", "Analytics", "Plan & Upgrade"]);
});

test("the storefront's widgets (carousel, grid, single, sticky, stories) and the open player have no serious or critical axe violation", async ({
  page,
  shop,
}) => {
  const shopRow = await installedShop(shop);
  const prisma = await e2eDb();
  const layouts = ["carousel", "grid", "single", "stories", "sticky"] as const;
  for (const [index, layoutType] of layouts.entries()) {
    await prisma.widget.create({
      data: {
        shopId: shopRow.id,
        name: `Shop ${layoutType}`,
        layoutType,
        pageContexts: layoutType === "sticky" ? '["all_pages"]' : '["homepage"]',
        displayNumber: index + 1,
      },
    });
  }
  // One video with a poster the storefront can load (our copy in Files, as approved videos have), one without (the platform's tile).
  const poster = `${APP_URL}${TUTORIAL_VIDEO.poster}`;
  await seedVideos(shop, [{ title: "Storefront video one", storedThumbnailUrl: poster }, { title: "Storefront video two" }]);
  const app = await openPage(page, shop, "/content", "Video Library");
  for (const title of ["Storefront video one", "Storefront video two"]) await tableRow(app, title).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByRole("button", { name: "Select All" }).click();
  await modalButton(app, "Approve").click();
  await expect(app.getByText("Successfully approved 2 video(s)!")).toBeVisible();
  await published(shop, "widget_5", (widget) => widget?.videos.length === 2);

  // The blocks on the home page and the sticky embed on, as the theme editor would save them.
  const block = (handle: string) => `shopify://apps/clipcart/blocks/${handle}/`;
  // Local Shopify's uid of the theme app extension (tests/emulators/shopify/theme-editor.ts).
  const uid = "3f0c9a52-clipcart-widgets";
  const sections: Record<string, unknown> = {};
  for (const [index, layoutType] of layouts.slice(0, 4).entries()) {
    sections[`apps_${layoutType}`] = {
      type: "apps",
      blocks: { [layoutType]: { type: `${block(layoutType)}${uid}`, settings: { widget_number: index + 1 } } },
      block_order: [layoutType],
    };
  }
  const response = await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      theme: "json",
      themeEdits: {
        json: {
          "templates/index.json": JSON.stringify({ sections, order: Object.keys(sections) }),
          "config/settings_data.json": JSON.stringify({
            current: { blocks: { sticky: { type: `${block("sticky")}${uid}`, disabled: false, settings: { widget_number: 5 } } } },
          }),
        },
      },
    }),
  });
  expect(response.ok).toBe(true);

  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop, "/"));
  await expect(shopper.locator("clipcart-widget")).toHaveCount(5);
  await expect(shopper.getByRole("button", { name: "Hide videos" })).toBeVisible();
  await expectAccessible(shopper, "storefront widgets", "clipcart-widget");

  await shopper.locator("main clipcart-widget").first().getByRole("button").first().click();
  await expect(shopper.getByRole("dialog")).toBeVisible();
  await expectAccessible(shopper, "the open player", "[role=dialog], dialog");
});
