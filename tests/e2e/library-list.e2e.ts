/**
 * The Video Library's list at /content (spec 2 "Video Library", 5 view-name
 * modals, 9 limits), driven through Local Shopify's admin. Videos are written
 * straight into the e2e database once the app has bootstrapped the test's
 * shop; the page is then reloaded. The spec's texts are written out here on
 * purpose, so a wrong constant in the app is caught.
 */
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { bootstrappedShop, e2eDb, seedVideos, type VideoSeed } from "./db";
import { adminModal, adminUrl, expect, modalAction, test, type OpenLibrary } from "./fixtures";
import { frameUrl, rowWith, videoRows } from "./library-helpers";

// ------------------------------------------------------------------ helpers

/** The titles of the shown rows, in order (the Video column's link). */
function rowTitles(app: FrameLocator): Locator {
  return videoRows(app).locator("td:nth-child(3) button");
}

function pageLabel(app: FrameLocator): Locator {
  return app.getByRole("navigation", { name: "Pagination" });
}

/** "Clip 1" ... "Clip n" (or another prefix), as seeded and shown newest first. */
function numbered(prefix: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => `${prefix} ${from + index}`);
}

function seeds(prefix: string, count: number, extra: Partial<VideoSeed> = {}): VideoSeed[] {
  return numbered(prefix, 1, count).map((title) => ({ title, ...extra }));
}

/** Opens the library with these videos written for the test's shop. */
function libraryWith(openLibrary: OpenLibrary, shop: string, videos: VideoSeed[]) {
  return openLibrary(() => seedVideos(shop, videos));
}

async function expectStatus(row: Locator, status: "Active" | "Draft") {
  const other = status === "Active" ? "Draft" : "Active";
  await expect(row.getByText(status, { exact: true })).toBeVisible();
  await expect(row.getByText(other, { exact: true })).toHaveCount(0);
}

/**
 * Shows the search box (IndexFilters' "Search and filter" mode), types into it
 * and waits until the search reached the address (the list follows a pause in typing).
 */
async function searchFor(page: Page, app: FrameLocator, text: string) {
  const box = app.getByRole("textbox", { name: "Search videos..." });
  if (!(await box.isVisible())) await app.getByRole("button", { name: "Search and filter results" }).click();
  await box.fill(text);
  await expect.poll(() => searchParam(page, "q") ?? "").toBe(text.trim());
}

function platformPill(app: FrameLocator): Locator {
  return app.getByRole("button", { name: /^Platform/ });
}

/** Ticks (or unticks) platforms in the Platform filter, then closes its popover. */
async function togglePlatforms(app: FrameLocator, names: string[]) {
  if (!(await platformPill(app).isVisible())) await app.getByRole("button", { name: "Search and filter results" }).click();
  await platformPill(app).click();
  for (const name of names) await app.getByRole("checkbox", { name, exact: true }).click();
  await closePlatformFilter(app);
}

/**
 * Closes the Platform filter's popover with a click beside it (not Escape: in IndexFilters it means Cancel, which
 * drops the filter), and waits until it is closed, its own Clear gone with it. A click that lands while the list
 * reloads may leave it open (Polaris): then the merchant clicks again, and so does the test.
 */
