import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator } from "@playwright/test";
import { uniqueAccount } from "../emulators/platforms/client";
import type { StorefrontCaption, StorefrontWidget } from "../../app/storefront/widget-data";
import { expectAccessible } from "./axe";
import { approvedThroughApp, e2eDb, importedThroughApp, installedShop } from "./db";
import { SHOPIFY_URL, expect, test } from "./fixtures";
import { tiktokVideoUrl } from "./import-helpers";
import { homeCarouselThroughApp, published, storefront } from "./storefront-helpers";

// Captions on the storefront (issue 28 items 3 and 4, decision 085): on the store's French pages a muted
// preview shows a video's French captions, the open player too, CC turns them off, and axe finds nothing
// serious in the open player with captions on. The published data carries the captions as the admin side
// (decision 084) publishes them; here they are written into the widget's metafield directly, and the WebVTT
// files come from a stand-in for Shopify's CDN that answers as it does: another origin than the shop,
// `Access-Control-Allow-Origin: *`.

const FRENCH = "Bonjour ! Voici la chemise en lin.";
const ENGLISH = "Hello! Here is the linen shirt.";
/** One cue over the whole (looping) video: whenever the video plays, it is the active cue. */
const vtt = (text: string) => `WEBVTT\n\n00:00:00.000 --> 01:00:00.000\n${text}\n`;

/** The caption files, as Shopify's CDN serves Files: text/vtt, any origin allowed; the requests' headers kept. */
async function captionCdn(): Promise<{ server: Server; url: (lang: string) => string; requests: Array<{ path: string; headers: IncomingHttpHeaders }> }> {
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const files: Record<string, string> = { "/cdn/shop/files/linen.fr.vtt": vtt(FRENCH), "/cdn/shop/files/linen.en.vtt": vtt(ENGLISH) };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://cdn").pathname;
    requests.push({ path, headers: req.headers });
    const body = files[path];
    res.writeHead(body ? 200 : 404, { "Content-Type": "text/vtt; charset=utf-8", "Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache" });
    res.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: (lang) => `http://127.0.0.1:${port}/cdn/shop/files/linen.${lang}.vtt`, requests };
}

/** What a <video>'s showing caption track says now: its language and active cue (null when none shows). */
const shownCaption = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => {
    const track = [...element.textTracks].find((candidate) => candidate.mode === "showing");
    const cue = track?.activeCues?.[0] as VTTCue | undefined;
    return track ? { lang: track.language, kind: track.kind, label: track.label, text: cue ? cue.text : null } : null;
  });

test("on a French store page the muted preview and the player show the French captions, CC turns them off, and the open player passes axe", async ({
  page,
  shop,
}) => {
  const cdn = await captionCdn();
  try {
    // A carousel on the home page and an imported TikTok video approved to it, played from our copy in Shopify Files
    // (the admin's own path: storefront.e2e.ts, import.e2e.ts, mirror.e2e.ts).
    const shopRow = await installedShop(shop);
    const carousel = await homeCarouselThroughApp(shop, shopRow.id, "Captioned carousel");
    await importedThroughApp(shop, shopRow.id, "tiktok", tiktokVideoUrl(uniqueAccount()).url);
    const prisma = await e2eDb();
    const video = await prisma.video.findFirstOrThrow({ where: { shopId: shopRow.id } });
    await approvedThroughApp(shop, video.id, [carousel.id]);
    await published(shop, "widget_1", (widget) => !!widget?.videos[0]?.media?.src, 45_000);

    // Its captions, the video's own language (English) first, as the publisher writes them (decision 084).
    const captions: StorefrontCaption[] = [
      { lang: "en", src: cdn.url("en") },
      { lang: "fr", src: cdn.url("fr") },
    ];
    const state = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
      metafields: Array<{ ownerId: string; namespace: string; key: string; value: string }>;
    };
    const metafield = state.metafields.find((candidate) => candidate.namespace === "clipcart" && candidate.key === "widget_1")!;
    const widget = JSON.parse(metafield.value) as StorefrontWidget;
    widget.videos[0]!.captions = captions;
    const session = await prisma.session.findFirstOrThrow({ where: { shop: `${shop}.myshopify.com`, isOnline: false } });
    const written = await fetch(`${SHOPIFY_URL}/admin/api/2025-10/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": session.accessToken },
      body: JSON.stringify({
        query: `mutation($metafields: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $metafields) { userErrors { field message } } }`,
        variables: { metafields: [{ ownerId: metafield.ownerId, namespace: "clipcart", key: "widget_1", type: "json", value: JSON.stringify(widget) }] },
      }),
    });
    expect(await written.json()).toMatchObject({ data: { metafieldsSet: { userErrors: [] } } });
    await published(shop, "widget_1", (value) => (value?.videos[0] as { captions?: unknown } | undefined)?.captions !== undefined);

    // The store's French home page: the preview in view plays muted, with the French caption on it.
    const shopper = await page.context().newPage();
    await shopper.goto(storefront(shop, "/fr/"));
    await expect(shopper.locator("html")).toHaveAttribute("lang", "fr");
    const element = shopper.locator("clipcart-widget");
    const preview = element.locator("video.cc-preview").first();
    await preview.scrollIntoViewIfNeeded();
    await expect.poll(() => preview.evaluate((clip: HTMLVideoElement) => (clip.muted ? clip.currentTime : -1)), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await expect.poll(() => shownCaption(preview), { timeout: 15_000 }).toMatchObject({ lang: "fr", kind: "captions", text: FRENCH });
    // Only the shown language's file was fetched, as a CORS request from the shop's page (the <video> is crossorigin).
    expect(new Set(cdn.requests.map((request) => request.path))).toEqual(new Set(["/cdn/shop/files/linen.fr.vtt"]));
    expect(cdn.requests[0]!.headers.origin).toBe(new URL(storefront(shop)).origin);

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
    await expect.poll(() => shownCaption(clip), { timeout: 15_000 }).toMatchObject({ lang: "fr", label: "français", text: FRENCH });
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
    await expect.poll(() => shownCaption(clip), { timeout: 15_000 }).toMatchObject({ lang: "fr", text: FRENCH });
  } finally {
    cdn.server.close();
  }
});

const playedSeconds = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);
