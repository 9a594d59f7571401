/**
 * Product suggestions (issue 16 item 1, decision 053): the Tag Products
 * dialog shows the products a video's caption names first, one click tags
 * one; "Tag suggested products" reviews the selected videos' suggestions,
 * and tags only what the merchant left checked, once confirmed, also over
 * every video an import added (decision 078). The shop's catalogue is Local
 * Shopify's demo catalogue, read by the app in the background on the
 * library's first open.
 */
import type { FrameLocator } from "@playwright/test";
import { uniqueAccount } from "../emulators/platforms/client";
import { caption as seededCaption } from "../emulators/platforms/fixtures";
import { demoCatalogue } from "../emulators/shopify/catalogue";
import { appApi, approvedThroughApp, bootstrappedShop, e2eDb, seedVideos } from "./db";
import { placeClipcartBlock, storefront } from "./storefront-helpers";
import { adminModal, expect, modalAction, tableRow, test } from "./fixtures";
import { dialogButton, emulator, openImportFromLibrary, submitImport } from "./import-helpers";
import { bulkAction } from "./library-helpers";

/** The catalogue is read in the background: the first suggestions may take a few seconds on a busy machine. */
const CATALOGUE_READ_MS = 60_000;

async function tagsByVideo(shop: string): Promise<Record<string, string[]>> {
  const prisma = await e2eDb();
  const videos = await prisma.video.findMany({ where: { shop: { shopDomain: `${shop}.myshopify.com` } }, include: { productTags: true } });
  return Object.fromEntries(videos.map((video) => [video.title ?? "", video.productTags.map((tag) => tag.productTitle).sort()]));
}

/** The import's videos in the database: platform id -> titles of the products tagged to it. */
async function importedTags(shop: string, importJobId: string): Promise<Map<string, string[]>> {
  const prisma = await e2eDb();
  const videos = await prisma.video.findMany({
    where: { shop: { shopDomain: `${shop}.myshopify.com` }, importJobId },
    include: { productTags: true },
  });
  return new Map(videos.map((video) => [video.platformVideoId, video.productTags.map((tag) => tag.productTitle)]));
}

/**
 * An emulated TikTok account whose oldest post names a product the demo catalogue sells: its captions are seeded by
 * its name (tests/emulators/platforms/fixtures.ts), the oldest post's from "<name>:0".
 */
function accountWithOldestPostNaming(products: readonly string[]): string {
  for (;;) {
    const name = uniqueAccount();
    if (products.some((words) => seededCaption(`${name}:0`).text.includes(words))) return name;
  }
}

async function selectRows(app: FrameLocator, titles: string[]) {
  for (const title of titles) await tableRow(app, title).getByRole("checkbox").check();
}

test("the Tag Products dialog shows the suggested products first; one click tags one", async ({ openLibrary, shop }) => {
  test.setTimeout(120_000);
  const caption = "My relaxed linen shirt for the summer ☀️ #ootd";
  const app = await openLibrary(() => seedVideos(shop, [{ title: caption }]));
  await tableRow(app, caption).getByRole("button", { name: "Tag Product" }).click();
  const dialog = adminModal(app);
  const suggested = dialog.getByRole("region", { name: "Suggested products" });
  const tagShirt = suggested.getByRole("button", { name: "Tag Relaxed Linen Shirt", exact: true });
  await expect(tagShirt).toBeVisible({ timeout: CATALOGUE_READ_MS });
  // The best suggestion comes first, with its price and how well it matches.
  await expect(suggested.getByRole("listitem").first()).toContainText("Relaxed Linen Shirt");
  await expect(suggested.getByRole("listitem").first()).toContainText(/\$\d+\.\d\d.*% match/);

  await tagShirt.click();
  await expect(dialog.getByRole("button", { name: "Remove Relaxed Linen Shirt" })).toBeVisible();
  // Tagged: no longer offered as a suggestion.
  await expect(tagShirt).toHaveCount(0);
  await expect.poll(() => tagsByVideo(shop)).toEqual({ [caption]: ["Relaxed Linen Shirt"] });
});

