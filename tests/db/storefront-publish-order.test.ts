// Several app instances publishing one shop's storefront data at once (issue
// 11, "several instances"): what Shopify holds in the end is the shop's latest
// data, and publishes never go backwards (a later write never carries an older
// publish number). Three processes on one database (SQLite or PostgreSQL),
// each changing the shop's widget and asking for publishes, with "Shopify"
// answering after random delays.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { sweepCandidates } from "../../app/models/storefront-publishing.server";
import { createShop, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();
const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "clipcart-publish-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const INSTANCES = 3;
const ROUNDS = 12;

function instances(shopId: string, widgetId: string, logFile: string, mode = "") {
  return Array.from({ length: INSTANCES }, () =>
    run(process.execPath, ["--import", "tsx", "tests/db/publish-worker.ts", shopId, widgetId, logFile, String(ROUNDS), mode], {
      env: { ...process.env, STOREFRONT_PUBLISHING: "on" },
      timeout: 90_000,
    }),
  );
}

function shopifyWrites(logFile: string): Array<{ version: number; name: string }> {
  return readFileSync(logFile, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { version: number; name: string });
}

describe("storefront publishes from several instances", () => {
  it("end with the shop's latest data, and never go backwards", async () => {
    const shop = await createShop("publish-order");
    const widget = await createWidget(shop.id, 1);
    const logFile = path.join(folder, "ordered.log");
    await Promise.all(instances(shop.id, widget.id, logFile));

    const writes = shopifyWrites(logFile);
    const latest = await prisma.widget.findUniqueOrThrow({ where: { id: widget.id }, select: { name: true } });
    expect(writes.at(-1)?.name, "what the storefront shows in the end").toBe(latest.name);
    const versions = writes.map((write) => write.version);
    expect(versions, "publish numbers in the order Shopify received them").toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    const record = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
    expect(record.storefrontPublished).toBe(record.storefrontRequested);
    expect(record.storefrontLeaseOwner).toBeNull();
  }, 120_000);

  it("a request whose instance died is picked up by another instance's sweep", async () => {
    const shop = await createShop("publish-sweep");
    // An instance recorded a request, took the lease and died: the lease ran out.
    await prisma.shop.update({
      where: { id: shop.id },
      data: { storefrontRequested: 3, storefrontPublished: 1, storefrontLeaseOwner: "dead-instance", storefrontLeaseUntil: new Date(Date.now() - 1000) },
    });
    const live = await createShop("publish-sweep-live");
    await prisma.shop.update({
      where: { id: live.id },
      data: { storefrontRequested: 3, storefrontPublished: 1, storefrontLeaseOwner: "live-instance", storefrontLeaseUntil: new Date(Date.now() + 60_000) },
    });
    // The sweep picks the abandoned shop only; the live lease is its holder's.
    const candidates = await sweepCandidates(10_000);
    expect(candidates).toContain(shop.id);
    expect(candidates).not.toContain(live.id);
  });
});
