import { SHOPIFY_URL, adminModal, expect, tableRow, test } from "./fixtures";
import { approvedThroughApp, e2eDb, importedThroughApp, installedShop } from "./db";
import { emulator } from "./import-helpers";
import { homeCarouselThroughApp, storefront } from "./storefront-helpers";
import { uniqueAccount } from "../emulators/platforms/client";

// Captions (issue 28 item 3, decision 084), the admin's side: a TikTok import
// brings the post's captions in every language it has, copied into the shop's
// Files; the preview lists them; an .srt upload joins them; a broken file is
// refused with its line; a cue edited in the preview reaches the published
// storefront data once its new copy is made.

interface PublishedCaption {
  lang: string;
  src: string;
}

/** The published captions of the widget's first video (Local Shopify's stored metafield). */
async function publishedCaptions(shop: string): Promise<PublishedCaption[]> {
  const state = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
    metafields: Array<{ namespace: string; key: string; value: string }>;
  };
  const widget = state.metafields.find((m) => m.namespace === "clipcart" && m.key === "widget_1");
  const data = widget ? (JSON.parse(widget.value) as { videos: Array<{ captions?: PublishedCaption[] }> }) : null;
  return data?.videos[0]?.captions ?? [];
}

test("a TikTok video's captions: imported in every language, uploaded, refused with the line, edited and republished", async ({ page, openApp, shop }) => {
  test.slow();
  const shopRow = await installedShop(shop);
  const carousel = await homeCarouselThroughApp(shop, shopRow.id, "Captioned");
  const account = uniqueAccount();
  const post = (await emulator.account("tiktok", account)).posts.find((candidate) => candidate.subtitles);
  if (!post) throw new Error("The emulated account has no post with subtitles");
  await importedThroughApp(shop, shopRow.id, "tiktok", post.url);
  const prisma = await e2eDb();
  const video = await prisma.video.findFirstOrThrow({ where: { shopId: shopRow.id } });
  // Approved, so our copy plays in the preview and the storefront data lists it.
  await approvedThroughApp(shop, video.id, [carousel.id]);
  await expect.poll(async () => (await publishedCaptions(shop)).map((caption) => caption.lang), { timeout: 60_000 }).toEqual(["en", "es", "fr"]);
  // The captions are copied on their own, beside the video: until the video's copy is ready, the preview plays the
  // platform's player, which carries no tracks.
  await expect.poll(async () => (await prisma.videoMirror.findUnique({ where: { videoId: video.id } }))?.status, { timeout: 60_000 }).toBe("ready");

  const app = await openApp("/content");
  // By the video's id: a title over 70 characters shows cut in its row, and the emulated posts' titles vary.
  await tableRow(app, video.platformVideoId).getByRole("cell").nth(3).click();
  const preview = adminModal(app);
  const list = preview.getByRole("list", { name: "Captions" });
  const language = (name: string) => list.getByRole("listitem").filter({ has: preview.page().getByText(name, { exact: true }) });
  await expect(language("English")).toContainText("From TikTok");
  await expect(language("English")).toContainText("Spoken language");
  await expect(language("French")).toContainText("On your store");
  // The preview's own player carries them as tracks.
  await expect(preview.locator("video track")).toHaveCount(3);

  // An .srt upload, in German.
  const fileInput = preview.getByLabel("Caption file (.vtt or .srt)");
  await fileInput.setInputFiles({
    name: "german.srt",
    mimeType: "application/x-subrip",
    buffer: Buffer.from("1\n00:00:00,200 --> 00:00:01,800\nHallo zusammen\n"),
  });
  await preview.getByLabel("Language").selectOption("de");
  await preview.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(preview.getByText("German captions saved")).toBeVisible();
  await expect(language("German")).toContainText("Uploaded");

  // A broken file is refused with its line, and nothing changes.
  await fileInput.setInputFiles({
    name: "broken.srt",
    mimeType: "application/x-subrip",
    buffer: Buffer.from("1\n00:00:00,000 --> 00:00:01,000\nCiao\n\n2\n00:00:01,000 -> 00:00:02,000\nGrazie\n"),
  });
  await preview.getByLabel("Language").selectOption("it");
  await preview.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(preview.getByRole("alert")).toContainText("Line 6: expected a caption's times, like 00:00:01.000 --> 00:00:04.000.");
  await expect(language("Italian")).toHaveCount(0);

  // The English captions edited in the preview: the first cue's text, checked as typed.
  const before = (await publishedCaptions(shop)).find((caption) => caption.lang === "en")!;
  await preview.getByRole("button", { name: "Edit English captions" }).click();
  const editor = preview.getByRole("list", { name: "Edit English captions" });
  const firstCue = editor.getByRole("listitem").first();
  await firstCue.getByLabel("Text").fill("");
  await expect(preview.getByRole("alert")).toHaveText("Caption 1: it has no text.");
  await firstCue.getByLabel("Text").fill("Hello from the editor");
  await expect(preview.getByRole("alert")).toHaveCount(0);
  // On a phone (375 px) the editor and the upload fit the dialog's width.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  for (const control of [
    firstCue.getByLabel("Text"),
    firstCue.getByLabel("End"),
    preview.getByRole("button", { name: "Save captions" }),
    preview.getByLabel("Language"),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        const box = await control.boundingBox();
        return !!box && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
  }
  if (desktop) await page.setViewportSize(desktop);
  await preview.getByRole("button", { name: "Save captions" }).click();
  await expect(language("English")).toContainText("Edited");

  // Republished once the new copy is in Shopify Files: the storefront's file has the edit.
  await expect
    .poll(async () => (await publishedCaptions(shop)).find((caption) => caption.lang === "en")?.src ?? before.src, { timeout: 60_000 })
    .not.toBe(before.src);
  const after = (await publishedCaptions(shop)).find((caption) => caption.lang === "en")!;
  const text = await (await fetch(after.src)).text();
  expect(text).toContain("Hello from the editor");
  expect((await publishedCaptions(shop)).map((caption) => caption.lang)).toEqual(["en", "de", "es", "fr"]);

  // The store's (English) page: the player's caption track carries the edited cue.
  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop));
  await shopper
    .locator("clipcart-widget")
    .getByRole("button", { name: /^Play video: / })
    .first()
    .click();
  const clip = shopper.getByRole("dialog").locator("video");
  await expect(clip.locator('track[kind="captions"]')).toHaveAttribute("srclang", "en");
  await expect
    .poll(() => clip.evaluate((element: HTMLVideoElement) => [...(element.textTracks[0]?.cues ?? [])].map((cue) => (cue as VTTCue).text)[0] ?? null), {
      timeout: 15_000,
    })
    .toBe("Hello from the editor");
});