test("Tag suggested products: a review of the selected videos' suggestions, tagging only what stays checked", async ({ openLibrary, shop }) => {
  test.setTimeout(120_000);
  const shirt = "relaxed linen shirt, summer uniform 🌞";
  const candle = "#nordiccandle #scentedcandle #hygge";
  const serum = "Hydrating face serum, two drops every morning";
  const app = await openLibrary(() => seedVideos(shop, [{ title: shirt }, { title: candle }, { title: serum }]));
  // Wait for the catalogue's first read through the single dialog, then close it.
  await tableRow(app, candle).getByRole("button", { name: "Tag Product" }).click();
  await expect(adminModal(app).getByRole("button", { name: "Tag Nordic Scented Candle", exact: true })).toBeVisible({ timeout: CATALOGUE_READ_MS });
  await modalAction(app, "Done (0)").or(app.getByTestId("admin-modal-close")).first().click();
  await expect(adminModal(app)).toHaveCount(0);

  await selectRows(app, [shirt, candle, serum]);
  await bulkAction(app, "Tag suggested products");
  const review = adminModal(app);
  const candleItem = review.getByRole("listitem", { name: candle });
  await expect(candleItem.getByRole("checkbox", { name: "Nordic Scented Candle" })).toBeChecked();
  await expect(review.getByRole("listitem", { name: shirt }).getByRole("checkbox", { name: "Relaxed Linen Shirt" })).toBeChecked();
  await expect(review.getByRole("listitem", { name: serum }).getByRole("checkbox", { name: "Hydrating Face Serum" })).toBeChecked();
  // Nothing is tagged before the merchant confirms.
  expect(Object.values(await tagsByVideo(shop)).flat()).toEqual([]);

  // The candle video does not show these products: uncheck all of them.
  const candleBoxes = candleItem.getByRole("checkbox");
  for (const box of await candleBoxes.all()) await box.uncheck();
  const confirm = app.getByTestId("admin-modal-action").filter({ hasText: /^Tag \d+ products?$/ });
  await confirm.click();
  await expect(adminModal(app)).toHaveCount(0);

  await expect.poll(async () => (await tagsByVideo(shop))[candle]).toEqual([]);
  const tags = await tagsByVideo(shop);
  expect(tags[shirt]).toContain("Relaxed Linen Shirt");
  expect(tags[serum]).toContain("Hydrating Face Serum");
  // And the library shows them.
  await expect(tableRow(app, shirt)).toContainText("Relaxed Linen Shirt");
});

test('the "Has suggestions" filter lists only the videos with products to suggest', async ({ page, openLibrary, shop }) => {
  test.setTimeout(120_000);
  const candle = "Lighting the nordic scented candle tonight 🕯️";
  const thanks = "Thank you for 10k followers! 🎉";
  const app = await openLibrary(() => seedVideos(shop, [{ title: candle }, { title: thanks }]));
  // The runner reads the catalogue, then stores each video's suggestions, in the background.
  const prisma = await e2eDb();
  await expect
    .poll(
      async () =>
        (await prisma.video.findMany({ where: { shop: { shopDomain: `${shop}.myshopify.com` } }, select: { suggestionsRevision: true } })).every(
          (video) => video.suggestionsRevision > 0,
        ),
      { timeout: CATALOGUE_READ_MS },
    )
    .toBe(true);

  await app.getByRole("button", { name: "Search and filter results" }).click();
  await app.getByRole("button", { name: /^Suggestions/ }).click();
  await app.getByRole("checkbox", { name: "Has suggestions", exact: true }).click();
  await app.getByRole("heading", { name: "Video Library", level: 1 }).click();
  await expect
    .poll(() =>
      new URL(
        page
          .frames()
          .find((frame) => frame.url().includes("/content"))
          ?.url() ?? "http://x",
      ).searchParams.get("suggested"),
    )
    .toBe("1");
  await expect(tableRow(app, candle)).toBeVisible();
  await expect(tableRow(app, thanks)).toHaveCount(0);

  // The chip's Clear brings every video back.
  await app.getByRole("button", { name: "Clear", exact: true }).first().click();
  await expect(tableRow(app, thanks)).toBeVisible();
});

