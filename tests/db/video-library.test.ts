// The Video Library's queries behave the same on SQLite and PostgreSQL
// (node scripts/db.mjs test-both): case-insensitive search with LIKE's special
// characters taken literally, filters, paging, and idempotent imports.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import type { VideoListQuery } from "../../app/rules/api-types";
import { listVideos, upsertImportedVideos } from "../../app/models/videos.server";
import type { ImportedVideo } from "../../app/contracts/platforms";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const query = (overrides: Partial<VideoListQuery> = {}): VideoListQuery => ({ tab: "all", search: "", platforms: [], page: 1, ...overrides });

function imported(id: string, title: string, overrides: Partial<ImportedVideo> = {}): ImportedVideo {
  return {
    platformVideoId: id,
    title,
    authorName: "Ünïcode Author",
    channelUsername: "sunny_shop",
    thumbnailUrl: null,
    embedHtml: null,
    videoUrl: `https://www.tiktok.com/@sunny_shop/video/${id}`,
    publishedAt: null,
    ...overrides,
  };
}

describe("listVideos on this database", () => {
  it("searches case-insensitively (also beyond ASCII) and takes %, _ and \\ literally", async () => {
    const shop = await createShop("search");
    await upsertImportedVideos(shop.id, "tiktok", [
      imported("1", "Sale 50% OFF"),
      imported("2", "Sale 500 off", { channelUsername: "sunnyxshop" }),
      imported("3", "Back\\slash"),
      imported("4", "ÉTÉ Collection"),
    ]);
    const titles = async (search: string) => (await listVideos(shop.id, query({ search }))).videos.map((video) => video.title).sort();
    expect(await titles("sale 50% off")).toEqual(["Sale 50% OFF"]);
    expect(await titles("%")).toEqual(["Sale 50% OFF"]);
    expect(await titles("sunny_shop")).toEqual(["Back\\slash", "Sale 50% OFF", "ÉTÉ Collection"]);
    expect(await titles("k\\s")).toEqual(["Back\\slash"]);
    expect(await titles("été")).toEqual(["ÉTÉ Collection"]);
    expect(await titles("ünïcode")).toHaveLength(4);
  });

  it("filters by tab and platforms and pages newest first", async () => {
    const shop = await createShop("filters");
    const tiktok = Array.from({ length: 25 }, (_, i) => imported(String(1000 + i), `TikTok ${i}`));
    await upsertImportedVideos(shop.id, "tiktok", tiktok);
    await upsertImportedVideos(shop.id, "instagram", [imported("Cabc", "Reel", { videoUrl: "https://www.instagram.com/reel/Cabc/" })]);
    await prisma.video.updateMany({ where: { shopId: shop.id, platformVideoId: { in: ["1000", "1001"] } }, data: { enabled: true } });

    const first = await listVideos(shop.id, query());
    expect(first).toMatchObject({ total: 26, pageCount: 2, page: 1 });
    // The feed lists newest first; the library keeps that order.
    expect(first.videos.slice(0, 2).map((video) => video.title)).toEqual(["Reel", "TikTok 0"]);
    expect((await listVideos(shop.id, query({ page: 7 }))).page).toBe(2);
    expect((await listVideos(shop.id, query({ tab: "active" }))).total).toBe(2);
    expect((await listVideos(shop.id, query({ tab: "draft", platforms: ["tiktok"] }))).total).toBe(23);
    expect((await listVideos(shop.id, query({ platforms: ["instagram", "pinterest"] }))).videos.map((video) => video.title)).toEqual(["Reel"]);
  });

  it("re-importing adds only new videos and keeps approval", async () => {
    const shop = await createShop("reimport-model");
    expect(await upsertImportedVideos(shop.id, "tiktok", [imported("1", "One"), imported("2", "Two")])).toBe(2);
    await prisma.video.updateMany({ where: { shopId: shop.id, platformVideoId: "1" }, data: { enabled: true } });
    const [again, racing] = await Promise.all([
      upsertImportedVideos(shop.id, "tiktok", [imported("1", "One, edited"), imported("2", "Two"), imported("3", "Three")]),
      upsertImportedVideos(shop.id, "tiktok", [imported("3", "Three"), imported("4", "Four")]),
    ]);
    expect(again + racing).toBe(2);
    const videos = await prisma.video.findMany({ where: { shopId: shop.id }, orderBy: { platformVideoId: "asc" } });
    expect(videos.map((video) => [video.platformVideoId, video.title, video.enabled])).toEqual([
      ["1", "One, edited", true],
      ["2", "Two", false],
      ["3", "Three", false],
      ["4", "Four", false],
    ]);
  });
});
