import type { FrameLocator, Locator, Page } from "@playwright/test";
import { firstOf, only } from "../support/must";
import { bootstrappedShop, e2eDb, seedVideos, seedWidgets } from "./db";
import { adminModal, cardTitled, expect, modalButton, setShopTheme, setThemeEdits, templateWithBlocks, test } from "./fixtures";
import localApp from "../emulators/shopify/local-app.json" with { type: "json" };

// The Widgets page (spec 2, 4, 5, 9): creation rules for each layout, the
// theme editor deep links on both theme kinds, Got it, and Delete.

async function startCreating(app: FrameLocator, layoutTitle: string) {
  await app.getByRole("button", { name: "Add widget" }).first().click();
  await app.getByRole("button", { name: `Choose ${layoutTitle}` }).click();
  await expect(app.getByRole("heading", { name: `Customize ${layoutTitle}` })).toBeVisible();
}

async function storedWidgets(shop: string) {
  const prisma = await e2eDb();
  return prisma.widget.findMany({ where: { shop: { shopDomain: `${shop}.myshopify.com` } }, orderBy: { displayNumber: "asc" } });
}

/** Clicks Open Theme Editor and answers the URL of the tab it opens. */
async function themeEditorLink(page: Page, app: FrameLocator): Promise<URL> {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), modalButton(app, "Open Theme Editor").click()]);
  const url = new URL(tab.url() === "about:blank" ? await tab.evaluate(() => location.href) : tab.url());
  await tab.close();
  return url;
}

