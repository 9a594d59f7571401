// An auto-approve rule that also tags each video it approves with its top
// suggested product when the match is strong (decision 078), on SQLite and
// PostgreSQL (node scripts/db.mjs test-both): the tag goes through the
// tagging model, only strong and unambiguous suggestions are tagged, and
// retries, the catalogue runner's passes and imports running at once never
// tag a video twice.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import type { ImportedVideo } from "../../app/contracts/platforms";
import { applyCatalogueEntries, type CatalogueEntry } from "../../app/models/catalogue.server";
import { saveImportedVideos } from "../../app/models/videos.server";
import { upsertChannelFromImport } from "../../app/models/channels.server";
import { applyAutoApproveRules, createAutoApproveRule } from "../../app/models/auto-approve-rules.server";
import { shopSuggestionIndex, tagTopSuggestionsOfRules } from "../../app/models/suggestions.server";
import { addProductTag } from "../../app/models/tags.server";
import { createShop, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

const CATALOGUE: Array<[number, string, string]> = [
  [1, "Relaxed Linen Shirt", "Shirts"],
  [2, "Classic Linen Shirt", "Shirts"],
  [3, "Nordic Scented Candle", "Candles"],
  // Namesakes the engine cannot tell apart.
  [4, "Denim Jacket", "Jackets"],
  [5, "Denim Jacket", "Jackets"],
  [6, "Terracotta Stoneware Mug", "Kitchen"],
];

function entry([id, title, productType]: [number, string, string]): CatalogueEntry {
  return {
    productId: `gid://shopify/Product/${id}`,
    title,
    handle: `${title.toLowerCase().replace(/ /g, "-")}-${id}`,
    productType,
    vendor: "Northwind",
    tags: [],
    optionValues: [],
    imageUrl: null,
    minPrice: "20.00",
    maxPrice: "20.00",
    currencyCode: "USD",
    updatedAt: new Date("2026-11-01T00:00:00Z"),
  };
}

/** The shop's catalogue as a full read leaves it; `read` false: the first read has not finished. */
async function writeCatalogue(shopId: string, { read = true } = {}) {
  await prisma.$transaction((db) => applyCatalogueEntries(db, shopId, CATALOGUE.map(entry)), TRANSACTION);
  if (read) await markCatalogueRead(shopId);
}

const markCatalogueRead = (shopId: string) => prisma.catalogueState.update({ where: { shopId }, data: { syncedAt: new Date() } });

function post(title: string): ImportedVideo {
  const id = randomUUID();
  return {
    platformVideoId: id,
    title,
    authorName: "Brand",
    channelUsername: "brand",
    thumbnailUrl: null,
    embedHtml: null,
    videoUrl: `https://www.tiktok.com/@brand/video/${id}`,
    publishedAt: null,
  };
}

const STRONG = "Our Relaxed Linen Shirt in sand, restocked";
const PARTIAL = "nordic candle kind of evening";
const TIED = "Denim Jacket restock";
const NOTHING = "Thank you for 10k followers";

/** A shop with a widget, a connected account and a rule approving its videos, tagging or not. */
async function shopWithRule(label: string, { tagTopSuggestion = true, catalogueRead = true } = {}) {
  const shop = await createShop(label);
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  const widget = await createWidget(shop.id, 1);
  const channel = await upsertChannelFromImport(shop.id, "tiktok", "brand", null);
  await createAutoApproveRule(shop.id, {
    name: "Brand",
    enabled: true,
    channelIds: [channel.id],
    hashtags: "",
    allWidgets: false,
    widgetIds: [widget.id],
    tagTopSuggestion,
  });
  await writeCatalogue(shop.id, { read: catalogueRead });
  // The index warm, as it is once the library was opened: the rules then tag as they approve.
  if (catalogueRead) await shopSuggestionIndex(shop.id, { waitMs: Number.POSITIVE_INFINITY });
  return { shopId: shop.id, channelId: channel.id };
}

/** What the import runner does with one batch: save, then the rules on what was created. */
async function importBatch(shopId: string, channelId: string, captions: string[]) {
  const saved = await saveImportedVideos(shopId, "tiktok", captions.map(post), channelId, `job-${randomUUID()}`);
  return { saved, rules: await applyAutoApproveRules(shopId, saved.createdIds) };
}

async function tagsByCaption(shopId: string): Promise<Record<string, string[]>> {
  const videos = await prisma.video.findMany({ where: { shopId }, include: { productTags: { orderBy: { productId: "asc" } } } });
  return Object.fromEntries(videos.map((video) => [video.title ?? "", video.productTags.map((tag) => tag.productTitle)]));
}

const marked = (shopId: string) => prisma.video.count({ where: { shopId, autoTagPending: true } });

describe("a rule that also tags its videos' top suggested product", () => {
  it("tags a video it approves with its top suggestion only when the match is strong and no other product ties with it", async () => {
    const { shopId, channelId } = await shopWithRule("autotag");
    const { rules } = await importBatch(shopId, channelId, [STRONG, PARTIAL, TIED, NOTHING]);
    expect(rules).toEqual({ approved: 4, held: 0, overLimit: 0 });
    expect(await tagsByCaption(shopId)).toEqual({ [STRONG]: ["Relaxed Linen Shirt"], [PARTIAL]: [], [TIED]: [], [NOTHING]: [] });
    // Every video settled: nothing left for the catalogue runner.
    expect(await marked(shopId)).toBe(0);
    expect(await prisma.video.count({ where: { shopId, enabled: true } })).toBe(4);
  });

  it("tags nothing when the option is off (the default)", async () => {
    const { shopId, channelId } = await shopWithRule("autotag-off", { tagTopSuggestion: false });
    const { rules } = await importBatch(shopId, channelId, [STRONG]);
    expect(rules.approved).toBe(1);
    expect(await tagsByCaption(shopId)).toEqual({ [STRONG]: [] });
    expect(await marked(shopId)).toBe(0);
  });

  it("does nothing twice: the rules run again, the runner's passes and imports at once leave one tag a video", async () => {
    const { shopId, channelId } = await shopWithRule("autotag-once");
    const captions = (label: string) => [`${STRONG} ${label}`, `Terracotta Stoneware Mug ${label}`, `${PARTIAL} ${label}`];
    // Two imports of the account at once, while the catalogue runner passes over the shop twice.
    const [first, second] = await Promise.all([
      importBatch(shopId, channelId, captions("one")),
      importBatch(shopId, channelId, captions("two")),
      tagTopSuggestionsOfRules(shopId),
      tagTopSuggestionsOfRules(shopId),
    ]);
    const expected = {
      [`${STRONG} one`]: ["Relaxed Linen Shirt"],
      [`${STRONG} two`]: ["Relaxed Linen Shirt"],
      "Terracotta Stoneware Mug one": ["Terracotta Stoneware Mug"],
      "Terracotta Stoneware Mug two": ["Terracotta Stoneware Mug"],
      [`${PARTIAL} one`]: [],
      [`${PARTIAL} two`]: [],
    };
    expect(await tagsByCaption(shopId)).toEqual(expected);

    // A retried batch: the videos are approved already, and tagged; nothing changes.
    const again = await applyAutoApproveRules(shopId, [...first!.saved.createdIds, ...second!.saved.createdIds]);
    expect(again).toEqual({ approved: 0, held: 0, overLimit: 0 });
    expect(await tagTopSuggestionsOfRules(shopId, { waitMs: Number.POSITIVE_INFINITY })).toEqual({ settled: 0, tagged: 0 });
    expect(await tagsByCaption(shopId)).toEqual(expected);
    expect(await prisma.productTag.count({ where: { shopId } })).toBe(4);
  }, 60_000);

  it("leaves the tag to the catalogue runner until the catalogue was read, then tags once", async () => {
    const { shopId, channelId } = await shopWithRule("autotag-later", { catalogueRead: false });
    const { rules } = await importBatch(shopId, channelId, [STRONG, NOTHING]);
    expect(rules.approved).toBe(2);
    // A part-read catalogue could lack the product the video shows: nothing is decided yet.
    expect(await tagsByCaption(shopId)).toEqual({ [STRONG]: [], [NOTHING]: [] });
    expect(await marked(shopId)).toBe(2);
    expect(await tagTopSuggestionsOfRules(shopId, { waitMs: Number.POSITIVE_INFINITY })).toEqual({ settled: 0, tagged: 0 });

    await markCatalogueRead(shopId);
    // The runner's passes, two instances at once.
    const passes = await Promise.all([
      tagTopSuggestionsOfRules(shopId, { waitMs: Number.POSITIVE_INFINITY }),
      tagTopSuggestionsOfRules(shopId, { waitMs: Number.POSITIVE_INFINITY }),
    ]);
    expect(passes.reduce((sum, pass) => sum + pass.tagged, 0)).toBe(1);
    expect(await tagsByCaption(shopId)).toEqual({ [STRONG]: ["Relaxed Linen Shirt"], [NOTHING]: [] });
    expect(await marked(shopId)).toBe(0);
  });

  it("keeps the merchant's tags: a video the merchant tagged before the rule could is not tagged by it", async () => {
    const { shopId, channelId } = await shopWithRule("autotag-merchant", { catalogueRead: false });
    const { saved } = await importBatch(shopId, channelId, [STRONG]);
    await addProductTag(shopId, saved.createdIds[0]!, { productId: "gid://shopify/Product/2", productTitle: "Classic Linen Shirt" });

    await markCatalogueRead(shopId);
    expect(await tagTopSuggestionsOfRules(shopId, { waitMs: Number.POSITIVE_INFINITY })).toEqual({ settled: 1, tagged: 0 });
    expect(await tagsByCaption(shopId)).toEqual({ [STRONG]: ["Classic Linen Shirt"] });
    expect(await marked(shopId)).toBe(0);
  });
});

describe("an import's videos", () => {
  it("keep the job that added them; a later import of the same post leaves it with the first", async () => {
    const shop = await createShop("import-videos");
    const [a, b, c] = [post("A"), post("B"), post("C")];
    const first = await saveImportedVideos(shop.id, "tiktok", [a, b], null, "job-first");
    const second = await saveImportedVideos(shop.id, "tiktok", [b, c], null, "job-second");
    expect(second.createdIds).toHaveLength(1);
    const byTitle = Object.fromEntries((await prisma.video.findMany({ where: { shopId: shop.id } })).map((video) => [video.title, video.importJobId]));
    expect(byTitle).toEqual({ A: "job-first", B: "job-first", C: "job-second" });
    expect(first.createdIds).toHaveLength(2);
  });
});
