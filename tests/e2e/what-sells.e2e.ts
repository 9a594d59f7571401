import type { FrameLocator, Page } from "@playwright/test";
import { demoCatalogue } from "../emulators/shopify/catalogue";
import { firstOf, must } from "../support/must";
import { appOnly, expectAccessible } from "./axe";
import { bootstrappedShop, e2eDb, seedVideos, seedWidgets } from "./db";
import { cardTitled, expect, tableRow, test } from "./fixtures";
import { saleThroughWidget } from "./sale-helpers";

// Issue 29 item 5, "What sells" (decision 068): after a sale through a widget,
// Analytics says which video and which widget sold it (add to cart, orders,
// revenue, net as the Sales card), each table fits its card at 1440 x 900
// with every group of columns, and on a phone the page never scrolls sideways:
// each row is a condensed block.

const SOLD = "Linen shirt styled three ways";
/** Clicked more than the sold video, and never bought from: first by clicks, last by revenue. */
const CLICKED = "Spring lookbook";
const SELLING_WIDGET = "Product page carousel";
const OTHER_WIDGET = "Homepage grid";

/** A table row's cells by their column headings (the headings stay in the table for assistive tech on a phone too). */
async function columnsOf(app: FrameLocator, section: string, rowText: string): Promise<Record<string, string>> {
  const table = cardTitled(app, section).locator("table");
  const headings = await table.locator("thead th").allTextContents();
  const cells = await tableRow(app, rowText).first().locator("th, td").allInnerTexts();
  return Object.fromEntries(headings.map((name, index) => [name.trim(), (cells[index] ?? "").trim()]));
}

