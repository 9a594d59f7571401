// @ts-check
// Records the Dashboard's tutorial film from the product itself: Chromium walks
// through the local stack (import, approve, create a widget, install it, the
// storefront), Playwright records it, ffmpeg (Debian's package) fits it to
// exactly 1:18 and compresses it. Writes public/tutorial/.
//
//   npm run build && node --import tsx scripts/record-tutorial.mjs
//
// Re-run it when the screens change. The captions come out of the same run as a
// WebVTT text track (.vtt) and only there: the player shows them, the viewer may
// turn them off or restyle them, and they are never burned into the picture
// as well (decision 069).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LAYOUT_TYPES } from "../app/contracts/widget-layouts.ts";
import { LAYOUTS, orList } from "../app/messages/index.ts";
import { ROOT, freshSqliteDatabase, startStack } from "./lib/stack.mjs";

// Playwright records through its own ffmpeg build, downloaded from a CDN this
// network does not reach; Debian's ffmpeg takes the same arguments.
const browsersPath = mkdtempSync(path.join(tmpdir(), "clipcart-playwright-"));
const ffmpegRevision = JSON.parse(readFileSync(path.join(ROOT, "node_modules/playwright-core/browsers.json"), "utf8")).browsers.find(
  (/** @type {{ name: string; revision: string }} */ browser) => browser.name === "ffmpeg",
).revision;
mkdirSync(path.join(browsersPath, `ffmpeg-${ffmpegRevision}`));
symlinkSync("/usr/bin/ffmpeg", path.join(browsersPath, `ffmpeg-${ffmpegRevision}`, "ffmpeg-linux"));
process.env.PLAYWRIGHT_BROWSERS_PATH = browsersPath;
const { chromium } = await import("@playwright/test");

const LENGTH_SECONDS = 78; // TUTORIAL_VIDEO_LENGTH "1:18" in app/constants.ts
const SIZE = { width: 1280, height: 720 };
const OUT = path.join(ROOT, "public/tutorial");
const SHOP = "tutorial";

const databaseUrl = freshSqliteDatabase("tutorial");
process.env.DATABASE_URL = databaseUrl;
const { demoCatalogue } = await import("../tests/emulators/shopify/catalogue.ts");
const [product] = demoCatalogue();
if (!product) throw new Error("Local Shopify's demo catalogue is empty");
const stack = await startStack({ appPort: 3490, shopifyPort: 3590, databaseUrl, quiet: true });
const videoDir = mkdtempSync(path.join(tmpdir(), "clipcart-tutorial-"));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({
  viewport: SIZE,
  recordVideo: { dir: videoDir, size: SIZE },
  // Shopify's library answers headless user agents with 410.
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});
const started = Date.now();
/** @type {Array<{ start: number; end: number; text: string }>} */
const cues = [];
const page = await context.newPage();
const app = page.frameLocator("#app-iframe");
const pause = (/** @type {number} */ ms) => page.waitForTimeout(ms);

/**
 * Starts the next caption here: it is kept for the captions file only, never
 * drawn on the page (the text track would show it a second time).
 * @param {string} text
 */
function caption(text) {
  const at = (Date.now() - started) / 1000;
  const previous = cues.at(-1);
  if (previous) previous.end = at;
  cues.push({ start: at, end: LENGTH_SECONDS, text });
}

const dialogAction = (/** @type {string} */ label) => app.getByTestId("admin-modal-action").filter({ hasText: new RegExp(`^${label}$`) });

