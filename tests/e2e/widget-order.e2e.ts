import { appOnly, expectAccessible } from "./axe";
import type { FrameLocator, Locator } from "@playwright/test";
import { bootstrappedShop, e2eDb, seedVideos, seedWidgets } from "./db";
import { adminModal, cardTitled, expect, modalButton, setThemeEdits, templateWithBlocks, test } from "./fixtures";
import { published, storefront } from "./storefront-helpers";

// The order inside a widget (issue 16 item 3): on the Widgets page the
// merchant reorders a widget's videos by keyboard and by dragging, pins one
// first, removes one, adds one from the approved videos, and the storefront
// shows the videos in that order.

/** The editor's rows, each named by its video's title (the row's handle is "Reorder <title>"). */
function rows(editor: Locator, widget: string): Locator {
  return editor.getByRole("list", { name: `Videos in ${widget}` }).getByRole("listitem");
}

async function expectOrder(editor: Locator, titles: string[]) {
  const handles = editor.getByRole("button", { name: /^Reorder / });
  await expect(handles).toHaveCount(titles.length);
  await expect
    .poll(async () => (await handles.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))).map((label) => label?.slice(8)))
    .toEqual(titles);
}

async function openEditor(app: FrameLocator, widget: string): Promise<Locator> {
  await cardTitled(app, widget).getByRole("button", { name: "Arrange videos" }).click();
  const editor = cardTitled(app, `Videos in ${widget}`);
  await expect(editor.getByRole("button", { name: /^Reorder / }).first()).toBeVisible();
  return editor;
}

/** The positions stored for the widget, as titles in order: what the storefront's data is built from. */
async function storedOrder(widgetId: string) {
  const prisma = await e2eDb();
  const rows = await prisma.widgetVideo.findMany({
    where: { widgetId },
    orderBy: [{ pinned: "desc" }, { position: "asc" }],
    select: { video: { select: { title: true } } },
  });
  return rows.map((row) => row.video.title);
}

