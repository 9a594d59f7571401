// Video mirrors (decision 035) with the real importers, the platform
// emulators and Local Shopify's Files: an approval asks for a copy of the
// video in Shopify Files, the runner follows Shopify's processing to READY
// or FAILED, a stale source URL is fetched again once, and deleting the video
// deletes its file.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { VideoListPage } from "~/rules/api-types";
import { waitForImportRunnerIdle } from "~/jobs/import-runner.server";
import { configureVideoMirror, runVideoMirrorRound, videoMirrorIdle, wakeVideoMirror } from "~/jobs/video-mirror.server";
import { action as importSingleRoute } from "~/routes/api.videos.single";
import { action as deleteVideoRoute, loader as listVideosRoute } from "~/routes/api.videos.$id";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { platformControl, uniqueAccount, uniquePinId } from "../emulators/platforms/client";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { jsonOf, type TestShop } from "../support/library-fixtures";
import { bootstrapMirroredShop, importAccount, useMirrorRunner } from "../support/mirror-runner";
import { must } from "../support/must";

const platforms = platformControl();

useMirrorRunner();

async function importPin(shop: TestShop, pinId: string): Promise<void> {
  const body = { shopId: shop.id, videoUrl: `https://www.pinterest.com/pin/${pinId}/`, platform: "pinterest" };
  const response = await callRoute(importSingleRoute, await apiRequest(shop.domain, "/api/videos/single", { body }));
  expect(response.status).toBe(202);
  await waitForImportRunnerIdle();
}

async function approve(shop: TestShop, videoId: string) {
  const response = await callRoute(toggleRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: true } }), {
    videoId,
  });
  expect(response.status).toBe(200);
}

async function unpublish(shop: TestShop, videoId: string) {
  const response = await callRoute(toggleRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: false } }), {
    videoId,
  });
  expect(response.status).toBe(200);
}

interface LocalFile {
  id: string;
  mediaType: string;
  status: string;
  originalSource: string;
}

async function shopVideoFiles(shop: TestShop): Promise<LocalFile[]> {
  const { files } = (await localShopify(`/shops/${shop.domain}/files`)) as { files: LocalFile[] };
  return files.filter((file) => file.mediaType === "VIDEO");
}

async function firstVideo(shop: TestShop) {
  return must(await prisma.video.findFirst({ where: { shopId: shop.id }, orderBy: { createdAt: "desc" } }), "an imported video");
}

async function mirrorOf(videoId: string) {
  return must(await prisma.videoMirror.findUnique({ where: { videoId } }), "the video's mirror");
}

