/**
 * Many links at once (issue 16 item 4, decision 056): the Import modal's URL
 * field takes several links of any platforms, one per line, and adds them as
 * one job with its progress in links and a result per link. Driven through
 * Local Shopify's admin against the platform emulators; every test has its own
 * shop and its own emulator accounts and pins.
 */
import { uniqueAccount, uniquePinId } from "../emulators/platforms/client";
import { appOnly, expectAccessible } from "./axe";
import { e2eDb, bootstrappedShop } from "./db";
import { expect, test } from "./fixtures";
import {
  PERMISSION_LABEL,
  chooseMethod,
  dialogButton,
  emulator,
  expectEachVideoOnce,
  instagramReelUrl,
  libraryRows,
  openImportFromLibrary,
  storedVideoCount,
  tiktokVideoUrl,
  toastsOf,
} from "./import-helpers";

test("ten links of three platforms import as one job: progress in links, one bad link reported alone, the other nine in the library", async ({
  page,
  openApp,
  shop,
}) => {
  const creator = uniqueAccount();
  const tiktoks = [tiktokVideoUrl(creator), tiktokVideoUrl(creator), tiktokVideoUrl(creator)];
  const privateVideo = tiktokVideoUrl(uniqueAccount("private"));
  const reels = [instagramReelUrl(), instagramReelUrl(), instagramReelUrl()];
  // The first pin answers once the test releases it, so the job is seen running however fast or slow the machine.
  const heldPin = uniquePinId();
  await emulator.setAccount("pinterest", heldPin, { held: true });
  const pinIds = [heldPin, uniquePinId(), uniquePinId()];
  const pinUrls = pinIds.map((id) => `https://www.pinterest.com/pin/${id}/`);
  const pasted = [
    tiktoks[0]!.url,
    reels[0]!.url,
    pinUrls[0]!,
    privateVideo.url,
    tiktoks[1]!.url,
    reels[1]!.url,
    pinUrls[1]!,
    tiktoks[2]!.url,
    reels[2]!.url,
    pinUrls[2]!,
    // Pasted twice: it collapses.
    reels[0]!.url,
  ];

  const app = await openApp("/content");
  const dialog = await openImportFromLibrary(app, "TikTok");
  await chooseMethod(dialog, "Import from Video URL");
  const field = dialog.getByRole("textbox");
  const find = dialogButton(dialog, "Find Videos");

  // A line that is not a link is named before anything is sent.
  await field.fill(`${tiktoks[0]!.url}\nsee my favourites`);
  await dialog.getByRole("checkbox", { name: PERMISSION_LABEL }).check();
  await find.click();
  await expect(dialog.getByText("Line 2 is not a link. Paste one link per line, each starting with https://, or remove that line.")).toBeVisible();
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  expect(await prisma.importJob.count({ where: { shopId: shopRow.id } })).toBe(0);

  await field.fill(pasted.join("\n"));
  await expect(dialog.getByText("10 links (1 repeated link left out)", { exact: true })).toBeVisible();
  await find.click();

  // One job, counted in links, while the held pin holds it.
  await expect(dialog.getByText("Importing 10 links", { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^\d of 10 links$/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel the import of 10 links" })).toBeVisible();
  await emulator.setAccount("pinterest", heldPin, { held: false });

  // The result, and one line per link: the bad one alone failed, with its reason.
  const summary = "9 videos added, 1 link failed.";
  await expect(dialog.getByText(summary, { exact: true })).toBeVisible();
  // Said once, in the open dialog (decision 069).
  await expect(toastsOf(page, summary)).toHaveCount(0);
  const results = dialog.getByRole("list", { name: "Results per link" }).getByRole("listitem");
  await expect(results).toHaveCount(10);
  await expect(results.filter({ hasText: "Added" })).toHaveCount(9);
  const failed = results.filter({ hasText: "Failed" });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(privateVideo.url);
  await expect(failed).toContainText("Please check that the URL is valid and the video is publicly accessible.");
  await expectAccessible(page, "the results per link", appOnly);
  await expect(dialog.getByText("Importing 10 links", { exact: true })).toHaveCount(0);

  // The scraper was asked once for all four TikTok links.
  const runs = await emulator.runs({ contains: creator });
  expect(runs).toHaveLength(1);
  expect(runs[0]!.input.postURLs).toHaveLength(4);

  await dialogButton(dialog, "Close").click();
  await expect(dialog).toBeHidden();

  // The library: the nine, each once; the result was said in the dialog, and is not repeated here.
  await expect(libraryRows(app)).toHaveCount(9);
  await expect(app.getByText(summary, { exact: true })).toHaveCount(0);
  await expectEachVideoOnce(app, [...tiktoks.map((t) => t.videoId), ...reels.map((r) => r.shortcode), ...pinIds]);
  expect(await storedVideoCount(shop)).toBe(9);
});

test("one link keeps the spec's single import and its messages", async ({ openApp, shop }) => {
  const pinId = uniquePinId();
  const app = await openApp("/content");
  const dialog = await openImportFromLibrary(app, "Pinterest");
  await dialog.getByRole("textbox").fill(`https://www.pinterest.com/pin/${pinId}/`);
  await dialog.getByRole("checkbox", { name: PERMISSION_LABEL }).check();
  await dialogButton(dialog, "Find Pin").click();
  await expect(dialog.getByText("Pin added successfully!", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Results per link" })).toHaveCount(0);
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  expect((await prisma.importJob.findMany({ where: { shopId: shopRow.id } })).map((job) => job.kind)).toEqual(["single"]);
  await dialogButton(dialog, "Close").click();
  await expect(libraryRows(app)).toHaveCount(1);
});
