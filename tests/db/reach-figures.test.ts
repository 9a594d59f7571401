// Reach figures (decision 082) on SQLite and PostgreSQL: stored by an import,
// refreshed by the next one without touching what the merchant set, safe when
// two imports of the same account race, sorted most played first with unknown
// figures last, and kept in a saved view.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import type { VideoListQuery } from "../../app/rules/api-types";
import { listVideos, saveImportedVideos } from "../../app/models/videos.server";
import { createLibraryView, listLibraryViews } from "../../app/models/library-views.server";
import type { ImportedVideo, VideoFigures } from "../../app/contracts/platforms";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const query = (overrides: Partial<VideoListQuery> = {}): VideoListQuery => ({ tab: "all", search: "", platforms: [], page: 1, ...overrides });
const unknown: VideoFigures = { plays: null, likes: null, comments: null, shares: null, saves: null, durationSeconds: null };

function imported(id: string, figures?: Partial<VideoFigures>): ImportedVideo {
  return {
    platformVideoId: id,
    title: `Video ${id}`,
    authorName: "Maker",
    channelUsername: "maker",
    thumbnailUrl: null,
    embedHtml: null,
    videoUrl: `https://www.tiktok.com/@maker/video/${id}`,
    publishedAt: null,
    ...(figures ? { figures: { ...unknown, ...figures } } : {}),
  };
}

async function figuresOf(shopId: string) {
  const page = await listVideos(shopId, query());
  return new Map(page.videos.map((video) => [video.video_id, video.figures]));
}

describe("reach figures on this database", () => {
  it("a resync refreshes the figures, keeps one it did not read, and leaves approval and tags alone", async () => {
    const shop = await createShop("reach");
    const first = await saveImportedVideos(shop.id, "tiktok", [
      imported("7300000000000000001", { plays: 1200, likes: 80, comments: 4, shares: 2, saves: 9, durationSeconds: 21 }),
    ]);
    const [videoId] = first.createdIds;
    await prisma.video.update({ where: { id: videoId }, data: { enabled: true, approvedAt: new Date() } });
    await prisma.productTag.create({ data: { shopId: shop.id, videoId: videoId!, productId: "gid://shopify/Product/1", productTitle: "Lamp" } });

    // The next read: more plays and likes, no shares (a flat export without that column).
    await saveImportedVideos(shop.id, "tiktok", [imported("7300000000000000001", { plays: 5400, likes: 310, comments: 11, saves: 12, durationSeconds: 21 })]);
    expect((await figuresOf(shop.id)).get("7300000000000000001")).toEqual({
      plays: 5400,
      likes: 310,
      comments: 11,
      shares: 2,
      saves: 12,
      duration_seconds: 21,
    });
    const row = await prisma.video.findUniqueOrThrow({ where: { id: videoId }, include: { productTags: true } });
    expect(row).toMatchObject({ enabled: true, productTags: [{ productTitle: "Lamp" }] });
    expect(row.figuresAt).toBeInstanceOf(Date);
  });

  it("a video without figures reads as unknown, never 0; a hostile figure is bounded", async () => {
    const shop = await createShop("reach-unknown");
    await saveImportedVideos(shop.id, "pinterest", [imported("5551234567")]);
    await saveImportedVideos(shop.id, "tiktok", [imported("7300000000000000002", { plays: 1e15, likes: -4 })]);
    const figures = await figuresOf(shop.id);
    expect(figures.get("5551234567")).toEqual({ plays: null, likes: null, comments: null, shares: null, saves: null, duration_seconds: null });
    expect(figures.get("7300000000000000002")).toMatchObject({ plays: 2_000_000_000, likes: null });
  });

  it("two imports of the same videos at once leave one row each, with one import's figures", async () => {
    const shop = await createShop("reach-race");
    const ids = ["7300000000000000011", "7300000000000000012", "7300000000000000013"];
    const run = (plays: number) =>
      saveImportedVideos(
        shop.id,
        "tiktok",
        ids.map((id) => imported(id, { plays, likes: plays / 10 })),
      );
    const results = await Promise.all([run(1000), run(2000)]);
    expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(3);
    const rows = await prisma.video.findMany({ where: { shopId: shop.id }, select: { playCount: true, likeCount: true } });
    expect(rows).toHaveLength(3);
    for (const row of rows) expect([row.playCount, row.likeCount === row.playCount! / 10]).toEqual([expect.any(Number), true]);
  });

  it("sorts most played first across pages, unknown plays after 0, newest first among equals, with filters", async () => {
    const shop = await createShop("reach-sort");
    // Oldest first, as an import saves them: 0..24 plays = i * 100, every fifth unknown, one with 0.
    await saveImportedVideos(
      shop.id,
      "tiktok",
      Array.from({ length: 25 }, (_, i) => imported(`7300000000000000${100 + i}`, i % 5 === 4 ? undefined : { plays: i === 3 ? 0 : i * 100 })).reverse(),
    );
    await saveImportedVideos(shop.id, "instagram", [{ ...imported("ReelSORT01", { plays: 1250 }), videoUrl: "https://www.instagram.com/reel/ReelSORT01/" }]);
    const one = await listVideos(shop.id, query({ sort: "plays" }));
    const two = await listVideos(shop.id, query({ sort: "plays", page: 2 }));
    const plays = [...one.videos, ...two.videos].map((video) => video.figures?.plays ?? null);
    expect(one.total).toBe(26);
    const known = plays.filter((value) => value !== null);
    expect(plays.slice(0, known.length)).toEqual(known);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(known.at(-1)).toBe(0);
    expect(plays.slice(known.length)).toEqual([null, null, null, null, null]);
    expect(one.videos[0]?.video_id).toBe("7300000000000000123");
    // With the platform filter, only Instagram's.
    expect((await listVideos(shop.id, query({ sort: "plays", platforms: ["instagram"] }))).videos.map((video) => video.video_id)).toEqual(["ReelSORT01"]);
    // Least played: fewest first, unknown still last; oldest first: the first saved.
    const least = await listVideos(shop.id, query({ sort: "least_played", page: 2 }));
    expect(least.videos.map((video) => video.figures?.plays ?? null).slice(-5)).toEqual([null, null, null, null, null]);
    expect((await listVideos(shop.id, query({ sort: "least_played" }))).videos[0]?.figures?.plays).toBe(0);
    expect((await listVideos(shop.id, query({ sort: "oldest" }))).videos[0]?.video_id).toBe("7300000000000000100");
    // The default order is unchanged: newest first.
    expect((await listVideos(shop.id, query())).videos[0]?.video_id).toBe("ReelSORT01");
  });

  it("a saved view keeps its order", async () => {
    const shop = await createShop("reach-view");
    const view = await createLibraryView(shop.id, { name: "Best reels", query: { platforms: ["instagram"], sort: "plays" } });
    expect(view.query).toEqual({ tab: "all", search: "", platforms: ["instagram"], sort: "plays" });
    await createLibraryView(shop.id, { name: "Plain" });
    expect((await listLibraryViews(shop.id)).map((saved) => saved.query.sort ?? "newest")).toEqual(["plays", "newest"]);
  });
});