async function closePlatformFilter(app: FrameLocator) {
  await expect(async () => {
    await app.getByRole("heading", { name: "Video Library", level: 1 }).click();
    await expect(app.getByRole("checkbox", { name: "TikTok", exact: true })).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

function selectedCount(app: FrameLocator): Locator {
  return app.getByText(/^\d+ selected$/);
}

function rowCheckbox(row: Locator): Locator {
  return row.getByRole("checkbox", { name: "Select video" });
}

function searchParam(page: Page, name: string) {
  return frameUrl(page).searchParams.get(name);
}

// -------------------------------------------------------------------- tests

test("the All, Active and Draft tabs list the matching videos with Active or Draft badges", async ({ page, openLibrary, shop }) => {
  const app = await libraryWith(openLibrary, shop, [
    { title: "Approved beach reel", enabled: true },
    { title: "Pending studio tour", enabled: false },
    { title: "Approved runway walk", enabled: true },
    { title: "Pending fabric close-up", enabled: false },
    { title: "Approved street style", enabled: true },
  ]);

  await expect(app.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  await expect(rowTitles(app)).toHaveText([
    "Approved beach reel",
    "Pending studio tour",
    "Approved runway walk",
    "Pending fabric close-up",
    "Approved street style",
  ]);
  await expectStatus(rowWith(app, "Approved beach reel"), "Active");
  await expectStatus(rowWith(app, "Pending studio tour"), "Draft");

  await app.getByRole("tab", { name: "Active" }).click();
  await expect(rowTitles(app)).toHaveText(["Approved beach reel", "Approved runway walk", "Approved street style"]);
  await expect(app.getByRole("tab", { name: "Active" })).toHaveAttribute("aria-selected", "true");
  for (const row of await videoRows(app).all()) await expectStatus(row, "Active");
  // Approved videos offer Unpublish, not Approve.
  await expect(videoRows(app).getByRole("button", { name: "Unpublish", exact: true })).toHaveCount(3);
  await expect(videoRows(app).getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  expect(searchParam(page, "tab")).toBe("active");

  await app.getByRole("tab", { name: "Draft" }).click();
  await expect(rowTitles(app)).toHaveText(["Pending studio tour", "Pending fabric close-up"]);
  for (const row of await videoRows(app).all()) await expectStatus(row, "Draft");
  await expect(videoRows(app).getByRole("button", { name: "Approve", exact: true })).toHaveCount(2);

  await app.getByRole("tab", { name: "All" }).click();
  await expect(videoRows(app)).toHaveCount(5);
});

// What Search matches (title, author, channel and video id, ignoring case, with % and _ taken literally) is the
// server's: tests/api/video-library-api.test.ts ("filters by tab, platform ... and search") and
// tests/db/video-library.test.ts on both databases. Here, the box reaches the server and the list follows.
test("Search videos... finds videos on the server, beyond the first page, ignoring case, with % taken literally", async ({ page, openLibrary, shop }) => {
  const app = await libraryWith(openLibrary, shop, [
    // Twenty newer videos push the interesting ones to page 2: a page-only filter would miss them.
    ...seeds("Filler", 20),
    { title: "Summer sale 100% off", createdAt: new Date(Date.UTC(2026, 5, 1)) },
    { title: "Summer sale 1000 likes", createdAt: new Date(Date.UTC(2026, 5, 2)) },
  ]);
  await expect(pageLabel(app)).toContainText("Page 1 of 2");
  await expect(rowWith(app, "Summer sale")).toHaveCount(0);

  await searchFor(page, app, "SUMMER SALE");
  await expect(rowTitles(app)).toHaveText(["Summer sale 1000 likes", "Summer sale 100% off"]);
  await expect(pageLabel(app)).toContainText("Page 1 of 1");
  await expect.poll(() => searchParam(page, "q")).toBe("SUMMER SALE");

  // "%" is not a wildcard: "100%" does not match "1000".
  await searchFor(page, app, "100%");
  await expect(rowTitles(app)).toHaveText(["Summer sale 100% off"]);

  await searchFor(page, app, "no such video anywhere");
  await expect(app.getByText("No videos found")).toBeVisible();
  await expect(videoRows(app).filter({ hasText: "Filler" })).toHaveCount(0);
  await expect(pageLabel(app)).toHaveCount(0);

  await searchFor(page, app, "");
  await expect(videoRows(app)).toHaveCount(20);
  await expect(pageLabel(app)).toContainText("Page 1 of 2");
  await expect.poll(() => searchParam(page, "q")).toBeNull();
});

test("the Platform filter offers the enabled platforms and shows its chip; the chip's Clear and Clear all bring the whole list back", async ({
  page,
  openLibrary,
  shop,
}) => {
  const app = await libraryWith(openLibrary, shop, [
    { title: "TikTok dance", platform: "tiktok" },
    { title: "Instagram reel", platform: "instagram" },
    { title: "TikTok haul", platform: "tiktok" },
  ]);
  const everything = ["TikTok dance", "Instagram reel", "TikTok haul"];
  await app.getByRole("button", { name: "Search and filter results" }).click();
  await platformPill(app).click();
  // Only the enabled platforms are offered.
  await expect(app.getByRole("checkbox", { name: "TikTok", exact: true })).toBeVisible();
  await expect(app.getByRole("checkbox", { name: "Instagram", exact: true })).toBeVisible();
  await expect(app.getByRole("checkbox", { name: "Pinterest", exact: true })).toBeVisible();
  await expect(app.getByRole("checkbox", { name: /YouTube|Snapchat/ })).toHaveCount(0);
  await app.getByRole("checkbox", { name: "Instagram", exact: true }).click();
  await closePlatformFilter(app);

  await expect(app.getByRole("button", { name: "Platform: Instagram", exact: true })).toBeVisible();
  await expect(rowTitles(app)).toHaveText(["Instagram reel"]);
  await expect.poll(() => searchParam(page, "platform")).toBe("instagram");

  // Several platforms at once.
  await togglePlatforms(app, ["TikTok"]);
  await expect(app.getByRole("button", { name: "Platform: Instagram, TikTok", exact: true })).toBeVisible();
  await expect(rowTitles(app)).toHaveText(everything);
  await togglePlatforms(app, ["Instagram"]);
  await expect(app.getByRole("button", { name: "Platform: TikTok", exact: true })).toBeVisible();
  await expect(rowTitles(app)).toHaveText(["TikTok dance", "TikTok haul"]);

  // The chip's Clear removes the filter.
  await app.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(app.getByRole("button", { name: /^Platform:/ })).toHaveCount(0);
  await expect(rowTitles(app)).toHaveText(everything);
  await expect.poll(() => searchParam(page, "platform")).toBeNull();

  // Clear all removes the filter and the search.
  await togglePlatforms(app, ["TikTok"]);
  await searchFor(page, app, "haul");
  await expect(rowTitles(app)).toHaveText(["TikTok haul"]);
  await app.getByRole("button", { name: "Clear all" }).click();
  await expect(rowTitles(app)).toHaveText(everything);
  await expect(app.getByRole("textbox", { name: "Search videos..." })).toHaveValue("");
  await expect(app.getByRole("button", { name: /^Platform:/ })).toHaveCount(0);
  await expect.poll(() => frameUrl(page).search).not.toMatch(/[?&](q|platform)=/);
});

test("with exactly one platform filter and nothing found, No videos found offers Import <Platform>, which opens that platform's import", async ({
  page,
  openLibrary,
  shop,
}) => {
  const app = await libraryWith(openLibrary, shop, [
    { title: "TikTok dance", platform: "tiktok" },
    { title: "Instagram reel", platform: "instagram" },
  ]);

  // Two platforms and nothing found: the empty state without an import offer.
  await togglePlatforms(app, ["Pinterest", "Instagram"]);
  await expect(app.getByRole("button", { name: "Platform: Pinterest, Instagram", exact: true })).toBeVisible();
  await searchFor(page, app, "nothing like this");
  await expect(app.getByText("No videos found")).toBeVisible();
  await expect(videoRows(app).filter({ hasText: "Instagram reel" })).toHaveCount(0);
  await expect(app.getByRole("button", { name: /^Import (Pinterest|Instagram)$/ })).toHaveCount(0);

  // One platform: its import is offered, and opens that platform's dialog.
  await searchFor(page, app, "");
  await togglePlatforms(app, ["Instagram"]);
  await expect(app.getByRole("button", { name: "Platform: Pinterest", exact: true })).toBeVisible();
  await expect(app.getByText("No videos found")).toBeVisible();
  await app.getByRole("button", { name: "Import Pinterest", exact: true }).click();
  const dialog = app.getByRole("dialog", { name: "Import from Pinterest" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Import from Pinterest" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toHaveCount(0);

  // The same for another platform.
  await togglePlatforms(app, ["Pinterest", "TikTok"]);
  await expect(app.getByRole("button", { name: "Platform: TikTok", exact: true })).toBeVisible();
  await searchFor(page, app, "nothing like this");
  await app.getByRole("button", { name: "Import TikTok", exact: true }).click();
  await expect(app.getByRole("dialog", { name: "Import from TikTok" })).toBeVisible();
});

test("45 videos page by 20: Page 1 of 3 to Page 3 of 3 with 5 rows, Previous and Next enabled only where they lead somewhere", async ({
  page,
  openLibrary,
  shop,
}) => {
  const app = await libraryWith(openLibrary, shop, [
    ...seeds("Clip", 20, { enabled: true }),
    ...numbered("Clip", 21, 45).map((title) => ({ title, enabled: false })),
  ]);
  const previous = app.getByRole("button", { name: "Previous" });
  const next = app.getByRole("button", { name: "Next" });

  await expect(pageLabel(app)).toContainText("Page 1 of 3");
  await expect(rowTitles(app)).toHaveText(numbered("Clip", 1, 20));
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(pageLabel(app)).toContainText("Page 2 of 3");
  await expect(rowTitles(app)).toHaveText(numbered("Clip", 21, 40));
  await expect(previous).toBeEnabled();
  await expect(next).toBeEnabled();
  await expect.poll(() => searchParam(page, "page")).toBe("2");

  await next.click();
  await expect(pageLabel(app)).toContainText("Page 3 of 3");
  await expect(rowTitles(app)).toHaveText(numbered("Clip", 41, 45));
  await expect(previous).toBeEnabled();
  await expect(next).toBeDisabled();

  await previous.click();
  await expect(pageLabel(app)).toContainText("Page 2 of 3");
  await expect(rowTitles(app)).toHaveText(numbered("Clip", 21, 40));

  // Exactly 20 videos make one page.
  await app.getByRole("tab", { name: "Active" }).click();
  await expect(pageLabel(app)).toContainText("Page 1 of 1");
  await expect(videoRows(app)).toHaveCount(20);
  await expect(previous).toBeDisabled();
  await expect(next).toBeDisabled();
});

/**
 * The newest 20 videos are approved Instagram ones, the 25 older TikTok drafts. Page 2 of All
 * therefore shows drafts 1-20, which are also page 1 of Draft, of "draft clip" and of TikTok:
 * the same rows stay on screen after the change, and must come back unselected.
 */
async function twoSelectedOnPage2(app: FrameLocator) {
  await expect(pageLabel(app)).toContainText("Page 1 of 3");
  await app.getByRole("button", { name: "Next" }).click();
  await expect(pageLabel(app)).toContainText("Page 2 of 3");
  await expect(rowTitles(app)).toHaveText(numbered("Draft clip", 1, 20));
  await rowCheckbox(rowWith(app, "Draft clip 3")).check();
  await rowCheckbox(rowWith(app, "Draft clip 4")).check();
  await expect(selectedCount(app)).toHaveText("2 selected");
  await expect(app.getByRole("button", { name: "Unpublish", exact: true }).first()).toBeVisible();
}

async function expectPage1Unselected(page: Page, app: FrameLocator) {
  await expect(pageLabel(app)).toContainText("Page 1 of 2");
  await expect(rowTitles(app)).toHaveText(numbered("Draft clip", 1, 20));
  await expect.poll(() => searchParam(page, "page")).toBeNull();
  await expect(selectedCount(app)).toBeHidden();
  await expect(app.getByRole("checkbox", { name: "Select all videos" })).not.toBeChecked();
  await expect(rowCheckbox(rowWith(app, "Draft clip 3"))).not.toBeChecked();
  await expect(rowCheckbox(rowWith(app, "Draft clip 4"))).not.toBeChecked();
}

// One list for the three changes (each from page 2 with two rows selected); that a change of tab, search or
// platforms asks for page 1 is also app/rules/library-selection.test.ts's ("changing tab, search or filter").
test("changing the tab, the search or the platform filter returns to page 1 and clears the selection made on page 2", async ({ page, openLibrary, shop }) => {
  const app = await libraryWith(openLibrary, shop, [
    ...seeds("Approved clip", 20, { enabled: true, platform: "instagram" }),
    ...seeds("Draft clip", 25, { enabled: false, platform: "tiktok" }),
  ]);

  // The tab.
  await twoSelectedOnPage2(app);
  await app.getByRole("tab", { name: "Draft" }).click();
  await expectPage1Unselected(page, app);
  await app.getByRole("tab", { name: "All" }).click();

  // The search.
  await twoSelectedOnPage2(app);
  await searchFor(page, app, "draft clip");
  await expectPage1Unselected(page, app);
  await searchFor(page, app, "");

  // The platform filter.
  await twoSelectedOnPage2(app);
  await togglePlatforms(app, ["TikTok"]);
  await expect(app.getByRole("button", { name: "Platform: TikTok", exact: true })).toBeVisible();
  await expectPage1Unselected(page, app);
});

test("a row shows its thumbnail or platform tile, id, title cut at 70 characters, long date, two tag badges and +N more", async ({
  page,
  openLibrary,
  shop,
}) => {
  // Thumbnails: one image that loads, two whose links have expired (404).
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  await page.route("https://thumbs.clipcart.test/**", (route) =>
    route.request().url().endsWith("/ok.png")
      ? route.fulfill({ status: 200, contentType: "image/png", body: png })
      : route.fulfill({ status: 404, contentType: "text/plain", body: "URL signature expired" }),
  );
  const app = await libraryWith(openLibrary, shop, [
    {
      title: "Unboxing the new linen summer dress collection with styling tips for every occasion",
      platformVideoId: "7311111111111111111",
      thumbnailUrl: "https://thumbs.clipcart.test/ok.png",
      createdAt: new Date("2026-11-22T12:00:00Z"),
      tags: ["Linen Dress", "Straw Hat", "Canvas Tote", "Silk Scarf"],
    },
    {
      title: "Seventy characters exactly: our spring lookbook in one short clip now!",
      platformVideoId: "7322222222222222222",
      platform: "instagram",
      thumbnailUrl: "https://thumbs.clipcart.test/expired.jpg",
      createdAt: new Date("2025-03-05T12:00:00Z"),
      tags: ["Denim Jacket", "White Sneakers"],
    },
    {
      title: null,
      platformVideoId: "7333333333333333333",
      platform: "pinterest",
      thumbnailUrl: "https://thumbs.clipcart.test/gone.jpg",
      createdAt: new Date("2025-01-31T12:00:00Z"),
      tags: ["Wool Beanie", "Leather Gloves", "Ski Goggles"],
    },
    { title: "   ", platformVideoId: "7344444444444444444", createdAt: new Date("2024-12-24T12:00:00Z") },
  ]);

  const long = videoRows(app).nth(0);
  await expect(long.locator("td:nth-child(3) button")).toHaveText("Unboxing the new linen summer dress collection with styling tips for e...");
  await expect(long).toContainText("7311111111111111111");
  await expect(long).toContainText("November 22, 2026");
  await expect(long.getByText("Linen Dress", { exact: true })).toBeVisible();
  await expect(long.getByText("Straw Hat", { exact: true })).toBeVisible();
  await expect(long.getByText("Canvas Tote")).toHaveCount(0);
  await expect(long.getByText("Silk Scarf")).toHaveCount(0);
  const image = long.locator("img");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(long.locator("[data-platform-tile]")).toHaveCount(0);

  const exact = videoRows(app).nth(1);
  await expect(exact.locator("td:nth-child(3) button")).toHaveText("Seventy characters exactly: our spring lookbook in one short clip now!");
  await expect(exact).toContainText("7322222222222222222");
  await expect(exact).toContainText("March 5, 2025");
  await expect(exact.getByText("Denim Jacket", { exact: true })).toBeVisible();
  await expect(exact.getByText("White Sneakers", { exact: true })).toBeVisible();
  await expect(exact.getByRole("button", { name: /more$/ })).toHaveCount(0);
  // The expired thumbnail gives way to Instagram's coloured tile, not a broken image.
  const tile = exact.getByRole("img", { name: "Instagram" });
  await expect(tile).toBeVisible();
  await expect(tile).toHaveText("I");
  await expect(tile).toHaveCSS("background-color", "rgb(225, 48, 108)");
  await expect(exact.locator("img")).toHaveCount(0);

  const untitled = videoRows(app).nth(2);
  await expect(untitled.locator("td:nth-child(3) button")).toHaveText("Video 7333333333333333333");
  await expect(untitled).toContainText("January 31, 2025");
  await expect(untitled.getByRole("img", { name: "Pinterest" })).toHaveCSS("background-color", "rgb(230, 0, 35)");
  await expect(untitled.locator("img")).toHaveCount(0);
  await expect(untitled.getByRole("button", { name: "+1 more", exact: true })).toBeVisible();

  const blank = videoRows(app).nth(3);
  await expect(blank.locator("td:nth-child(3) button")).toHaveText("Video 7344444444444444444");
  await expect(blank).toContainText("December 24, 2024");
  // No thumbnail at all: the tile.
  await expect(blank.getByRole("img", { name: "TikTok" })).toBeVisible();

  // "+2 more" opens Tagged Products with every tag of the video.
  await long.getByRole("button", { name: "+2 more", exact: true }).click();
  const tagged = app.getByRole("dialog", { name: "Tagged Products" });
  await expect(tagged).toBeVisible();
  await expect(tagged.getByRole("listitem")).toHaveText(["Linen Dress", "Straw Hat", "Canvas Tote", "Silk Scarf"]);
  // The link opened the list, not the row's preview.
  await expect(app.getByRole("dialog", { name: "Video Preview" })).toHaveCount(0);
  await tagged.getByRole("button", { name: "Close" }).first().click();
  await expect(tagged).toHaveCount(0);

  // A video without tags says so (the Tagged Products dialog is only reachable through "+N more",
  // so the text is checked where the merchant meets it: the Tag Products dialog).
  await blank.getByRole("button", { name: "Tag Product" }).click();
  const tagDialog = app.getByRole("dialog", { name: "Tag Products" });
  await expect(tagDialog).toBeVisible();
  await expect(tagDialog.getByText("No products tagged to this video")).toBeVisible();
});

test("the current tab, search and platform filter can be saved as a named view that survives a reload and stays with its shop", async ({
  page,
  openLibrary,
  shop,
}) => {
  const app = await libraryWith(openLibrary, shop, [
    { title: "Red dress draft", platform: "tiktok", enabled: false },
    { title: "Red dress live", platform: "tiktok", enabled: true },
    { title: "Red dress reel", platform: "instagram", enabled: false },
    { title: "Blue jeans draft", platform: "tiktok", enabled: false },
  ]);

  await app.getByRole("tab", { name: "Draft" }).click();
  await expect(videoRows(app)).toHaveCount(3);
  await searchFor(page, app, "red dress");
  await togglePlatforms(app, ["TikTok"]);
  await expect(rowTitles(app)).toHaveText(["Red dress draft"]);

  await app.getByRole("button", { name: "Save as" }).click();
  const dialog = app.getByRole("dialog", { name: "Save view as" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("TikTok red drafts");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  const viewTab = app.getByRole("tab", { name: "TikTok red drafts" });
  await expect(viewTab).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => searchParam(page, "view")).toBeTruthy();

  // Stored for this shop with what it shows.
  const prisma = await e2eDb();
  const owner = await bootstrappedShop(shop);
  const stored = await prisma.libraryView.findMany({ where: { shopId: owner.id } });
  expect(stored.map(({ name, tab, search, platforms }) => ({ name, tab, search, platforms }))).toEqual([
    { name: "TikTok red drafts", tab: "draft", search: "red dress", platforms: '["tiktok"]' },
  ]);

  // After a reload, on the All tab, the view brings its tab, search and filter back.
  await page.goto(adminUrl(shop, "/content"));
  await expect(app.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  await expect(videoRows(app)).toHaveCount(4);
  await app.getByRole("tab", { name: "TikTok red drafts" }).click();
  await expect(rowTitles(app)).toHaveText(["Red dress draft"]);
  await app.getByRole("button", { name: "Search and filter results" }).click();
  await expect(app.getByRole("textbox", { name: "Search videos..." })).toHaveValue("red dress");
  await expect(app.getByRole("button", { name: "Platform: TikTok", exact: true })).toBeVisible();

  // Another shop does not see it.
  const other = `${shop}-other`;
  await page.goto(adminUrl(other, "/content"));
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
  await expect(app.getByRole("tab")).toHaveText(["All", "Active", "Draft"]);
});

test("the view-name dialog refuses an empty name, more than 40 characters and a name already used in any case", async ({ page, openLibrary, shop }) => {
  const app = await libraryWith(openLibrary, shop, [{ title: "Only video" }]);
  const prisma = await e2eDb();
  const owner = await bootstrappedShop(shop);
  await prisma.libraryView.create({
    data: { shopId: owner.id, name: "Best Sellers", nameKey: "best sellers", tab: "active", platforms: "[]" },
  });
  await page.reload();
  await expect(app.getByRole("tab", { name: "Best Sellers" })).toBeVisible();

  const dialog = app.getByRole("dialog", { name: "Create new view" });
  const name = dialog.getByRole("textbox", { name: "Name" });
  const create = dialog.getByRole("button", { name: "Create view" });
  const taken = dialog.getByText("A view with this name already exists. Please choose a different name.");

  await app.getByRole("button", { name: "Create new view" }).click();
  await expect(dialog).toBeVisible();
  // Empty: nothing to create.
  await expect(name).toHaveValue("");
  await expect(create).toBeDisabled();

  // Another case of an existing view's name, or of a fixed tab's.
  await name.fill("best SELLERS");
  await expect(taken).toBeVisible();
  await expect(create).toBeDisabled();
  await name.fill("draft");
  await expect(taken).toBeVisible();
  await expect(create).toBeDisabled();

  // More than 40 characters do not fit: the field stops at 40 and says so.
  await name.fill("");
  await name.pressSequentially("Forty-one characters is one too many, ok?");
  await expect(name).toHaveValue("Forty-one characters is one too many, ok");
  await expect(dialog.getByText("40/40")).toBeVisible();
  await expect(taken).toHaveCount(0);

  // Only spaces: refused with a clear message, and the dialog stays open with what was typed (issue 15, item 13).
  await name.fill("   ");
  await create.click();
  const retry = adminModal(app);
  const retryName = retry.getByRole("textbox", { name: "Name" });
  await expect(retry.getByText("A view name needs letters or numbers, not only spaces.")).toBeVisible();
  await expect(retryName).toHaveValue("   ");
  expect(await prisma.libraryView.count({ where: { shopId: owner.id } })).toBe(1);

  // The same name with extra inner spaces is still the same name: refused, and what was typed stays.
  await retryName.fill("Best   sellers");
  await modalAction(app, "Create view").click();
  await expect(retry.getByText('A view named "Best sellers" already exists. Choose another name.')).toBeVisible();
  await expect(retryName).toHaveValue("Best   sellers");
  await expect(app.getByRole("tab")).toHaveText(["All", "Active", "Draft", "Best Sellers"]);
  expect(await prisma.libraryView.count({ where: { shopId: owner.id } })).toBe(1);

  // Corrected in the same dialog: saved, and the dialog closes.
  await retryName.fill("Best sellers 2");
  await modalAction(app, "Create view").click();
  await expect(adminModal(app)).toHaveCount(0);
  await expect(app.getByRole("tab", { name: "Best sellers 2" })).toHaveAttribute("aria-selected", "true");

  // A good name is saved straight from the first dialog.
  await app.getByRole("button", { name: "Create new view" }).click();
  await name.fill("Best sellers 3");
  await create.click();
  await expect(app.getByRole("tab", { name: "Best sellers 3" })).toHaveAttribute("aria-selected", "true");
  await expect(app.getByRole("tab")).toHaveText(["All", "Active", "Draft", "Best Sellers", "Best sellers 2", "Best sellers 3"]);
});

test("a saved view can be renamed (only to a new name), duplicated and deleted, and that lasts", async ({ page, openLibrary, shop }) => {
  const app = await libraryWith(openLibrary, shop, [
    { title: "Insta approved", platform: "instagram", enabled: true },
    { title: "Insta draft", platform: "instagram", enabled: false },
    { title: "TikTok approved", platform: "tiktok", enabled: true },
  ]);
  const prisma = await e2eDb();
  const owner = await bootstrappedShop(shop);
  await prisma.libraryView.createMany({
    data: [
      { shopId: owner.id, name: "Instagram picks", nameKey: "instagram picks", tab: "active", platforms: '["instagram"]', position: 0 },
      { shopId: owner.id, name: "Everything", nameKey: "everything", tab: "all", platforms: "[]", position: 1 },
    ],
  });
  await page.reload();

  const picks = app.getByRole("tab", { name: "Instagram picks" });
  await picks.click();
  await expect(picks).toHaveAttribute("aria-selected", "true");
  await expect(rowTitles(app)).toHaveText(["Insta approved"]);

  // Rename: the same name cannot be saved, nor another view's; a new one can.
  await picks.click();
  await app.getByRole("menuitem", { name: "Rename view" }).click();
  const rename = app.getByRole("dialog", { name: "Rename view" });
  const renameName = rename.getByRole("textbox", { name: "Name" });
  await expect(renameName).toHaveValue("Instagram picks");
  await expect(rename.getByRole("button", { name: "Save" })).toBeDisabled();
  await renameName.fill("EVERYTHING");
  await expect(rename.getByText("A view with this name already exists. Please choose a different name.")).toBeVisible();
  await expect(rename.getByRole("button", { name: "Save" })).toBeDisabled();
  await renameName.fill("IG favourites");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename).toHaveCount(0);
  const favourites = app.getByRole("tab", { name: "IG favourites" });
  await expect(favourites).toHaveAttribute("aria-selected", "true");
  await expect(app.getByRole("tab")).toHaveText(["All", "Active", "Draft", "IG favourites", "Everything"]);

  // Duplicate: a new view with the same filters, shown at once.
  await favourites.click();
  await app.getByRole("menuitem", { name: "Duplicate view" }).click();
  const duplicate = app.getByRole("dialog", { name: "Duplicate view" });
  await expect(duplicate.getByRole("textbox", { name: "Name" })).toHaveValue("Copy of IG favourites");
  await duplicate.getByRole("button", { name: "Create view" }).click();
  await expect(duplicate).toHaveCount(0);
  await expect(app.getByRole("tab", { name: "Copy of IG favourites" })).toHaveAttribute("aria-selected", "true");
  await expect(rowTitles(app)).toHaveText(["Insta approved"]);

  // Delete the selected view: the list returns to All.
  const copy = app.getByRole("tab", { name: "Copy of IG favourites" });
  await copy.click();
  await app.getByRole("menuitem", { name: "Delete view" }).click();
  const remove = app.getByRole("dialog", { name: "Delete view?" });
  await remove.getByRole("button", { name: "Delete view" }).click();
  await expect(copy).toHaveCount(0);
  await expect(app.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  await expect(videoRows(app)).toHaveCount(3);

  // All of it was stored.
  await page.goto(adminUrl(shop, "/content"));
  await expect(app.getByRole("tab")).toHaveText(["All", "Active", "Draft", "IG favourites", "Everything"]);
  const stored = await prisma.libraryView.findMany({ where: { shopId: owner.id }, orderBy: { position: "asc" } });
  expect(stored.map((view) => view.name)).toEqual(["IG favourites", "Everything"]);
});

test("the address keeps the list's state: a reload on page 2 of a filtered, searched tab shows the same page", async ({ page, openLibrary, shop }) => {
  const app = await libraryWith(openLibrary, shop, [
    ...seeds("Reel", 30, { platform: "instagram", enabled: false }),
    ...seeds("Tok", 10, { platform: "tiktok", enabled: false }),
    ...seeds("Live reel", 10, { platform: "instagram", enabled: true }),
  ]);
  await expect(pageLabel(app)).toContainText("Page 1 of 3");

  await app.getByRole("tab", { name: "Draft" }).click();
  await togglePlatforms(app, ["Instagram"]);
  await searchFor(page, app, "reel");
  await expect(pageLabel(app)).toContainText("Page 1 of 2");
  await app.getByRole("button", { name: "Next" }).click();
  await expect(pageLabel(app)).toContainText("Page 2 of 2");
  await expect(rowTitles(app)).toHaveText(numbered("Reel", 21, 30));
  await expect.poll(() => searchParam(page, "page")).toBe("2");
  expect(searchParam(page, "tab")).toBe("draft");
  expect(searchParam(page, "platform")).toBe("instagram");
  expect(searchParam(page, "q")).toBe("reel");

  // The admin's address follows the app's, so a reload (or a shared link) reopens the same list.
  await page.reload();
  await expect(pageLabel(app)).toContainText("Page 2 of 2");
  await expect(rowTitles(app)).toHaveText(numbered("Reel", 21, 30));
  // (Only drafts: "Live reel" videos are approved and would fill page 2 on All.)
  await expect(app.getByRole("button", { name: "Platform: Instagram", exact: true })).toBeVisible();
  await expect(app.getByRole("textbox", { name: "Search videos..." })).toHaveValue("reel");

  await app.getByRole("button", { name: "Previous" }).click();
  await expect(pageLabel(app)).toContainText("Page 1 of 2");
  await expect(rowTitles(app)).toHaveText(numbered("Reel", 1, 20));

  // Cancel drops the search and filter but keeps the tab the address had.
  await app.getByRole("button", { name: "Cancel" }).click();
  await expect(app.getByRole("tab", { name: "Draft" })).toHaveAttribute("aria-selected", "true");
  await expect(pageLabel(app)).toContainText("Page 1 of 2");
  await expect(app.getByRole("button", { name: /^Platform:/ })).toHaveCount(0);
  await expect.poll(() => searchParam(page, "q")).toBeNull();
});

test("Sort by Most played lists the most played first across pages, unknown plays last, kept in the address and in a saved view; rows and the preview show the figures (decision 082)", async ({
  page,
  openLibrary,
  shop,
}) => {
  // Newest first as seeded: 21 TikTok videos whose plays do not follow their age, then a pin and an upload-like
  // Instagram reel without figures. 0 plays is a figure (shown), unknown is not.
  const played = Array.from({ length: 21 }, (_, index) => ({
    title: `Reach ${String(index + 1).padStart(2, "0")}`,
    playCount: ((index * 8) % 21) * 1_000 + 250,
    likeCount: ((index * 8) % 21) * 10,
    commentCount: index,
    durationSeconds: 15 + index,
  }));
  const app = await libraryWith(openLibrary, shop, [
    { title: "Pin without figures", platform: "pinterest" },
    ...played,
    { title: "Never played", playCount: 0, likeCount: 0 },
  ]);
  await expect(rowWith(app, "Reach 01")).toContainText("250 plays · 0 likes");
  await expect(rowWith(app, "Reach 02")).toContainText("8.3K plays · 80 likes");
  await expect(rowWith(app, "Pin without figures")).not.toContainText("plays");

  // Polaris's sort menu, beside the search: Plays, Most played first.
  await app.getByRole("button", { name: "Sort the results" }).click();
  // The radio's own label takes the click (Polaris draws the radio over its input).
  await app
    .locator("label")
    .filter({ hasText: /^Plays$/ })
    .click();
  await expect.poll(() => searchParam(page, "sort")).toBe("plays");
  await expect(app.getByRole("radio", { name: "Plays" })).toBeChecked();
  await expect(app.getByRole("button", { name: "Most played" })).toBeVisible();
  await app.getByRole("heading", { name: "Video Library", level: 1 }).click();
  const byPlays = [...played].sort((a, b) => b.playCount - a.playCount).map((video) => video.title);
  await expect(rowTitles(app)).toHaveText(byPlays.slice(0, 20));
  await expect(rowWith(app, "Reach 14")).toContainText("20.3K plays · 200 likes");

  await app.getByRole("button", { name: "Next" }).click();
  await expect(pageLabel(app)).toContainText("Page 2 of 2");
  // The 0 before the unknown.
  await expect(rowTitles(app)).toHaveText([byPlays[20]!, "Never played", "Pin without figures"]);

  // A reload keeps the order and the page.
  await page.reload();
  await expect(rowTitles(app)).toHaveText([byPlays[20]!, "Never played", "Pin without figures"]);

  // The order differs from All's, so the filters are open with Save as: the order is saved as a view.
  await app.getByRole("button", { name: "Save as" }).click();
  const dialog = app.getByRole("dialog", { name: "Save view as" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Most watched");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(app.getByRole("tab", { name: "Most watched" })).toHaveAttribute("aria-selected", "true");
  await app.getByRole("tab", { name: "Active" }).click();
  await expect.poll(() => searchParam(page, "sort")).toBeNull();
  await app.getByRole("tab", { name: "Most watched" }).click();
  await expect.poll(() => searchParam(page, "sort")).toBe("plays");
  await expect(rowTitles(app).first()).toHaveText(byPlays[0]!);

  // The preview: every figure, a dash for those the platform did not give.
  await rowTitles(app).first().click();
  const preview = app.getByRole("dialog", { name: "Video Preview" });
  const reach = preview.getByRole("region", { name: "On TikTok" });
  await expect(reach).toContainText("Plays20.3K");
  await expect(reach).toContainText("Likes200");
  await expect(reach).toContainText("Comments13");
  await expect(reach).toContainText("Shares—");
  await expect(reach).toContainText("Length0:28");
});