try {
  await page.goto(stack.adminUrl(SHOP, "/"));
  await app.getByRole("heading", { name: "Welcome to Clipcart" }).waitFor();
  caption("Clipcart turns your social videos into shoppable widgets.");
  await pause(5000);

  caption("1. Import: pick a platform and enter an account.");
  await app.getByRole("button", { name: "TikTok", exact: true }).click();
  const importDialog = app.getByRole("dialog", { name: "Import from TikTok" });
  await importDialog.getByRole("textbox").pressSequentially("@yourbrand", { delay: 90 });
  await importDialog.getByRole("checkbox", { name: /permission from the content creator/i }).check();
  await pause(1500);
  await dialogAction("Find Videos").click();
  // The result shows in the open dialog (and only there: decision 069).
  await importDialog.getByText(/^Successfully added \d+ videos from @yourbrand!/).waitFor({ timeout: 60_000 });
  await pause(2500);
  const close = app.getByTestId("admin-modal-close");
  if (await close.isVisible()) await close.click();

  // Every layout the picker offers, as the card badges name them (a unit test holds the captions to it).
  caption(`2. Create a widget: ${orList(LAYOUT_TYPES.map((layout) => LAYOUTS[layout].name))}.`);
  await page.getByTestId("admin-nav-link").filter({ hasText: "Widgets" }).click();
  await app.getByRole("button", { name: "Add widget" }).first().click();
  await pause(2000);
  await app.getByRole("button", { name: "Choose Carousel" }).click();
  await app.getByRole("textbox", { name: "Widget name" }).fill("");
  await app.getByRole("textbox", { name: "Widget name" }).pressSequentially("Seen on TikTok", { delay: 80 });
  await app.getByRole("checkbox", { name: "Product Pages" }).check();
  await app.getByRole("checkbox", { name: "Homepage" }).uncheck();
  await pause(3000);
  await app.getByRole("button", { name: "Create Widget" }).click();
  await app.getByText("Widget created successfully!").waitFor();
  await pause(2500);

  caption("3. Moderate: approve the videos shoppers should see.");
  await page.getByTestId("admin-nav-link").filter({ hasText: "Video Library" }).click();
  await app.getByRole("heading", { name: "Video Library", level: 1 }).waitFor();
  await pause(2000);
  const rows = app.locator("table tbody").getByRole("row");
  for (let i = 0; i < 3; i++) {
    await rows.nth(i).getByRole("checkbox").check();
    await pause(400);
  }
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await app.getByTestId("admin-modal").getByLabel("Seen on TikTok (Carousel)").check();
  await pause(1500);
  await dialogAction("Approve").click();
  await pause(2500);

  caption("3. Tag the products each video shows.");
  await rows.nth(0).getByRole("button", { name: "Tag Product" }).click();
  const search = app.getByTestId("admin-modal").getByRole("combobox", { name: "Search products" });
  await search.pressSequentially(product.title.slice(0, 6), { delay: 120 });
  await app.getByRole("option", { name: product.title, exact: true }).click();
  await pause(1500);
  await dialogAction("Done \\(1\\)").click();
  await pause(1500);

  caption("4. Embed it: Install on Store opens your theme editor.");
  await page.getByTestId("admin-nav-link").filter({ hasText: "Widgets" }).click();
  await pause(1500);
  await app.getByRole("button", { name: "Install on Store" }).first().click();
  await pause(2500);
  // The theme editor opens in a new tab; the film stays in one tab and follows the link there.
  const [editorTab] = await Promise.all([context.waitForEvent("page"), dialogAction("Open Theme Editor").click()]);
  const editorUrl = editorTab.url();
  await editorTab.close();
  await page.goto(editorUrl);
  caption("4. Embed it: choose the widget and save.");
  await page.getByLabel("Widget number").fill("1");
  await pause(2500);
  await page.getByRole("button", { name: "Save" }).click();
  await pause(2000);

  // The platform's player needs the internet; the film shows a stand-in where it would play.
  await context.route(/^https:\/\/(www\.tiktok\.com\/player|www\.instagram\.com|assets\.pinterest\.com)/, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<body style="margin:0;display:flex;align-items:center;justify-content:center;height:100vh;background:#111;color:#fff;font:600 20px system-ui">&#9654; The video plays here</body>',
    }),
  );
  const tagged = await taggedVideoTitle();
  await page.goto(`${stack.storefrontUrl(SHOP)}products/${product.handle}`);
  const widget = page.locator("clipcart-widget").first();
  await widget.locator(".cc-title").first().waitFor();
  await widget.scrollIntoViewIfNeeded();
  caption("On your store: the videos, on the pages you chose.");
  await pause(3000);
  const next = widget.getByRole("button", { name: /next/i }).first();
  if (await next.isVisible()) {
    await next.click();
    await pause(1500);
  }
  caption("Shoppers tap a video and see your products beside it.");
  await widget.getByRole("button", { name: `Play video: ${tagged}` }).click();
  const modal = page.getByRole("dialog");
  await modal.getByText(product.title).first().waitFor();
  await pause(4000);
  caption("Add to cart in one tap: the sale is credited to the video.");
  await modal.getByRole("button", { name: `Add to cart: ${product.title}` }).click();
  // The theme's own cart follows where it has one (the player closes for its drawer, decision 065); else the player says so.
  await modal
    .getByRole("status")
    .filter({ hasText: "Added to cart" })
    .or(page.getByRole("heading", { name: "Your cart" }))
    .first()
    .waitFor();
  await pause(4000);
  await page.goto(stack.adminUrl(SHOP, "/analytics"));
  await app.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
  caption("Then follow clicks and sales in Analytics.");
  await pause(Math.max(3000, LENGTH_SECONDS * 1000 - (Date.now() - started) - 2500));
  caption("Clipcart: shoppable videos in four steps.");
  await pause(2500);
} catch (error) {
  await page.screenshot({ path: path.join(tmpdir(), "clipcart-tutorial-failure.png") });
  throw error;
} finally {
  await context.close(); // writes the recording
  await browser.close();
  await stack.stop();
}

/** The title of the video tagged on film (the widget's play buttons are named after it). */
async function taggedVideoTitle() {
  const { prisma } = await import("../app/db.server.ts");
  const tag = await prisma.productTag.findFirstOrThrow({ include: { video: { select: { title: true } } } });
  return tag.video.title;
}

// The tab's recording, cut or held on its last frame to exactly 1:18.
const recording = await page.video()?.path();
if (!recording) throw new Error("Playwright recorded nothing");
execFileSync("ffmpeg", [
  "-y",
  "-loglevel",
  "error",
  "-i",
  recording,
  "-vf",
  `tpad=stop_mode=clone:stop_duration=${LENGTH_SECONDS},fps=15`,
  "-t",
  String(LENGTH_SECONDS),
  "-an",
  "-c:v",
  "libvpx-vp9",
  "-b:v",
  "180k",
  "-deadline",
  "good",
  "-cpu-used",
  "4",
  path.join(OUT, "clipcart-tutorial.webm"),
]);
const stamp = (/** @type {number} */ seconds) => new Date(Math.min(seconds, LENGTH_SECONDS) * 1000).toISOString().slice(11, 23);
writeFileSync(
  path.join(OUT, "clipcart-tutorial.en.vtt"),
  ["WEBVTT", "", ...cues.flatMap((cue) => [`${stamp(cue.start)} --> ${stamp(cue.end)}`, cue.text, ""])].join("\n"),
);
rmSync(videoDir, { recursive: true, force: true });
rmSync(browsersPath, { recursive: true, force: true });
console.log(`wrote ${path.relative(ROOT, OUT)}/clipcart-tutorial.webm and .en.vtt (${LENGTH_SECONDS} s)`);
