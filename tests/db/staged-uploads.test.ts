// Uploads take only the shop's own staged targets, once (decision 058), on
// both databases: requests racing for one target make one Shopify file, and a
// fileCreate that failed gives the target back.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { UPLOAD_TEXT } from "../../app/messages";
import { createUploads, stageUploads } from "../../app/models/video-uploads.server";
import type { AdminGraphql } from "../../app/shopify/admin-gateway.server";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

/** Shopify's answers to the two calls of an upload, counting the fileCreate calls. */
function fakeShopify({ fileCreateFails = false } = {}) {
  let staged = 0;
  const calls = { fileCreate: 0 };
  const graphql = (async (document: string, options?: { variables?: Record<string, unknown> }) => {
    if (document.includes("stagedUploadsCreate")) {
      const input = options?.variables?.input as unknown[];
      const stagedTargets = input.map(() => ({
        url: "https://shopify-video-production-core-originals.storage.googleapis.com",
        resourceUrl: `https://shopify-video-production-core-originals.storage.googleapis.com?external_video_id=${Date.now()}${++staged}`,
        parameters: [],
      }));
      return Response.json({ data: { stagedUploadsCreate: { stagedTargets, userErrors: [] } } });
    }
    calls.fileCreate += 1;
    if (fileCreateFails) return Response.json({ errors: [{ message: "Internal error" }] });
    const files = (options?.variables?.files as unknown[]).map((_, i) => ({
      id: `gid://shopify/Video/${Date.now()}${calls.fileCreate}${i}`,
      fileStatus: "UPLOADED",
    }));
    return Response.json({ data: { fileCreate: { files, userErrors: [] } } });
  }) as unknown as AdminGraphql;
  return { graphql, calls };
}

const clip = { filename: "clip.mp4", mimeType: "video/mp4", fileSize: 1000 };

describe("a staged target is used once", () => {
  it("eight requests racing for one target: one makes the file, the others are refused", async () => {
    const shop = await createShop("staged-race");
    const shopify = fakeShopify();
    const [target] = await stageUploads(shop.id, shopify.graphql, [clip]);
    const uploads = [{ resourceUrl: target!.resourceUrl, filename: clip.filename }];

    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => createUploads(shop.id, shopify.graphql, uploads)));

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [(outcome.reason as Error).message] : []));
    expect(refusals).toEqual(Array.from({ length: 7 }, () => UPLOAD_TEXT.notStaged));
    expect(shopify.calls.fileCreate).toBe(1);
    expect(await prisma.videoUpload.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("a target whose fileCreate failed can be used again; another shop can never use it", async () => {
    const shop = await createShop("staged-retry");
    const other = await createShop("staged-other");
    const failing = fakeShopify({ fileCreateFails: true });
    const [target] = await stageUploads(shop.id, failing.graphql, [clip]);
    const uploads = [{ resourceUrl: target!.resourceUrl, filename: clip.filename }];

    await expect(createUploads(shop.id, failing.graphql, uploads)).rejects.toThrow("Internal error");
    await expect(createUploads(other.id, fakeShopify().graphql, uploads)).rejects.toThrow(UPLOAD_TEXT.notStaged);
    expect(await createUploads(shop.id, fakeShopify().graphql, uploads)).toHaveLength(1);
    expect(await prisma.stagedUpload.findFirst({ where: { shopId: shop.id }, select: { usedAt: true } })).toMatchObject({ usedAt: expect.any(Date) });
  });
});
