import path from "node:path";
import { E2E_DATABASE_NAME } from "./stack-ports";

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

export async function seedWidgets(shopHandle: string, widgets: Array<{ name: string; layoutType: string }>) {
  const prisma = await e2eDb();
  const shop = await bootstrappedShop(shopHandle);
  return Promise.all(
    widgets.map((widget, index) =>
      prisma.widget.create({ data: { shopId: shop.id, name: widget.name, layoutType: widget.layoutType, displayNumber: index + 1 } }),
    ),
  );
}

export interface SeedVideo {
  title?: string | null;
  platform?: string;
  enabled?: boolean;
  authorName?: string;
  channelUsername?: string;
  thumbnailUrl?: string | null;
}

/**
 * Videos written as an import would store them, the first given newest (the
 * library lists newest first), so `result[i]` is row i of the list.
 */
export async function seedVideos(shopHandle: string, specs: SeedVideo[]) {
  const prisma = await e2eDb();
  const { videoSearchText } = await import("../../app/models/videos.server");
  const shop = await bootstrappedShop(shopHandle);
  const newest = Date.now();
  const created = [];
  for (const [index, spec] of specs.entries()) {
    const platform = spec.platform ?? "tiktok";
    const platformVideoId = String(7_400_000_000_000_000_000n + BigInt(newest % 1_000_000_000) * 1000n + BigInt(index));
    const data = {
      shopId: shop.id,
      platform,
      platformVideoId,
      title: spec.title === undefined ? `Video number ${index + 1}` : spec.title,
      authorName: spec.authorName ?? "Maker Studio",
      channelUsername: spec.channelUsername ?? "makerstudio",
      thumbnailUrl: spec.thumbnailUrl ?? null,
      videoUrl: platform === "tiktok" ? `https://www.tiktok.com/@makerstudio/video/${platformVideoId}` : null,
      enabled: spec.enabled ?? false,
      approvedAt: spec.enabled ? new Date(newest - index * 1000) : null,
      createdAt: new Date(newest - index * 60_000),
    };
    created.push(await prisma.video.create({ data: { ...data, searchText: videoSearchText(data) } }));
  }
  return created;
}
