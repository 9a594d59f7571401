// Captions (decision 084) through the API, the real TikTok importer, the
// platform emulators and Local Shopify's Files: a TikTok import brings every
// language the post offers, copied into the shop's Files; a merchant's .srt
// upload and a cue edit are copied and published; a broken file is refused
// with its line and changes nothing; the storefront data lists only captions
// whose copy is ready; another shop's video is not found.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { CaptionDto } from "~/rules/api-types";
import { configureVideoMirror, videoMirrorIdle, wakeVideoMirror } from "~/jobs/video-mirror.server";
import { storefrontPublishSettled } from "~/models/storefront-publishing.server";
import { action as captionsRoute, loader as listCaptionsRoute } from "~/routes/api.videos.$videoId.captions._index";
import { action as captionRoute } from "~/routes/api.videos.$videoId.captions.$lang";
import { action as deleteVideoRoute } from "~/routes/api.videos.$id";
import type { StorefrontWidget } from "~/storefront/widget-data";
import { platformControl, uniqueAccount } from "../emulators/platforms/client";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { jsonOf, seedVideos, seedWidgets, type TestShop } from "../support/library-fixtures";
import { bootstrapMirroredShop, importAccount, useMirrorRunner } from "../support/mirror-runner";
import { must } from "../support/must";

const platforms = platformControl();

useMirrorRunner({ captions: true });

async function captionsOf(shop: TestShop, videoId: string): Promise<{ status: number; captions: CaptionDto[] }> {
  const response = await callRoute(listCaptionsRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/captions`), { videoId });
  return { status: response.status, captions: response.status === 200 ? (await jsonOf<{ captions: CaptionDto[] }>(response)).captions : [] };
}

async function upload(shop: TestShop, videoId: string, body: { lang: string; filename: string; text: string }) {
  return callRoute(captionsRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/captions`, { body }), { videoId });
}