test("the page starts empty; Add widget toggles to Cancel and offers the five layouts (the spec's four and Stories)", async ({ openWidgets }) => {
  const app = await openWidgets();
  await expect(app.getByText("Create your first widget")).toBeVisible();
  await app.getByRole("button", { name: "Add widget" }).first().click();
  await expect(app.getByRole("button", { name: "Cancel" })).toBeVisible();
  for (const [title, description] of [
    ["Carousel", "Horizontal scrolling video gallery"],
    ["Grid", "Organized grid layout"],
    ["Single Video", "Feature one video prominently"],
    ["Sticky", "Fixed floating video widget"],
    ["Stories", "Round thumbnails that open a full-screen player"],
  ] as const) {
    await expect(app.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(app.getByText(description)).toBeVisible();
  }
  await app.getByRole("button", { name: "Cancel" }).click();
  await expect(app.getByRole("button", { name: "Add widget" }).first()).toBeVisible();
  await expect(app.getByText("Horizontal scrolling video gallery")).toHaveCount(0);
});

/** The preview's sample posters: `count` pictures from the admin's /samples, each loaded and 9:16. */
async function expectSamplePosters(preview: Locator, count: number) {
  const posters = preview.locator("img.cc-poster");
  await expect(posters).toHaveCount(count);
  await expect
    .poll(() =>
      posters.evaluateAll((images) =>
        (images as HTMLImageElement[]).map((image) => ({
          path: image.currentSrc ? new URL(image.currentSrc).pathname : "",
          ratio: image.naturalHeight > 0 ? Math.round((image.naturalWidth / image.naturalHeight) * 1000) / 1000 : 0,
        })),
      ),
    )
    .toEqual(Array.from({ length: count }, (_, index) => ({ path: `/samples/sample-${index + 1}.svg`, ratio: Math.round((9 / 16) * 1000) / 1000 })));
  const src = await posters.first().evaluate((image) => (image as HTMLImageElement).currentSrc);
  const response = await fetch(src);
  expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  expect((await response.arrayBuffer()).byteLength).toBeLessThan(4_096);
}

test("a carousel with the defaults, sample videos in its preview, and the page rules", async ({ openWidgets, shop }) => {
  const app = await openWidgets();
  await startCreating(app, "Carousel");

  // No approved videos yet: samples, and the way to the library.
  await expect(app.getByText("These are sample videos.")).toBeVisible();
  await expect(app.getByRole("link", { name: "Approve videos in the Video Library" })).toBeVisible();
  await expect(app.getByRole("region", { name: "Widget preview" }).getByText("Summer try-on haul")).toBeVisible();
  // Each sample has a poster like a still of a short video (issue 15 item 16): a 9:16 picture the admin serves, not a flat tile.
  await expectSamplePosters(app.getByRole("region", { name: "Widget preview" }), 3);

  // Carousel: theme, auto-scroll and header; no alignment.
  await expect(app.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(app.getByRole("checkbox", { name: "Auto-scroll every 5 seconds" })).toBeChecked();
  await expect(app.getByRole("checkbox", { name: "Show the widget name as a header" })).not.toBeChecked();
  await expect(app.getByText("Alignment")).toHaveCount(0);
  await expect(app.getByRole("combobox", { name: "Priority" })).toHaveValue("1");

  // No page: refused with the spec's message, nothing created.
  await app.getByRole("checkbox", { name: "Homepage" }).uncheck();
  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(app.getByText("Please select at least one page where the widget should appear.")).toBeVisible();
  expect(await storedWidgets(shop)).toHaveLength(0);

  // All Pages is exclusive; a specific page takes over again.
  await app.getByRole("checkbox", { name: "Product Pages" }).check();
  await app.getByRole("checkbox", { name: "All Pages" }).check();
  await expect(app.getByRole("checkbox", { name: "Product Pages" })).not.toBeChecked();
  await expect(app.getByRole("checkbox", { name: "Product Pages" })).toBeDisabled();
  await app.getByRole("checkbox", { name: "All Pages" }).uncheck();
  await app.getByRole("checkbox", { name: "Collection Pages" }).check();
  await app.getByRole("checkbox", { name: "Product Pages" }).check();
  await app.getByRole("button", { name: "Create Widget" }).click();

  await expect(app.getByText("Widget created successfully!")).toBeVisible();
  const widget = cardTitled(app, "Carousel Widget");
  await expect(widget.getByText("#1", { exact: true })).toBeVisible();
  await expect(widget.getByText("light theme")).toBeVisible();
  await expect(widget.getByText("Product Pages")).toBeVisible();
  await expect(widget.getByText("Collection Pages")).toBeVisible();
  await expect(widget.getByText("Installed")).toHaveCount(0);
  // Still no approved video: the card's mini preview shows the samples too, said to be samples.
  await expectSamplePosters(widget.getByRole("region", { name: "Preview of Carousel Widget" }), 3);
  await expect(widget.getByText("Sample videos: approve videos to see your own.")).toBeVisible();
  const stored = only(await storedWidgets(shop), "stored widget");
  expect(stored).toMatchObject({
    name: "Carousel Widget",
    layoutType: "carousel",
    priority: 1,
    theme: "light",
    autoScroll: true,
    showHeader: false,
    sourceType: "all",
    language: "en",
  });
  expect(JSON.parse(stored.pageContexts)).toEqual(["product", "collection"]);
});

test("grid, single and sticky show and send only their own settings", async ({ openWidgets, shop }) => {
  const app = await openWidgets();

  await startCreating(app, "Grid");
  await expect(app.getByText("Auto-scroll every 5 seconds")).toHaveCount(0);
  await app.getByText("Dark", { exact: true }).click();
  await app.getByRole("checkbox", { name: "Show the widget name as a header" }).check();
  await app.getByRole("textbox", { name: "Widget name" }).fill("Lookbook");
  await app.getByRole("combobox", { name: "Priority" }).selectOption("3");
  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(cardTitled(app, "Lookbook").getByText("dark theme")).toBeVisible();

  await app.getByRole("button", { name: "Add widget" }).first().click();
  await app.getByRole("button", { name: "Choose Single Video" }).click();
  await expect(app.getByText("Theme", { exact: true })).toHaveCount(0);
  await expect(app.getByText("Show the widget name as a header")).toHaveCount(0);
  // Every layout can play previews; this one will not.
  await app.getByRole("checkbox", { name: "Play previews" }).uncheck();
  // Captions on previews, and the player opening with them on, are the default; this one opens without (decision 085).
  await app.getByRole("checkbox", { name: "Show captions" }).uncheck();
  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(cardTitled(app, "Single Video Widget")).toBeVisible();

  await app.getByRole("button", { name: "Add widget" }).first().click();
  await app.getByRole("button", { name: "Choose Sticky" }).click();
  await expect(app.getByText("Theme", { exact: true })).toHaveCount(0);
  await app.getByText("Left", { exact: true }).click();
  await app.getByRole("checkbox", { name: "Cart Page" }).check();
  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(cardTitled(app, "Sticky Widget").getByText("Cart Page")).toBeVisible();
  await expect(cardTitled(app, "Sticky Widget").getByText(/theme$/)).toHaveCount(0);

  const [grid, single, sticky] = firstOf(await storedWidgets(shop), 3, "stored widgets");
  expect(grid).toMatchObject({
    displayNumber: 1,
    name: "Lookbook",
    layoutType: "grid",
    priority: 3,
    theme: "dark",
    showHeader: true,
    autoScroll: true,
    alignment: "right",
    playPreviews: true,
    showCaptions: true,
  });
  expect(single).toMatchObject({ displayNumber: 2, layoutType: "single", theme: "light", showHeader: false, playPreviews: false, showCaptions: false });
  expect(sticky).toMatchObject({ displayNumber: 3, layoutType: "sticky", alignment: "left", theme: "light" });
  expect(JSON.parse(sticky.pageContexts)).toEqual(["homepage", "cart"]);
});

test("a widget showing the videos tagged with the page's product (decision 079): at 375 px, the preview of a product's page, the fallback, and the card says so", async ({
  page,
  openWidgets,
  shop,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const app = await openWidgets();
  await seedVideos(shop, [
    { title: "Linen try-on", enabled: true, tags: ["Linen shirt"] },
    { title: "Beach day", enabled: true },
    { title: "Draft haul", tags: ["Draft-only scarf"] },
  ]);
  await page.reload();
  await startCreating(app, "Grid");
  const preview = app.getByRole("region", { name: "Widget preview" });
  await expect(preview.getByText("Beach day")).toBeVisible();

  // Polaris draws its own radio over the input: the label is what a merchant clicks.
  await app.getByText("Videos tagged with this product", { exact: true }).click();
  await expect(app.getByRole("radio", { name: "Videos tagged with this product" })).toBeChecked();
  // Its videos show on product pages: Product Pages comes with it.
  await expect(app.getByRole("checkbox", { name: "Product Pages" })).toBeChecked();
  const fallback = app.getByRole("checkbox", { name: "When a product has no videos, show the widget's other videos" });
  await expect(fallback).not.toBeChecked();
  await expect(app.getByText("No product chosen: the preview shows what the widget shows on other pages, all its videos.")).toBeVisible();
  const product = app.getByRole("combobox", { name: "Preview a product page" });
  // Only products with approved videos: the draft's product is not offered.
  await expect(product.locator("option")).toHaveText(["Choose a product", "Linen shirt (1 video)", "A product with no videos"]);

  await product.selectOption({ label: "Linen shirt (1 video)" });
  await expect(preview.getByText("Linen try-on")).toBeVisible();
  await expect(preview.getByText("Beach day")).toHaveCount(0);
  await product.selectOption({ label: "A product with no videos" });
  await expect(app.getByText("This product has no videos, so the widget does not show on its page.")).toBeVisible();
  await expect(preview).toHaveCount(0);
  await fallback.check();
  await expect(preview.getByText("Beach day")).toBeVisible();

  // The form still fits a phone's width with all of it shown.
  const frame = page.frame({ name: "app-iframe" });
  const widths = await frame!.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, "the editor's document at 375 px").toBeLessThanOrEqual(widths.client);

  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(app.getByText("Widget created successfully!")).toBeVisible();
  await expect(cardTitled(app, "Grid Widget").getByText("Videos tagged with this product")).toBeVisible();
  const stored = only(await storedWidgets(shop), "stored widget");
  expect(stored).toMatchObject({ layoutType: "grid", sourceType: "product", productFallback: true });
  expect(JSON.parse(stored.pageContexts)).toEqual(["homepage", "product"]);
});

test("Install on Store opens the theme editor deep link for each page lacking the widget; Got it marks it installed; a vintage theme goes through the app embed", async ({
  page,
  openWidgets,
  shop,
}) => {
  // Which link each layout, page and theme kind gets is a rule, proved for every case in widgets-api.test.ts and
  // theme-setup.test.ts; here, that the dialog opens them in the theme editor and what Got it does.
  const app = await openWidgets();
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  const create = (name: string, layoutType: string, pageContexts: string[], displayNumber: number) =>
    prisma.widget.create({ data: { shopId: shopRow.id, name, layoutType, pageContexts: JSON.stringify(pageContexts), displayNumber } });
  await create("Product reel", "carousel", ["product", "homepage"], 1);
  await create("Home grid", "grid", ["homepage"], 2);
  await create("Everywhere", "single", ["all_pages"], 3);
  await page.reload();
  await expect(cardTitled(app, "Product reel")).toBeVisible();
  const apiKey = localApp.apiKey;

  await cardTitled(app, "Product reel").getByRole("button", { name: "Install on Store" }).click();
  await expect(adminModal(app).getByRole("heading", { name: "Add Widget to Theme" })).toBeVisible();
  // Two pages lacking it: one link each; Open Theme Editor opens the next one.
  await expect(modalButton(app, "Add to Product Pages")).toBeVisible();
  await expect(modalButton(app, "Add to Homepage")).toBeVisible();
  const first = await themeEditorLink(page, app);
  expect(first.searchParams.get("template")).toBe("product");
  await expect(adminModal(app).getByText("Opened")).toBeVisible();
  const second = await themeEditorLink(page, app);
  expect(`${second.protocol}//${second.hostname}`).toBe(`http://${shop}.localhost`);
  expect(second.pathname).toBe("/admin/themes/current/editor");
  expect(Object.fromEntries(second.searchParams)).toEqual({ template: "index", addAppBlockId: `${apiKey}/carousel`, target: "newAppsSection" });
  await expect(adminModal(app).getByRole("heading", { name: '"Product reel" Ready to Install' })).toBeVisible();
  await modalButton(app, "Got it").click();
  await expect(app.getByText('"Product reel" is installed on your store.')).toBeVisible();
  await expect(cardTitled(app, "Product reel").getByText("Installed")).toBeVisible();

  const installed = await prisma.widget.findMany({ where: { shopId: shopRow.id, installedAt: { not: null } } });
  expect(installed.map((widget) => widget.name)).toEqual(["Product reel"]);
  // Spec 4: the install asks for a review once, recorded as widget_install, and marks the shop first-active.
  await expect(page.locator("body")).toHaveAttribute("data-review-requests", "1");
  await expect.poll(async () => (await prisma.reviewPrompt.findMany({ where: { shopId: shopRow.id } })).map((p) => p.promptType)).toEqual(["widget_install"]);
  expect((await bootstrappedShop(shop)).firstActiveAt).not.toBeNull();

  // A vintage theme: every widget installs through an app embed, with the 3-step dialog.
  await setShopTheme(shop, "liquid");
  await cardTitled(app, "Home grid").getByRole("button", { name: "Install on Store" }).click();
  const vintage = await themeEditorLink(page, app);
  expect(Object.fromEntries(vintage.searchParams)).toEqual({ template: "index", context: "apps", activateAppId: `${apiKey}/page-widgets` });
  await expect(adminModal(app).getByRole("heading", { name: "Enable App Embed" })).toBeVisible();
  await expect(adminModal(app).getByRole("listitem")).toHaveCount(3);
  // The embed's automatic choice would be the All Pages widget ("Everywhere"): the number must be typed.
  await expect(adminModal(app).getByText('Switch on "Videos by page" and type 2 in Widget number.', { exact: false })).toBeVisible();
  await modalButton(app, "Got it").click();
  await expect(cardTitled(app, "Home grid").getByText("Installed")).toBeVisible();
});

/** Clicks `button` in the install dialog, sets the widget number in the theme editor tab it opens and saves; answers the link. */
async function saveInThemeEditor(page: Page, app: FrameLocator, button: string, widgetNumber: number): Promise<URL> {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), modalButton(app, button).click()]);
  await tab.waitForLoadState();
  const url = new URL(tab.url());
  await tab.getByLabel("Widget number").fill(String(widgetNumber));
  await tab.getByRole("button", { name: "Save" }).click();
  await expect(tab.getByTestId("theme-editor-saved")).toBeVisible();
  await tab.close();
  return url;
}