describe("a video is copied to Shopify Files when it is approved", () => {
  it("TikTok: the approval asks for the copy without waiting for it; the runner fetches the video with the actor's download option and records the READY file", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    const account = uniqueAccount();
    await importAccount(shop, "tiktok", account);
    const video = await firstVideo(shop);
    // Account imports do not pay for downloads: the mirror fetches the file for approved videos only.
    expect(video.downloadUrl).toBeNull();

    await approve(shop, video.id);
    expect((await prisma.videoMirror.findUnique({ where: { videoId: video.id } }))?.status).toMatch(/pending|processing/);
    // Shopify takes a moment (Local Shopify: two 250 ms steps): the row says the video is being prepared.
    const listed = await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}`), { id: shop.id });
    expect((await jsonOf<VideoListPage>(listed)).videos.find((row) => row.id === video.id)?.media).toEqual({ status: "preparing", failure: null, src: null });
    await videoMirrorIdle();

    const mirror = await mirrorOf(video.id);
    expect(mirror).toMatchObject({ status: "ready", failure: null, attempts: 1 });
    expect(mirror.fileId).toMatch(/^gid:\/\/shopify\/Video\/\d+$/);
    expect(mirror.durationMs).toBeGreaterThan(0);
    expect(mirror.posterUrl).toMatch(/^https?:\/\//);
    const sources = JSON.parse(mirror.sources ?? "[]") as Array<{ url: string; format: string; width: number; height: number }>;
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]).toMatchObject({ format: "mp4" });
    expect(sources[0]!.height).toBeGreaterThan(sources[0]!.width);
    const played = await fetch(sources[0]!.url, { headers: { Range: "bytes=0-7" } });
    expect(played.status).toBe(206);
    expect(
      Buffer.from(await played.arrayBuffer())
        .subarray(4, 8)
        .toString("latin1"),
    ).toBe("ftyp");

    const runs = await platforms.runs({ actorId: "clockworks/tiktok-scraper", contains: video.platformVideoId });
    expect(runs.some((run) => (run.input as { shouldDownloadVideos?: boolean }).shouldDownloadVideos === true)).toBe(true);
    expect((await shopVideoFiles(shop)).map((file) => file.id)).toEqual([mirror.fileId]);
  });

  it("copies asked for together fetch their files in one platform run and go to Shopify together", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const videos = (await prisma.video.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "asc" } })).slice(0, 3);
    expect(videos).toHaveLength(3);
    // Three approvals before the runner looks (as a bulk approval or a busy minute would leave them).
    configureVideoMirror({ enabled: false });
    for (const video of videos) await approve(shop, video.id);
    configureVideoMirror({ enabled: true });
    wakeVideoMirror();
    await videoMirrorIdle();

    for (const video of videos) expect(await mirrorOf(video.id)).toMatchObject({ status: "ready", attempts: 1 });
    const downloads = (await platforms.runs({ actorId: "clockworks/tiktok-scraper" })).filter(
      (run) =>
        (run.input as { shouldDownloadVideos?: boolean }).shouldDownloadVideos === true &&
        videos.some((video) => JSON.stringify(run.input).includes(video.platformVideoId)),
    );
    expect(downloads).toHaveLength(1);
    expect((downloads[0]!.input as { postURLs: string[] }).postURLs).toHaveLength(3);
    expect(await shopVideoFiles(shop)).toHaveLength(3);
  });

  it("approving again, unpublishing and re-approving keep the one copy", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    await approve(shop, video.id);
    await videoMirrorIdle();
    const { fileId } = await mirrorOf(video.id);
    await approve(shop, video.id);
    await unpublish(shop, video.id);
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "ready", fileId });
    expect(await shopVideoFiles(shop)).toHaveLength(1);
  });

  it("Instagram: an expired CDN URL from the import fails Shopify's download; the runner fetches a fresh one for that reel and copies it", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "instagram", uniqueAccount());
    const video = await firstVideo(shop);
    expect(video.downloadUrl).toMatch(/^https?:\/\//);
    await platforms.expireVideo("instagram", video.platformVideoId);

    await approve(shop, video.id);
    await videoMirrorIdle();

    const mirror = await mirrorOf(video.id);
    expect(mirror).toMatchObject({ status: "ready", attempts: 2 });
    const fresh = must(await prisma.video.findUnique({ where: { id: video.id } }), "the video");
    expect(fresh.downloadUrl).not.toBe(video.downloadUrl);
    // The failed first copy is deleted; the good one stays.
    await videoMirrorIdle();
    const files = await shopVideoFiles(shop);
    expect(files.map((file) => [file.id, file.status])).toEqual([[mirror.fileId, "READY"]]);
  });

  it("Pinterest: the pin's video comes from the scraper's video list", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    const pinId = uniquePinId();
    await importPin(shop, pinId);
    const video = await firstVideo(shop);
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "ready" });
    const runs = await platforms.runs({ actorId: "epctex/pinterest-scraper", contains: pinId });
    expect(runs).toHaveLength(1);
  });
});

describe("copies that cannot be made say why, and the video stays on the platform's player", () => {
  it("Shopify fails the processing: the mirror is failed with Shopify's reason", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    // The video's download (the actor's key-value store record), not its thumbnail copy, which also names the post.
    await localShopify(`/shops/${shop.domain}/files/fail-next`, {
      source: "/key-value-stores/",
      code: "VIDEO_VALIDATION_ERROR",
      details: "Unsupported codec",
    });
    await approve(shop, video.id);
    await videoMirrorIdle();
    const mirror = await mirrorOf(video.id);
    expect(mirror).toMatchObject({ status: "failed", failure: "processing_failed", attempts: 1, sources: null });
    expect(mirror.failureDetail).toMatch(/VIDEO_VALIDATION_ERROR.*Unsupported codec/);
    // The library row says the storefront keeps the platform's player, and why.
    const listed = await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}`), { id: shop.id });
    const row = (await jsonOf<VideoListPage>(listed)).videos.find((candidate) => candidate.id === video.id);
    expect(row?.media).toEqual({ status: "failed", failure: "processing_failed", src: null });
  });

  it("Shopify cannot download the source even from a freshly fetched URL: the mirror fails 'download_failed' after two copies, both deleted", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    for (let attempt = 0; attempt < 2; attempt++) {
      await localShopify(`/shops/${shop.domain}/files/fail-next`, {
        source: "/key-value-stores/",
        code: "GENERIC_FILE_DOWNLOAD_FAILURE",
        details: "Download failed with HTTP 403",
      });
    }
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "failed", failure: "download_failed", attempts: 2, fileId: null });
    const downloads = await platforms.runs({ actorId: "clockworks/tiktok-scraper", contains: video.platformVideoId });
    expect(downloads.filter((run) => (run.input as { shouldDownloadVideos?: boolean }).shouldDownloadVideos === true)).toHaveLength(2);
    expect(await shopVideoFiles(shop)).toEqual([]);
  });

  it("the post was removed at the source before the copy: the mirror fails with no source", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    await platforms.setPost("tiktok", video.platformVideoId, { removed: true });
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "failed", failure: "no_source", fileId: null });
    expect(await shopVideoFiles(shop)).toEqual([]);
  });

  it("the platform's runs fail when asked for the file: the copy is retried, ends 'platform_failed' (never 'no source'), and approving again makes it", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    const account = uniqueAccount();
    await importAccount(shop, "tiktok", account);
    const video = await firstVideo(shop);
    // Every run that looks up the account's posts fails part-way: nothing says whether the post is still there.
    await platforms.setAccount("tiktok", account, { scenario: "fail" });
    configureVideoMirror({ pollDelaysMs: [0] });
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "failed", failure: "platform_failed", fileId: null, polls: 4 });

    // The platform answers again; the merchant unpublishes and approves again: the copy is made.
    await platforms.setAccount("tiktok", account, { scenario: null });
    await unpublish(shop, video.id);
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "ready", attempts: 1 });
    expect((await shopVideoFiles(shop)).map((file) => file.status)).toEqual(["READY"]);
  });

  it("Shopify still processing after the time limit: the mirror fails with timeout, and its file is deleted", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    configureVideoMirror({ processingTimeoutMs: 0, pollDelaysMs: [0] });
    // Shopify keeps transcoding for as long as the test needs, however busy the machine.
    await localShopify(`/shops/${shop.domain}/files/hold`, { held: true });
    try {
      await approve(shop, video.id);
      await videoMirrorIdle();
    } finally {
      await localShopify(`/shops/${shop.domain}/files/hold`, { held: false });
    }
    expect(await mirrorOf(video.id)).toMatchObject({ status: "failed", failure: "timeout", fileId: null });
    // The copy Shopify was still making is not left in the merchant's Files.
    await expect.poll(async () => shopVideoFiles(shop), { timeout: 10_000 }).toEqual([]);
  });

  it("Shopify not answering: a step is retried with backoff, and the copy is made once Shopify answers", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    let calls = 0;
    const { offlineAdminGraphql } = await import("~/shopify/offline-admin.server");
    configureVideoMirror({
      adminGraphqlFor: async (domain) => {
        const graphql = await offlineAdminGraphql(domain);
        return (async (...args: Parameters<typeof graphql>) => {
          calls += 1;
          if (calls === 1) throw new Error("socket hang up");
          return graphql(...args);
        }) as typeof graphql;
      },
    });
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await mirrorOf(video.id)).toMatchObject({ status: "ready", attempts: 1 });
    expect(calls).toBeGreaterThan(2);
  });
});

describe("deleting a video deletes its copy", () => {
  it("the file is gone from Shopify Files once the runner has run", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await importAccount(shop, "tiktok", uniqueAccount());
    const video = await firstVideo(shop);
    await approve(shop, video.id);
    await videoMirrorIdle();
    expect(await shopVideoFiles(shop)).toHaveLength(1);

    const deleted = await callRoute(deleteVideoRoute, await apiRequest(shop.domain, `/api/videos/${video.id}`, { method: "DELETE" }), { id: video.id });
    expect(deleted.status).toBe(200);
    await videoMirrorIdle();
    expect(await shopVideoFiles(shop)).toEqual([]);
    expect(await prisma.fileDeletion.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("a file already deleted in Shopify's admin counts as deleted", async () => {
    const shop = await bootstrapMirroredShop("mirror");
    await prisma.fileDeletion.create({ data: { shopId: shop.id, fileId: "gid://shopify/Video/999999999" } });
    await runVideoMirrorRound();
    expect(await prisma.fileDeletion.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
