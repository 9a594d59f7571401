import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { ChannelDto, ImportJobDto, VideoDto, VideoListPage } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";
import { failInterruptedImportJobs } from "~/models/import-jobs.server";
import { STALE_AFTER_MS } from "~/models/import-job-limits.server";
import { configureImportRunner, resetImportRunner, waitForImportRunnerIdle } from "~/jobs/import-runner.server";
import { ImportError, type ChannelImportResult, type PlatformId, type PlatformImporter } from "~/contracts/platforms";
import { action as importChannelRoute } from "~/routes/api.channels._index";
import { loader as listChannelsRoute, action as deleteChannelRoute } from "~/routes/api.channels.$id";
import { action as syncChannelRoute } from "~/routes/api.channels.$channelId.sync";
import { action as importSingleRoute } from "~/routes/api.videos.single";
import { loader as getJobRoute } from "~/routes/api.import-jobs.$jobId";
import { action as cancelJobRoute } from "~/routes/api.import-jobs.$jobId.cancel";
import { loader as listJobsRoute } from "~/routes/api.import-jobs._index";
import { loader as listVideosRoute } from "~/routes/api.videos.$id";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { action as addTagRoute } from "~/routes/api.videos.$videoId.tags";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { must, only } from "../support/must";
import { expectConsoleError } from "../support/console-guard";
import {
  bootstrapShop,
  deferred,
  fakeImporter,
  importedChannel,
  importedVideo,
  jsonOf,
  seedVideos,
  seedWidgets,
  startImageServer,
  type TestShop,
} from "../support/library-fixtures";

/** The importers the runner gets in this file, per platform; each test scripts its own. */
let importers: Partial<Record<PlatformId, PlatformImporter>> = {};

beforeEach(() => {
  importers = {};
  configureImportRunner({
    importerFor: (platform) => {
      const importer = importers[platform];
      if (!importer) throw new ImportError("invalid_input", `no fake importer for ${platform}`);
      return importer;
    },
    readinessOf: () => null,
    thumbnailPollDelaysMs: [50, 100, 200, 400, 800, 1600],
  });
});

afterEach(async () => {
  await waitForImportRunnerIdle();
  resetImportRunner();
});

const videoId = (n: number) => String(7_400_000_000_000_000_000n + BigInt(n));
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => videoId(from + i));

async function importChannel(shop: TestShop, body: Record<string, unknown>) {
  return callRoute(importChannelRoute, await apiRequest(shop.domain, "/api/channels", { body: { shopId: shop.id, ...body } }));
}

async function startedJob(response: Response): Promise<ImportJobDto> {
  expect(response.status).toBe(202);
  return (await jsonOf<{ job: ImportJobDto }>(response)).job;
}

async function getJob(shop: TestShop, jobId: string) {
  const response = await callRoute(getJobRoute, await apiRequest(shop.domain, `/api/import-jobs/${jobId}`), { jobId });
  return { status: response.status, job: response.ok ? (await jsonOf<{ job: ImportJobDto }>(response)).job : null };
}

async function finishedJob(shop: TestShop, jobId: string): Promise<ImportJobDto> {
  await waitForImportRunnerIdle();
  const { job } = await getJob(shop, jobId);
  return job!;
}