test("a widget for several pages gets a theme editor link per page still lacking it, All Pages goes through the app embed, and each card says where it is live (issue 15 item 11)", async ({
  page,
  openWidgets,
  shop,
}) => {
  const app = await openWidgets();
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  const create = (name: string, layoutType: string, pageContexts: string[], displayNumber: number) =>
    prisma.widget.create({ data: { shopId: shopRow.id, name, layoutType, pageContexts: JSON.stringify(pageContexts), displayNumber } });
  await create("Shop reel", "carousel", ["homepage", "product", "cart"], 1);
  await create("Everywhere grid", "grid", ["all_pages"], 2);
  // The merchant already put the reel on the home page (the theme's files, read through the Admin API).
  await setThemeEdits(shop, { "templates/index.json": templateWithBlocks([{ handle: "carousel", widgetNumber: 1 }]) });
  await page.reload();
  await expect(cardTitled(app, "Shop reel").getByText("Live on: Homepage", { exact: true })).toBeVisible();
  await expect(cardTitled(app, "Everywhere grid").getByText("Not on your store yet")).toBeVisible();

  // The two pages still lacking it, one theme editor link each; the home page is not offered again.
  await cardTitled(app, "Shop reel").getByRole("button", { name: "Install on Store" }).click();
  await expect(adminModal(app).getByText("not on these pages of your store yet: Product Pages, Cart Page")).toBeVisible();
  await expect(modalButton(app, "Add to Homepage")).toHaveCount(0);
  const product = await saveInThemeEditor(page, app, "Add to Product Pages", 1);
  expect(product.searchParams.get("template")).toBe("product");
  const cart = await saveInThemeEditor(page, app, "Add to Cart Page", 1);
  expect(cart.searchParams.get("template")).toBe("cart");
  await expect(adminModal(app).getByRole("heading", { name: '"Shop reel" Ready to Install' })).toBeVisible();
  await modalButton(app, "Got it").click();
  await expect(cardTitled(app, "Shop reel").getByText("Live on: Homepage, Product Pages, Cart Page", { exact: true })).toBeVisible();

  // All Pages: the page-widgets app embed, no template.
  await cardTitled(app, "Everywhere grid").getByRole("button", { name: "Install on Store" }).click();
  const embed = await saveInThemeEditor(page, app, "Open Theme Editor", 2);
  expect(Object.fromEntries(embed.searchParams)).toEqual({ context: "apps", activateAppId: `${localApp.apiKey}/page-widgets` });
  await expect(adminModal(app).getByText('"Videos by page" app embed', { exact: false })).toBeVisible();
  await modalButton(app, "Got it").click();
  await expect(cardTitled(app, "Everywhere grid").getByText("Live on: All Pages", { exact: true })).toBeVisible();
});

