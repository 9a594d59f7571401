import { appOnly, expectAccessible } from "./axe";
import { ACTION_TEXT, NAV_ITEMS } from "../../app/messages";
import { bootstrappedShop, seedVideos } from "./db";
import { TUTORIAL_VIDEO } from "../../app/constants";
import { APP_URL, SHOPIFY_URL, adminModal, adminUrl, appFrame, expect, modalButton, tableRow, test } from "./fixtures";
import { connectedAccount, openImportFromLibrary } from "./import-helpers";
import { bulkAction } from "./library-helpers";
import { published, storefront } from "./storefront-helpers";

// Built for Shopify's accessibility bar (issue 15 item 24): axe-core finds no
// serious or critical violation of WCAG 2.1 A/AA on any admin page, in the
// dialogs, or in the storefront's widgets and the open player.

test("every admin page and its dialogs have no serious or critical axe violation", async ({ page, shop }) => {
  // Some twenty axe passes over the whole admin: about a minute alone, far more on a busy machine.
  test.setTimeout(240_000);
  const app = appFrame(page);
  const open = async (path: string, title: string) => {
    await page.goto(adminUrl(shop, path));
    await expect(app.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(app.locator("[data-page-skeleton]")).toHaveCount(0);
  };
  await open("/", "Dashboard");
  await bootstrappedShop(shop);
  const prisma = await (await import("./db")).e2eDb();
  const shopRow = await bootstrappedShop(shop);
  await prisma.widget.create({ data: { shopId: shopRow.id, name: "Home carousel", layoutType: "carousel", pageContexts: '["homepage"]', displayNumber: 1 } });
  await prisma.channel.create({ data: { shopId: shopRow.id, platform: "tiktok", username: "axe_creator", displayName: "Axe Creator" } });
  await seedVideos(shop, [
    // Three tags: the row shows two and "+1 more", which opens Tagged Products.
    { title: "Accessible video one", enabled: true, tags: ["Linen Dress", "Straw Hat", "Canvas Tote"] },
    { title: "Accessible video two" },
  ]);

  for (const item of NAV_ITEMS) {
    await open(item.path, item.label);
    await expectAccessible(page, item.label, appOnly);
  }

  // The Dashboard's tutorial player.
  await open("/", "Dashboard");
  await app.getByRole("button", { name: "Play tutorial video 1:18" }).click();
  await expect(adminModal(app).getByRole("heading", { name: "Watch the tutorial" })).toBeVisible();
  await expectAccessible(page, "Tutorial player", appOnly);
  await page.keyboard.press("Escape");
  await expect(adminModal(app)).toHaveCount(0);

  // The library's dialogs: import, approve, tag products.
  await open("/content", "Video Library");
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
  await page.keyboard.press("Escape");
  await expect(app.getByRole("dialog", { name: "Disconnect @axe_creator (TikTok) from Clipcart?" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(app.getByRole("dialog")).toHaveCount(0);

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

  // The video's preview (a click on its row), its Tagged Products list, a new view's name, a delete's confirmation.
  await tableRow(app, "Accessible video two").getByRole("cell").nth(3).click();
  await expect(app.getByRole("dialog", { name: "Video Preview" })).toBeVisible();
  await expectAccessible(page, "Video Preview dialog", appOnly);
  await page.keyboard.press("Escape");
  await expect(app.getByRole("dialog")).toHaveCount(0);

  await tableRow(app, "Accessible video one").getByRole("button", { name: "+1 more", exact: true }).click();
  await expect(app.getByRole("dialog", { name: "Tagged Products" })).toBeVisible();
  await expectAccessible(page, "Tagged Products dialog", appOnly);
  await page.keyboard.press("Escape");
  await expect(app.getByRole("dialog")).toHaveCount(0);

  await app.getByRole("button", { name: "Create new view" }).click();
  await expect(app.getByRole("dialog", { name: "Create new view" })).toBeVisible();
  await expectAccessible(page, "Create new view dialog", appOnly);
  await page.keyboard.press("Escape");
  await expect(app.getByRole("dialog")).toHaveCount(0);

  await tableRow(app, "Accessible video two").getByRole("checkbox").check();
  await bulkAction(app, "Delete");
  await expect(adminModal(app).getByRole("heading", { name: /^Delete/ })).toBeVisible();
  await expectAccessible(page, "Delete videos confirmation", appOnly);
  await page.keyboard.press("Escape");
  await expect(adminModal(app)).toHaveCount(0);

  // The widgets' dialogs: the layout picker and the editor with its live preview.
  await open("/widgets", "Widgets");
  await app.getByRole("button", { name: "Add widget" }).first().click();
  await expect(app.getByRole("button", { name: "Choose Carousel" })).toBeVisible();
  await expectAccessible(page, "Add widget dialog", appOnly);
  await app.getByRole("button", { name: "Choose Carousel" }).click();
  await expect(app.getByRole("textbox", { name: "Widget name" })).toBeVisible();
  await expectAccessible(page, "widget editor", appOnly);

  // A widget's delete confirmation.
  await open("/widgets", "Widgets");
  await app.getByRole("button", { name: "Delete" }).first().click();
  await expect(adminModal(app)).toBeVisible();
  await expectAccessible(page, "Delete widget confirmation", appOnly);
  await page.keyboard.press("Escape");
  await expect(adminModal(app)).toHaveCount(0);

  // The Plan page's verification dialog (Free), then its downgrade confirmation (Premium through a Shopify charge).
  await open("/plan", "Plan & Upgrade");
  await app.getByRole("button", { name: "Verify Now" }).first().click();
  await expect(adminModal(app).getByRole("button", { name: /^Verify & Unlock Premium/ })).toBeVisible();
  await expectAccessible(page, "Verify dialog", appOnly);
  await page.keyboard.press("Escape");
  await expect(adminModal(app)).toHaveCount(0);

  await prisma.shop.update({ where: { id: shopRow.id }, data: { plan: "premium", premiumSource: "billing" } });
  await open("/plan", "Plan & Upgrade");
  await app.getByRole("button", { name: "Downgrade to Free" }).click();
  await expect(adminModal(app).getByRole("heading", { name: "Downgrade to Free?" })).toBeVisible();
  await expectAccessible(page, "Downgrade confirmation", appOnly);
});

test("the storefront's widgets (carousel, grid, single, sticky, stories) and the open player have no serious or critical axe violation", async ({
  page,
  shop,
}) => {
  const app = appFrame(page);
  await page.goto(adminUrl(shop, "/content"));
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
  const shopRow = await bootstrappedShop(shop);
  const prisma = await (await import("./db")).e2eDb();
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
  await page.reload();
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
