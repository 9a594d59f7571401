import type { FrameLocator, Page } from "@playwright/test";
import { bootstrappedShop, e2eDb, seedVideos } from "./db";
import { adminModal, cardTitled, expect, modalButton, setThemeEdits, tableRow, test } from "./fixtures";
import { published, storefront } from "./storefront-helpers";

// Issue 29 items 1 and 2: Install on Store puts the widget itself on its pages
// (never a second copy of another one), and the widget's card, its install
// dialog and the Dashboard tell the same story, read from the theme's files.

const BLOCK_UID = "3f0c9a52-clipcart-widgets";
const blockEntry = (handle: string, widgetNumber: number | null = null) => ({
  type: `shopify://apps/clipcart/blocks/${handle}/${BLOCK_UID}`,
  settings: { widget_number: widgetNumber },
});
/** A page template holding only our app blocks, as the theme editor saves an "apps" section. */
const appsTemplate = (...handles: string[]) => {
  const blocks = Object.fromEntries(handles.map((handle, i) => [`${handle}_${i}`, blockEntry(handle)]));
  return JSON.stringify({ sections: { apps: { type: "apps", blocks, block_order: Object.keys(blocks) } }, order: ["apps"] });
};
const embedsOn = (...handles: string[]) =>
  JSON.stringify({ current: { blocks: Object.fromEntries(handles.map((handle) => [handle, { ...blockEntry(handle), disabled: false }])) } });

/** The shop's widgets, straight into its database (name, layout, pages, number, priority). */
async function createWidgets(shop: string, widgets: Array<[string, string, string[], number, number]>) {
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  for (const [name, layoutType, pageContexts, displayNumber, priority] of widgets) {
    await prisma.widget.create({ data: { shopId: shopRow.id, name, layoutType, pageContexts: JSON.stringify(pageContexts), displayNumber, priority } });
  }
}

/** Approves the seeded videos into every widget from the library, as a merchant does; waits until the store has them. */
async function approveIntoAllWidgets(page: Page, app: FrameLocator, shop: string, titles: string[], widgetCount: number) {
  await page.reload();
  for (const title of titles) await tableRow(app, title).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByRole("button", { name: "Select All" }).click();
  await modalButton(app, "Approve").click();
  await expect(app.getByText(`Successfully approved ${titles.length} video(s)!`)).toBeVisible();
  for (let number = 1; number <= widgetCount; number++) await published(shop, `widget_${number}`, (widget) => widget?.videos.length === titles.length);
}

test("installing an All Pages grid beside a home carousel puts the grid on every page and never a second carousel (issue 29 item 1)", async ({
  page,
  openLibrary,
  openApp,
  shop,
}) => {
  const titles = ["Denim jacket try-on", "Summer dress spin"];
  const app = await openLibrary(async () => {
    await createWidgets(shop, [
      ["Home reel", "carousel", ["homepage"], 1, 1],
      ["Everywhere grid", "grid", ["all_pages"], 2, 3],
    ]);
    await seedVideos(
      shop,
      titles.map((title) => ({ title })),
    );
  });
  await approveIntoAllWidgets(page, app, shop, titles, 2);
  // The merchant put the reel on the home page earlier, Widget number left empty.
  await setThemeEdits(shop, { "templates/index.json": appsTemplate("carousel") });

  const widgets = await openApp("/widgets");
  await expect(cardTitled(widgets, "Home reel").getByText("Live on: Homepage", { exact: true })).toBeVisible();
  await expect(cardTitled(widgets, "Everywhere grid").getByText("Not on your store yet")).toBeVisible();
  await cardTitled(widgets, "Everywhere grid").getByRole("button", { name: "Install on Store" }).click();
  // Shopify's link cannot fill in the Widget number: the dialog says plainly whether it must be typed.
  await expect(adminModal(widgets).getByTestId("install-widget-number")).toHaveText(/Widget number can stay empty: it shows this widget/);

  // The theme editor: the merchant saves the embed as it opens, its Widget number empty.
  const [editor] = await Promise.all([page.context().waitForEvent("page"), modalButton(widgets, "Open Theme Editor").click()]);
  await editor.waitForLoadState();
  expect(new URL(editor.url()).searchParams.get("activateAppId")).toMatch(/\/page-widgets$/);
  await expect(editor.getByLabel("Widget number")).toHaveValue("");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByTestId("theme-editor-saved")).toBeVisible();
  await editor.close();
  await modalButton(widgets, "Got it").click();
  await expect(cardTitled(widgets, "Everywhere grid").getByText("Live on: All Pages", { exact: true })).toBeVisible();
  await expect(cardTitled(widgets, "Home reel").getByText("Live on: Homepage", { exact: true })).toBeVisible();

  // The store: the home page has its reel once and the grid; another page has the grid.
  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop, "/"));
  await expect(shopper.locator("clipcart-widget .cc--grid")).toHaveCount(1);
  await expect(shopper.locator("clipcart-widget .cc--carousel")).toHaveCount(1);
  await shopper.goto(storefront(shop, "/collections/all"));
  await expect(shopper.locator("clipcart-widget .cc--grid")).toHaveCount(1);
  await expect(shopper.locator("clipcart-widget .cc--carousel")).toHaveCount(0);
});