test("Delete asks first, keeps the widget on Cancel, then says how to take it off the theme", async ({ page, openWidgets, shop }) => {
  const app = await openWidgets();
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  const widget = await prisma.widget.create({ data: { shopId: shopRow.id, name: "Old reel", layoutType: "carousel", displayNumber: 7 } });
  const [video] = await seedVideos(shop, [{ title: "Shown in the old reel", enabled: true }]);
  await prisma.widgetVideo.create({ data: { shopId: shopRow.id, widgetId: widget.id, videoId: video.id } });
  await page.reload();

  // The card's mini preview is the storefront renderer showing the widget's videos.
  await expect(cardTitled(app, "Old reel").getByRole("region", { name: "Preview of Old reel" }).getByText("Shown in the old reel")).toBeVisible();

  await cardTitled(app, "Old reel").getByRole("button", { name: "Delete" }).click();
  await expect(adminModal(app).getByRole("heading", { name: 'Delete "Old reel"?' })).toBeVisible();
  await expect(adminModal(app).getByText("Find the Clipcart block or app embed that shows widget #7.")).toBeVisible();
  await modalButton(app, "Cancel").click();
  expect(await prisma.widget.count({ where: { shopId: shopRow.id } })).toBe(1);

  await cardTitled(app, "Old reel").getByRole("button", { name: "Delete" }).click();
  await modalButton(app, "Delete").click();
  await expect(app.getByText("Widget deleted")).toBeVisible();
  await expect(app.getByText("Remove the block (or switch the embed off) and click Save.")).toBeVisible();
  await expect(app.getByText("Create your first widget")).toBeVisible();
  expect(await prisma.widget.count({ where: { shopId: shopRow.id } })).toBe(0);
  // The video stays in the library.
  expect(await prisma.video.count({ where: { shopId: shopRow.id } })).toBe(1);
});