async function edit(shop: TestShop, videoId: string, lang: string, cues: unknown) {
  return callRoute(captionRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/captions/${lang}`, { method: "PUT", body: { cues } }), {
    videoId,
    lang,
  });
}

async function publishedVideos(shop: TestShop): Promise<StorefrontWidget["videos"]> {
  await storefrontPublishSettled(shop.id);
  const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: Array<{ namespace: string; key: string; value: string }> };
  const widget = state.metafields.find((m) => m.namespace === "clipcart" && m.key === "widget_1");
  return widget ? (JSON.parse(widget.value) as StorefrontWidget).videos : [];
}

/** An approved video in the shop's first widget, so the storefront data lists it. */
async function videoOnTheStore(shop: TestShop) {
  const [widget] = await seedWidgets(shop.id, [{ name: "Home" }]);
  const [video] = await seedVideos(shop.id, [{ title: "Unboxing", enabled: true }]);
  await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id, position: 0 } });
  return video;
}

const SRT = "1\n00:00:00,500 --> 00:00:01,500\nHello & welcome\n\n2\n00:00:01,600 --> 00:00:02,800\n<i>Our new mug</i>\n";

describe("captions from TikTok", () => {
  it("an account import asks the actor for subtitles and brings every language, the spoken one first, copied into Shopify Files as our own WebVTT", async () => {
    const shop = await bootstrapMirroredShop("captions");
    const account = uniqueAccount();
    await importAccount(shop, "tiktok", account);
    await videoMirrorIdle();
    const runs = await platforms.runs({ actorId: "clockworks/tiktok-scraper", contains: account });
    expect(runs.some((run) => (run.input as { shouldDownloadSubtitles?: boolean }).shouldDownloadSubtitles === true)).toBe(true);

    const videos = await prisma.video.findMany({ where: { shopId: shop.id }, include: { captions: true } });
    const withCaptions = videos.filter((video) => video.captions.length > 0);
    // The emulator gives one post in four subtitles.
    expect(withCaptions.length).toBeGreaterThan(0);
    expect(withCaptions.length).toBeLessThan(videos.length);
    const video = must(withCaptions[0], "a video with captions");
    const { captions } = await captionsOf(shop, video.id);
    expect(captions.map((caption) => [caption.lang, caption.source, caption.spoken, caption.status])).toEqual([
      ["en", "platform", true, "ready"],
      ["es", "platform", false, "ready"],
      ["fr", "platform", false, "ready"],
    ]);
    const french = must(
      captions.find((caption) => caption.lang === "fr"),
      "French captions",
    );
    expect(french.cues?.[0]).toEqual({ start: 0, end: 1000, text: "Salut tout le monde, bon retour !" });
    // Our copy on the CDN: the links from TikTok are not kept (they expire).
    const copy = await fetch(must(french.url, "the copy's URL"));
    expect(copy.headers.get("content-type")).toMatch(/^text\/vtt/);
    expect(await copy.text()).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nSalut tout le monde, bon retour !\n\n00:00:01.000 --> 00:00:02.000\nAujourd'hui je vous montre ma trouvaille préférée.\n\n00:00:02.000 --> 00:00:02.900\nLe lien est dans la boutique ci-dessous.\n",
    );
    expect((await prisma.videoCaption.findMany({ where: { shopId: shop.id, sourceUrl: { not: null } } })).length).toBe(0);
  }, 60_000);

  it("a hostile account's subtitles reach the store as text only", async () => {
    const shop = await bootstrapMirroredShop("captions");
    await importAccount(shop, "tiktok", uniqueAccount("evil"));
    await videoMirrorIdle();
    const caption = must(await prisma.videoCaption.findFirst({ where: { shopId: shop.id, status: "ready" } }), "a copied caption");
    const copied = await (await fetch(must(caption.fileUrl, "its copy"))).text();
    expect(copied).toContain("alert(1)Sale");
    expect(copied).not.toMatch(/<script|<img|<c\./);
    expect(copied).toContain("&amp; more");
  });
});

describe("the merchant's captions", () => {
  it("an .srt upload is stored as WebVTT and published once its copy is ready, not before", async () => {
    const shop = await bootstrapMirroredShop("captions");
    const video = await videoOnTheStore(shop);
    configureVideoMirror({ enabled: false });
    const response = await upload(shop, video.id, { lang: "en", filename: "mug.srt", text: SRT });
    expect(response.status).toBe(201);
    const { caption } = await jsonOf<{ caption: CaptionDto }>(response);
    expect(caption).toMatchObject({ lang: "en", source: "uploaded", spoken: true, status: "pending", url: null });
    expect(caption.cues).toEqual([
      { start: 500, end: 1500, text: "Hello & welcome" },
      { start: 1600, end: 2800, text: "Our new mug" },
    ]);
    expect((await publishedVideos(shop))[0]?.captions).toBeUndefined();

    configureVideoMirror({ enabled: true });
    wakeVideoMirror();
    await videoMirrorIdle();
    const published = must((await publishedVideos(shop))[0]?.captions, "published captions");
    expect(published).toEqual([{ lang: "en", src: expect.stringMatching(/^http/) as string }]);
    expect(await (await fetch(published[0]!.src)).text()).toContain("00:00:00.500 --> 00:00:01.500\nHello &amp; welcome");
  });

  it("a broken file is refused with its line, and nothing changes", async () => {
    const shop = await bootstrapMirroredShop("captions");
    const video = await videoOnTheStore(shop);
    expect((await upload(shop, video.id, { lang: "fr", filename: "ok.srt", text: SRT })).status).toBe(201);
    const broken = "1\n00:00:01,000 --> 00:00:02,000\nBonjour\n\n2\n00:00:03,000 -> 00:00:04,000\nMerci\n";
    const refused = await upload(shop, video.id, { lang: "fr", filename: "broken.srt", text: broken });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Line 6: expected a caption's times, like 00:00:01.000 --> 00:00:04.000.");
    const vtt = await upload(shop, video.id, { lang: "de", filename: "x.vtt", text: "00:00:01.000 --> 00:00:02.000\nHallo\n" });
    expect(await vtt.text()).toContain("Line 1: a WebVTT file must start with WEBVTT.");
    const { captions } = await captionsOf(shop, video.id);
    expect(captions.map((caption) => [caption.lang, caption.source, caption.cues?.[0]?.text])).toEqual([["fr", "uploaded", "Hello & welcome"]]);
  });

  it("an edited cue is checked, copied again and republished; the previous copy is deleted", async () => {
    const shop = await bootstrapMirroredShop("captions");
    const video = await videoOnTheStore(shop);
    await upload(shop, video.id, { lang: "en", filename: "mug.srt", text: SRT });
    await videoMirrorIdle();
    const first = must(await prisma.videoCaption.findFirst({ where: { videoId: video.id } }), "the caption");
    expect(first.status).toBe("ready");

    const backwards = await edit(shop, video.id, "en", [{ start: 2000, end: 1000, text: "x" }]);
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("Caption 1: it must end after it starts.");
    const empty = await edit(shop, video.id, "en", [
      { start: 0, end: 1000, text: "ok" },
      { start: 1000, end: 2000, text: " " },
    ]);
    expect(await empty.text()).toContain("Caption 2: it has no text.");

    const edited = await edit(shop, video.id, "en", [
      { start: 500, end: 1500, text: "Hello and welcome" },
      { start: 1600, end: 2800, text: "Our new mug" },
    ]);
    expect(edited.status).toBe(200);
    expect((await jsonOf<{ caption: CaptionDto }>(edited)).caption).toMatchObject({ source: "edited", status: "pending" });
    // Until the new copy is ready, shoppers keep the previous one.
    expect((await publishedVideos(shop))[0]?.captions?.[0]?.src).toBe(first.fileUrl);
    await videoMirrorIdle();
    const published = must((await publishedVideos(shop))[0]?.captions?.[0], "the published caption");
    expect(published.src).not.toBe(first.fileUrl);
    expect(await (await fetch(published.src)).text()).toContain("Hello and welcome");
    const { files } = (await localShopify(`/shops/${shop.domain}/files`)) as { files: Array<{ id: string }> };
    expect(files.map((file) => file.id)).not.toContain(first.fileId);
  });

  it("removing a language unpublishes it and deletes its file; deleting the video deletes the rest", async () => {
    const shop = await bootstrapMirroredShop("captions");
    const video = await videoOnTheStore(shop);
    await upload(shop, video.id, { lang: "en", filename: "en.srt", text: SRT });
    await upload(shop, video.id, { lang: "fr", filename: "fr.srt", text: SRT });
    await videoMirrorIdle();
    const removed = await callRoute(captionRoute, await apiRequest(shop.domain, `/api/videos/${video.id}/captions/en`, { method: "DELETE" }), {
      videoId: video.id,
      lang: "en",
    });
    expect(removed.status).toBe(204);
    await videoMirrorIdle();
    expect((await publishedVideos(shop))[0]?.captions?.map((caption) => caption.lang)).toEqual(["fr"]);
    // French stands for the video's own language now.
    expect((await captionsOf(shop, video.id)).captions).toMatchObject([{ lang: "fr", spoken: true }]);
    const { files } = (await localShopify(`/shops/${shop.domain}/files`)) as { files: Array<{ id: string; mediaType: string }> };
    expect(files.filter((file) => file.mediaType === "FILE")).toHaveLength(1);

    const deleted = await callRoute(deleteVideoRoute, await apiRequest(shop.domain, `/api/videos/${video.id}`, { method: "DELETE" }), { id: video.id });
    expect(deleted.status).toBeLessThan(300);
    await videoMirrorIdle();
    expect(await prisma.videoCaption.count({ where: { videoId: video.id } })).toBe(0);
    const after = (await localShopify(`/shops/${shop.domain}/files`)) as { files: Array<{ mediaType: string }> };
    expect(after.files.filter((file) => file.mediaType === "FILE")).toHaveLength(0);
  });

  it("another shop's video is not found, and an unknown language is refused", async () => {
    const shop = await bootstrapMirroredShop("captions");
    const other = await bootstrapMirroredShop("captions");
    const video = await videoOnTheStore(shop);
    expect((await captionsOf(other, video.id)).status).toBe(404);
    expect((await upload(other, video.id, { lang: "en", filename: "a.srt", text: SRT })).status).toBe(404);
    expect((await edit(other, video.id, "en", [{ start: 0, end: 1000, text: "x" }])).status).toBe(404);
    const unknown = await upload(shop, video.id, { lang: "xx", filename: "a.srt", text: SRT });
    expect(unknown.status).toBe(400);
    expect(await prisma.videoCaption.count({ where: { videoId: video.id } })).toBe(0);
  });
});