/** How wide each Analytics table is against its card, and the frame's document against the frame. */
async function widths(page: Page) {
  const frame = must(page.frame({ name: "app-iframe" }), "the app's frame");
  return frame.evaluate(() => {
    const tables = [...document.querySelectorAll("section[aria-labelledby]")].flatMap((section) => {
      const table = section.querySelector("table");
      const card = section.firstElementChild;
      if (!table || !card) return [];
      const cardBox = card.getBoundingClientRect();
      const tableBox = table.getBoundingClientRect();
      // Nothing of the table past the card's edges, and nothing inside it scrolling sideways (visually hidden text,
      // a 1 px box that clips on purpose, left aside).
      const scrollers = [table.parentElement!, table, ...table.querySelectorAll("*")].filter(
        (element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible",
      );
      return [
        {
          title: document.getElementById(section.getAttribute("aria-labelledby")!)?.textContent ?? "",
          inside: tableBox.left >= cardBox.left - 0.5 && tableBox.right <= cardBox.right + 0.5,
          tableWidth: Math.round(tableBox.width),
          cardWidth: Math.round(cardBox.width),
          scrolling: scrollers.map((element) => `${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth}/${element.clientWidth}`),
        },
      ];
    });
    return { tables, document: { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth } };
  });
}

async function expectTablesFit(page: Page, what: string) {
  const measured = await widths(page);
  expect(measured.tables.map((table) => table.title).sort(), `${what}: the tables measured`).toEqual(["Top Performing Videos", "Widget Performance"]);
  for (const table of measured.tables) {
    expect(table.inside, `${what}: ${table.title} (${table.tableWidth} px) within its card (${table.cardWidth} px)`).toBe(true);
    expect(table.scrolling, `${what}: ${table.title} scrolls sideways`).toEqual([]);
  }
  expect(measured.document.scrollWidth, `${what}: the page is wider than the frame`).toBeLessThanOrEqual(measured.document.clientWidth);
}

/** Shows one group of a table's columns (Sales, Watching, Clicks) and waits until the table has them. */
async function showColumns(app: FrameLocator, section: string, set: string, firstHeading: string) {
  await cardTitled(app, section).getByRole("group", { name: "Columns" }).getByRole("button", { name: set, exact: true }).click();
  await expect(cardTitled(app, section).getByRole("columnheader", { name: firstHeading, exact: true })).toBeAttached();
}

test("after a sale through a widget, Analytics shows its revenue on the video's row and on the widget's row; the tables fit at 1440 x 900 and on a phone", async ({
  page,
  openApp,
  shop,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const [product] = firstOf(demoCatalogue(), 1, "demo products");
  const price = `$${Number(must(product.variants[0], "the product's first variant").price).toFixed(2)}`;
  let app = await openApp("/");
  const shopRow = await bootstrappedShop(shop);
  const prisma = await e2eDb();
  const [sellingWidget, otherWidget] = await seedWidgets(shop, [
    { name: SELLING_WIDGET, layoutType: "carousel" },
    { name: OTHER_WIDGET, layoutType: "grid" },
  ]);
  await prisma.widget.update({ where: { id: sellingWidget.id }, data: { pageContexts: '["product"]' } });
  const [soldVideo, clickedVideo] = await seedVideos(shop, [{ title: SOLD }, { title: CLICKED, enabled: true }]);
  // Shoppers clicked the other video in the other widget more, and bought nothing from it.
  const today = new Date().toISOString().slice(0, 10);
  const rollup = (dimension: string, key: string, type: string, count: number) => ({ shopId: shopRow.id, day: today, dimension, key, type, count });
  await prisma.analyticsRollup.createMany({
    data: [
      rollup("video", clickedVideo.id, "video_click", 7),
      rollup("video", clickedVideo.id, "impression", 40),
      rollup("widget", otherWidget.id, "video_click", 7),
      rollup("widget", otherWidget.id, "widget_impression", 40),
    ],
  });

  // The shopper buys the product from the sold video on the product page.
  const { shopper } = await saleThroughWidget({
    page,
    openApp,
    shop,
    shopId: shopRow.id,
    videoId: soldVideo.id,
    videoTitle: SOLD,
    widgetName: SELLING_WIDGET,
    product,
  });
  await shopper.close();

  // The add to cart (written within a second) has reached the app too.
  await expect
    .poll(() => prisma.analyticsRollup.count({ where: { shopId: shopRow.id, dimension: "video", key: soldVideo.id, type: "add_to_cart" } }), {
      timeout: 15_000,
    })
    .toBe(1);

  app = await openApp("/analytics");
  await expect(cardTitled(app, "Sales")).toContainText(`1${price} revenue`);
  // What sold, first: the Sales columns, on the video's row and on the widget's row it came from.
  await expect(cardTitled(app, "Top Performing Videos").getByRole("columnheader", { name: "Revenue", exact: true })).toBeVisible();
  expect(await columnsOf(app, "Top Performing Videos", SOLD)).toMatchObject({ "Add to Cart": "1", Orders: "1", Revenue: price });
  expect(await columnsOf(app, "Top Performing Videos", CLICKED)).toMatchObject({ Clicks: "7", "Add to Cart": "0", Orders: "0", Revenue: "$0.00" });
  expect(await columnsOf(app, "Widget Performance", SELLING_WIDGET)).toMatchObject({ "Add to Cart": "1", Orders: "1", Revenue: price });
  expect(await columnsOf(app, "Widget Performance", OTHER_WIDGET)).toMatchObject({ Orders: "0", Revenue: "$0.00" });

  // Ranked by clicks (the spec's default), the clicked video leads; by revenue, the one that sold.
  const videoRows = cardTitled(app, "Top Performing Videos").locator("tbody tr");
  await expect(videoRows.first()).toContainText(CLICKED);
  await cardTitled(app, "Top Performing Videos").getByLabel("Sort by").selectOption("revenue");
  await expect(cardTitled(app, "Top Performing Videos")).toContainText("Top 5 by revenue in the last 30 days");
  await expect(videoRows.first()).toContainText(SOLD);
  // In the address, so a reload or a shared link keeps it.
  expect(new URL(must(page.frame({ name: "app-iframe" }), "the app's frame").url()).searchParams.get("videoSort")).toBe("revenue");

  // Every group of columns fits the card at 1440 x 900, and the spec's columns stay in it.
  await expectTablesFit(page, "1440 x 900, Sales");
  await showColumns(app, "Top Performing Videos", "Watching", "Impressions");
  await showColumns(app, "Widget Performance", "Watching", "Impressions");
  for (const heading of ["Thumbnail", "Video Details", "Platform", "Clicks", "Status", "Impressions", "Plays", "Play Rate", "Views", "Avg. Watch Time"]) {
    await expect(cardTitled(app, "Top Performing Videos").getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }
  await expectTablesFit(page, "1440 x 900, Watching");
  await showColumns(app, "Top Performing Videos", "Clicks", "CTR");
  await showColumns(app, "Widget Performance", "Clicks", "CTR");
  expect(await columnsOf(app, "Widget Performance", OTHER_WIDGET)).toMatchObject({ "Video Clicks": "7", CTR: "17.5%" });
  await expectTablesFit(page, "1440 x 900, Clicks");
  await expectAccessible(page, "Analytics with its tables", appOnly);

  // A phone: no sideways scrolling anywhere; each row a block with its figures under their headings.
  await page.setViewportSize({ width: 375, height: 812 });
  app = await openApp("/analytics");
  const soldRow = tableRow(app, SOLD).first();
  await expect(soldRow).toBeVisible();
  await expectTablesFit(page, "375 px, Sales");
  const revenue = soldRow.locator("td[data-label='Revenue']");
  await expect(revenue).toHaveText(price);
  await revenue.scrollIntoViewIfNeeded();
  const [rowBox, revenueBox] = [await soldRow.boundingBox(), await revenue.boundingBox()];
  expect(
    rowBox && revenueBox && revenueBox.x + revenueBox.width <= 375 && rowBox.x >= 0 && rowBox.x + rowBox.width <= 375,
    "the row and its revenue within 375 px",
  ).toBe(true);
  // The heading shows with the figure on a phone, so the block reads without the table's header.
  expect(await revenue.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Revenue"');
  await showColumns(app, "Top Performing Videos", "Watching", "Impressions");
  await expectTablesFit(page, "375 px, Watching");
});