test("the Sticky card's mini preview stays inside its box, above the card's buttons (issue 15)", async ({ page, openWidgets, shop }) => {
  const app = await openWidgets();
  const [widget] = await seedWidgets(shop, [{ name: "Corner clip", layoutType: "sticky" }]);
  const [video] = await seedVideos(shop, [{ title: "Sticky sample", enabled: true }]);
  await (await e2eDb()).widgetVideo.create({ data: { shopId: widget.shopId, widgetId: widget.id, videoId: video.id } });
  await page.reload();

  const card = cardTitled(app, "Corner clip");
  const item = card.getByRole("region", { name: "Preview of Corner clip" }).locator(".cc-item").first();
  await expect(item).toBeVisible();
  const [itemBox, cardBox, installBox] = await Promise.all([
    item.boundingBox(),
    // The region takes no box of its own (display: contents): its card does.
    card.locator(":scope > *").first().boundingBox(),
    card.getByRole("button", { name: "Install on Store" }).boundingBox(),
  ]);
  const drawn = { item: itemBox!, card: cardBox!, install: installBox! };
  // Within the card, above the row of buttons: nothing overlaps Install on Store or spills out.
  expect(drawn.item.y + drawn.item.height).toBeLessThanOrEqual(drawn.install.y);
  expect(drawn.item.y).toBeGreaterThanOrEqual(drawn.card.y);
  expect(drawn.item.x).toBeGreaterThanOrEqual(drawn.card.x);
  expect(drawn.item.x + drawn.item.width).toBeLessThanOrEqual(drawn.card.x + drawn.card.width);
});

