// The invariants the schema carries as keys, checked on whichever database
// DATABASE_URL names (node scripts/db.mjs test-both runs SQLite and PostgreSQL).
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll, expectPrismaError } from "./support";

deleteShopsAfterAll();

describe("unique keys", () => {
  it("one video per (shop, platform, platform video id)", async () => {
    const shop = await createShop("dup-video");
    await createVideo(shop.id, { platform: "tiktok", platformVideoId: "7300000000000000001" });
    const error = await expectPrismaError(createVideo(shop.id, { platform: "tiktok", platformVideoId: "7300000000000000001" }), "P2002");
    expect(JSON.stringify(error.meta)).toMatch(/platformVideoId|Video_shopId_platform_platformVideoId_key/);
    // The same id on another platform is another video.
    await createVideo(shop.id, { platform: "instagram", platformVideoId: "7300000000000000001" });
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(2);
  });

  it("re-importing upserts on the key instead of duplicating, keeping approval", async () => {
    const shop = await createShop("reimport");
    const key = { shopId: shop.id, platform: "tiktok", platformVideoId: "42" };
    await prisma.video.create({ data: { ...key, title: "first", enabled: true, approvedAt: new Date() } });
    const again = await prisma.video.upsert({
      where: { shopId_platform_platformVideoId: key },
      create: { ...key, title: "second" },
      update: { title: "second" },
    });
    expect(again).toMatchObject({ title: "second", enabled: true });
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("one tag per (video, product)", async () => {
    const shop = await createShop("dup-tag");
    const video = await createVideo(shop.id);
    const tag = { shopId: shop.id, videoId: video.id, productId: "gid://shopify/Product/1", productTitle: "Mug" };
    await prisma.productTag.create({ data: tag });
    await expectPrismaError(prisma.productTag.create({ data: tag }), "P2002");
    await prisma.productTag.create({ data: { ...tag, productId: "gid://shopify/Product/2" } });
    expect(await prisma.productTag.count({ where: { videoId: video.id } })).toBe(2);
  });

  it("display numbers are unique per shop", async () => {
    const shop = await createShop("dup-display");
    await createWidget(shop.id, 1);
    await expectPrismaError(createWidget(shop.id, 1, { layoutType: "grid" }), "P2002");
    await createWidget(shop.id, 2);
  });

  it("two shops may each have display number 1 and the same platform video id", async () => {
    const [a, b] = [await createShop("shop-a"), await createShop("shop-b")];
    for (const shop of [a, b]) {
      await createWidget(shop.id, 1);
      await createVideo(shop.id, { platform: "tiktok", platformVideoId: "shared-id" });
    }
    expect(await prisma.widget.count({ where: { shopId: { in: [a.id, b.id] }, displayNumber: 1 } })).toBe(2);
    expect(await prisma.video.count({ where: { platformVideoId: "shared-id", shopId: { in: [a.id, b.id] } } })).toBe(2);
  });

  it("one connected account per (shop, platform, username); one prompt per type; one sale per order line", async () => {
    const shop = await createShop("dup-misc");
    const channel = { shopId: shop.id, platform: "tiktok", username: "creator" };
    await prisma.channel.create({ data: channel });
    await expectPrismaError(prisma.channel.create({ data: channel }), "P2002");

    await prisma.reviewPrompt.create({ data: { shopId: shop.id, promptType: "15_days" } });
    await expectPrismaError(prisma.reviewPrompt.create({ data: { shopId: shop.id, promptType: "15_days" } }), "P2002");

    const line = {
      shopId: shop.id,
      orderId: "gid://shopify/Order/1",
      lineItemId: "gid://shopify/LineItem/1",
      amountCents: 1999,
      currency: "USD",
      occurredAt: new Date(),
    };
    await prisma.orderAttribution.create({ data: line });
    await expectPrismaError(prisma.orderAttribution.create({ data: line }), "P2002");

    const view = { shopId: shop.id, name: "Best", nameKey: "best" };
    await prisma.libraryView.create({ data: view });
    await expectPrismaError(prisma.libraryView.create({ data: { ...view, name: "BEST" } }), "P2002");
  });

  it("concurrent upserts of one shop domain leave one row (two tabs bootstrapping)", async () => {
    const shopDomain = `race-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.myshopify.com`;
    try {
      const rows = await Promise.all(
        Array.from({ length: 10 }, () => prisma.shop.upsert({ where: { shopDomain }, create: { shopDomain }, update: { uninstalledAt: null } })),
      );
      expect(new Set(rows.map((r) => r.id)).size).toBe(1);
      expect(await prisma.shop.count({ where: { shopDomain } })).toBe(1);
    } finally {
      await prisma.shop.deleteMany({ where: { shopDomain } });
    }
  });
});

describe("shop boundaries", () => {
  it("a tag cannot link a video of another shop", async () => {
    const [a, b] = [await createShop("tag-a"), await createShop("tag-b")];
    const video = await createVideo(a.id);
    await expectPrismaError(
      prisma.productTag.create({
        data: { shopId: b.id, videoId: video.id, productId: "gid://shopify/Product/9", productTitle: "X" },
      }),
      "P2003",
    );
  });

  it("a widget assignment cannot join a widget and a video of different shops", async () => {
    const [a, b] = [await createShop("wv-a"), await createShop("wv-b")];
    const widget = await createWidget(a.id, 1);
    const foreignVideo = await createVideo(b.id);
    for (const shopId of [a.id, b.id]) {
      await expectPrismaError(prisma.widgetVideo.create({ data: { shopId, widgetId: widget.id, videoId: foreignVideo.id } }), "P2003");
    }
    const ownVideo = await createVideo(a.id);
    await prisma.widgetVideo.create({ data: { shopId: a.id, widgetId: widget.id, videoId: ownVideo.id } });
    await expectPrismaError(prisma.widgetVideo.create({ data: { shopId: a.id, widgetId: widget.id, videoId: ownVideo.id } }), "P2002");
  });
});

describe("deletes", () => {
  it("deleting a shop removes every row it owns and nothing of another shop", async () => {
    const [shop, other] = [await createShop("cascade"), await createShop("bystander")];
    for (const s of [shop, other]) {
      const channel = await prisma.channel.create({ data: { shopId: s.id, platform: "tiktok", username: "c" } });
      const video = await createVideo(s.id, { channelId: channel.id, enabled: true });
      const single = await createVideo(s.id, { platform: "pinterest" });
      const widget = await createWidget(s.id, 1);
      await prisma.productTag.create({
        data: { shopId: s.id, videoId: video.id, productId: "gid://shopify/Product/1", productTitle: "P" },
      });
      await prisma.widgetVideo.createMany({
        data: [video, single].map((v, position) => ({ shopId: s.id, widgetId: widget.id, videoId: v.id, position })),
      });
      await prisma.importJob.create({
        data: { shopId: s.id, kind: "channel", platform: "tiktok", input: "c", channelId: channel.id },
      });
      await prisma.analyticsEvent.create({
        data: { shopId: s.id, type: "video_click", videoId: video.id, widgetId: widget.id, platform: "tiktok" },
      });
      await prisma.orderAttribution.create({
        data: {
          shopId: s.id,
          orderId: "o1",
          lineItemId: "l1",
          videoId: video.id,
          amountCents: 500,
          currency: "USD",
          occurredAt: new Date(),
        },
      });
      await prisma.reviewPrompt.create({ data: { shopId: s.id, promptType: "widget_install" } });
      await prisma.sisterVerification.create({
        data: { shopId: s.id, credentialHash: `hash-${s.id}`, productPlan: "lunch", expiresAt: new Date(Date.now() + 86_400_000) },
      });
      await prisma.sisterVerificationAttempt.create({ data: { shopId: s.id, attemptedAt: new Date() } });
      await prisma.libraryView.create({ data: { shopId: s.id, name: "Mine", nameKey: "mine" } });
    }

    const counts = async (shopId: string) => ({
      channels: await prisma.channel.count({ where: { shopId } }),
      videos: await prisma.video.count({ where: { shopId } }),
      widgets: await prisma.widget.count({ where: { shopId } }),
      tags: await prisma.productTag.count({ where: { shopId } }),
      assignments: await prisma.widgetVideo.count({ where: { shopId } }),
      jobs: await prisma.importJob.count({ where: { shopId } }),
      events: await prisma.analyticsEvent.count({ where: { shopId } }),
      orders: await prisma.orderAttribution.count({ where: { shopId } }),
      prompts: await prisma.reviewPrompt.count({ where: { shopId } }),
      verifications: await prisma.sisterVerification.count({ where: { shopId } }),
      verificationAttempts: await prisma.sisterVerificationAttempt.count({ where: { shopId } }),
      views: await prisma.libraryView.count({ where: { shopId } }),
    });
    const full = {
      channels: 1,
      videos: 2,
      widgets: 1,
      tags: 1,
      assignments: 2,
      jobs: 1,
      events: 1,
      orders: 1,
      prompts: 1,
      verifications: 1,
      verificationAttempts: 1,
      views: 1,
    };
    expect(await counts(shop.id)).toEqual(full);

    await prisma.shop.delete({ where: { id: shop.id } });

    expect(Object.values(await counts(shop.id)).every((n) => n === 0)).toBe(true);
    expect(await counts(other.id)).toEqual(full);
  });

  it("deleting a connected account deletes its videos (with their tags and assignments), not the others", async () => {
    const shop = await createShop("channel-delete");
    const channel = await prisma.channel.create({ data: { shopId: shop.id, platform: "tiktok", username: "gone" } });
    const fromChannel = await createVideo(shop.id, { channelId: channel.id });
    const single = await createVideo(shop.id);
    const widget = await createWidget(shop.id, 1);
    await prisma.productTag.create({
      data: { shopId: shop.id, videoId: fromChannel.id, productId: "p", productTitle: "P" },
    });
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: fromChannel.id } });
    const job = await prisma.importJob.create({
      data: { shopId: shop.id, kind: "sync", platform: "tiktok", input: "gone", channelId: channel.id },
    });

    await prisma.channel.delete({ where: { id: channel.id } });

    expect((await prisma.video.findMany({ where: { shopId: shop.id } })).map((v) => v.id)).toEqual([single.id]);
    expect(await prisma.productTag.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.widgetVideo.count({ where: { shopId: shop.id } })).toBe(0);
    // The job's history stays, detached.
    expect(await prisma.importJob.findUnique({ where: { id: job.id } })).toMatchObject({ channelId: null });
  });

  it("deleting a video keeps its analytics history", async () => {
    const shop = await createShop("video-delete");
    const video = await createVideo(shop.id);
    await prisma.analyticsEvent.create({ data: { shopId: shop.id, type: "video_click", videoId: video.id } });
    await prisma.video.delete({ where: { id: video.id } });
    expect(await prisma.analyticsEvent.count({ where: { shopId: shop.id, videoId: video.id } })).toBe(1);
  });
});

