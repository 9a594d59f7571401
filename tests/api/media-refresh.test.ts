// Signed media URLs refreshed before they expire (decision 083), with the real
// importers, the platform emulators (which sign on the platforms' clocks and
// refuse expired URLs with 403) and Local Shopify's Files: the expiries an
// import stores, the refresher reading again only the posts whose URLs are
// still needed, and a Draft approved after its file URL expired still copied.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { configureMediaRefresh, resetMediaRefresh, runMediaRefreshRound } from "~/jobs/media-refresh.server";
import { configureVideoMirror, videoMirrorIdle, wakeVideoMirror } from "~/jobs/video-mirror.server";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { loader as listVideosRoute } from "~/routes/api.videos.$id";
import { loader as listChannelsRoute } from "~/routes/api.channels.$id";
import type { ChannelDto, VideoListPage } from "~/rules/api-types";
import { platformControl, uniqueAccount } from "../emulators/platforms/client";
import { apiRequest, callRoute } from "../support/app-requests";
import { jsonOf, type TestShop } from "../support/library-fixtures";
import { bootstrapMirroredShop, importAccount, useMirrorRunner } from "../support/mirror-runner";

const platforms = platformControl();
const HOUR = 3_600_000;

useMirrorRunner();
beforeEach(() => configureMediaRefresh({ shopIds: [], thumbnailCopies: { pollDelaysMs: [300, 600, 1200] } }));
afterEach(() => resetMediaRefresh());

async function refresherFor(shop: TestShop) {
  configureMediaRefresh({ shopIds: [shop.id] });
}

async function approve(shop: TestShop, videoId: string) {
  const response = await callRoute(toggleRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body: { enabled: true } }), {
    videoId,
  });
  expect(response.status).toBe(200);
}

async function videosOf(shop: TestShop) {
  return prisma.video.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "desc" } });
}

/** Actor runs that read any of these posts. */
async function runsNaming(actorId: string, ids: readonly string[]) {
  return (await platforms.runs({ actorId })).filter((run) => ids.some((id) => JSON.stringify(run.input).includes(id)));
}

const hoursFromNow = (date: Date | null) => (date ? (date.getTime() - Date.now()) / HOUR : null);

describe("an import stores when each signed URL expires", () => {
  it("Instagram: the cover's and the file's own oe (3.4 days and 33 h after the run); TikTok: the cover's x-expires (47 h), and no file from an account import", async () => {
    const shop = await bootstrapMirroredShop("refresh");
    await importAccount(shop, "instagram", uniqueAccount());
    const [reel] = await videosOf(shop);
    expect(hoursFromNow(reel!.thumbnailExpiresAt)).toBeGreaterThan(81);
    expect(hoursFromNow(reel!.thumbnailExpiresAt)).toBeLessThanOrEqual(81.6);
    expect(parseInt(new URL(reel!.thumbnailUrl!).searchParams.get("oe")!, 16)).toBe(reel!.thumbnailExpiresAt!.getTime() / 1000);
    expect(hoursFromNow(reel!.downloadExpiresAt)).toBeGreaterThan(32.9);
    expect(hoursFromNow(reel!.downloadExpiresAt)).toBeLessThanOrEqual(33);

    await importAccount(shop, "tiktok", uniqueAccount());
    const tiktok = (await videosOf(shop)).find((video) => video.platform === "tiktok")!;
    expect(hoursFromNow(tiktok.thumbnailExpiresAt)).toBeGreaterThan(46.9);
    expect(tiktok.downloadUrl).toBeNull();
    expect(tiktok.downloadExpiresAt).toBeNull();
    const account = await prisma.channel.findFirstOrThrow({ where: { shopId: shop.id, platform: "tiktok" } });
    expect(hoursFromNow(account.avatarExpiresAt)).toBeGreaterThan(46.9);

    // Nothing expires within the margin: the refresher reads nothing.
    await refresherFor(shop);
    expect(await runMediaRefreshRound()).toMatchObject({ claimed: 0, runs: 0 });
  });
});

