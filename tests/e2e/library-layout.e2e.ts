import type { FrameLocator, Page } from "@playwright/test";
import { seedVideos, type VideoSeed } from "./db";
import { APP_URL, expect, test } from "./fixtures";
import { videoRows } from "./library-helpers";

// "Merchant polish II" item 4: the Video Library on a phone (one short row per
// video, nothing sideways) and on a laptop (the list, not the import cards,
// fills the first screen once the library has videos).

const TITLES = [
  "Unboxing the new linen summer dress collection with styling tips for every occasion",
  "Spring lookbook",
  "How we pack every order by hand in our little studio",
  "Three ways to wear the oversized denim jacket this autumn",
];

/** Videos as an import brings them: long and short titles, posters, products, drafts and approved ones. */
function librarySeeds(count: number): VideoSeed[] {
  return Array.from({ length: count }, (_, index) => ({
    title: `${TITLES[index % TITLES.length]} ${index + 1}`,
    enabled: index % 3 === 0,
    thumbnailUrl: `${APP_URL}/samples/sample-${(index % 8) + 1}.svg`,
    tags: index % 2 === 0 ? ["Linen Dress", "Straw Hat", "Canvas Tote"] : [],
    // The platform's reach (decision 082): large figures on most rows, none on every fourth (as Pinterest's).
    ...(index % 4 === 3 ? {} : { playCount: 1_234_567 * (index + 1), likeCount: 98_765 * (index + 1) }),
  }));
}

/** The app frame's document width against the frame's own width. */
async function documentWidth(page: Page) {
  const frame = page.frame({ name: "app-iframe" });
  if (!frame) throw new Error("no app frame");
  return frame.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
}

async function listShown(app: FrameLocator) {
  await expect(videoRows(app).first()).toBeVisible();
  await expect(app.locator("[data-page-skeleton]")).toHaveCount(0);
}

test.describe("at a phone's 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the library at 375 px has no horizontal overflow and a row no taller than 120 px", async ({ openLibrary, page, shop }) => {
    const app = await openLibrary(() => seedVideos(shop, librarySeeds(8)));
    await listShown(app);

    const rows = videoRows(app);
    await expect(rows).toHaveCount(8);
    // Measured once the page has settled (on a slow machine the first measure can fall while the rows' figures
    // and the sort menu are still being laid out): what a merchant scrolls is the settled page.
    await expect
      .poll(
        async () => {
          const width = await documentWidth(page);
          return width.clientWidth <= 375 && width.scrollWidth <= width.clientWidth ? "fits" : `${width.scrollWidth} px in ${width.clientWidth} px`;
        },
        { message: "the document is wider than the frame" },
      )
      .toBe("fits");

    // The tabs stay in their place, below the upload panel and above the list: they no longer float over either.
    const [tabs, upload, firstRow] = await Promise.all([
      app.getByRole("tablist").boundingBox(),
      app.getByRole("region", { name: "Upload your own videos" }).boundingBox(),
      rows.first().boundingBox(),
    ]);
    expect(
      tabs && upload && tabs.y >= upload.y + upload.height,
      `the tabs (at ${tabs?.y}) below the upload panel (ending at ${upload && upload.y + upload.height})`,
    ).toBe(true);
    expect(tabs && firstRow && tabs.y + tabs.height <= firstRow.y, "the tabs above the first row").toBe(true);

    for (let index = 0; index < 8; index++) {
      const row = rows.nth(index);
      const box = await row.boundingBox();
      expect(box?.height ?? Infinity, `row ${index + 1}'s height`).toBeLessThanOrEqual(120);
      // Each row keeps its thumbnail, title, status and actions, all within the screen's width (no sideways scrolling).
      await expect(row.getByRole("img").or(row.locator("img")).first()).toBeVisible();
      await expect(row.getByText(TITLES[index % TITLES.length]!.slice(0, 12))).toBeVisible();
      await expect(row.getByText(index % 3 === 0 ? "Active" : "Draft", { exact: true })).toBeVisible();
      if (index % 4 !== 3) await expect(row.getByText(/^[\d.]+M plays · [\d.]+K likes$/)).toBeVisible();
      for (const action of ["Tag Product", index % 3 === 0 ? "Unpublish" : "Approve"]) {
        const button = row.getByRole("button", { name: action, exact: true });
        await expect(button).toBeVisible();
        const buttonBox = await button.boundingBox();
        expect(buttonBox && buttonBox.x >= 0 && buttonBox.x + buttonBox.width <= 375, `row ${index + 1}: ${action} within the screen`).toBe(true);
      }
    }
  });
});

test.describe("on a laptop's 1440 x 900 screen", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("once the library has videos, at least 6 of them show in the first screen, and importing or uploading stays one click away", async ({
    openLibrary,
    page,
    shop,
  }) => {
    const app = await openLibrary(() => seedVideos(shop, librarySeeds(25)));
    await listShown(app);

    // A row counts when the merchant sees all of it: above the window's bottom edge and above the list's pagination bar,
    // which stays at the bottom of the window while the list goes on below it.
    const frame = (await page.locator("#app-iframe").boundingBox()) ?? { y: 0 };
    const pagination = await app.getByRole("navigation", { name: "Pagination" }).boundingBox();
    const screenEnd = Math.min(900, pagination ? pagination.y : 900);
    const bottoms = await videoRows(app).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().bottom));
    const seen = bottoms.filter((bottom) => frame.y + bottom <= screenEnd).length;
    expect(
      seen,
      `rows seen whole above ${Math.round(screenEnd)} px (row bottoms ${bottoms.map((bottom) => Math.round(frame.y + bottom)).join(", ")})`,
    ).toBeGreaterThanOrEqual(6);

    // The import of each platform and the upload are still right there.
    for (const platform of ["TikTok", "Instagram", "Pinterest"]) {
      await expect(app.getByRole("button", { name: `Import from ${platform}` })).toBeInViewport();
    }
    // The drop zone's hidden file input is named "Upload videos" too: the button is the one the merchant sees.
    const upload = app.getByRole("region", { name: "Upload your own videos" }).locator("button").filter({ hasText: "Upload videos" });
    await expect(upload).toBeInViewport();
  });
});

test("an empty library's platform cards are one height, their Import buttons on one line (decision 069)", async ({ openLibrary }) => {
  const app = await openLibrary();
  const buttons = app.getByRole("button", { name: /^Import from / });
  await expect(buttons).toHaveCount(5);
  const boxes = await Promise.all((await buttons.all()).map((button) => button.boundingBox()));
  const tops = boxes.map((box) => Math.round(box!.y));
  expect(Math.max(...tops) - Math.min(...tops), `the Import buttons' tops: ${tops.join(", ")}`).toBeLessThanOrEqual(1);
  const cards = await Promise.all((await app.locator(".clipcart-import-card").all()).map((card) => card.boundingBox()));
  const heights = cards.map((card) => Math.round(card!.height));
  expect(Math.max(...heights) - Math.min(...heights), `the cards' heights: ${heights.join(", ")}`).toBeLessThanOrEqual(1);
});