async function library(shop: TestShop, query = ""): Promise<VideoListPage> {
  const response = await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}${query}`), { id: shop.id });
  return jsonOf<VideoListPage>(response);
}

async function channelsOf(shop: TestShop): Promise<ChannelDto[]> {
  const response = await callRoute(listChannelsRoute, await apiRequest(shop.domain, `/api/channels/${shop.id}`), { id: shop.id });
  return (await jsonOf<{ channels: ChannelDto[] }>(response)).channels;
}

function channelResult(username: string, videoIds: string[], extra: Partial<ChannelImportResult> = {}): ChannelImportResult {
  return { channel: importedChannel(username), videos: videoIds.map((id) => importedVideo(id)), ...extra };
}

describe("POST /api/channels: an account import runs as a job", () => {
  it("answers 202 at once, shows progress while the importer works, then the result", async () => {
    const shop = await bootstrapShop();
    const gate = deferred<ChannelImportResult>();
    const { importer, calls } = fakeImporter("tiktok", { channel: () => gate.promise });
    importers.tiktok = importer;

    const job = await startedJob(await importChannel(shop, { username: "@Creator", platform: "tiktok" }));
    expect(job).toMatchObject({ kind: "channel", platform: "tiktok", input: "creator", status: "queued", videos_added: 0, error: null });

    await expect.poll(async () => (await getJob(shop, job.id)).job?.status).toBe("running");
    const active = await callRoute(listJobsRoute, await apiRequest(shop.domain, "/api/import-jobs?active=1"));
    expect((await jsonOf<{ jobs: ImportJobDto[] }>(active)).jobs.map((j) => j.id)).toEqual([job.id]);

    gate.resolve(channelResult("creator", ids(0, 25)));
    const done = await finishedJob(shop, job.id);
    expect(done).toMatchObject({
      status: "succeeded",
      videos_added: 25,
      progress: { fetched: 25, saved: 25, total: 25 },
      error: null,
      error_kind: null,
      channel_id: expect.any(String),
    });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();
    expect(calls).toEqual([{ method: "channel", input: "creator" }]);

    const channel = only(await channelsOf(shop), "imported channel");
    expect(channel).toMatchObject({ id: done.channel_id, platform: "tiktok", username: "creator", display_name: "creator display", follower_count: 1234 });
    expect(channel.last_synced_at).not.toBeNull();

    const page = await library(shop);
    expect(page).toMatchObject({ total: 25, pageCount: 2 });
    // The feed's first (newest) video is on top.
    expect(page.videos[0]?.video_id).toBe(videoId(0));
    expect(page.videos.every((video) => video.enabled === false)).toBe(true);

    // Finished a moment ago: still in the active list, so the page can show the result after navigating back.
    const recent = await callRoute(listJobsRoute, await apiRequest(shop.domain, "/api/import-jobs?active=1"));
    expect((await jsonOf<{ jobs: ImportJobDto[] }>(recent)).jobs[0]).toMatchObject({ id: job.id, status: "succeeded" });
  });

  it("a failure part-way keeps what was fetched and records the importer's failure", async () => {
    const shop = await bootstrapShop();
    importers.tiktok = fakeImporter("tiktok", {
      channel: () => channelResult("creator", ids(100, 7), { error: { kind: "timeout", message: "Import timeout: the Apify run reached its time limit" } }),
    }).importer;

    const job = await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }));
    const done = await finishedJob(shop, job.id);
    expect(done).toMatchObject({
      status: "failed",
      videos_added: 7,
      progress: { fetched: 7, saved: 7, total: 7 },
      error: "Import timeout: the Apify run reached its time limit",
      error_kind: "timeout",
    });
    expect((await library(shop)).total).toBe(7);
    const channel = only(await channelsOf(shop), "channel");
    expect(channel.last_sync_error).toBe("Import timeout: the Apify run reached its time limit");
  });

  it("an import that finds nothing fails with the importer's kind and creates no account", async () => {
    const shop = await bootstrapShop();
    importers.instagram = fakeImporter("instagram", {
      channel: () => {
        throw new ImportError("private", "The account is private");
      },
    }).importer;
    const job = await startedJob(await importChannel(shop, { username: "hidden.account", platform: "instagram" }));
    expect(await finishedJob(shop, job.id)).toMatchObject({ status: "failed", error_kind: "private", error: "The account is private", videos_added: 0 });
    expect(await channelsOf(shop)).toEqual([]);
  });

  it("a crash inside the importer is a failed job with a generic message, not a stuck one", async () => {
    expectConsoleError(/Import failed unexpectedly/);
    const shop = await bootstrapShop();
    importers.tiktok = fakeImporter("tiktok", {
      channel: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'authorMeta')");
      },
    }).importer;
    const job = await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }));
    const done = await finishedJob(shop, job.id);
    expect(done).toMatchObject({ status: "failed", error_kind: "failed", error: "The import failed unexpectedly. Please try again." });
  });

  it("re-importing never duplicates and keeps tags, widget assignments and approval; only new videos are added", async () => {
    const shop = await bootstrapShop();
    let feed = ids(200, 5);
    let titleSuffix = "";
    importers.tiktok = fakeImporter("tiktok", {
      channel: (username) => ({
        channel: importedChannel(username),
        videos: feed.map((id) => importedVideo(id, { title: `Clip ${id}${titleSuffix}` })),
      }),
    }).importer;

    const first = await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }));
    expect((await finishedJob(shop, first.id)).videos_added).toBe(5);

    const [widget] = await seedWidgets(shop.id, [{ name: "Home" }]);
    const approvedVideo = (await library(shop)).videos.find((video) => video.video_id === feed[0])!;
    const taggedVideo = (await library(shop)).videos.find((video) => video.video_id === feed[1])!;
    await callRoute(
      toggleRoute,
      await apiRequest(shop.domain, `/api/videos/${approvedVideo.id}/toggle`, { method: "PATCH", body: { enabled: true, widgetIds: [widget.id] } }),
      {
        videoId: approvedVideo.id,
      },
    );
    await callRoute(
      addTagRoute,
      await apiRequest(shop.domain, `/api/videos/${taggedVideo.id}/tags`, {
        body: { productId: "gid://shopify/Product/7", productTitle: "Scarf", shopId: shop.id },
      }),
      { videoId: taggedVideo.id },
    );

    feed = [...ids(300, 3), ...feed];
    titleSuffix = " (edited)";
    const again = await startedJob(await importChannel(shop, { username: "Creator", platform: "tiktok" }));
    const done = await finishedJob(shop, again.id);
    expect(done).toMatchObject({ status: "succeeded", videos_added: 3, progress: { fetched: 8, saved: 8, total: 8 } });

    const page = await library(shop);
    expect(page.total).toBe(8);
    const byVideoId = new Map<string, VideoDto>(page.videos.map((video) => [video.video_id, video]));
    const [, , , approvedId, taggedId] = feed;
    expect(byVideoId.get(must(approvedId, "the approved video's id"))).toMatchObject({
      id: approvedVideo.id,
      enabled: true,
      widget_names: ["Home"],
      title: `Clip ${approvedId} (edited)`,
    });
    expect(byVideoId.get(must(taggedId, "the tagged video's id"))!.product_tags.map((tag) => tag.product_title)).toEqual(["Scarf"]);
    expect(await channelsOf(shop)).toHaveLength(1);
  });

  it("the same import clicked twice while running is one job", async () => {
    const shop = await bootstrapShop();
    const gate = deferred<ChannelImportResult>();
    const { importer, calls } = fakeImporter("tiktok", { channel: () => gate.promise });
    importers.tiktok = importer;
    const first = await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }));
    const second = await startedJob(await importChannel(shop, { username: "@CREATOR", platform: "tiktok" }));
    expect(second.id).toBe(first.id);
    gate.resolve(channelResult("creator", ids(400, 2)));
    await finishedJob(shop, first.id);
    expect(calls).toHaveLength(1);
  });

  it("runs at most two imports at a time per process; the others wait queued", async () => {
    // Premium: three imports at once are more than Free's cap (decision 061).
    const shop = await bootstrapShop("lib", "premium");
    const gates = new Map<string, ReturnType<typeof deferred<ChannelImportResult>>>();
    importers.tiktok = fakeImporter("tiktok", {
      channel: (username) => {
        const gate = deferred<ChannelImportResult>();
        gates.set(username, gate);
        return gate.promise;
      },
    }).importer;
    const jobs: ImportJobDto[] = [];
    for (const username of ["alpha", "beta", "gamma"]) jobs.push(await startedJob(await importChannel(shop, { username, platform: "tiktok" })));

    await expect.poll(() => gates.size).toBe(2);
    const statuses = async () => Promise.all(jobs.map(async (job) => (await getJob(shop, job.id)).job!.status));
    expect(await statuses()).toEqual(["running", "running", "queued"]);

    gates.get("alpha")!.resolve(channelResult("alpha", ids(1000, 1)));
    await expect.poll(() => gates.size).toBe(3);
    gates.get("beta")!.resolve(channelResult("beta", ids(1010, 1)));
    gates.get("gamma")!.resolve(channelResult("gamma", ids(1020, 1)));
    await waitForImportRunnerIdle();
    expect(await statuses()).toEqual(["succeeded", "succeeded", "succeeded"]);
  });

  it("refuses bad input with 400, a Coming Soon platform with 400, and a missing Apify token with 503", async () => {
    const shop = await bootstrapShop();
    const missing = await importChannel(shop, { platform: "tiktok" });
    expect(missing.status).toBe(400);
    expect((await jsonOf<{ error: string }>(missing)).error).toMatch(/^username: /);

    const badPlatform = await importChannel(shop, { username: "creator", platform: "myspace" });
    expect(badPlatform.status).toBe(400);
    expect((await jsonOf<{ error: string }>(badPlatform)).error).toMatch(/^platform: platform must be one of tiktok, instagram/);

    const badUsername = await importChannel(shop, { username: "not a username!", platform: "tiktok" });
    expect(badUsername.status).toBe(400);
    expect((await jsonOf<{ error: string }>(badUsername)).error).toMatch(/is not a valid TikTok username\.$/);

    importers.snapchat = fakeImporter("snapchat").importer;
    const comingSoon = await importChannel(shop, { username: "creator", platform: "snapchat" });
    expect(comingSoon.status).toBe(400);
    expect((await jsonOf<{ error: string }>(comingSoon)).error).toMatch(/Snapchat/);

    // Pinterest imports pins by URL only.
    importers.pinterest = fakeImporter("pinterest").importer;
    const pinterestAccount = await importChannel(shop, { username: "creator", platform: "pinterest" });
    expect(pinterestAccount.status).toBe(400);

    // The default readiness check: Apify platforms need APIFY_TOKEN.
    importers.tiktok = fakeImporter("tiktok", { channel: () => channelResult("creator", []) }).importer;
    configureImportRunner({ readinessOf: (importer) => (importer.config.actorId ? { kind: "missing_token", message: LIBRARY_TEXT.missingApifyToken } : null) });
    const noToken = await importChannel(shop, { username: "creator", platform: "tiktok" });
    expect(noToken.status).toBe(503);
    expect(await noToken.json()).toEqual({ error: LIBRARY_TEXT.missingApifyToken });

    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

describe("POST /api/channels/{channelId}/sync", () => {
  it("adds only new videos, updates last_synced_at, and records a failed resync on the account", async () => {
    const shop = await bootstrapShop();
    let feed = ids(500, 4);
    let failNext = false;
    importers.tiktok = fakeImporter("tiktok", {
      channel: (username) => {
        if (failNext) throw new ImportError("private", "The account is private");
        return channelResult(username, feed);
      },
    }).importer;
    const imported = await finishedJob(shop, (await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }))).id);
    const channelId = imported.channel_id!;
    const firstSync = only(await channelsOf(shop), "channel").last_synced_at!;

    const sync = async (id = channelId, as = shop) =>
      callRoute(syncChannelRoute, await apiRequest(as.domain, `/api/channels/${id}/sync`, { body: {} }), { channelId: id });

    feed = [...ids(600, 2), ...feed];
    const job = await startedJob(await sync());
    expect(job).toMatchObject({ kind: "sync", input: "creator", channel_id: channelId });
    expect(await finishedJob(shop, job.id)).toMatchObject({ status: "succeeded", videos_added: 2 });
    expect((await library(shop)).total).toBe(6);
    const channel = only(await channelsOf(shop), "channel");
    expect(channel.last_synced_at! > firstSync).toBe(true);

    failNext = true;
    const failed = await finishedJob(shop, (await startedJob(await sync())).id);
    expect(failed).toMatchObject({ status: "failed", error_kind: "private" });
    expect((await channelsOf(shop))[0]).toMatchObject({ last_sync_error: "The account is private", last_synced_at: channel.last_synced_at });
    expect((await library(shop)).total).toBe(6);

    // Another shop's account: 404, and no job.
    const other = await bootstrapShop();
    expect((await sync(channelId, other)).status).toBe(404);
    expect(await prisma.importJob.count({ where: { shopId: other.id } })).toBe(0);
  });
});

describe("POST /api/videos/single", () => {
  const importSingle = async (shop: TestShop, body: Record<string, unknown>) =>
    callRoute(importSingleRoute, await apiRequest(shop.domain, "/api/videos/single", { body: { shopId: shop.id, ...body } }));

  it("imports one video (or pin) as a job, without creating an account", async () => {
    const shop = await bootstrapShop();
    const url = "https://www.pinterest.com/pin/123456789/";
    const { importer, calls } = fakeImporter("pinterest", {
      video: () => importedVideo("123456789", { title: "A pin", videoUrl: url, channelUsername: null }),
    });
    importers.pinterest = importer;
    const job = await startedJob(await importSingle(shop, { videoUrl: url, platform: "pinterest" }));
    expect(job).toMatchObject({ kind: "single", input: url, channel_id: null });
    expect(await finishedJob(shop, job.id)).toMatchObject({ status: "succeeded", videos_added: 1, progress: { fetched: 1, saved: 1, total: 1 } });
    expect(calls).toEqual([{ method: "video", input: url }]);
    expect((await library(shop, "?platform=pinterest")).videos[0]).toMatchObject({
      video_id: "123456789",
      title: "A pin",
      embed_url: "https://assets.pinterest.com/ext/embed.html?id=123456789",
    });
    expect(await channelsOf(shop)).toEqual([]);

    // Again: no duplicate.
    const again = await finishedJob(shop, (await startedJob(await importSingle(shop, { videoUrl: url, platform: "pinterest" }))).id);
    expect(again).toMatchObject({ status: "succeeded", videos_added: 0 });
    expect((await library(shop)).total).toBe(1);
  });

  it("refuses a URL that is not one of the platform's videos, and a missing URL, with 400", async () => {
    const shop = await bootstrapShop();
    importers.tiktok = fakeImporter("tiktok").importer;
    for (const [body, message] of [
      [{ videoUrl: "https://www.instagram.com/reel/abc/", platform: "tiktok" }, "This is not a link to a TikTok video. Paste the link of a public video."],
      [{ videoUrl: "javascript:alert(1)", platform: "tiktok" }, "This is not a link to a TikTok video. Paste the link of a public video."],
      [{ platform: "tiktok" }, /^videoUrl: /],
    ] as const) {
      const response = await importSingle(shop, body);
      expect(response.status).toBe(400);
      expect((await jsonOf<{ error: string }>(response)).error).toMatch(message);
    }
  });
});

describe("thumbnail copies (Shopify Files)", () => {
  let images: Awaited<ReturnType<typeof startImageServer>>;
  beforeAll(async () => {
    images = await startImageServer();
  });
  afterAll(() => images.close());

  it("asks Shopify to keep a copy of each thumbnail and serves it; a broken thumbnail does not fail the import", async () => {
    const shop = await bootstrapShop();
    const [good, broken] = [videoId(700), videoId(701)];
    importers.tiktok = fakeImporter("tiktok", {
      channel: (username) => ({
        channel: importedChannel(username),
        videos: [
          importedVideo(good, { thumbnailUrl: `${images.url}/thumb/${good}.png?x-expires=1` }),
          importedVideo(broken, { thumbnailUrl: `${images.url}/expired/${broken}.jpg` }),
        ],
      }),
    }).importer;

    const job = await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }));
    expect(await finishedJob(shop, job.id)).toMatchObject({ status: "succeeded", videos_added: 2 });

    const stored = await prisma.video.findMany({ where: { shopId: shop.id }, orderBy: { platformVideoId: "asc" } });
    const [copied, failed] = [stored.find((v) => v.platformVideoId === good)!, stored.find((v) => v.platformVideoId === broken)!];
    expect(copied.thumbnailFileId).toMatch(/^gid:\/\/shopify\/MediaImage\/\d+$/);
    expect(copied.storedThumbnailUrl).toMatch(/\/cdn\/shop\/files\/\d+\.png$/);
    expect(failed.thumbnailFileId).toBeNull();
    expect(failed.storedThumbnailUrl).toBeNull();

    // Shopify's Files hold the copy, made from the platform's original URL.
    const state = (await localShopify(`/shops/${shop.domain}/state`)) as { files: Array<{ originalSource: string; status: string }> };
    expect(state.files.map((file) => [file.originalSource, file.status]).sort()).toEqual(
      [
        [`${images.url}/thumb/${good}.png?x-expires=1`, "READY"],
        [`${images.url}/expired/${broken}.jpg`, "FAILED"],
      ].sort(),
    );

    const byVideoId = new Map((await library(shop)).videos.map((video) => [video.video_id, video]));
    expect(byVideoId.get(good)!.thumbnail_url).toBe(copied.storedThumbnailUrl);
    expect(byVideoId.get(broken)!.thumbnail_url).toBe(`${images.url}/expired/${broken}.jpg`);
    // The copy really is served by Shopify's CDN (here: Local Shopify).
    const cdn = await fetch(copied.storedThumbnailUrl!);
    expect(cdn.headers.get("content-type")).toBe("image/png");

    // A re-import does not copy again what is already copied.
    const before = state.files.length;
    await finishedJob(shop, (await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }))).id);
    const after = (await localShopify(`/shops/${shop.domain}/state`)) as { files: unknown[] };
    expect(after.files.length).toBe(before + 1); // only the broken one is tried again
  });
});

describe("jobs and accounts of another shop, interrupted jobs, removing an account", () => {
  it("another shop's job or account is a 404 and stays", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    importers.tiktok = fakeImporter("tiktok", { channel: (username) => channelResult(username, ids(800, 3)) }).importer;
    const theirJob = await finishedJob(theirs, (await startedJob(await importChannel(theirs, { username: "creator", platform: "tiktok" }))).id);

    expect((await getJob(mine, theirJob.id)).status).toBe(404);
    const listed = await callRoute(listJobsRoute, await apiRequest(mine.domain, "/api/import-jobs?active=1"));
    expect((await jsonOf<{ jobs: unknown[] }>(listed)).jobs).toEqual([]);
    const namedTheirs = await callRoute(listJobsRoute, await apiRequest(mine.domain, `/api/import-jobs?active=1&shopId=${theirs.id}`));
    expect(namedTheirs.status).toBe(404);

    const channelId = theirJob.channel_id!;
    const removed = await callRoute(deleteChannelRoute, await apiRequest(mine.domain, `/api/channels/${channelId}`, { method: "DELETE" }), { id: channelId });
    expect(removed.status).toBe(404);
    expect(await prisma.channel.count({ where: { id: channelId } })).toBe(1);
    expect(await prisma.video.count({ where: { shopId: theirs.id } })).toBe(3);
    const theirList = await callRoute(listChannelsRoute, await apiRequest(mine.domain, `/api/channels/${theirs.id}`), { id: theirs.id });
    expect(theirList.status).toBe(404);
  });

  it("a job left running by a dead process is reported failed once stale", async () => {
    const shop = await bootstrapShop();
    const old = new Date(Date.now() - STALE_AFTER_MS - 5000);
    const stale = await prisma.importJob.create({
      data: { shopId: shop.id, kind: "channel", platform: "tiktok", input: "creator", status: "running", startedAt: old, updatedAt: old },
    });
    const fresh = await prisma.importJob.create({ data: { shopId: shop.id, kind: "channel", platform: "tiktok", input: "other", status: "running" } });
    const { job } = await getJob(shop, stale.id);
    expect(job).toMatchObject({ status: "failed", error: LIBRARY_TEXT.importInterrupted, error_kind: "failed" });
    expect((await getJob(shop, fresh.id)).job?.status).toBe("running");

    const queuedLongAgo = await prisma.importJob.create({
      data: { shopId: shop.id, kind: "single", platform: "tiktok", input: "https://www.tiktok.com/@a/video/1", updatedAt: old },
    });
    expect(await failInterruptedImportJobs()).toBeGreaterThanOrEqual(1);
    expect((await prisma.importJob.findUniqueOrThrow({ where: { id: queuedLongAgo.id } })).status).toBe("failed");
    await prisma.importJob.delete({ where: { id: fresh.id } });
  });

  it("removing an account deletes its videos but not videos imported one by one", async () => {
    const shop = await bootstrapShop();
    importers.tiktok = fakeImporter("tiktok", { channel: (username) => channelResult(username, ids(900, 4)) }).importer;
    const job = await finishedJob(shop, (await startedJob(await importChannel(shop, { username: "creator", platform: "tiktok" }))).id);
    await seedVideos(shop.id, [{ title: "Imported on its own" }]);

    const response = await callRoute(deleteChannelRoute, await apiRequest(shop.domain, `/api/channels/${job.channel_id}`, { method: "DELETE" }), {
      id: job.channel_id!,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, videosDeleted: 4 });
    expect((await library(shop)).videos.map((video) => video.title)).toEqual(["Imported on its own"]);
    expect(await channelsOf(shop)).toEqual([]);
    // The job's history stays, without its account.
    expect((await getJob(shop, job.id)).job).toMatchObject({ status: "succeeded", channel_id: null });
  });
});

describe("POST /api/import-jobs/{jobId}/cancel (issue 15, item 14)", () => {
  const cancel = async (shop: TestShop, jobId: string) =>
    callRoute(cancelJobRoute, await apiRequest(shop.domain, `/api/import-jobs/${jobId}/cancel`, { method: "POST" }), { jobId });

  it("stops a running import at once; the job says cancelled and the runner is free again", async () => {
    const shop = await bootstrapShop();
    let asked = false;
    importers.tiktok = fakeImporter("tiktok", {
      // A platform that never answers: only the cancel ends this job.
      channel: () => {
        asked = true;
        return new Promise<ChannelImportResult>(() => {});
      },
    }).importer;
    const job = await startedJob(await importChannel(shop, { username: "slowpoke", platform: "tiktok" }));
    await expect.poll(() => asked).toBe(true);

    const response = await cancel(shop, job.id);
    expect(response.status).toBe(200);
    expect((await jsonOf<{ job: ImportJobDto }>(response)).job).toMatchObject({ id: job.id, status: "cancelled", error: null });
    await waitForImportRunnerIdle();
    expect(must((await getJob(shop, job.id)).job, "job").status).toBe("cancelled");

    // An ended job is answered as it is; another shop's job is not found.
    expect((await jsonOf<{ job: ImportJobDto }>(await cancel(shop, job.id))).job.status).toBe("cancelled");
    const other = await bootstrapShop();
    expect((await cancel(other, job.id)).status).toBe(404);
  });

  it("a cancelled resync keeps the account and every video it had", async () => {
    const shop = await bootstrapShop();
    let slow = false;
    let asked = false;
    importers.tiktok = fakeImporter("tiktok", {
      channel: (username) => {
        if (!slow) return channelResult(username, ids(700, 5));
        asked = true;
        return new Promise<ChannelImportResult>(() => {});
      },
    }).importer;
    const imported = await finishedJob(shop, (await startedJob(await importChannel(shop, { username: "keeper", platform: "tiktok" }))).id);
    const channelId = must(imported.channel_id, "channel");

    slow = true;
    const sync = await startedJob(
      await callRoute(syncChannelRoute, await apiRequest(shop.domain, `/api/channels/${channelId}/sync`, { body: {} }), { channelId }),
    );
    await expect.poll(() => asked).toBe(true);
    expect((await jsonOf<{ job: ImportJobDto }>(await cancel(shop, sync.id))).job.status).toBe("cancelled");
    await waitForImportRunnerIdle();
    expect((await library(shop)).total).toBe(5);
    expect(only(await channelsOf(shop), "channel")).toMatchObject({ id: channelId, username: "keeper", last_sync_error: null });
  });
});
