/**
 * Helpers of the Video Library's end-to-end tests: videos (and their product
 * tags) written straight into the e2e database for a bootstrapped shop, and
 * locators for the parts of the list a merchant looks at.
 */
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { videoSearchText } from "../../app/models/videos.server";
import { bootstrappedShop, e2eDb } from "./db";
import { expect } from "./fixtures";

export interface VideoSeed {
  platform?: "tiktok" | "instagram" | "pinterest";
  /** The platform's own id (the row's "video id"); unique per shop and platform. */
  videoId?: string;
  title?: string | null;
  authorName?: string | null;
  channelUsername?: string | null;
  thumbnailUrl?: string | null;
  enabled?: boolean;
  createdAt?: Date;
  /** Product titles tagged to the video, in tagging order. */
  tags?: string[];
}

let sequence = 0;

/**
 * Writes videos for a shop the app has bootstrapped (call after openApp()).
 * Without createdAt the first seed is the newest, so the list (newest first)
 * shows them in the order given.
 */
export async function seedVideos(shopHandle: string, seeds: VideoSeed[]) {
  const prisma = await e2eDb();
  const shop = await bootstrappedShop(shopHandle);
  const newest = Date.UTC(2026, 10, 22, 12, 0, 0);
  const rows = seeds.map((seed, index) => {
    sequence += 1;
    const platform = seed.platform ?? "tiktok";
    const platformVideoId = seed.videoId ?? String(7_400_000_000_000_000_000n + BigInt(sequence));
    const fields = {
      title: seed.title === undefined ? `Clip ${index + 1}` : seed.title,
      authorName: seed.authorName === undefined ? "Author" : seed.authorName,
      channelUsername: seed.channelUsername === undefined ? "creator" : seed.channelUsername,
      platformVideoId,
    };
    return {
      shopId: shop.id,
      platform,
      ...fields,
      thumbnailUrl: seed.thumbnailUrl ?? null,
      videoUrl: `https://www.${platform}.com/video/${platformVideoId}`,
      enabled: seed.enabled ?? false,
      // One minute apart, so the order never depends on the id.
      createdAt: seed.createdAt ?? new Date(newest - index * 60_000),
      searchText: videoSearchText(fields),
    };
  });
  await prisma.video.createMany({ data: rows });
  const created = await prisma.video.findMany({
    where: { shopId: shop.id, platformVideoId: { in: rows.map((row) => row.platformVideoId) } },
  });
  const byVideoId = new Map(created.map((video) => [`${video.platform}/${video.platformVideoId}`, video]));
  const tags = seeds.flatMap((seed, index) => {
    const video = byVideoId.get(`${rows[index].platform}/${rows[index].platformVideoId}`)!;
    return (seed.tags ?? []).map((productTitle, position) => ({
      shopId: shop.id,
      videoId: video.id,
      productId: `gid://shopify/Product/${900_000 + sequence * 10 + position}`,
      productTitle,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
    }));
  });
  if (tags.length) await prisma.productTag.createMany({ data: tags });
  return rows.map((row) => byVideoId.get(`${row.platform}/${row.platformVideoId}`)!);
}

/** Opens the Video Library and waits until the list (or its empty state) is shown. */
export async function openLibrary(openApp: (path?: string) => Promise<FrameLocator>, path = "/content") {
  const app = await openApp(path);
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
  return app;
}

/** The library's rows (the table body; Polaris draws the header apart). */
export function videoRows(app: FrameLocator): Locator {
  return app.locator(".Polaris-IndexTable__Table tbody tr");
}

/** The row showing this text (a title or a video id). */
export function rowWith(app: FrameLocator, text: string): Locator {
  return videoRows(app).filter({ hasText: text });
}

/** The path and query of the app's frame, as the admin shows it. */
export function frameUrl(page: Page): URL {
  return new URL(page.frame({ name: "app-iframe" })!.url());
}
