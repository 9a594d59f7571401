import type { BrowserContextOptions, Locator, Page } from "@playwright/test";
import { VARIANT_PICKER_PRODUCT_HANDLE, VARIANT_PICKER_PRODUCT_ID, demoCatalogue } from "../emulators/shopify/catalogue";
import { uniqueAccount } from "../emulators/platforms/client";
import { must } from "../support/must";
import { approvedThroughApp, e2eDb, importedThroughApp, installedShop, seedVideos } from "./db";
import { adminModal, cardTitled, expect, modalButton, tableRow, test } from "./fixtures";
import { tiktokVideoUrl } from "./import-helpers";
import { createHomeWidget, homeCarouselThroughApp, published, storefront } from "./storefront-helpers";

// The shopper's player (issue 14): on a phone it fills the screen, a swipe
// moves to the next video and the products are a bottom sheet with their
// options; on a wider screen Stories' round thumbnails open it at the chosen
// video and the keyboard moves on. Live previews move by themselves, and not
// for shoppers who asked for less motion.

/** A phone as Chromium emulates one: 390x844, touch, a mobile browser's user agent (not a bot's). */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

/** A finger moving from one point to another, as the touchscreen reports it (Chromium's own touch events). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let step = 1; step <= 6; step++) {
    const point = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

const playedSeconds = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

test("on a phone: previews move (not for reduced motion), the player fills the screen, a swipe shows the next video, and the chosen options go to the cart the theme shows", async ({
  browser,
  openApp,
  shop,
}) => {
  const hoodie = must(
    demoCatalogue().find((product) => product.id === VARIANT_PICKER_PRODUCT_ID),
    "the demo catalogue's product with two options",
  );
  const largeSand = must(
    hoodie.variants.find((variant) => variant.title === "L / Sand"),
    "the hoodie's L / Sand",
  );
  // A carousel on the home page; two TikTok videos imported by URL, tagged with the hoodie and approved to it: our
  // copies are made in Files. Arranged through the app's API: the admin's own path (create and install a widget,
  // import, approve) is storefront.e2e.ts's, import.e2e.ts's and moderation.e2e.ts's.
  const shopRow = await installedShop(shop);
  const carousel = await homeCarouselThroughApp(shop, shopRow.id, "Phone carousel");
  for (const post of [tiktokVideoUrl(uniqueAccount()), tiktokVideoUrl(uniqueAccount())]) await importedThroughApp(shop, shopRow.id, "tiktok", post.url);
  const prisma = await e2eDb();
  const videos = await prisma.video.findMany({ where: { shopId: shopRow.id } });
  expect(videos).toHaveLength(2);
  for (const video of videos) {
    await prisma.productTag.create({
      data: { shopId: shopRow.id, videoId: video.id, productId: `gid://shopify/Product/${hoodie.id}`, productTitle: hoodie.title },
    });
    await approvedThroughApp(shop, video.id, [carousel.id]);
  }
  await published(shop, "widget_1", (widget) => widget?.videos.length === 2 && widget.videos.every((video) => !!video.media?.src), 45_000);

  const phone = await browser.newContext(PHONE);
  const shopper = await phone.newPage();
  await shopper.goto(storefront(shop, "/"));
  const widget = shopper.locator("clipcart-widget");
  // Scrolled to, the first card in view plays its muted preview without a touch.
  await widget.locator(".cc-card").first().scrollIntoViewIfNeeded();
  const preview = widget.locator("video.cc-preview").first();
  await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => (video.muted ? video.currentTime : -1)), { timeout: 15_000 }).toBeGreaterThan(0.3);
  const [first, second] = await widget.locator(".cc-title").allTextContents();
  const secondId = must(
    videos.find((video) => video.title === second),
    "the second video's row",
  ).id;

  // A tap opens the player over the whole screen, playing our copy.
  await widget.getByRole("button", { name: `Play video: ${first}` }).tap();
  const player = shopper.getByRole("dialog", { name: first });
  await expect(player).toBeVisible();
  expect(await player.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  const clip = player.locator("video");
  await expect.poll(() => playedSeconds(clip), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expect(shopper.locator("iframe")).toHaveCount(0);

  // A swipe up: the next video. A tap: it pauses.
  await swipe(shopper, { x: 195, y: 520 }, { x: 195, y: 180 });
  const next = shopper.getByRole("dialog", { name: second });
  await expect(next).toBeVisible();
  await expect(next.locator("video")).toHaveAttribute("src", /\/cdn\/shop\/videos\//);
  // It plays (what the shopper sees before tapping it; a tap before it started would leave no play to count).
  await expect.poll(() => playedSeconds(next.locator("video")), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await shopper.touchscreen.tap(195, 300);
  await expect(next.getByRole("button", { name: "Pause" })).toHaveAttribute("aria-pressed", "true");

  // The products are a bottom sheet; a colour's sold-out sizes cannot be chosen.
  await next.getByRole("button", { name: "Shop this video (1)" }).tap();
  const color = next.getByRole("combobox", { name: "Color" });
  const size = next.getByRole("combobox", { name: "Size" });
  await color.selectOption("Sand");
  await expect(size.locator("option", { hasText: "M" })).toBeDisabled();
  await expect(size.locator("option", { hasText: "L" })).toBeEnabled();
  await size.selectOption("L");
  await next.getByRole("button", { name: `Add to cart: ${hoodie.title}` }).tap();
  // The player closes and the theme's count bubble and drawer follow, on top; the line remembers the video it came from.
  await expect(next).toBeHidden();
  await expect(shopper.locator("#cart-icon-bubble")).toHaveText("Cart (1)");
  await expect(shopper.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  await expect(shopper.getByRole("dialog", { name: "Your cart" })).toContainText(`${hoodie.title} - L / Sand`);
  const cart = await shopper.evaluate(() => fetch("/cart.js").then((response) => response.json()));
  expect(cart.items).toEqual([
    expect.objectContaining({ variant_id: largeSand.id, quantity: 1, properties: { _clipcart_video: secondId, _clipcart_widget: expect.any(String) } }),
  ]);

  // Leaving the page sends what the shopper did: the widget and its cards seen, both videos played and watched.
  await shopper.goto(storefront(shop, "/cart"));
  const measured = async (type: string) =>
    (await prisma.analyticsRollup.aggregate({ where: { shopId: shopRow.id, dimension: "video", type }, _sum: { count: true, watchedMs: true } }))._sum;
  await expect.poll(async () => (await measured("play")).count, { timeout: 15_000 }).toBe(2);
  expect((await measured("impression")).count).toBeGreaterThanOrEqual(1);
  expect(Number((await measured("watch_time")).watchedMs)).toBeGreaterThan(0);
  expect(await prisma.analyticsRollup.count({ where: { shopId: shopRow.id, dimension: "widget", type: "widget_impression" } })).toBe(1);
  await phone.close();
  // Analytics shows them per video: each played once.
  const app = await openApp("/analytics");
  for (const title of [first, second]) await expect(tableRow(app, must(title, "a video title"))).toContainText("Published");
  // Plays are among the Watching columns (decision 068).
  await cardTitled(app, "Top Performing Videos").getByRole("group", { name: "Columns" }).getByRole("button", { name: "Watching", exact: true }).click();
  const videoTable = app.getByRole("table").filter({ has: app.getByRole("columnheader", { name: "Plays" }) });
  await expect(videoTable.getByRole("columnheader", { name: "Plays" })).toBeVisible();
  const playsIndex = (await videoTable.getByRole("columnheader").allTextContents()).findIndex((text) => text.trim() === "Plays");
  expect(playsIndex).toBeGreaterThan(0);
  // The row's first cell is its header cell (th), the others data cells (td): both count.
  for (const title of [first, second]) await expect(tableRow(app, must(title, "a video title")).locator("th, td").nth(playsIndex)).toHaveText("1");

  // A shopper who asked for less motion gets still posters: the previews' script is never even fetched.
  const calm = await browser.newContext({ ...PHONE, reducedMotion: "reduce" });
  const still = await calm.newPage();
  const previewRequests: string[] = [];
  still.on("request", (request) => {
    if (request.url().includes("clipcart-previews.js")) previewRequests.push(request.url());
  });
  await still.goto(storefront(shop, "/"));
  await expect(still.locator("clipcart-widget img.cc-poster").first()).toHaveJSProperty("complete", true);
  await still.waitForLoadState("networkidle");
  expect(previewRequests).toEqual([]);
  await expect(still.locator("video.cc-preview")).toHaveCount(0);
  await calm.close();
  expect(VARIANT_PICKER_PRODUCT_HANDLE).toBe(hoodie.handle);
});

test("Stories: round thumbnails open the player at the chosen video, the keyboard moves on, and watched ones stay dimmed", async ({ page, openApp, shop }) => {
  let app = await openApp("/widgets");
  await createHomeWidget(page, app, "Stories", "Our stories");
  await seedVideos(shop, [{ title: "Story one" }, { title: "Story two" }, { title: "Story three" }]);
  app = await openApp("/content");
  for (const title of ["Story one", "Story two", "Story three"]) await tableRow(app, title).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByLabel("Our stories (Stories)").check();
  await modalButton(app, "Approve").click();
  await expect(app.getByText("Successfully approved 3 video(s)!")).toBeVisible();
  await published(shop, "widget_1", (widget) => widget?.videos.length === 3);

  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop, "/"));
  const stories = shopper.locator("clipcart-widget .cc--stories");
  const thumbnails = stories.getByRole("button", { name: /^Play video: / });
  await expect(thumbnails).toHaveCount(3);
  // Round.
  await expect(stories.locator(".cc-item").first().locator(".cc-poster, .cc-tile")).toHaveCSS("border-radius", "50%");

  // The second thumbnail opens the player at its video; the arrow key moves to the one after it.
  const [, chosen, after] = await stories.locator(".cc-title").allTextContents();
  await stories.getByRole("button", { name: `Play video: ${chosen}` }).click();
  await expect(shopper.getByRole("dialog", { name: chosen })).toBeVisible();
  await shopper.keyboard.press("ArrowDown");
  await expect(shopper.getByRole("dialog", { name: after })).toBeVisible();
  await shopper.keyboard.press("Escape");
  await expect(shopper.getByRole("dialog")).toHaveCount(0);
  await expect(stories.getByRole("button", { name: `Play video: ${chosen}` })).toBeFocused();

  // Watched ones are dimmed, also on the next visit.
  const dimmed = () => thumbnails.evaluateAll((cards) => cards.map((card) => card.classList.contains("cc-seen")));
  await expect.poll(dimmed).toEqual([false, true, true]);
  await shopper.reload();
  await expect(thumbnails).toHaveCount(3);
  await expect.poll(dimmed).toEqual([false, true, true]);
});