describe("the refresher reads again the posts whose URLs the app still needs", () => {
  it("covers without our copy, about to expire, are read again in one run, stored with their new expiry, and copied into Shopify Files", async () => {
    const shop = await bootstrapMirroredShop("refresh");
    const name = uniqueAccount();
    // Covers handed out 30 minutes before they expire, as a run 81 hours ago would have left them.
    await platforms.setAccount("instagram", name, { thumbnailTtlSeconds: 1800 });
    await importAccount(shop, "instagram", name);
    await platforms.setAccount("instagram", name, { thumbnailTtlSeconds: null });
    const before = await videosOf(shop);
    expect(before.length).toBeGreaterThan(3);
    // Our copies of the first import were still processing (their URLs not read yet): all need the platform's cover.
    expect(before.every((video) => video.storedThumbnailUrl === null)).toBe(true);
    expect(before.every((video) => hoursFromNow(video.thumbnailExpiresAt)! < 0.6)).toBe(true);

    await refresherFor(shop);
    const round = await runMediaRefreshRound();
    expect(round).toMatchObject({ claimed: before.length, runs: 1, refreshed: before.length });
    const runs = await runsNaming(
      "apify/instagram-reel-scraper",
      before.map((video) => video.platformVideoId),
    );
    expect(runs.filter((run) => run.input && JSON.stringify(run.input).includes("/reel/"))).toHaveLength(1);

    const after = await videosOf(shop);
    for (const video of after) {
      const old = before.find((candidate) => candidate.id === video.id)!;
      expect(video.thumbnailUrl).not.toBe(old.thumbnailUrl);
      expect(hoursFromNow(video.thumbnailExpiresAt)).toBeGreaterThan(81);
      expect((await fetch(video.thumbnailUrl!)).status).toBe(200);
    }
    // Shopify was asked again for our copies, which are READY now: the next round has nothing to read.
    expect(after.filter((video) => video.storedThumbnailUrl !== null).length).toBe(after.length);
    expect(await runMediaRefreshRound()).toMatchObject({ claimed: 0, runs: 0 });
  });

  it("the library shows the platform's tile, never a broken picture, for a cover that expired before it could be read again", async () => {
    const shop = await bootstrapMirroredShop("refresh");
    await importAccount(shop, "instagram", uniqueAccount());
    const [video] = await videosOf(shop);
    await prisma.video.update({ where: { id: video!.id }, data: { storedThumbnailUrl: null, thumbnailExpiresAt: new Date(Date.now() - 60_000) } });
    const listed = await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}`), { id: shop.id });
    const row = (await jsonOf<VideoListPage>(listed)).videos.find((candidate) => candidate.id === video!.id);
    expect(row?.thumbnail_url).toBeNull();
  });

  it("an account's picture is shown while it works, then not (the initial shows) until the next sync brings a fresh one", async () => {
    const shop = await bootstrapMirroredShop("refresh");
    const name = uniqueAccount();
    await importAccount(shop, "tiktok", name);
    const listAvatar = async () => {
      const response = await callRoute(listChannelsRoute, await apiRequest(shop.domain, `/api/channels/${shop.id}`), { id: shop.id });
      return (await jsonOf<{ channels: ChannelDto[] }>(response)).channels[0]!.avatar_url;
    };
    const avatar = await listAvatar();
    expect(avatar).toMatch(/x-expires=/);
    expect((await fetch(avatar!)).status).toBe(200);
    // As 48 hours later (its stored expiry passed): the admin no longer offers it.
    await prisma.channel.updateMany({ where: { shopId: shop.id }, data: { avatarExpiresAt: new Date(Date.now() - 60_000) } });
    expect(await listAvatar()).toBeNull();
  });

  it("an approved video whose copy is not made yet gets a fresh file URL before its own expires; Drafts' files and copied videos cost nothing", async () => {
    const shop = await bootstrapMirroredShop("refresh");
    const name = uniqueAccount();
    await platforms.setAccount("instagram", name, { videoTtlSeconds: 1800 });
    await importAccount(shop, "instagram", name);
    await platforms.setAccount("instagram", name, { videoTtlSeconds: null });
    const videos = await videosOf(shop);
    // Our covers exist (the refresher has no cover to read); two approvals wait for their copies (no runner here).
    await prisma.video.updateMany({ where: { shopId: shop.id }, data: { storedThumbnailUrl: "https://cdn.shopify.com/s/files/cover.jpg" } });
    configureVideoMirror({ enabled: false });
    const [first, second, copied] = videos;
    await approve(shop, first!.id);
    await approve(shop, second!.id);
    // A third, approved long ago, whose copy is made: its URL expiring costs nothing.
    await approve(shop, copied!.id);
    await prisma.videoMirror.update({ where: { videoId: copied!.id }, data: { status: "ready", sources: "[]" } });

    await refresherFor(shop);
    expect(await runMediaRefreshRound()).toMatchObject({ claimed: 2, runs: 1, refreshed: 2 });
    const runs = await runsNaming(
      "apify/instagram-reel-scraper",
      videos.map((video) => video.platformVideoId),
    );
    const refreshRun = runs.at(-1)!;
    const asked = (refreshRun.input as { username: string[] }).username;
    expect(asked.sort()).toEqual([first!, second!].map((video) => `https://www.instagram.com/reel/${video.platformVideoId}/`).sort());

    for (const video of [first!, second!]) {
      const fresh = await prisma.video.findUniqueOrThrow({ where: { id: video.id } });
      expect(fresh.downloadUrl).not.toBe(video.downloadUrl);
      expect(hoursFromNow(fresh.downloadExpiresAt)).toBeGreaterThan(32.9);
    }
    for (const video of videos.slice(2)) expect((await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).downloadUrl).toBe(video.downloadUrl);
    expect(await runMediaRefreshRound()).toMatchObject({ claimed: 0, runs: 0 });

    // And the copies are made from those fresh URLs.
    configureVideoMirror({ enabled: true });
    wakeVideoMirror();
    await videoMirrorIdle();
    for (const video of [first!, second!])
      expect(await prisma.videoMirror.findUnique({ where: { videoId: video.id } })).toMatchObject({ status: "ready", attempts: 1 });
  });
});

