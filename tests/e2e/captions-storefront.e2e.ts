import type { Locator, Request } from "@playwright/test";
import { uniqueAccount } from "../emulators/platforms/client";
import { expectAccessible } from "./axe";
import { approvedThroughApp, e2eDb, importedThroughApp, installedShop } from "./db";
import { expect, test } from "./fixtures";
import { emulator } from "./import-helpers";
import { homeCarouselThroughApp, published, storefront } from "./storefront-helpers";

// Captions on the storefront (issue 28 items 3 and 4, decisions 084 and 085), from the import on: a TikTok
// post with English (its own) and French captions is imported and approved; once their copies are in the
// shop's Files and published, the store's French pages show the French captions on the muted preview and in
// the open player, CC turns them off, and axe finds nothing serious in the open player with captions on.

/** The emulated TikTok's French cues (tests/emulators/platforms/subtitles.ts): one of them shows whenever the clip plays. */
const FRENCH = /^(Salut tout le monde, bon retour !|Aujourd'hui je vous montre ma trouvaille préférée\.|Le lien est dans la boutique ci-dessous\.)$/;

/** What a <video>'s showing caption track says now: its language and active cue (null when none shows). */
const shownCaption = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => {
    const track = [...element.textTracks].find((candidate) => candidate.mode === "showing");
    const cue = track?.activeCues?.[0] as VTTCue | undefined;
    return track ? { lang: track.language, kind: track.kind, label: track.label, text: cue ? cue.text : null } : null;
  });

const playedSeconds = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

test("a TikTok video's French captions on a French store page: the muted preview and the player show them, CC turns them off, and the open player passes axe", async ({
  page,
  shop,
}) => {
  test.slow();
  const shopRow = await installedShop(shop);
  const carousel = await homeCarouselThroughApp(shop, shopRow.id, "Captioned carousel");
  const post = (await emulator.account("tiktok", uniqueAccount())).posts.find((candidate) => candidate.subtitles);
  if (!post) throw new Error("The emulated account has no post with subtitles");
  await importedThroughApp(shop, shopRow.id, "tiktok", post.url);
  const prisma = await e2eDb();
  const video = await prisma.video.findFirstOrThrow({ where: { shopId: shopRow.id } });
  await approvedThroughApp(shop, video.id, [carousel.id]);
  // Published once our copies of the video and of its captions are in Shopify Files, the video's own language first.
  await published(
    shop,
    "widget_1",
    (widget) =>
      !!widget?.videos[0]?.media?.src &&
      ((widget.videos[0] as { captions?: Array<{ lang: string }> }).captions ?? []).map((caption) => caption.lang).join() === "en,es,fr",
    60_000,
  );

  // The store's French home page: the preview in view plays muted, with the French caption on it.
  const shopper = await page.context().newPage();
  const captionFiles: Request[] = [];
  shopper.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".vtt")) captionFiles.push(request);
  });
  await shopper.goto(storefront(shop, "/fr/"));
  await expect(shopper.locator("html")).toHaveAttribute("lang", "fr");
  const element = shopper.locator("clipcart-widget");
  const preview = element.locator("video.cc-preview").first();
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(() => preview.evaluate((clip: HTMLVideoElement) => (clip.muted ? clip.currentTime : -1)), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expect
    .poll(() => shownCaption(preview), { timeout: 15_000 })
    .toMatchObject({ lang: "fr", kind: "captions", text: expect.stringMatching(FRENCH) as unknown });
  // Only the shown language's file was fetched, from Shopify's CDN, as a CORS request from the shop's page (the <video> is crossorigin).
  expect(captionFiles).toHaveLength(1);
  expect(captionFiles[0]!.url()).toContain("/cdn/shop/files/");
  expect(captionFiles[0]!.headers().origin).toBe(new URL(storefront(shop)).origin);

  // The player: our copy, the French captions showing, a CC toggle named in French.
  await element
    .getByRole("button", { name: /^Lire la vidéo: / })
    .first()
    .click();
  const player = shopper.getByRole("dialog");
  const clip = player.locator("video");
  await expect(clip).toHaveAttribute("src", /\/cdn\/shop\/videos\//);
  await expect(clip).toHaveAttribute("crossorigin", "anonymous");
  await expect.poll(() => playedSeconds(clip), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expect
    .poll(() => shownCaption(clip), { timeout: 15_000 })
    .toMatchObject({ lang: "fr", label: "français", text: expect.stringMatching(FRENCH) as unknown });
  // A real text track, in the page's language.
  await expect(clip.locator('track[kind="captions"]')).toHaveCount(1);
  await expect(clip.locator('track[kind="captions"][default]')).toHaveAttribute("srclang", "fr");
  const cc = player.getByRole("button", { name: "Sous-titres (CC)", exact: true });
  await expect(cc).toHaveAttribute("aria-pressed", "true");

  // Accessible with captions on (issue 28 item 4).
  await expectAccessible(shopper, "the open player with captions", "[role=dialog], dialog");

  // CC turns them off: no track shows, no cue is active; on again, the French caption is back.
  await cc.click();
  await expect(cc).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => shownCaption(clip)).toBeNull();
  expect(await clip.evaluate((element: HTMLVideoElement) => [...element.textTracks].map((track) => track.mode))).toEqual(["disabled"]);
  await cc.press("Enter");
  await expect(cc).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => shownCaption(clip), { timeout: 15_000 }).toMatchObject({ lang: "fr", text: expect.stringMatching(FRENCH) as unknown });
});
