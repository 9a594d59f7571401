// The media refresher's rounds (decision 083) on SQLite and PostgreSQL: two
// instances at once read each post once; a run that fails, or a post the
// platform no longer shows, is let go and tried again later (not at once); a
// post refreshed keeps what another writer changed meanwhile; videos whose
// copies are made are never read.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import type { ImportedVideo, PlatformImporter } from "../../app/contracts/platforms";
import { MEDIA_REFRESH } from "../../app/constants";
import { refreshDueMedia, type MediaRefreshDependencies } from "../../app/models/media-refresh.server";
import { createShop, createVideo, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const HOUR = 3_600_000;
const soon = () => new Date(Date.now() + 30 * 60_000);

/** A TikTok importer that records which posts each lookup asked for; `gone` posts are not found, `fail` throws. */
function fakeImporter(options: { gone?: Set<string>; fail?: boolean; delayMs?: number; lifetimeMs?: number } = {}) {
  const lookups: Array<{ ids: string[]; withVideoFiles: boolean }> = [];
  const importer = {
    async lookupPosts(posts: ReadonlyArray<{ platformVideoId: string }>, opts: { withVideoFiles?: boolean } = {}) {
      lookups.push({ ids: posts.map((post) => post.platformVideoId), withVideoFiles: opts.withVideoFiles === true });
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 20));
      if (options.fail) throw new Error("The Apify run failed");
      const expires = Math.floor((Date.now() + (options.lifetimeMs ?? 47 * HOUR)) / 1000);
      const found = posts
        .filter((post) => !options.gone?.has(post.platformVideoId))
        .map((post): [string, ImportedVideo] => [
          post.platformVideoId,
          {
            platformVideoId: post.platformVideoId,
            title: null,
            authorName: null,
            channelUsername: null,
            thumbnailUrl: `https://p16.tiktokcdn.com/${post.platformVideoId}.jpeg?x-expires=${expires}&x-signature=s`,
            embedHtml: null,
            videoUrl: `https://www.tiktok.com/@a/video/${post.platformVideoId}`,
            downloadUrl: opts.withVideoFiles ? `https://api.apify.com/v2/key-value-stores/s/records/${post.platformVideoId}` : null,
            publishedAt: null,
          },
        ]);
      return new Map(found);
    },
  } as unknown as PlatformImporter;
  return { importer, lookups };
}

function deps(shopId: string, importer: PlatformImporter): MediaRefreshDependencies {
  return { importerFor: () => importer, leaseMs: 60_000, runTimeoutMs: 10_000, shopIds: [shopId] };
}

async function dueVideos(shopId: string, count: number, data: Parameters<typeof createVideo>[1] = {}) {
  const videos = [];
  for (let i = 0; i < count; i++)
    videos.push(
      await createVideo(shopId, {
        videoUrl: "https://www.tiktok.com/@a/video/1",
        thumbnailUrl: "https://p16.tiktokcdn.com/old.jpeg",
        thumbnailExpiresAt: soon(),
        ...data,
      }),
    );
  return videos;
}

