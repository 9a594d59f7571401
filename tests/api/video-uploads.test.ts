// The merchant's own videos (issue 13): upload targets from Shopify, the
// browser's upload straight to Local Shopify's bucket, the Files video made
// of it, and the library video it becomes once READY; bad files are refused
// before anything is uploaded, and one Shopify cannot process never reaches
// the library.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { prisma } from "~/db.server";
import { UPLOAD_TEXT } from "~/messages";
import type { UploadStatusDto, VideoListPage } from "~/rules/api-types";
import { videoMirrorIdle } from "~/jobs/video-mirror.server";
import { action as createUploadsRoute, loader as uploadStatusRoute } from "~/routes/api.uploads._index";
import { action as targetsRoute } from "~/routes/api.uploads.targets";
import { loader as listVideosRoute, action as videoRoute } from "~/routes/api.videos.$id";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, type TestShop } from "../support/library-fixtures";
import { bootstrapMirroredShop, useMirrorRunner } from "../support/mirror-runner";
import { must, only } from "../support/must";

const mp4 = readFileSync(new URL("../fixtures/video/portrait-2s.mp4", import.meta.url));
const webm = readFileSync(new URL("../fixtures/video/portrait-2s.webm", import.meta.url));

useMirrorRunner();

interface Target {
  url: string;
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

async function targetsFor(shop: TestShop, files: Array<{ filename: string; mimeType: string; fileSize: number }>) {
  return callRoute(targetsRoute, await apiRequest(shop.domain, "/api/uploads/targets", { body: { shopId: shop.id, files } }));
}

/** The browser's part: a multipart POST of the target's parameters and the file. */
async function uploadTo(target: Target, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(target.url, { method: "POST", body: form });
  expect(response.status).toBe(201);
}

/** Targets, the upload, then the Files video; answers the upload's status as POST /api/uploads gave it. */
async function upload(shop: TestShop, bytes: Buffer, filename: string, type = "video/mp4"): Promise<UploadStatusDto> {
  const staged = await targetsFor(shop, [{ filename, mimeType: type, fileSize: bytes.length }]);
  expect(staged.status).toBe(200);
  const [target] = (await jsonOf<{ targets: Target[] }>(staged)).targets;
  await uploadTo(must(target, "an upload target"), bytes, filename, type);
  const created = await callRoute(
    createUploadsRoute,
    await apiRequest(shop.domain, "/api/uploads", { body: { shopId: shop.id, uploads: [{ resourceUrl: target!.resourceUrl, filename }] } }),
  );
  expect(created.status).toBe(202);
  return only((await jsonOf<{ uploads: UploadStatusDto[] }>(created)).uploads, "upload");
}

async function statusOf(shop: TestShop, id: string): Promise<UploadStatusDto> {
  const response = await callRoute(uploadStatusRoute, await apiRequest(shop.domain, `/api/uploads?ids=${id}`));
  return only((await jsonOf<{ uploads: UploadStatusDto[] }>(response)).uploads, "upload status");
}

async function library(shop: TestShop): Promise<VideoListPage> {
  return jsonOf<VideoListPage>(await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}`), { id: shop.id }));
}

async function videoFiles(shop: TestShop) {
  const { files } = (await localShopify(`/shops/${shop.domain}/files`)) as { files: Array<{ id: string; mediaType: string; status: string }> };
  return files.filter((file) => file.mediaType === "VIDEO");
}

describe("uploading the merchant's own videos", () => {
  it("an MP4 joins the library as a Draft 'Upload' titled after its file, with its copy already made; approving it needs no platform", async () => {
    const shop = await bootstrapMirroredShop("upload");
    const started = await upload(shop, mp4, "Summer_lookbook reel.mp4");
    expect(started).toMatchObject({ filename: "Summer_lookbook reel.mp4", status: "processing", video_id: null });
    // Nothing in the library while Shopify processes it.
    expect((await library(shop)).total).toBe(0);

    await videoMirrorIdle();
    const done = await statusOf(shop, started.id);
    expect(done).toMatchObject({ status: "ready", failure: null });
    const video = only((await library(shop)).videos, "library video");
    expect(video).toMatchObject({ id: done.video_id, platform: "upload", title: "Summer lookbook reel", enabled: false, media: { status: "ready" } });
    // Its row names it by the merchant's file, not by our id (decision 069).
    expect(video).toMatchObject({ file_name: "Summer_lookbook reel.mp4", video_id: expect.stringMatching(/^upload-/) });
    expect(video.thumbnail_url).toMatch(/^https?:\/\//);
    expect((await videoFiles(shop)).map((file) => file.status)).toEqual(["READY"]);

    const approved = await callRoute(
      toggleRoute,
      await apiRequest(shop.domain, `/api/videos/${video.id}/toggle`, { method: "PATCH", body: { enabled: true } }),
      { videoId: video.id },
    );
    expect(approved.status).toBe(200);
    await videoMirrorIdle();
    // The copy is the uploaded file itself: still one file, still ready.
    expect(await prisma.videoMirror.findUnique({ where: { videoId: video.id } })).toMatchObject({ status: "ready", attempts: 1 });
    expect(await videoFiles(shop)).toHaveLength(1);
  });

  it("a WebM joins the library like an MP4: Shopify's MP4 rendition is what plays", async () => {
    const shop = await bootstrapMirroredShop("upload");
    const started = await upload(shop, webm, "screen-recording.webm", "video/webm");
    await videoMirrorIdle();
    expect(await statusOf(shop, started.id)).toMatchObject({ status: "ready", failure: null });
    const video = only((await library(shop)).videos, "library video");
    expect(video).toMatchObject({ platform: "upload", title: "screen-recording", enabled: false, media: { status: "ready" } });
  });

  it("refuses, before anything is uploaded, another type, an oversized file and too many files, saying which and why", async () => {
    const shop = await bootstrapMirroredShop("upload");
    const refused = async (files: Array<{ filename: string; mimeType: string; fileSize: number }>) => {
      const response = await targetsFor(shop, files);
      expect(response.status).toBe(400);
      return (await jsonOf<{ error: string }>(response)).error;
    };
    expect(await refused([{ filename: "notes.pdf", mimeType: "application/pdf", fileSize: 1000 }])).toBe(UPLOAD_TEXT.wrongType("notes.pdf"));
    expect(await refused([{ filename: "long.mov", mimeType: "video/quicktime", fileSize: 300 * 1024 * 1024 }])).toBe(UPLOAD_TEXT.tooBig("long.mov"));
    expect(await refused(Array.from({ length: 11 }, (_, i) => ({ filename: `clip${i}.mp4`, mimeType: "video/mp4", fileSize: 1000 })))).toBe(
      `files: ${UPLOAD_TEXT.tooMany}`,
    );
    // A .webm named file without a MIME type is taken by its extension.
    expect((await targetsFor(shop, [{ filename: "clip.webm", mimeType: "", fileSize: 1000 }])).status).toBe(200);
    expect(await prisma.videoUpload.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("a file Shopify cannot process never reaches the library; the upload says why and its file is deleted", async () => {
    const shop = await bootstrapMirroredShop("upload");
    const notAVideo = Buffer.from("<html>a web page saved as .mp4</html>");
    const started = await upload(shop, notAVideo, "broken.mp4");
    await videoMirrorIdle();
    expect(await statusOf(shop, started.id)).toMatchObject({ status: "failed", failure: "processing_failed", video_id: null });
    expect((await library(shop)).total).toBe(0);
    expect(await videoFiles(shop)).toEqual([]);
  });

  it("another shop's uploads are not found", async () => {
    const shop = await bootstrapMirroredShop("upload");
    const other = await bootstrapShop("upload");
    const started = await upload(shop, mp4, "mine.mp4");
    const response = await callRoute(uploadStatusRoute, await apiRequest(other.domain, `/api/uploads?ids=${started.id}`));
    expect((await jsonOf<{ uploads: UploadStatusDto[] }>(response)).uploads).toEqual([]);
  });

  it("an upload's title can be changed; an imported video keeps its post's title", async () => {
    const shop = await bootstrapMirroredShop("upload");
    const started = await upload(shop, mp4, "IMG_2041.mov", "video/quicktime");
    await videoMirrorIdle();
    const videoId = must((await statusOf(shop, started.id)).video_id, "the library video");
    const rename = async (id: string, title: string) =>
      callRoute(videoRoute, await apiRequest(shop.domain, `/api/videos/${id}`, { method: "PATCH", body: { title } }), { id });

    const renamed = await rename(videoId, "  Spring   collection teaser ");
    expect(renamed.status).toBe(200);
    expect((await jsonOf<{ video: { title: string } }>(renamed)).video.title).toBe("Spring collection teaser");
    expect(only((await library(shop)).videos, "library video").title).toBe("Spring collection teaser");
    expect((await rename(videoId, "   ")).status).toBe(400);

    const [imported] = await seedVideos(shop.id, [{ title: "From TikTok" }]);
    const refused = await rename(imported.id, "Mine now");
    expect(refused.status).toBe(400);
    expect((await jsonOf<{ error: string }>(refused)).error).toBe(UPLOAD_TEXT.onlyUploadsRenamed);
  });
});

// Decision 058: Shopify's fileCreate fetches whatever URL it is given, so POST
// /api/uploads hands it only a staged target this shop was given, once, in
// time, as declared; everything else is refused before Shopify is asked.
describe("POST /api/uploads takes only the shop's own staged targets", () => {
  async function createFrom(shop: TestShop, uploads: Array<{ resourceUrl: string; filename: string }>) {
    return callRoute(createUploadsRoute, await apiRequest(shop.domain, "/api/uploads", { body: { shopId: shop.id, uploads } }));
  }

  async function refusedWith(response: Response) {
    expect(response.status).toBe(400);
    return (await jsonOf<{ error: string }>(response)).error;
  }

  /** A target for the shop with the file uploaded to it, not yet used. */
  async function stagedAndUploaded(shop: TestShop, filename = "clip.mp4"): Promise<Target> {
    const staged = await targetsFor(shop, [{ filename, mimeType: "video/mp4", fileSize: mp4.length }]);
    const target = must((await jsonOf<{ targets: Target[] }>(staged)).targets[0], "an upload target");
    await uploadTo(target, mp4, filename, "video/mp4");
    return target;
  }

  it("refuses any other URL: a loopback address, another shop's Files video, another shop's staged target", async () => {
    const shop = await bootstrapMirroredShop("upload-url");
    const other = await bootstrapMirroredShop("upload-url-other");
    const theirs = await upload(other, mp4, "theirs.mp4");
    await videoMirrorIdle();
    expect(await statusOf(other, theirs.id)).toMatchObject({ status: "ready" });
    const theirFile = only(
      ((await localShopify(`/shops/${other.domain}/files`)) as { files: Array<{ mediaType: string; url: string | null }> }).files.filter(
        (file) => file.mediaType === "VIDEO",
      ),
      "their video",
    );
    const theirTarget = await stagedAndUploaded(other, "their-next.mp4");

    for (const resourceUrl of [`${inject("localShopifyUrl")}/__local/health`, must(theirFile.url, "their file's URL"), theirTarget.resourceUrl]) {
      expect(await refusedWith(await createFrom(shop, [{ resourceUrl, filename: "clip.mp4" }]))).toBe(UPLOAD_TEXT.notStaged);
    }
    // Shopify was never asked: no file in the shop's Files, no upload recorded.
    expect(await videoFiles(shop)).toEqual([]);
    expect(await prisma.videoUpload.count({ where: { shopId: shop.id } })).toBe(0);
    // Their target is still theirs to use.
    expect((await createFrom(other, [{ resourceUrl: theirTarget.resourceUrl, filename: "their-next.mp4" }])).status).toBe(202);
  });

  it("takes a target once; a request naming one unknown target takes none of the others", async () => {
    const shop = await bootstrapMirroredShop("upload-once");
    const first = await stagedAndUploaded(shop, "first.mp4");
    const second = await stagedAndUploaded(shop, "second.mp4");

    const mixed = [
      { resourceUrl: first.resourceUrl, filename: "first.mp4" },
      { resourceUrl: `${second.resourceUrl}0`, filename: "second.mp4" },
    ];
    expect(await refusedWith(await createFrom(shop, mixed))).toBe(UPLOAD_TEXT.notStaged);
    expect(await prisma.videoUpload.count({ where: { shopId: shop.id } })).toBe(0);

    expect((await createFrom(shop, [{ resourceUrl: first.resourceUrl, filename: "first.mp4" }])).status).toBe(202);
    expect(await refusedWith(await createFrom(shop, [{ resourceUrl: first.resourceUrl, filename: "first.mp4" }]))).toBe(UPLOAD_TEXT.notStaged);
    // Named twice in one request: one file, one use.
    const twice = [
      { resourceUrl: second.resourceUrl, filename: "second.mp4" },
      { resourceUrl: second.resourceUrl, filename: "second.mp4" },
    ];
    expect(await refusedWith(await createFrom(shop, twice))).toBe(UPLOAD_TEXT.notStaged);
    expect(await prisma.videoUpload.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("refuses a target past its time, and one whose declared file the upload rules no longer take", async () => {
    const shop = await bootstrapMirroredShop("upload-lapsed");
    const lapsed = await stagedAndUploaded(shop, "late.mp4");
    await prisma.stagedUpload.updateMany({ where: { shopId: shop.id, resourceUrl: lapsed.resourceUrl }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusedWith(await createFrom(shop, [{ resourceUrl: lapsed.resourceUrl, filename: "late.mp4" }]))).toBe(UPLOAD_TEXT.notStaged);

    // The checks of /api/uploads/targets hold on this path too: a declared file over the limit is refused here.
    const oversized = await stagedAndUploaded(shop, "huge.mp4");
    await prisma.stagedUpload.updateMany({ where: { shopId: shop.id, resourceUrl: oversized.resourceUrl }, data: { fileSize: 300 * 1024 * 1024 } });
    expect(await refusedWith(await createFrom(shop, [{ resourceUrl: oversized.resourceUrl, filename: "huge.mp4" }]))).toBe(UPLOAD_TEXT.tooBig("huge.mp4"));
    expect(await videoFiles(shop)).toEqual([]);
  });

  it("the file keeps the name it was declared under, whatever name the second request gives", async () => {
    const shop = await bootstrapMirroredShop("upload-name");
    const target = await stagedAndUploaded(shop, "declared.mp4");
    const created = await createFrom(shop, [{ resourceUrl: target.resourceUrl, filename: "renamed.mov" }]);
    expect(created.status).toBe(202);
    expect(only((await jsonOf<{ uploads: UploadStatusDto[] }>(created)).uploads, "upload")).toMatchObject({ filename: "declared.mp4" });
  });
});
