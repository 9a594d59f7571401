// Media health (issue 13, decision 036) with the real importers, the
// platform emulators and Local Shopify: the daily check flags a post removed
// at its source (our copy keeps playing until the merchant chooses) and a copy
// deleted from Shopify Files (the storefront goes back to the platform's
// player), never unpublishes on its own, and runs at most once a day.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { MEDIA_HEALTH_TEXT } from "~/messages";
import { runVideoMirrorRound, videoMirrorIdle } from "~/jobs/video-mirror.server";
import { resolveVideoMediaIssue } from "~/models/media-health-actions.server";
import { listMediaIssues, requestMediaCheckIfDue } from "~/models/media-health.server";
import { buildStorefrontWidgets } from "~/models/storefront.server";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { deleteFiles } from "~/shopify/admin-gateway.server";
import { offlineAdminGraphql } from "~/shopify/offline-admin.server";
import { platformControl, uniqueAccount } from "../emulators/platforms/client";
import { apiRequest, callRoute } from "../support/app-requests";
import { expectConsoleWarn } from "../support/console-guard";
import { bootstrapShop, seedWidgets, type TestShop } from "../support/library-fixtures";
import { bootstrapMirroredShop, importAccount, useMirrorRunner } from "../support/mirror-runner";
import { firstOf, must } from "../support/must";

const platforms = platformControl();

useMirrorRunner();

/** A Premium shop with two approved TikTok videos in one widget, both copied to Shopify Files. */
async function shopWithTwoCopies() {
  const shop = await bootstrapMirroredShop("health", "premium");
  const [widget] = await seedWidgets(shop.id, [{ name: "Home" }]);
  const account = uniqueAccount();
  await importAccount(shop, "tiktok", account);
  const [first, second] = firstOf(await prisma.video.findMany({ where: { shopId: shop.id }, orderBy: { createdAt: "asc" } }), 2, "imported videos");
  for (const video of [first, second]) {
    const approved = await callRoute(
      toggleRoute,
      await apiRequest(shop.domain, `/api/videos/${video.id}/toggle`, { method: "PATCH", body: { enabled: true, widgetIds: [widget!.id] } }),
      { videoId: video.id },
    );
    expect(approved.status).toBe(200);
  }
  await videoMirrorIdle();
  expect(await prisma.videoMirror.count({ where: { shopId: shop.id, status: "ready" } })).toBe(2);
  return { shop, account, first, second };
}

async function checkNow(shop: TestShop) {
  expect(await requestMediaCheckIfDue(shop.id)).toBe(true);
  await runVideoMirrorRound();
  await videoMirrorIdle();
}

async function storefrontMediaOf(shopId: string, videoId: string) {
  const [widget] = await buildStorefrontWidgets(shopId, "USD", new Map());
  return must(widget, "the widget").videos.find((video) => video.id === videoId)?.media ?? null;
}

describe("the daily media check", () => {
  it("a platform run that fails flags nothing and forgets nothing: what the last check found stands until a check can look again", async () => {
    const { shop, account, first, second } = await shopWithTwoCopies();
    await platforms.setPost("tiktok", first.platformVideoId, { removed: true });
    await checkNow(shop);
    expect((await listMediaIssues(shop.id)).map((issue) => [issue.video_id, issue.kind])).toEqual([[first.id, "source_removed"]]);
    // Only the choices the banner offers are taken: a removed post with a playing copy can be kept or unpublished.
    await expect(resolveVideoMediaIssue(shop.id, first.id, "retry")).rejects.toThrow(MEDIA_HEALTH_TEXT.actionNotOffered);

    // The next day TikTok's runs fail part-way: neither post can be looked up.
    await platforms.setAccount("tiktok", account, { scenario: "fail" });
    expectConsoleWarn(/The media check could not look up 2 tiktok posts/);
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await prisma.shop.update({ where: { id: shop.id }, data: { mediaCheckedAt: dayAgo } });
    await checkNow(shop);
    expect((await listMediaIssues(shop.id)).map((issue) => [issue.video_id, issue.kind])).toEqual([[first.id, "source_removed"]]);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).mediaCheckedAt!.getTime()).toBeGreaterThan(dayAgo.getTime());
    expect((await prisma.video.findUniqueOrThrow({ where: { id: second.id } })).enabled).toBe(true);
  });

  it("flags a post removed at its source; the video stays approved and keeps playing from our copy until the merchant keeps or unpublishes it", async () => {
    const { shop, first, second } = await shopWithTwoCopies();
    await platforms.setPost("tiktok", first.platformVideoId, { removed: true });

    await checkNow(shop);
    expect(await listMediaIssues(shop.id)).toEqual([
      expect.objectContaining({ video_id: first.id, kind: "source_removed", copy_ready: true, title: first.title }),
    ]);
    // Nothing unpublished, the copy still plays.
    expect((await prisma.video.findUniqueOrThrow({ where: { id: first.id } })).enabled).toBe(true);
    expect(await storefrontMediaOf(shop.id, first.id)).toMatchObject({ src: expect.stringMatching(/^https?:\/\//) });
    // At most once a day.
    expect(await requestMediaCheckIfDue(shop.id)).toBe(false);

    // Keep: the banner no longer lists it, and the next day's check does not bring it back.
    expect(await resolveVideoMediaIssue(shop.id, first.id, "keep")).toEqual([]);
    await prisma.shop.update({ where: { id: shop.id }, data: { mediaCheckedAt: new Date(Date.now() - 25 * 3600_000) } });
    await checkNow(shop);
    expect(await listMediaIssues(shop.id)).toEqual([]);

    // The second video's post goes too; this time the merchant unpublishes it.
    await platforms.setPost("tiktok", second.platformVideoId, { removed: true });
    await prisma.shop.update({ where: { id: shop.id }, data: { mediaCheckedAt: new Date(Date.now() - 25 * 3600_000) } });
    await checkNow(shop);
    expect((await listMediaIssues(shop.id)).map((issue) => issue.video_id)).toEqual([second.id]);
    expect(await resolveVideoMediaIssue(shop.id, second.id, "unpublish")).toEqual([]);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: second.id } })).enabled).toBe(false);
  });

  it("a copy deleted from Shopify Files sends the storefront back to the platform's player; Retry makes a new copy", async () => {
    const { shop, first } = await shopWithTwoCopies();
    const { fileId } = await prisma.videoMirror.findUniqueOrThrow({ where: { videoId: first.id } });
    await deleteFiles(await offlineAdminGraphql(shop.domain), [fileId!]);

    await checkNow(shop);
    expect(await listMediaIssues(shop.id)).toEqual([
      expect.objectContaining({ video_id: first.id, kind: "copy_failed", failure: "file_deleted", copy_ready: false }),
    ]);
    expect(await storefrontMediaOf(shop.id, first.id)).toBeNull();
    expect((await prisma.video.findUniqueOrThrow({ where: { id: first.id } })).enabled).toBe(true);

    expect(await resolveVideoMediaIssue(shop.id, first.id, "retry")).toEqual([]);
    await videoMirrorIdle();
    const again = await prisma.videoMirror.findUniqueOrThrow({ where: { videoId: first.id } });
    expect(again).toMatchObject({ status: "ready" });
    expect(again.fileId).not.toBe(fileId);
    expect(await storefrontMediaOf(shop.id, first.id)).not.toBeNull();
  });

  it("a shop's issues are its own: another shop cannot act on them", async () => {
    const { first } = await shopWithTwoCopies();
    const other = await bootstrapShop("health");
    await expect(resolveVideoMediaIssue(other.id, first.id, "unpublish")).rejects.toThrow(/not found/i);
  });
});
