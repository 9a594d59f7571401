/**
 * A large catalogue written straight to the database, as a full read would
 * leave it (one revision a row, the state's revision the last): for tests of
 * the suggestion index at sizes Local Shopify's demo catalogue does not reach.
 */
import { prisma } from "~/db.server";

/** Small inserts: the other test files' writers get the database between them. */
const ROWS_PER_INSERT = 250;

/**
 * `count` products made of `vocabulary`'s words, each with a model name and a
 * SKU of its own (as a real catalogue's long tail), after the shop's current
 * revision; creates the shop's catalogue state (read) when it has none.
 */
export async function seedCatalogueRows(shopId: string, count: number, vocabulary: readonly string[]): Promise<void> {
  const state = await prisma.catalogueState.findUnique({ where: { shopId }, select: { revision: true } });
  const firstRevision = (state?.revision ?? 0) + 1;
  const word = (i: number, salt: number) => vocabulary[(i * 7 + salt * 13) % vocabulary.length] ?? "";
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    await prisma.catalogueProduct.createMany({
      data: Array.from({ length: Math.min(ROWS_PER_INSERT, count - from) }, (_, offset) => {
        const i = from + offset;
        const model = `mod${(i * 2654435761) % 4_000_003}`;
        const title = `${model} ${word(i, 1)} ${word(i, 2)} ${word(i, 3)}`;
        return {
          shopId,
          productId: `gid://shopify/Product/${7_000_000_000 + i}`,
          title,
          handle: title.replace(/ /g, "-"),
          productType: word(i, 4),
          vendor: `Vendor ${i % 300}`,
          tags: JSON.stringify([word(i, 5), `sku-${i}`, "Gift Ideas For Her", `${word(i, 6)} edit`]),
          optionValues: JSON.stringify(["S", "M", "L", word(i, 7)]),
          shopifyUpdatedAt: new Date(),
          revision: firstRevision + i,
        };
      }),
    });
  }
  const revision = firstRevision + count - 1;
  await prisma.catalogueState.upsert({
    where: { shopId },
    create: { shopId, revision, matchRevision: 1, syncedAt: new Date() },
    update: { revision, matchRevision: { increment: 1 } },
  });
}