test("a widget's videos are reordered by keyboard and by dragging, pinned, removed and added; the storefront shows the new order", async ({
  page,
  openWidgets,
  shop,
}) => {
  const app = await openWidgets();
  const shopRow = await bootstrappedShop(shop);
  const [widget] = await seedWidgets(shop, [{ name: "Home reel" }]);
  const videos = await seedVideos(shop, [
    { title: "Alpha", enabled: true },
    { title: "Bravo", enabled: true },
    { title: "Charlie", enabled: true },
    { title: "Delta", enabled: true },
    { title: "Extra take", enabled: true },
    { title: "Draft take", enabled: false },
  ]);
  const prisma = await e2eDb();
  await prisma.widgetVideo.createMany({
    data: videos.slice(0, 4).map((video, position) => ({ shopId: shopRow.id, widgetId: widget.id, videoId: video.id, position })),
  });
  await setThemeEdits(shop, { "templates/index.json": templateWithBlocks([{ handle: "carousel", widgetNumber: 1 }]) });
  await page.reload();

  const editor = await openEditor(app, "Home reel");
  await expect(editor.getByRole("heading", { name: "Videos in Home reel" })).toBeFocused();
  await expectOrder(editor, ["Alpha", "Bravo", "Charlie", "Delta"]);
  await expect(editor.getByRole("button", { name: "Move Alpha up" })).toBeDisabled();

  // Keyboard: the arrow keys on Charlie's handle, twice up; focus stays on the handle, a live region says where it went.
  const charlie = editor.getByRole("button", { name: "Reorder Charlie" });
  await charlie.focus();
  await page.keyboard.press("ArrowUp");
  await expect(charlie).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expectOrder(editor, ["Charlie", "Alpha", "Bravo", "Delta"]);
  await expect(editor.getByRole("status")).toHaveText("Charlie moved to position 1 of 4.");
  await expect(charlie).toBeFocused();
  // Move down with the keyboard: Enter on Alpha's button.
  await editor.getByRole("button", { name: "Move Alpha down" }).focus();
  await page.keyboard.press("Enter");
  await expectOrder(editor, ["Charlie", "Bravo", "Alpha", "Delta"]);
  await expect(editor.getByRole("button", { name: "Move Alpha down" })).toBeFocused();
  await expect.poll(() => storedOrder(widget.id)).toEqual(["Charlie", "Bravo", "Alpha", "Delta"]);

  // Dragging: Delta dropped on the top half of Bravo's row goes before it.
  await rows(editor, "Home reel")
    .filter({ hasText: "Delta" })
    .dragTo(rows(editor, "Home reel").filter({ hasText: "Bravo" }), { targetPosition: { x: 40, y: 4 } });
  await expectOrder(editor, ["Charlie", "Delta", "Bravo", "Alpha"]);
  await expect.poll(() => storedOrder(widget.id)).toEqual(["Charlie", "Delta", "Bravo", "Alpha"]);

  // Pin Alpha: first, with its badge; the unpinned ones cannot pass it.
  await editor.getByRole("button", { name: "Pin Alpha first" }).click();
  await expectOrder(editor, ["Alpha", "Charlie", "Delta", "Bravo"]);
  await expect(rows(editor, "Home reel").first().getByText("Pinned")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Unpin Alpha" })).toHaveAttribute("aria-pressed", "true");
  await expect(editor.getByRole("button", { name: "Move Charlie up" })).toBeDisabled();

  // Remove Delta, after the confirmation.
  await editor.getByRole("button", { name: "Remove Delta from this widget" }).click();
  await expect(adminModal(app).getByText("It stays approved in your Video Library")).toBeVisible();
  await modalButton(app, "Remove").click();
  await expectOrder(editor, ["Alpha", "Charlie", "Bravo"]);
  await expect(editor.getByRole("status")).toHaveText("Delta removed from this widget.");

  // Add: the picker offers the approved videos not in the widget (Delta again, Extra take), never the draft.
  await editor.getByRole("button", { name: "Add videos" }).click();
  const picker = adminModal(app);
  await expect(picker.getByRole("checkbox", { name: "Extra take" })).toBeVisible();
  await expect(picker.getByRole("checkbox", { name: "Delta" })).toBeVisible();
  await expect(picker.getByRole("checkbox", { name: "Draft take" })).toHaveCount(0);
  await expect(picker.getByRole("checkbox", { name: "Alpha" })).toHaveCount(0);
  await picker.getByRole("checkbox", { name: "Extra take" }).check();
  await modalButton(app, "Add 1 video").click();
  await expectOrder(editor, ["Alpha", "Charlie", "Bravo", "Extra take"]);
  await expect(editor.getByRole("status")).toHaveText("1 video added at the end.");
  await expect.poll(() => storedOrder(widget.id)).toEqual(["Alpha", "Charlie", "Bravo", "Extra take"]);

  // The storefront's data, then the home page itself, in that order.
  const order = ["Alpha", "Charlie", "Bravo", "Extra take"];
  await published(shop, "widget_1", (data) => JSON.stringify(data?.videos.map((video) => video.title)) === JSON.stringify(order));
  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop, "/"));
  await expect(shopper.locator("clipcart-widget .cc-title")).toHaveText(order);

  // One more move, then the shopper reloads: the new order.
  await editor.getByRole("button", { name: "Move Extra take up" }).click();
  const moved = ["Alpha", "Charlie", "Extra take", "Bravo"];
  await published(shop, "widget_1", (data) => JSON.stringify(data?.videos.map((video) => video.title)) === JSON.stringify(moved));
  await shopper.reload();
  await expect(shopper.locator("clipcart-widget .cc-title")).toHaveText(moved);
  await shopper.close();

  // Done closes the editor and gives focus back to the card's button; the card's preview follows the order.
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(cardTitled(app, "Home reel").getByRole("button", { name: "Arrange videos" })).toBeFocused();
  await expect(cardTitled(app, "Home reel").locator(".cc-title")).toHaveText(moved);
});

test("a widget without videos says so; the editor and the picker have no serious or critical axe violation", async ({ page, openWidgets, shop }) => {
  const app = await openWidgets();
  const shopRow = await bootstrappedShop(shop);
  const [, shown] = await seedWidgets(shop, [{ name: "Empty reel" }, { name: "Shown reel" }]);
  const [video] = await seedVideos(shop, [
    { title: "In the shown reel", enabled: true },
    { title: "Unpublished since", enabled: false },
  ]);
  await (await e2eDb()).widgetVideo.create({ data: { shopId: shopRow.id, widgetId: shown.id, videoId: video.id } });
  await page.reload();

  await cardTitled(app, "Empty reel").getByRole("button", { name: "Arrange videos" }).click();
  const empty = cardTitled(app, "Videos in Empty reel");
  await expect(empty.getByText("No videos in this widget yet")).toBeVisible();
  await empty.getByRole("button", { name: "Add videos" }).click();
  await expect(adminModal(app).getByRole("checkbox", { name: "In the shown reel" })).toBeVisible();
  await expect(modalButton(app, "Add")).toBeDisabled();
  await expectAccessible(page, "the Add videos dialog", appOnly);
  await modalButton(app, "Cancel").click();
  await expect(adminModal(app)).toHaveCount(0);
  await empty.getByRole("button", { name: "Done" }).click();

  const editor = await openEditor(app, "Shown reel");
  await expectOrder(editor, ["In the shown reel"]);
  // One video: nowhere to move it.
  await expect(editor.getByRole("button", { name: "Move In the shown reel down" })).toBeDisabled();
  await expectAccessible(page, "the widget's videos", appOnly);
  await editor.getByRole("button", { name: "Add videos" }).click();
  await expect(adminModal(app).getByText("Every approved video is already in this widget.")).toBeVisible();
});