test("a Stories widget on one of its three pages: its card, its install dialog and the Dashboard say the same, and the Dashboard's link adds the missing page (issue 29 item 2)", async ({
  page,
  openLibrary,
  openApp,
  shop,
}) => {
  const titles = ["Morning routine", "Sneaker unboxing"];
  const app = await openLibrary(async () => {
    await createWidgets(shop, [
      ["Shop stories", "stories", ["homepage", "product", "collection"], 1, 1],
      ["Everywhere reel", "carousel", ["all_pages"], 2, 3],
    ]);
    await seedVideos(
      shop,
      titles.map((title) => ({ title })),
    );
  });
  await approveIntoAllWidgets(page, app, shop, titles, 2);
  // Stories on the home page only; the page-widgets embed switched on for the All Pages reel.
  await setThemeEdits(shop, { "templates/index.json": appsTemplate("stories"), "config/settings_data.json": embedsOn("page-widgets") });

  // The card.
  const widgets = await openApp("/widgets");
  const card = cardTitled(widgets, "Shop stories");
  await expect(card.getByText("Live on: Homepage", { exact: true })).toBeVisible();
  await expect(card.getByText("Not on: Product Pages, Collection Pages", { exact: true })).toBeVisible();
  // The install dialog: one link per missing page, never "already on every page".
  await card.getByRole("button", { name: "Install on Store" }).click();
  await expect(adminModal(widgets).getByText("not on these pages of your store yet: Product Pages, Collection Pages")).toBeVisible();
  await expect(modalButton(widgets, "Add to Product Pages")).toBeVisible();
  await expect(modalButton(widgets, "Add to Collection Pages")).toBeVisible();
  await expect(modalButton(widgets, "Add to Homepage")).toHaveCount(0);
  await expect(adminModal(widgets).getByText("already on every page")).toHaveCount(0);

  // The Dashboard: the same three answers, and no "You're all set".
  const dashboard = await openApp("/");
  const setup = dashboard.getByRole("list", { name: "Theme setup" });
  const stories = setup.getByRole("listitem").filter({ hasText: "Shop stories (#1)" });
  await expect(stories.locator('[data-theme-page="homepage"]')).toContainText("Live");
  await expect(stories.locator('[data-theme-page="product"]')).toContainText("Not added");
  await expect(stories.locator('[data-theme-page="collection"]')).toContainText("Not added");
  await expect(setup.getByRole("listitem").filter({ hasText: "Everywhere reel (#2)" }).locator('[data-theme-page="all_pages"]')).toContainText("Live");
  await expect(dashboard.getByRole("heading", { name: "Finish adding your widgets to your theme" })).toBeVisible();
  await expect(dashboard.getByRole("heading", { name: "You're all set" })).toHaveCount(0);

  // "Add to Product Pages" from the Dashboard: saved in the theme editor, Check again shows it live, and the store shows it.
  const [editor] = await Promise.all([
    page.context().waitForEvent("page"),
    stories.locator('[data-theme-page="product"]').getByRole("link", { name: "Add to Product Pages" }).click(),
  ]);
  await editor.waitForLoadState();
  expect(Object.fromEntries(new URL(editor.url()).searchParams)).toMatchObject({ template: "product", addAppBlockId: expect.stringMatching(/\/stories$/) });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByTestId("theme-editor-saved")).toBeVisible();
  await editor.getByRole("link", { name: "View your store" }).click();
  await expect(editor.locator("clipcart-widget .cc--stories")).toHaveCount(1);
  await editor.close();
  await dashboard.getByRole("button", { name: "Check again" }).click();
  await expect(stories.locator('[data-theme-page="product"]')).toContainText("Live");
  await expect(stories.locator('[data-theme-page="collection"]')).toContainText("Not added");
});