describe("values round-trip the same on both databases", () => {
  it("defaults, dates, JSON text and lowercased search", async () => {
    const shop = await createShop("values");
    expect(shop).toMatchObject({ plan: "free", premiumSource: null, uninstalledAt: null });
    expect(shop.installedAt).toBeInstanceOf(Date);

    const widget = await createWidget(shop.id, 3);
    expect(widget).toMatchObject({
      pageContexts: '["homepage"]',
      priority: 1,
      theme: "light",
      autoScroll: true,
      showHeader: false,
      alignment: "right",
      sourceType: "all",
      language: "en",
      installedAt: null,
    });
    expect(JSON.parse(widget.pageContexts)).toEqual(["homepage"]);

    const publishedAt = new Date("2026-01-02T03:04:05.678Z");
    await createVideo(shop.id, { title: "Summer Mug", searchText: "summer mug", publishedAt });
    await createVideo(shop.id, { title: "winter hat", searchText: "winter hat" });
    const found = await prisma.video.findMany({ where: { shopId: shop.id, searchText: { contains: "MUG".toLowerCase() } } });
    expect(found.map((v) => v.title)).toEqual(["Summer Mug"]);
    expect(found[0]?.publishedAt?.toISOString()).toBe(publishedAt.toISOString());

    const event = await prisma.analyticsEvent.create({ data: { shopId: shop.id, type: "view" } });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
