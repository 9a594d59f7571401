// The database under a long-running process and under another process's lock
// (issue 11, cases 1 and 2), on whichever database DATABASE_URL names:
// - open files and connections stay bounded however many transactions run;
// - while another process holds the write lock, a write is answered within
//   its budget (done, or refused as a transient failure that the server
//   answers 503), reads go on, /healthz says the database cannot be written,
//   and everything works again by itself once the lock is released.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_LIMITS, databaseKind, databaseUrl, isTransientDatabaseError, prisma } from "../../app/db.server";
import { sqliteFilePath } from "../../prisma/database-url.mjs";
import { withDatabaseOutageAs503 } from "../../app/http/database-outage.server";
import { loader as healthz } from "../../app/routes/healthz";
import { setVideoEnabled } from "../../app/models/videos.server";
import { createShop, createVideo, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const openFiles = () => readdirSync("/proc/self/fd").length;

/** Some of what a busy store does: approvals, batch writes and reads, `concurrency` at a time. */
async function storeTraffic(shopId: string, videoIds: string[], concurrency: number) {
  for (let start = 0; start < videoIds.length; start += concurrency) {
    await Promise.all(
      videoIds.slice(start, start + concurrency).map(async (videoId) => {
        await setVideoEnabled(shopId, videoId, { enabled: true });
        await setVideoEnabled(shopId, videoId, { enabled: false });
        await prisma.$transaction([prisma.video.update({ where: { id: videoId }, data: { clicks: { increment: 1 } } })]);
        await prisma.video.count({ where: { shopId } });
      }),
    );
  }
}

describe("a long-running process", () => {
  it("holds a bounded number of open files and connections however many transactions it runs", async () => {
    const shop = await createShop("files");
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
    const videos = await Promise.all(Array.from({ length: 16 }, () => createVideo(shop.id)));
    const ids = videos.map((video) => video.id);

    // The first round may open what the process keeps (the pool's connections).
    await storeTraffic(shop.id, ids, 8);
    const afterFirstRound = openFiles();
    for (let round = 0; round < 2; round++) await storeTraffic(shop.id, ids, 8);
    const afterMoreRounds = openFiles();

    // ~100 more transactions: the libsql driver we had left ~6 files open per approval.
    expect(afterMoreRounds - afterFirstRound).toBeLessThanOrEqual(2);
    if (databaseKind === "postgresql") {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>(
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'clipcart'",
        );
        expect(Number(rows[0]!.count)).toBeLessThanOrEqual(10);
      } finally {
        await client.end();
      }
    }
  }, 60_000);
});

/**
 * Another process takes the write lock on the shop's row (PostgreSQL) or on
 * the whole file (SQLite: BEGIN EXCLUSIVE) and keeps it for `holdMs`.
 * Resolves once it holds the lock; `released` resolves when it let go.
 */
