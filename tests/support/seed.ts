/**
 * The one way tests write library state straight to the database: videos (as an
 * import would store them, search text included) and widgets. The route tests
 * (tests/support/library-fixtures.ts) and the end-to-end tests (tests/e2e/db.ts)
 * both seed through here, each with its own database client.
 */
import type { Prisma, PrismaClient } from "../../app/db.server";
import { videoSearchText } from "../../app/rules/video-search";
import type { LayoutType } from "../../app/contracts/widget-layouts";

type StoredVideo = Awaited<ReturnType<PrismaClient["video"]["create"]>>;
type StoredWidget = Awaited<ReturnType<PrismaClient["widget"]["create"]>>;

/** Any column of a video (the platform's own id is `platformVideoId`), plus the products tagged to it. */
export interface VideoSeed extends Partial<Omit<Prisma.VideoUncheckedCreateInput, "shopId" | "searchText">> {
  platform?: "tiktok" | "instagram" | "pinterest";
  /** Product titles tagged to the video, in tagging order. */
  tags?: string[];
}

export interface WidgetSeed {
  name: string;
  layoutType?: LayoutType;
}

export interface SeedOrder {
  /**
   * "newest-first" (the end-to-end default): the first seed is the newest, so the
   * library (newest first) lists them in the order given. "oldest-first": the
   * order they would have been imported in.
   */
  order?: "newest-first" | "oldest-first";
}

/** The seeds' rows, in the seeds' order: a literal list of seeds gives a tuple, so `const [a, b] = await seedVideos(...)` needs no checks. */
type Stored<Seeds extends readonly unknown[], Row> = { -readonly [K in keyof Seeds]: Row };

let sequence = 0;
/** One minute between seeded videos, so the order never depends on ids or on the clock's resolution. */
const MINUTE = 60_000;

export async function seedVideos<const Seeds extends readonly VideoSeed[]>(
  db: PrismaClient,
  shopId: string,
  seeds: Seeds,
  { order = "newest-first" }: SeedOrder = {},
): Promise<Stored<Seeds, StoredVideo>> {
  // A later call's videos are newer than an earlier call's.
  const newest = Date.now();
  const rows = seeds.map(({ tags: _tags, ...seed }, index) => {
    sequence += 1;
    const platform = seed.platform ?? "tiktok";
    const platformVideoId = seed.platformVideoId ?? String(7_400_000_000_000_000_000n + BigInt(sequence));
    const channelUsername = seed.channelUsername === undefined ? "creator" : seed.channelUsername;
    const age = order === "newest-first" ? index : seeds.length - 1 - index;
    const createdAt = seed.createdAt ?? new Date(newest - age * MINUTE);
    const row = {
      title: `Clip ${index + 1}`,
      authorName: "Author",
      thumbnailUrl: null,
      enabled: false,
      videoUrl:
        platform === "tiktok"
          ? `https://www.tiktok.com/@${channelUsername ?? "creator"}/video/${platformVideoId}`
          : `https://www.${platform}.com/video/${platformVideoId}`,
      ...seed,
      shopId,
      platform,
      platformVideoId,
      channelUsername,
      createdAt,
    };
    const approvedAt = row.approvedAt ?? (row.enabled ? createdAt : null);
    return { ...row, approvedAt, searchText: videoSearchText(row) };
  });
  await db.video.createMany({ data: rows });
  const created = await db.video.findMany({ where: { shopId, platformVideoId: { in: rows.map((row) => row.platformVideoId) } } });
  const byKey = new Map(created.map((video) => [`${video.platform}/${video.platformVideoId}`, video]));
  const stored = rows.map((row) => {
    const video = byKey.get(`${row.platform}/${row.platformVideoId}`);
    if (!video) throw new Error(`seedVideos: ${row.platform}/${row.platformVideoId} was not stored`);
    return video;
  });
  const tags = seeds.flatMap((seed, index) =>
    (seed.tags ?? []).map((productTitle, position) => ({
      shopId,
      videoId: stored[index]!.id,
      productId: `gid://shopify/Product/${900_000 + sequence * 100 + index * 10 + position}`,
      productTitle,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
    })),
  );
  if (tags.length) await db.productTag.createMany({ data: tags });
  return stored as Stored<Seeds, StoredVideo>;
}

export async function seedWidgets<const Seeds extends readonly WidgetSeed[]>(
  db: PrismaClient,
  shopId: string,
  seeds: Seeds,
): Promise<Stored<Seeds, StoredWidget>> {
  const widgets: StoredWidget[] = [];
  // One at a time: display numbers follow the seeds' order.
  for (const [index, seed] of seeds.entries()) {
    widgets.push(await db.widget.create({ data: { shopId, name: seed.name, layoutType: seed.layoutType ?? "carousel", displayNumber: index + 1 } }));
  }
  return widgets as Stored<Seeds, StoredWidget>;
}
