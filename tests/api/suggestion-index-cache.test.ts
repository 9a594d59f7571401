// The suggestion indexes an app instance keeps (decision 059): while a shop's
// index is built the suggestion routes answer that suggestions are being
// prepared (one build however many requests ask), and the instance keeps
// within its memory budget by dropping the least recently used idle shop,
// which is built again on its next use.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Constants from "~/constants";
import { prisma } from "~/db.server";
import { applyProductDeleteWebhook, applyProductWebhook, ProductWebhookPayload, syncCatalogue } from "~/models/catalogue.server";
import { forgetSuggestionIndexes, shopSuggestionIndex, suggestionIndexesHeld } from "~/models/suggestions.server";
import { loader as videoSuggestions } from "~/routes/api.videos.$videoId.suggestions";
import { action as suggestionsAction } from "~/routes/api.suggestions._index";
import { apiRequest, callRoute } from "../support/app-requests";
import { seedCatalogueRows } from "../support/catalogue-rows";
import { bootstrapShop, type TestShop } from "../support/library-fixtures";

/** The budget and the wait are this suite's to set: a few demo catalogues, answers at once. */
const limits = vi.hoisted(() => ({ budgetBytes: Number.POSITIVE_INFINITY, answerWithinMs: 0 }));
vi.mock("~/constants", async (importOriginal) => {
  const actual = await importOriginal<typeof Constants>();
  return {
    ...actual,
    SUGGESTION_INDEX: {
      ...actual.SUGGESTION_INDEX,
      get budgetBytes() {
        return limits.budgetBytes;
      },
      get answerWithinMs() {
        return limits.answerWithinMs;
      },
    },
  };
});

const WAIT_FOR_BUILD = { waitMs: Number.POSITIVE_INFINITY };
/** Each test reads demo catalogues through Local Shopify and builds indexes: slow on a busy machine. */
const SLOW_TEST_MS = 60_000;

/** A shop whose catalogue (Local Shopify's demo products) was read, with one video naming a product. */
async function shopWithCatalogue(label: string): Promise<TestShop & { videoId: string }> {
  const shop = await bootstrapShop(label);
  await syncCatalogue(shop.id);
  await prisma.catalogueState.update({ where: { shopId: shop.id }, data: { syncedAt: new Date() } });
  const video = await prisma.video.create({
    data: { shopId: shop.id, platform: "tiktok", platformVideoId: randomUUID(), title: "My relaxed linen shirt for summer ☀️ #ootd" },
  });
  return { ...shop, videoId: video.id };
}