test("Got it asks Shopify for a review at most once per visit, however many widgets are installed (issue 15)", async ({ page, openWidgets, shop }) => {
  const app = await openWidgets();
  await seedWidgets(shop, [
    { name: "First grid", layoutType: "grid" },
    { name: "Second grid", layoutType: "grid" },
  ]);
  await page.reload();
  for (const name of ["First grid", "Second grid"]) {
    await cardTitled(app, name).getByRole("button", { name: "Install on Store" }).click();
    await themeEditorLink(page, app);
    await modalButton(app, "Got it").click();
    // The badge follows the page's reload after the install, which comes after any review request.
    await expect(cardTitled(app, name).getByText("Installed", { exact: true })).toBeVisible();
  }
  await expect(page.locator("body")).toHaveAttribute("data-review-requests", "1");
});

test("the widget editor shows Shopify's save bar for unsaved changes; leaving asks to save or discard (issue 15)", async ({ page, openWidgets, shop }) => {
  const app = await openWidgets();
  const saveBar = page.getByTestId("admin-save-bar");
  const name = app.getByRole("textbox", { name: "Widget name" });
  await startCreating(app, "Carousel");
  await expect(saveBar).toBeHidden();
  await name.fill("Summer reel");
  await expect(saveBar).toBeVisible();
  await expect(page.getByTestId("admin-save-bar-save")).toHaveText("Save");

  // The admin's navigation does not leave the page: the save bar asks for a choice.
  await page.getByTestId("admin-nav-link").filter({ hasText: "Analytics" }).click();
  await expect(saveBar).toHaveAttribute("data-attention", "");
  await expect(page.locator("body")).toHaveAttribute("data-app-path", "/widgets");

  // Leaving from inside the app asks first; staying keeps the draft.
  await app.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByTestId("admin-confirm")).toContainText("Leave page with unsaved changes?");
  await page.getByTestId("admin-confirm-cancel").click();
  await expect(name).toHaveValue("Summer reel");

  // Discard (after Shopify's confirmation) returns the form to its defaults.
  await page.getByTestId("admin-save-bar-discard").click();
  await page.getByTestId("admin-confirm-accept").click();
  await expect(name).toHaveValue("");
  await expect(saveBar).toBeHidden();

  // Save creates the widget.
  await name.fill("Summer reel");
  await page.getByTestId("admin-save-bar-save").click();
  await expect(cardTitled(app, "Summer reel")).toBeVisible();
  await expect(app.getByText("Widget created successfully!")).toBeVisible();
  await expect(saveBar).toBeHidden();
  expect((await storedWidgets(shop)).map((widget) => widget.name)).toEqual(["Summer reel"]);

  // Leaving through a link of the editor, confirmed, leaves without saving.
  await startCreating(app, "Grid");
  await name.fill("Unsaved grid");
  await app.getByRole("link", { name: "Approve videos in the Video Library" }).click();
  await page.getByTestId("admin-confirm-accept").click();
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
  await expect(saveBar).toBeHidden();
  expect((await storedWidgets(shop)).map((widget) => widget.name)).toEqual(["Summer reel"]);
});