test("Tag suggested products for a whole import: right after an account import, every video it added is reviewed, past the library's first page, and tagged once confirmed; the product pages fill", async ({
  page,
  openApp,
  shop,
}) => {
  test.setTimeout(180_000);
  // 24 posts: the library's first page shows 20, so the oldest video of the import is on the second.
  const account = accountWithOldestPostNaming(["linen shirt", "denim jacket"]);
  await emulator.addPosts("tiktok", account, 12);
  const { posts } = await emulator.account("tiktok", account);
  expect(posts).toHaveLength(24);
  const oldest = [...posts].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!;

  const app = await openApp("/content");
  const dialog = await openImportFromLibrary(app, "TikTok");
  await submitImport(dialog, account);
  await expect(dialog.getByText(`Successfully added 24 videos from @${account}!`, { exact: true })).toBeVisible({ timeout: 60_000 });
  await dialogButton(dialog, "Close").click();
  await expect(dialog).toBeHidden();
  await expect(app.getByRole("navigation", { name: "Pagination" })).toContainText("Page 1 of 2");
  await expect(tableRow(app, oldest.id)).toHaveCount(0);

  // The import's banner offers the review of all 24 videos.
  await app.getByRole("button", { name: "Tag suggested products for the 24 new videos" }).click();
  const review = adminModal(app);
  // The catalogue is read in the background after the library's first open: the review waits for it.
  await expect(review.getByText(/^(\d+ of the 24 videos|All 24 videos) this import added (has|have) suggestions\./)).toBeVisible({
    timeout: CATALOGUE_READ_MS,
  });
  const oldestItem = review.getByRole("listitem", { name: oldest.caption.slice(0, 30) });
  await expect(oldestItem.getByRole("checkbox").first()).toBeChecked();
  const reviewedCount = await review.getByRole("listitem").count();
  expect(reviewedCount).toBeGreaterThan(0);
  expect(reviewedCount).toBeLessThanOrEqual(24);

  const prisma = await e2eDb();
  const job = await prisma.importJob.findFirstOrThrow({ where: { shop: { shopDomain: `${shop}.myshopify.com` }, input: account } });
  // Nothing is tagged before the merchant confirms.
  expect([...(await importedTags(shop, job.id)).values()].flat()).toEqual([]);

  await app
    .getByTestId("admin-modal-action")
    .filter({ hasText: /^Tag \d+ products?$/ })
    .click();
  await expect(adminModal(app)).toHaveCount(0);

  // Every reviewed video, the oldest included, is tagged; the others are not.
  await expect.poll(async () => [...(await importedTags(shop, job.id)).values()].filter((titles) => titles.length > 0).length).toBe(reviewedCount);
  const tags = await importedTags(shop, job.id);
  expect(tags.size).toBe(24);
  expect(tags.get(oldest.id)?.length).toBeGreaterThan(0);
  // And the library shows it, on its second page.
  await app.getByRole("button", { name: "Next" }).click();
  await expect(tableRow(app, oldest.id)).toContainText(tags.get(oldest.id)![0]!);
  // Its videos are tagged: the banner no longer offers the review.
  await expect(app.getByRole("button", { name: "Tag suggested products for the 24 new videos" })).toHaveCount(0);

  // And the product pages fill: approved to a widget showing "Videos tagged with this product" (decision 079), the
  // oldest video shows on the page of the product the review tagged it with.
  const shopRow = await bootstrappedShop(shop);
  const { widget } = await appApi<{ widget: { id: string; display_number: number } }>(shop, "/api/widgets", {
    body: { shopId: shopRow.id, name: "On product pages", layoutType: "carousel", pageContexts: ["product"], sourceType: "product" },
  });
  await placeClipcartBlock(shop, { template: "product", block: "carousel", widgetNumber: widget.display_number });
  const oldestVideo = await prisma.video.findFirstOrThrow({ where: { importJobId: job.id, platformVideoId: oldest.id }, include: { productTags: true } });
  await approvedThroughApp(shop, oldestVideo.id, [widget.id]);
  const taggedId = Number(oldestVideo.productTags[0]!.productId.split("/").pop());
  const product = demoCatalogue().find((candidate) => candidate.id === taggedId)!;
  const shopper = await page.context().newPage();
  const tiles = shopper.locator("clipcart-widget").getByRole("button", { name: /^Play video: / });
  await expect
    .poll(
      async () => {
        await shopper.goto(storefront(shop, `/products/${product.handle}`));
        return tiles.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await shopper.close();
});