async function suggestionsOf(shop: TestShop & { videoId: string }) {
  const response = await callRoute(videoSuggestions, await apiRequest(shop.domain, `/api/videos/${shop.videoId}/suggestions?shopId=${shop.id}`), {
    videoId: shop.videoId,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { suggestions: Array<{ title: string }>; catalogue: string };
}

const heldShops = () =>
  suggestionIndexesHeld()
    .shops.map((held) => held.shopId)
    .sort();

beforeEach(() => {
  limits.budgetBytes = Number.POSITIVE_INFINITY;
  limits.answerWithinMs = 0;
  forgetSuggestionIndexes();
});

describe("the suggestion indexes of an instance", () => {
  it(
    "answers that suggestions are being prepared while the index is built, with one build for every request",
    async () => {
      const shop = await shopWithCatalogue("index-building");
      // Products enough that the build outlasts the requests' own work (words no caption here names).
      await seedCatalogueRows(shop.id, 5_000, ["gadget", "widget", "sprocket", "gizmo", "doohickey"]);
      forgetSuggestionIndexes();
      const buildsBefore = suggestionIndexesHeld().buildsStarted;

      const review = async () => {
        const response = await callRoute(
          suggestionsAction,
          await apiRequest(shop.domain, "/api/suggestions", { body: { intent: "review", videoIds: [shop.videoId] } }),
        );
        return (await response.json()) as { videos: Array<{ suggestions: unknown[] }>; catalogue: string };
      };
      const [first, second, bulk] = await Promise.all([suggestionsOf(shop), suggestionsOf(shop), review()]);
      expect(first).toEqual({ suggestions: [], catalogue: "building" });
      expect(second).toEqual({ suggestions: [], catalogue: "building" });
      expect(bulk).toEqual({ videos: [{ video_id: shop.videoId, suggestions: [] }], catalogue: "building" });
      expect(suggestionIndexesHeld().buildsStarted).toBe(buildsBefore + 1);

      const built = await shopSuggestionIndex(shop.id, WAIT_FOR_BUILD);
      expect(built).toMatchObject({ index: expect.anything() });
      const ready = await suggestionsOf(shop);
      expect(ready.catalogue).toBe("ready");
      expect(ready.suggestions[0]?.title).toBe("Relaxed Linen Shirt");
      expect(suggestionIndexesHeld().buildsStarted).toBe(buildsBefore + 1);
    },
    SLOW_TEST_MS,
  );

  it(
    "follows a product renamed and another deleted while the index was being built",
    async () => {
      const shop = await shopWithCatalogue("index-rename");
      await seedCatalogueRows(shop.id, 3_000, ["gadget", "widget", "sprocket", "gizmo", "doohickey"]);
      forgetSuggestionIndexes();
      expect(await shopSuggestionIndex(shop.id)).toBe("building");
      // products/update arrives mid-build: its row takes a revision above the one the build set out to reach.
      const [shirt] = await prisma.catalogueProduct.findMany({ where: { shopId: shop.id, title: "Relaxed Linen Shirt" } });
      const renamed = ProductWebhookPayload.parse({
        id: Number(shirt!.productId.split("/").pop()),
        title: "Seaside Gauze Kaftan",
        handle: "seaside-gauze-kaftan",
        product_type: "Dresses",
        updated_at: "2031-01-01T00:00:00Z",
      });
      await prisma.$transaction((db) => applyProductWebhook(shop.domain, renamed, db));
      // ... and products/delete for another: its live row may have been read already, its deletion must still count.
      const [candle] = await prisma.catalogueProduct.findMany({ where: { shopId: shop.id, title: "Nordic Scented Candle" } });
      await prisma.$transaction((db) => applyProductDeleteWebhook(shop.domain, { id: Number(candle!.productId.split("/").pop()) }, db));

      const built = await shopSuggestionIndex(shop.id, WAIT_FOR_BUILD);
      if (!built || built === "building") throw new Error("the index was not built");
      expect(built.index.suggest({ caption: "my seaside gauze kaftan" })[0]?.productId).toBe(shirt!.productId);
      expect(built.index.suggest({ caption: "relaxed linen shirt" }).map((found) => found.productId)).not.toContain(shirt!.productId);
      expect(built.index.has(candle!.productId)).toBe(false);
    },
    SLOW_TEST_MS,
  );

  it(
    "drops the least recently used idle shop when the budget is exceeded, and builds it again on its next use",
    async () => {
      const [a, b, c] = [await shopWithCatalogue("index-lru-a"), await shopWithCatalogue("index-lru-b"), await shopWithCatalogue("index-lru-c")];
      forgetSuggestionIndexes();
      await shopSuggestionIndex(a.id, WAIT_FOR_BUILD);
      await shopSuggestionIndex(b.id, WAIT_FOR_BUILD);
      await shopSuggestionIndex(a.id, WAIT_FOR_BUILD); // a is used after b
      const one = suggestionIndexesHeld().shops.find((held) => held.shopId === a.id)?.bytes ?? 0;
      expect(one).toBeGreaterThan(0);
      expect(suggestionIndexesHeld().bytes).toBeLessThan(one * 2.5);

      // Room for two and a half demo catalogues: the third shop's index drops b's, the least recently used.
      limits.budgetBytes = Math.round(one * 2.5);
      await shopSuggestionIndex(c.id, WAIT_FOR_BUILD);
      expect(heldShops()).toEqual([a.id, c.id].sort());
      expect(suggestionIndexesHeld().bytes).toBeLessThanOrEqual(limits.budgetBytes);

      // b is built again when next asked for (meanwhile its suggestions are being prepared), and a goes.
      expect((await suggestionsOf(b)).catalogue).toBe("building");
      await shopSuggestionIndex(b.id, WAIT_FOR_BUILD);
      expect(heldShops()).toEqual([b.id, c.id].sort());
      limits.answerWithinMs = 1_000;
      expect((await suggestionsOf(b)).suggestions[0]?.title).toBe("Relaxed Linen Shirt");
    },
    SLOW_TEST_MS,
  );

  it(
    "keeps the index in use even when it alone is over the budget",
    async () => {
      const shop = await shopWithCatalogue("index-over-budget");
      limits.budgetBytes = 1;
      await shopSuggestionIndex(shop.id, WAIT_FOR_BUILD);
      expect(heldShops()).toEqual([shop.id]);
      const builds = suggestionIndexesHeld().buildsStarted;
      const answer = await suggestionsOf(shop);
      expect(answer.catalogue).toBe("ready");
      expect(answer.suggestions[0]?.title).toBe("Relaxed Linen Shirt");
      // Not dropped and built again at every request.
      expect(suggestionIndexesHeld().buildsStarted).toBe(builds);
    },
    SLOW_TEST_MS,
  );
});