async function lockFromAnotherProcess(shopId: string, holdMs: number) {
  const script =
    databaseKind === "postgresql"
      ? `const pg = require("pg");
         const client = new pg.Client({ connectionString: process.argv[1] });
         (async () => {
           await client.connect();
           await client.query("BEGIN");
           await client.query('SELECT 1 FROM "Shop" WHERE "id" = $1 FOR UPDATE', [process.argv[2]]);
           console.log("locked");
           setTimeout(async () => { await client.query("COMMIT"); await client.end(); }, Number(process.argv[3]));
         })();`
      : `const Database = require("better-sqlite3");
         const db = new Database(process.argv[1]);
         db.exec("BEGIN EXCLUSIVE");
         console.log("locked");
         setTimeout(() => { db.exec("COMMIT"); db.close(); }, Number(process.argv[3]));`;
  const target = databaseKind === "postgresql" ? databaseUrl : sqliteFilePath(databaseUrl);
  const child = spawn(process.execPath, ["-e", script, target, shopId, String(holdMs)], { stdio: ["ignore", "pipe", "inherit"] });
  const released = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the locking process exited (${code}) before locking`)));
  });
  return { released };
}

async function settle<T>(promise: Promise<T>) {
  const started = Date.now();
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { ...outcome, ms: Date.now() - started };
}

/** PostgreSQL's lock_timeout in this test: production's 10 s would only make the test wait; the behaviour is the same. */
const TEST_LOCK_TIMEOUT_MS = 1_000;

describe("another process holding the write lock", () => {
  // The app's pool reconnects with a short lock_timeout for this test (POSTGRES_LIMITS is read on
  // connecting), and with production's again after it.
  const productionLockTimeoutMs = POSTGRES_LIMITS.lockTimeoutMs;
  beforeAll(async () => {
    if (databaseKind !== "postgresql") return;
    POSTGRES_LIMITS.lockTimeoutMs = TEST_LOCK_TIMEOUT_MS;
    await prisma.$disconnect();
  });
  afterAll(async () => {
    if (databaseKind !== "postgresql") return;
    POSTGRES_LIMITS.lockTimeoutMs = productionLockTimeoutMs;
    await prisma.$disconnect();
  });

  it("gets answers within the budget, never wedges the app, and everything works again once it lets go", async () => {
    // PostgreSQL's lock_timeout bounds each lock a statement waits for, not the statement: of the two writes
    // below that queue for the shop's row, the second waits for the first's turn (up to one lock_timeout) and then
    // for the row itself (up to another). So the budget is two lock_timeouts, and the lock is held longer than that:
    // a write that waited for the other process to let go would finish after the budget.
    // SQLite: a statement's busy wait (~2 s) and a transaction's start (5 s), held past both.
    const lockTimeoutMs = POSTGRES_LIMITS.lockTimeoutMs;
    if (databaseKind === "postgresql") {
      // The app's connections wait no longer than that (pg_settings says it in milliseconds).
      const [setting] = await prisma.$queryRawUnsafe<Array<{ setting: string }>>("SELECT setting FROM pg_settings WHERE name = 'lock_timeout'");
      expect(Number(setting?.setting)).toBe(TEST_LOCK_TIMEOUT_MS);
    }
    const HOLD_MS = databaseKind === "postgresql" ? 2 * lockTimeoutMs + 3_000 : 9_000;
    const BUDGET_MS = databaseKind === "postgresql" ? 2 * lockTimeoutMs + 1_500 : 7_500;
    const shop = await createShop("locked");
    const video = await createVideo(shop.id, { title: "Before" });
    const { released } = await lockFromAnotherProcess(shop.id, HOLD_MS);

    // Everything at once, as requests would arrive.
    const route = withDatabaseOutageAs503(async (_args: { request: Request }) => prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium" } }));
    const [reads, write, transaction, answer, health] = await Promise.all([
      settle(prisma.video.findMany({ where: { shopId: shop.id } })),
      settle(prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium" } })),
      settle(prisma.$transaction(async (tx) => tx.video.update({ where: { id: video.id }, data: { title: "During" } }))),
      settle(Promise.resolve(route({ request: new Request("http://app.test/api/anything", { method: "POST" }) }))),
      settle(healthz()),
    ]);
    expect(reads.ok, "reads go on while another process writes").toBe(true);
    // Done, or refused as "not now"; never a hang. The budgets: a statement ~2 s and a transaction's
    // start 5 s on SQLite, PostgreSQL's lock_timeout.
    for (const outcome of [write, transaction]) {
      if (!outcome.ok) expect(isTransientDatabaseError(outcome.error), String(outcome.error)).toBe(true);
      expect(outcome.ms).toBeLessThan(BUDGET_MS);
    }
    // What the server answers for such a failure: 503 with a retry hint.
    if (!answer.ok) {
      expect(answer.error).toBeInstanceOf(Response);
      expect((answer.error as Response).status).toBe(503);
      expect((answer.error as Response).headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    if (databaseKind === "sqlite") {
      // The whole file is locked: nothing can be written, and the health check says so.
      expect(write.ok).toBe(false);
      expect(answer.ok).toBe(false);
      expect(health.ok && health.value.status).toBe(503);
    }

    await released;
    // Recovered by itself: writes, transactions and the health check work, with no transaction left behind.
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "free" } });
    await setVideoEnabled(shop.id, video.id, { enabled: true });
    expect((await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).enabled).toBe(true);
    expect((await healthz()).status).toBe(200);
    const { released: releasedAgain } = await lockFromAnotherProcess(shop.id, 10);
    await releasedAgain;
  }, 60_000);
});
