// The catalogue kept for product suggestions (decision 053) on whichever
// database DATABASE_URL names (test-both runs SQLite, then PostgreSQL):
// concurrent writes of one shop take distinct revisions in commit order, the
// newest version of a product wins whatever the arrival order, and an
// instance catching up from its revision sees every change.
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import {
  ProductWebhookPayload,
  applyCatalogueEntries,
  applyProductDeleteWebhook,
  applyProductWebhook,
  catalogueChanges,
  type CatalogueEntry,
} from "../../app/models/catalogue.server";
import { createShop, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

function entry(id: number, title: string, updatedAt: string): CatalogueEntry {
  return {
    productId: `gid://shopify/Product/${id}`,
    title,
    handle: title.toLowerCase().replace(/ /g, "-"),
    productType: "Candles",
    vendor: "Hearth & Loom",
    tags: ["home"],
    optionValues: [],
    imageUrl: null,
    minPrice: "10.00",
    maxPrice: "10.00",
    currencyCode: "USD",
    updatedAt: new Date(updatedAt),
  };
}

const write = (shopId: string, entries: CatalogueEntry[]) => prisma.$transaction((db) => applyCatalogueEntries(db, shopId, entries), TRANSACTION);

describe("catalogue writes", () => {
  it("gives concurrent writes of one shop distinct revisions, and the newest version of a product wins in any order", async () => {
    const shop = await createShop("catalogue");
    const versions = Array.from({ length: 8 }, (_, index) => entry(1, `Candle v${index}`, `2026-01-01T00:00:0${index}Z`));
    // Arrive shuffled and at once, plus other products alongside.
    const shuffled = [versions[5], versions[0], versions[7], versions[2], versions[6], versions[1], versions[4], versions[3]].map((version, index) => [
      version!,
      entry(100 + index, `Mug ${index}`, "2026-01-01T00:00:00Z"),
    ]);
    await Promise.all(shuffled.map((entries) => write(shop.id, entries)));

    const candle = await prisma.catalogueProduct.findUniqueOrThrow({ where: { shopId_productId: { shopId: shop.id, productId: "gid://shopify/Product/1" } } });
    expect(candle.title).toBe("Candle v7");
    const state = await prisma.catalogueState.findUniqueOrThrow({ where: { shopId: shop.id } });
    expect(state.revision).toBe(8);
    const revisions = await prisma.catalogueProduct.findMany({ where: { shopId: shop.id }, select: { revision: true } });
    expect(Math.max(...revisions.map((row) => row.revision))).toBeLessThanOrEqual(8);

    // Catching up from any revision sees the rows changed after it, once each, oldest first.
    const all: string[] = [];
    for await (const page of catalogueChanges(shop.id, -1, 3)) all.push(...page.map((change) => change.product.title));
    expect(all.sort()).toEqual(["Candle v7", ...Array.from({ length: 8 }, (_, index) => `Mug ${index}`)].sort());
    const later: number[] = [];
    for await (const page of catalogueChanges(shop.id, 4, 2)) later.push(...page.map((change) => change.revision));
    expect(later.every((revision) => revision > 4)).toBe(true);
    expect(later).toEqual([...later].sort((a, b) => a - b));
  });

  it("gives a first build the deletions made after the revision it set out to reach, not the older ones", async () => {
    const shop = await createShop("catalogue-build");
    await write(shop.id, [entry(1, "Vase", "2026-03-01T00:00:00Z"), entry(2, "Lamp", "2026-03-01T00:00:00Z"), entry(3, "Rug", "2026-03-01T00:00:00Z")]);
    await prisma.$transaction((db) => applyProductDeleteWebhook(shop.shopDomain, { id: 1 }, db, new Date("2026-03-02T00:00:00Z")), TRANSACTION);
    const { revision: buildTarget } = await prisma.catalogueState.findUniqueOrThrow({ where: { shopId: shop.id } });
    // Deleted while the build reads its pages.
    await prisma.$transaction((db) => applyProductDeleteWebhook(shop.shopDomain, { id: 2 }, db, new Date("2026-03-03T00:00:00Z")), TRANSACTION);

    const read: string[] = [];
    for await (const page of catalogueChanges(shop.id, -1, 2, { deletedAfter: buildTarget })) {
      read.push(...page.map((change) => `${change.product.id.split("/").pop()}${change.deleted ? " deleted" : ""}`));
    }
    expect(read.sort()).toEqual(["2 deleted", "3"]);
  });

  it("keeps another shop's catalogue apart", async () => {
    const [one, two] = [await createShop("catalogue-a"), await createShop("catalogue-b")];
    await write(one.id, [entry(7, "Vase", "2026-02-01T00:00:00Z")]);
    await write(two.id, [entry(7, "Lamp", "2026-02-01T00:00:00Z")]);
    const titles = await prisma.catalogueProduct.findMany({ where: { shopId: { in: [one.id, two.id] } }, select: { shopId: true, title: true } });
    expect(titles.find((row) => row.shopId === one.id)?.title).toBe("Vase");
    expect(titles.find((row) => row.shopId === two.id)?.title).toBe("Lamp");
  });
});

describe("products/create and products/update text", () => {
  it("is stored without a NUL or a lone surrogate (PostgreSQL refused it, SQLite cut it at the NUL); the rest of the product is kept", async () => {
    const shop = await createShop("catalogue-text");
    const payload = ProductWebhookPayload.parse({
      id: 424242,
      title: "Cre\u0000ator Mug \uD83D",
      handle: "creator-mug",
      product_type: "Mugs\u0000",
      vendor: "Hearth \uDE00& Loom",
      tags: "gift\u0000, kitchen",
      updated_at: "2026-03-01T00:00:00Z",
      options: [{ name: "Colour", values: ["Blue\u0000", "Red"] }],
      image: { src: "https://cdn.shopify.com/s/files/mug\u0000.png" },
      variants: [{ price: "12.00" }],
    });
    await prisma.$transaction((db) => applyProductWebhook(shop.shopDomain, payload, db), TRANSACTION);

    const row = await prisma.catalogueProduct.findUniqueOrThrow({
      where: { shopId_productId: { shopId: shop.id, productId: "gid://shopify/Product/424242" } },
    });
    expect(row).toMatchObject({ title: "Creator Mug", productType: "Mugs", vendor: "Hearth & Loom", handle: "creator-mug", minPrice: "12.00" });
    expect(JSON.parse(row.tags)).toEqual(["gift", "kitchen"]);
    expect(JSON.parse(row.optionValues)).toEqual(["Blue", "Red"]);
    expect(row.imageUrl).toBe("https://cdn.shopify.com/s/files/mug%00.png");
  });
});