describe("media refresh rounds", () => {
  it("two instances at once: every due post is read exactly once, in one run per instance at most", async () => {
    const shop = await createShop("refresh-race");
    const videos = await dueVideos(shop.id, 12);
    const { importer, lookups } = fakeImporter({ delayMs: 100 });
    const rounds = await Promise.all([refreshDueMedia(deps(shop.id, importer)), refreshDueMedia(deps(shop.id, importer))]);
    expect(rounds[0]!.claimed + rounds[1]!.claimed).toBe(12);
    const asked = lookups.flatMap((lookup) => lookup.ids);
    expect(asked.sort()).toEqual(videos.map((video) => video.platformVideoId).sort());
    expect(lookups.length).toBeLessThanOrEqual(2);
    const after = await prisma.video.findMany({ where: { shopId: shop.id } });
    for (const video of after) {
      expect(video.thumbnailUrl).toContain(video.platformVideoId);
      expect(video.thumbnailExpiresAt!.getTime() - Date.now()).toBeGreaterThan(46 * HOUR);
      expect(video.mediaRefreshOwner).toBeNull();
      expect(video.mediaRefreshUntil).toBeNull();
    }
    // Nothing left: a third round reads nothing.
    expect((await refreshDueMedia(deps(shop.id, importer))).claimed).toBe(0);
  });

  it("a failed run and a post no longer found are let go until the retry time, then read again", async () => {
    const shop = await createShop("refresh-fail");
    const [kept, gone] = await dueVideos(shop.id, 2);
    const failing = fakeImporter({ fail: true });
    expect(await refreshDueMedia(deps(shop.id, failing.importer))).toMatchObject({ claimed: 2, runs: 1, refreshed: 0 });
    const held = await prisma.video.findMany({ where: { shopId: shop.id } });
    for (const video of held) {
      expect(video.mediaRefreshOwner).toBeNull();
      expect(video.mediaRefreshUntil!.getTime() - Date.now()).toBeGreaterThan((MEDIA_REFRESH.retryMinutes - 1) * 60_000);
      expect(video.thumbnailUrl).toBe("https://p16.tiktokcdn.com/old.jpeg");
    }
    // Not at once: the next round leaves them alone.
    const working = fakeImporter({ gone: new Set([gone!.platformVideoId]) });
    expect((await refreshDueMedia(deps(shop.id, working.importer))).claimed).toBe(0);
    expect(working.lookups).toHaveLength(0);

    // Once the retry time has passed they are read again: the one found is refreshed, the gone one waits again.
    await prisma.video.updateMany({ where: { shopId: shop.id }, data: { mediaRefreshUntil: new Date(Date.now() - 1000) } });
    expect(await refreshDueMedia(deps(shop.id, working.importer))).toMatchObject({ claimed: 2, refreshed: 1 });
    expect((await prisma.video.findUniqueOrThrow({ where: { id: kept!.id } })).thumbnailUrl).toContain(kept!.platformVideoId);
    const stillGone = await prisma.video.findUniqueOrThrow({ where: { id: gone!.id } });
    expect(stillGone.thumbnailUrl).toBe("https://p16.tiktokcdn.com/old.jpeg");
    expect(stillGone.mediaRefreshUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("a platform that hands out URLs already about to expire is not asked again before the retry time", async () => {
    const shop = await createShop("refresh-short");
    await dueVideos(shop.id, 2);
    const { importer, lookups } = fakeImporter({ lifetimeMs: 10 * 60_000 });
    expect(await refreshDueMedia(deps(shop.id, importer))).toMatchObject({ claimed: 2, runs: 1, refreshed: 2 });
    expect(await refreshDueMedia(deps(shop.id, importer))).toMatchObject({ claimed: 0, runs: 0 });
    expect(lookups).toHaveLength(1);
  });

  it("copied videos cost nothing: a cover with our copy, a file whose copy is made, and a Draft's file are never read", async () => {
    const shop = await createShop("refresh-none");
    const past = new Date(Date.now() - HOUR);
    await dueVideos(shop.id, 3, { storedThumbnailUrl: "https://cdn.shopify.com/cover.jpg" });
    const [mirrored] = await dueVideos(shop.id, 1, {
      storedThumbnailUrl: "https://cdn.shopify.com/cover.jpg",
      enabled: true,
      downloadUrl: "https://api.apify.com/old",
      downloadExpiresAt: past,
    });
    await prisma.videoMirror.create({ data: { videoId: mirrored!.id, shopId: shop.id, status: "ready" } });
    await dueVideos(shop.id, 1, { storedThumbnailUrl: "https://cdn.shopify.com/cover.jpg", downloadUrl: "https://api.apify.com/old", downloadExpiresAt: past });
    // Expired a fortnight ago: left to the next resync.
    await dueVideos(shop.id, 1, { thumbnailExpiresAt: new Date(Date.now() - 14 * 24 * HOUR) });
    const { importer, lookups } = fakeImporter();
    expect(await refreshDueMedia(deps(shop.id, importer))).toMatchObject({ claimed: 0, runs: 0 });
    expect(lookups).toHaveLength(0);
  });

  it("an approved video waiting for its copy gets its file with the paid download asked for; a cover-only refresh does not pay for files", async () => {
    const shop = await createShop("refresh-file");
    const [approved] = await dueVideos(shop.id, 1, {
      storedThumbnailUrl: "https://cdn.shopify.com/cover.jpg",
      enabled: true,
      downloadUrl: "https://api.apify.com/old",
      downloadExpiresAt: soon(),
    });
    await prisma.videoMirror.create({ data: { videoId: approved!.id, shopId: shop.id, status: "pending" } });
    const [draft] = await dueVideos(shop.id, 1);
    const { importer, lookups } = fakeImporter();
    expect(await refreshDueMedia(deps(shop.id, importer))).toMatchObject({ claimed: 2, runs: 2, refreshed: 2 });
    expect(lookups).toEqual(
      expect.arrayContaining([
        { ids: [approved!.platformVideoId], withVideoFiles: true },
        { ids: [draft!.platformVideoId], withVideoFiles: false },
      ]),
    );
    const file = await prisma.video.findUniqueOrThrow({ where: { id: approved!.id } });
    expect(file.downloadUrl).toContain(approved!.platformVideoId);
    // The record URL carries no expiry of its own: TikTok's 6-hour clock from the run.
    expect((file.downloadExpiresAt!.getTime() - Date.now()) / HOUR).toBeGreaterThan(5.9);
    expect((file.downloadExpiresAt!.getTime() - Date.now()) / HOUR).toBeLessThanOrEqual(6);
  });
});
