// "Tag suggested products" for a whole import (decision 078): POST
// /api/suggestions {intent: "review-import"} answers every video the import
// added that has suggestions (not one page of the library), each with the
// video as the library shows it, and how many videos the import added; a job
// of another shop is not found; the confirmation tags what was checked.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { VIDEO_LIST_PAGE_SIZE } from "~/constants";
import { syncCatalogue } from "~/models/catalogue.server";
import { action as createShop } from "~/routes/api.shops._index";
import { action as suggestionsAction } from "~/routes/api.suggestions._index";
import type { ImportSuggestionsDto } from "~/rules/api-types";
import { apiRequest, callRoute, uniqueShop } from "../support/app-requests";

async function installedShop(label: string) {
  const shop = uniqueShop(label);
  const response = await callRoute(createShop, await apiRequest(shop, "/api/shops", { body: { shopDomain: shop } }));
  expect(response.status).toBe(201);
  const record = await prisma.shop.findUniqueOrThrow({ where: { shopDomain: shop } });
  return { shop, shopId: record.id };
}

/** The catalogue's first full read, as the catalogue runner makes it. */
async function readCatalogue(shopId: string) {
  await syncCatalogue(shopId);
  await prisma.catalogueState.update({ where: { shopId }, data: { syncedAt: new Date() } });
}

/** A finished account import and the videos it added, as the import runner leaves them. */
async function finishedImport(shopId: string, captions: string[]) {
  const job = await prisma.importJob.create({
    data: { shopId, kind: "channel", platform: "tiktok", input: "brand", status: "succeeded", videosAdded: captions.length, finishedAt: new Date() },
  });
  const start = Date.now();
  for (const [index, title] of captions.entries()) {
    await prisma.video.create({
      data: { shopId, platform: "tiktok", platformVideoId: randomUUID(), title, importJobId: job.id, createdAt: new Date(start + index) },
    });
  }
  return job;
}

const PRODUCT_CAPTIONS = ["relaxed linen shirt 🌞", "#nordiccandle #scentedcandle", "Hydrating face serum, two drops every morning"];

describe("Tag suggested products for a whole import", () => {
  it("reviews every video the import added that has suggestions, past one page of the library, and tags what was confirmed", async () => {
    const { shop, shopId } = await installedShop("import-review");
    await readCatalogue(shopId);
    const captions = Array.from({ length: VIDEO_LIST_PAGE_SIZE + 4 }, (_, i) => `${PRODUCT_CAPTIONS[i % 3]} #${i}`);
    const job = await finishedImport(shopId, [...captions, "Thank you for 10k!", "Behind the scenes"]);
    // Another import of the shop, and videos added by hand: not part of this review.
    await finishedImport(shopId, ["relaxed linen shirt, the other import"]);
    await prisma.video.create({ data: { shopId, platform: "tiktok", platformVideoId: randomUUID(), title: "relaxed linen shirt, uploaded" } });
    const post = async (body: unknown) => callRoute(suggestionsAction, await apiRequest(shop, "/api/suggestions", { body }));

    const response = await post({ intent: "review-import", shopId, importJobId: job.id });
    expect(response.status).toBe(200);
    const review = (await response.json()) as ImportSuggestionsDto;
    expect(review.catalogue).toBe("ready");
    expect(review.imported).toBe(captions.length + 2);
    // Every video with suggestions, newest first, each with the video itself; the two without are left out.
    expect(review.videos.map((entry) => entry.video?.title)).toEqual([...captions].reverse());
    expect(review.videos.every((entry) => entry.suggestions.length > 0 && entry.video?.id === entry.video_id)).toBe(true);
    expect(review.videos.find((entry) => entry.video?.title?.startsWith("relaxed"))?.suggestions[0]?.title).toBe("Relaxed Linen Shirt");
    expect(await prisma.productTag.count({ where: { shopId } })).toBe(0);

    // The merchant confirms the first suggestion of every video.
    const tags = review.videos.map((entry) => ({ videoId: entry.video_id, productId: entry.suggestions[0]!.id }));
    const tagged = await post({ intent: "tag", tags });
    expect(await tagged.json()).toEqual({ tagged: captions.length });
    expect(await prisma.productTag.count({ where: { shopId, video: { importJobId: job.id } } })).toBe(captions.length);
    expect(await prisma.productTag.count({ where: { shopId } })).toBe(captions.length);

    // Asked again: tagged products are no longer suggested, so a video whose only suggestion was tagged drops out.
    const again = (await (await post({ intent: "review-import", shopId, importJobId: job.id })).json()) as ImportSuggestionsDto;
    for (const entry of again.videos)
      expect(entry.suggestions.map((product) => product.id)).not.toContain(tags.find((tag) => tag.videoId === entry.video_id)?.productId);
  });

  it("says when none of the import's videos has suggestions, and does not find another shop's import", async () => {
    const { shop, shopId } = await installedShop("import-review-none");
    const other = await installedShop("import-review-other");
    await readCatalogue(shopId);
    const job = await finishedImport(shopId, ["Thank you for 10k!"]);
    const theirs = await finishedImport(other.shopId, ["relaxed linen shirt"]);
    const post = async (body: unknown) => callRoute(suggestionsAction, await apiRequest(shop, "/api/suggestions", { body }));

    expect(await (await post({ intent: "review-import", shopId, importJobId: job.id })).json()).toEqual({ videos: [], imported: 1, catalogue: "ready" });
    expect((await post({ intent: "review-import", shopId, importJobId: theirs.id })).status).toBe(404);
    expect((await post({ intent: "review-import", shopId, importJobId: "" })).status).toBe(400);
  });
});
