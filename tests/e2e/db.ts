import path from "node:path";
import { E2E_DATABASE_NAME } from "./stack-ports";
import { videoSearchText } from "../../app/models/videos.server";

/**
 * The e2e stack's database (created by global-setup), for arranging state the
 * UI under test does not create itself (e.g. widgets before the Widgets page
 * exists) and for asserting what a flow stored.
 */
process.env.DATABASE_URL = `file:${path.resolve(import.meta.dirname, `../../prisma/${E2E_DATABASE_NAME}.sqlite`)}`;

export async function e2eDb() {
  return (await import("../../app/db.server")).prisma;
}

/** Waits for the shop row the app creates when it bootstraps (first open of the admin). */
export async function bootstrappedShop(shopHandle: string) {
  const prisma = await e2eDb();
  const shopDomain = `${shopHandle}.myshopify.com`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const shop = await prisma.shop.findUnique({ where: { shopDomain } });
    if (shop) return shop;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${shopDomain} was never bootstrapped`);
}

type E2eDb = Awaited<ReturnType<typeof e2eDb>>;
type StoredWidget = Awaited<ReturnType<E2eDb["widget"]["create"]>>;
type StoredVideo = Awaited<ReturnType<E2eDb["video"]["create"]>>;

/** One widget per seed, in order: a literal list of seeds gives a tuple, so `const [widget] = await seedWidgets(...)` needs no check. */
export async function seedWidgets<const Seeds extends ReadonlyArray<{ name: string; layoutType: string }>>(
  shopHandle: string,
  widgets: Seeds,
): Promise<{ -readonly [K in keyof Seeds]: StoredWidget }> {
  const prisma = await e2eDb();
  const shop = await bootstrappedShop(shopHandle);
  // Promise.all keeps one widget per seed, in order.
  return Promise.all(
    widgets.map((widget, index) =>
      prisma.widget.create({ data: { shopId: shop.id, name: widget.name, layoutType: widget.layoutType, displayNumber: index + 1 } }),
    ),
  ) as Promise<{ -readonly [K in keyof Seeds]: StoredWidget }>;
}

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
export async function seedVideos<const Seeds extends readonly VideoSeed[]>(
  shopHandle: string,
  seeds: Seeds,
): Promise<{ -readonly [K in keyof Seeds]: StoredVideo }> {
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
      videoUrl:
        platform === "tiktok"
          ? `https://www.tiktok.com/@${fields.channelUsername ?? "creator"}/video/${platformVideoId}`
          : `https://www.${platform}.com/video/${platformVideoId}`,
      enabled: seed.enabled ?? false,
      approvedAt: seed.enabled ? new Date(newest - index * 1000) : null,
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
  const stored = rows.map((row) => byVideoId.get(`${row.platform}/${row.platformVideoId}`)!);
  const tags = seeds.flatMap((seed, index) => {
    const video = stored[index]!;
    return (seed.tags ?? []).map((productTitle, position) => ({
      shopId: shop.id,
      videoId: video.id,
      productId: `gid://shopify/Product/${900_000 + sequence * 10 + position}`,
      productTitle,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
    }));
  });
  if (tags.length) await prisma.productTag.createMany({ data: tags });
  // One stored row per seed, in the seeds' order.
  return stored as { -readonly [K in keyof Seeds]: StoredVideo };
}