describe("the mirror never sends Shopify a file URL it knows has expired", () => {
  it("a Draft approved after its file URL expired is copied from a fresh URL on the first attempt", async () => {
    const shop = await bootstrapMirroredShop("refresh");
    const name = uniqueAccount();
    // Files handed out already expired: the Draft was imported two days before its approval.
    await platforms.setAccount("instagram", name, { videoTtlSeconds: -3600 });
    await importAccount(shop, "instagram", name);
    await platforms.setAccount("instagram", name, { videoTtlSeconds: null });
    const [draft] = await videosOf(shop);
    expect(hoursFromNow(draft!.downloadExpiresAt)).toBeLessThan(0);
    expect((await fetch(draft!.downloadUrl!)).status).toBe(403);

    await approve(shop, draft!.id);
    // While it is prepared the library says so; the storefront keeps the platform's player.
    const listed = await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}`), { id: shop.id });
    expect((await jsonOf<VideoListPage>(listed)).videos.find((row) => row.id === draft!.id)?.media?.status).toMatch(/preparing|ready/);
    await videoMirrorIdle();

    // One copy asked for: no fileCreate was spent on the expired URL.
    expect(await prisma.videoMirror.findUnique({ where: { videoId: draft!.id } })).toMatchObject({ status: "ready", attempts: 1, failure: null });
    const fresh = await prisma.video.findUniqueOrThrow({ where: { id: draft!.id } });
    expect(fresh.downloadUrl).not.toBe(draft!.downloadUrl);
    expect(hoursFromNow(fresh.downloadExpiresAt)).toBeGreaterThan(32.9);
  });
});
