import type { Locator } from "@playwright/test";
import { e2eDb, seedVideos, seedWidgets } from "./db";
import { APP_URL, cardTitled, expect, test } from "./fixtures";

// "Merchant polish II" item 3: on a laptop's 1440 x 900 screen the Widgets page
// shows every card whole (its mini preview, name, badges and buttons) without
// scrolling, and the type picker shows a small picture of each layout.

test.use({ viewport: { width: 1440, height: 900 } });

const SCREEN_HEIGHT = 900;

/** One widget of each layout, the Grid first among equals: its six videos used to stack in one column. */
const WIDGETS = [
  { name: "Homepage carousel", layoutType: "carousel" },
  { name: "Lookbook grid", layoutType: "grid" },
  { name: "Hero video", layoutType: "single" },
  { name: "Corner clip", layoutType: "sticky" },
  { name: "Story rings", layoutType: "stories" },
] as const;

/** The Polaris card of a named card region (the region itself takes no box: display: contents). */
function cardBox(card: Locator): Locator {
  return card.locator(":scope > *").first();
}

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not drawn");
  return box.y + box.height;
}

async function arrangeFiveWidgets(shop: string) {
  const widgets = await seedWidgets(shop, WIDGETS);
  // Six approved videos with real posters (the admin's sample pictures), in every widget.
  const videos = await seedVideos(
    shop,
    Array.from({ length: 6 }, (_, index) => ({
      title: `Spring look ${index + 1}`,
      enabled: true,
      storedThumbnailUrl: `${APP_URL}/samples/sample-${index + 1}.svg`,
    })),
  );
  const prisma = await e2eDb();
  await prisma.widgetVideo.createMany({
    data: widgets.flatMap((widget) => videos.map((video, position) => ({ shopId: widget.shopId, widgetId: widget.id, videoId: video.id, position }))),
  });
}

test("the Widgets page with five widgets shows every card's name and buttons in the first 900 px", async ({ page, openWidgets, shop }) => {
  const app = await openWidgets();
  await arrangeFiveWidgets(shop);
  await page.reload();
  await expect(app.getByRole("heading", { name: "Widgets", level: 1 })).toBeVisible();

  for (const { name } of WIDGETS) {
    const card = cardTitled(app, name);
    // Each mini preview is drawn (the storefront renderer runs in the browser).
    await expect(
      card
        .getByRole("region", { name: `Preview of ${name}` })
        .locator(".cc-item")
        .first(),
    ).toBeVisible();
  }

  for (const { name } of WIDGETS) {
    const card = cardTitled(app, name);
    expect(await bottomOf(card.getByRole("heading", { name, exact: true })), `${name}: its name within the first screen`).toBeLessThanOrEqual(SCREEN_HEIGHT);
    for (const label of ["Install on Store", "Arrange videos", "Delete"]) {
      const button = card.getByRole("button", { name: label, exact: true });
      await expect(button).toBeVisible();
      expect(await bottomOf(button), `${name}: ${label} within the first screen`).toBeLessThanOrEqual(SCREEN_HEIGHT);
    }
  }

  const heights: number[] = [];
  for (const { name } of WIDGETS) {
    const card = cardTitled(app, name);
    // The mini preview is a thumbnail: enough to recognise the layout by, not a wall of posters.
    const preview = await card.getByRole("region", { name: `Preview of ${name}` }).boundingBox();
    expect(preview?.width ?? 0, `${name}: its preview's width`).toBeGreaterThan(100);
    expect(preview?.height ?? 0, `${name}: its preview's height`).toBeGreaterThan(40);
    expect(preview?.height ?? Infinity, `${name}: its preview's height`).toBeLessThanOrEqual(220);
    heights.push((await cardBox(card).boundingBox())?.height ?? Infinity);
  }
  // No card stretched to a row-mate's height: they are all about the same size.
  expect(Math.max(...heights), `card heights ${heights.join(", ")}`).toBeLessThanOrEqual(Math.min(...heights) * 1.35);

  // The Grid's thumbnail looks like a grid: its first posters side by side, not one column.
  const gridItems = cardTitled(app, "Lookbook grid").getByRole("region", { name: "Preview of Lookbook grid" }).locator(".cc-item");
  const tops = await gridItems.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(tops.filter((top) => top === tops[0]).length, `the grid's first row (tops ${tops.join(", ")})`).toBeGreaterThanOrEqual(3);
});

test("the type picker shows a small picture of each layout beside its name and description", async ({ openWidgets }) => {
  const app = await openWidgets();
  await app.getByRole("button", { name: "Add widget" }).first().click();
  for (const title of ["Carousel", "Grid", "Single Video", "Sticky", "Stories"]) {
    const picture = app.getByRole("img", { name: `${title} layout`, exact: true });
    await expect(picture).toBeVisible();
    const box = await picture.boundingBox();
    expect(box?.width ?? Infinity, `${title}: the picture's width`).toBeLessThanOrEqual(240);
    expect(box?.height ?? Infinity, `${title}: the picture's height`).toBeLessThanOrEqual(120);
    // Its Choose button is in the first screen too.
    expect(await bottomOf(app.getByRole("button", { name: `Choose ${title}` })), `${title}: Choose`).toBeLessThanOrEqual(SCREEN_HEIGHT);
  }
});
