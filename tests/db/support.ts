// Helpers for the database-layer suite. Every test works in shops of its own
// (unique domains) and deletes them afterwards, so the suite can run on any
// migrated database, in parallel, without wiping anything.
import { randomUUID } from "node:crypto";
import { afterAll, expect } from "vitest";
import { prisma, Prisma } from "../../app/db.server";

const created: string[] = [];

/**
 * Call once at the top of a test file: its shops are deleted after its tests
 * (explicit, because test-both runs files in one module graph: --no-isolate).
 */
export function deleteShopsAfterAll() {
  afterAll(async () => {
    await prisma.shop.deleteMany({ where: { id: { in: created.splice(0) } } });
  });
}

export async function createShop(label = "shop") {
  const shop = await prisma.shop.create({
    data: { shopDomain: `${label}-${randomUUID().slice(0, 8)}.myshopify.com` },
  });
  created.push(shop.id);
  return shop;
}

let counter = 0;
export function createVideo(shopId: string, data: Partial<Prisma.VideoUncheckedCreateInput> = {}) {
  counter += 1;
  return prisma.video.create({
    data: { shopId, platform: "tiktok", platformVideoId: `vid-${counter}-${randomUUID().slice(0, 6)}`, ...data },
  });
}

export function createWidget(shopId: string, displayNumber: number, data: Partial<Prisma.WidgetUncheckedCreateInput> = {}) {
  return prisma.widget.create({
    data: { shopId, name: `Widget ${displayNumber}`, layoutType: "carousel", displayNumber, ...data },
  });
}

/** The promise fails with Prisma's known-request error `code` (P2002 unique, P2003 foreign key). */
export async function expectPrismaError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}, but the query succeeded`).not.toBeNull();
  expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
  expect((error as Prisma.PrismaClientKnownRequestError).code).toBe(code);
  return error as Prisma.PrismaClientKnownRequestError;
}
