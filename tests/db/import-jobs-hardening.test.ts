// Import jobs against the races and faults of a real database, on whichever
// database DATABASE_URL names: an account removed while its sync or import
// runs stays removed, a job nobody finishes is failed by the watchdog, and a
// final status write refused for a moment is retried.
import { importedVideo } from "../support/imported-videos";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseKind, prisma } from "../../app/db.server";
import { jobFailureMessage } from "../../app/rules/import-flow";
import { LIBRARY_TEXT } from "../../app/messages";
import { deleteChannel } from "../../app/models/channels.server";
import { enqueueImport, getImportJob } from "../../app/models/import-jobs.server";
import { JOB_TIME_LIMIT_MS, STALE_AFTER_MS } from "../../app/models/import-job-limits.server";
import { configureImportRunner, resetImportRunner, waitForImportJob, waitForImportRunnerIdle } from "../../app/jobs/import-runner.server";
import { startImportJobWatchdog } from "../../app/jobs/import-job-watchdog.server";
import { PLATFORMS } from "../../app/platforms/config";
import type { ChannelImportResult, PlatformImporter } from "../../app/contracts/platforms";
import { createShop, createVideo, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const MINUTE = 60_000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

const feed = (username: string, videoIds: string[]): ChannelImportResult => ({
  channel: { username, displayName: `${username} display`, avatarUrl: null, followerCount: 10 },
  videos: videoIds.map((id) => importedVideo(id)),
});

const videoIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** The importer of this file: each account answers when the test releases it. */
let answers: Map<string, ReturnType<typeof deferred<ChannelImportResult>>>;
let asked: Map<string, ReturnType<typeof deferred<void>>>;

function answerFor(username: string) {
  if (!answers.has(username)) answers.set(username, deferred<ChannelImportResult>());
  return answers.get(username)!;
}
function askedFor(username: string) {
  if (!asked.has(username)) asked.set(username, deferred<void>());
  return asked.get(username)!;
}

beforeEach(() => {
  answers = new Map();
  asked = new Map();
  const importer: PlatformImporter = {
    config: PLATFORMS.tiktok,
    async importChannel(username) {
      askedFor(username).resolve();
      return answerFor(username).promise;
    },
    async importVideo() {
      throw new Error("not used");
    },
  };
  configureImportRunner({ importerFor: () => importer, readinessOf: () => null });
});

afterEach(async () => {
  await waitForImportRunnerIdle();
  resetImportRunner();
});

/** Runs SQL that differs by database; the test's triggers are dropped after the file. */
const cleanups: string[] = [];
afterAll(async () => {
  for (const statement of cleanups.splice(0)) await prisma.$executeRawUnsafe(statement);
});

/** The account is removed by the database itself right after `platformVideoId` is inserted: mid-way through the saving loop. */
async function removeAccountWhenSaved(platformVideoId: string) {
  const name = `test_remove_account_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  if (databaseKind === "sqlite") {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" AFTER INSERT ON "Video" WHEN NEW."platformVideoId" = '${platformVideoId}'
       BEGIN DELETE FROM "Channel" WHERE "id" = NEW."channelId"; END`,
    );
    cleanups.push(`DROP TRIGGER IF EXISTS "${name}"`);
  } else {
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN DELETE FROM "Channel" WHERE "id" = NEW."channelId"; RETURN NULL; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" AFTER INSERT ON "Video" FOR EACH ROW WHEN (NEW."platformVideoId" = '${platformVideoId}') EXECUTE FUNCTION "${name}"()`,
    );
    cleanups.push(`DROP TRIGGER IF EXISTS "${name}" ON "Video"`, `DROP FUNCTION IF EXISTS "${name}"()`);
  }
}

/** Until `until`, the database refuses to record that job `jobId` ended, as a lock held by another process would. */
async function refuseFinalWriteUntil(jobId: string, until: Date) {
  const name = `test_refuse_finish_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  if (databaseKind === "sqlite") {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" BEFORE UPDATE ON "ImportJob"
       WHEN NEW."id" = '${jobId}' AND NEW."status" IN ('succeeded', 'failed') AND strftime('%Y-%m-%dT%H:%M:%fZ', 'now') < '${until.toISOString()}'
       BEGIN SELECT RAISE(ABORT, 'database is locked'); END`,
    );
    cleanups.push(`DROP TRIGGER IF EXISTS "${name}"`);
  } else {
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'canceling statement due to lock timeout' USING ERRCODE = '55P03'; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" BEFORE UPDATE ON "ImportJob" FOR EACH ROW
       WHEN (NEW."id" = '${jobId}' AND NEW."status" IN ('succeeded', 'failed') AND clock_timestamp() < '${until.toISOString()}'::timestamptz)
       EXECUTE FUNCTION "${name}"()`,
    );
    cleanups.push(`DROP TRIGGER IF EXISTS "${name}" ON "ImportJob"`, `DROP FUNCTION IF EXISTS "${name}"()`);
  }
}

async function connectedAccount(label: string, username: string, videoCount: number) {
  const shop = await createShop(label);
  const channel = await prisma.channel.create({
    data: { shopId: shop.id, platform: "tiktok", username, lastSyncedAt: new Date(Date.now() - 4 * 60 * MINUTE) },
  });
  for (const id of videoIds(`${username}-old`, videoCount)) await createVideo(shop.id, { platformVideoId: id, channelId: channel.id });
  return { shop, channel };
}

describe(`import jobs on ${databaseKind}: removing an account wins over its sync`, () => {
  it("a sync of an account removed while it fetches neither re-creates the account nor saves its videos", async () => {
    const { shop, channel } = await connectedAccount("removed-sync", "creator", 3);
    const job = await enqueueImport({ shopId: shop.id, kind: "sync", platform: "tiktok", input: "", channelId: channel.id });
    await askedFor("creator").promise;

    expect(await deleteChannel(shop.id, channel.id)).toEqual({ videosDeleted: 3 });
    answerFor("creator").resolve(feed("creator", [...videoIds("creator-new", 12), ...videoIds("creator-old", 3)]));
    await waitForImportJob(job.id);

    expect(await prisma.channel.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(0);
    const done = await getImportJob(shop.id, job.id);
    expect(done).toMatchObject({ status: "failed", error: LIBRARY_TEXT.accountRemoved, videos_added: 0 });
    expect(jobFailureMessage(done)).toBe(`Sync failed: ${LIBRARY_TEXT.accountRemoved}`);
  });

  it("an account import of a connected account removed while it fetches does not bring it back", async () => {
    const { shop, channel } = await connectedAccount("removed-reimport", "brand", 2);
    const job = await enqueueImport({ shopId: shop.id, kind: "channel", platform: "tiktok", input: "@Brand" });
    await askedFor("brand").promise;

    await deleteChannel(shop.id, channel.id);
    answerFor("brand").resolve(feed("brand", videoIds("brand-new", 4)));
    await waitForImportJob(job.id);

    expect(await prisma.channel.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await getImportJob(shop.id, job.id)).toMatchObject({ status: "failed", error: LIBRARY_TEXT.accountRemoved });

    // Connecting it again afterwards works.
    answers.delete("brand");
    const again = await enqueueImport({ shopId: shop.id, kind: "channel", platform: "tiktok", input: "brand" });
    answerFor("brand").resolve(feed("brand", videoIds("brand-new", 4)));
    await waitForImportJob(again.id);
    expect(await getImportJob(shop.id, again.id)).toMatchObject({ status: "succeeded", videos_added: 4 });
    expect(await prisma.channel.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("an account removed while its videos are being saved stays removed, and so do its videos", async () => {
    const shop = await createShop("removed-saving");
    const ids = videoIds(`saving-${randomUUID().slice(0, 6)}`, 35);
    // Saved oldest first, ten at a time: the 15th oldest is in the second batch.
    await removeAccountWhenSaved(ids[35 - 15]!);
    const job = await enqueueImport({ shopId: shop.id, kind: "channel", platform: "tiktok", input: "newcomer" });
    answerFor("newcomer").resolve(feed("newcomer", ids));
    await waitForImportJob(job.id);

    expect(await prisma.channel.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(0);
    // The first batch went with the account: the job does not claim to have kept it.
    const done = await getImportJob(shop.id, job.id);
    expect(done).toMatchObject({ status: "failed", error: LIBRARY_TEXT.accountRemoved, videos_added: 0 });
    expect(jobFailureMessage(done)).toBe(`Unable to add channel: ${LIBRARY_TEXT.accountRemoved}`);
  });
});

describe(`import jobs on ${databaseKind}: no job stays running`, () => {
  it("the watchdog fails a job whose process died and one past its time limit, without anyone reading them", async () => {
    const { shop, channel } = await connectedAccount("watchdog", "sleeper", 0);
    // An auto-sync claimed the account (not due for 3 hours), then its process died.
    const claimedUntil = new Date(Date.now() + 3 * 60 * MINUTE);
    await prisma.channel.update({ where: { id: channel.id }, data: { nextSyncAt: claimedUntil } });
    const silent = new Date(Date.now() - STALE_AFTER_MS - 5000);
    const dead = await prisma.importJob.create({
      data: {
        shopId: shop.id,
        kind: "sync",
        trigger: "auto",
        platform: "tiktok",
        input: "sleeper",
        channelId: channel.id,
        status: "running",
        startedAt: silent,
        updatedAt: silent,
      },
    });
    // Alive (its process still touches it) but stuck well past the time limit.
    const stuck = await prisma.importJob.create({
      data: {
        shopId: shop.id,
        kind: "channel",
        platform: "tiktok",
        input: "stuck",
        status: "running",
        startedAt: new Date(Date.now() - JOB_TIME_LIMIT_MS - 5 * MINUTE),
      },
    });
    const healthy = await prisma.importJob.create({
      data: { shopId: shop.id, kind: "channel", platform: "tiktok", input: "healthy", status: "running", startedAt: new Date() },
    });

    const watchdog = startImportJobWatchdog({ intervalMs: 100 });
    try {
      const row = (id: string) => prisma.importJob.findUniqueOrThrow({ where: { id } });
      await expect.poll(async () => (await row(dead.id)).status, { timeout: 10_000 }).toBe("failed");
      await expect.poll(async () => (await row(stuck.id)).status, { timeout: 10_000 }).toBe("failed");
      expect(await row(dead.id)).toMatchObject({ error: LIBRARY_TEXT.importInterrupted, errorKind: "failed", finishedAt: expect.any(Date) });
      expect(await row(stuck.id)).toMatchObject({ errorKind: "timeout", finishedAt: expect.any(Date) });
      expect((await row(stuck.id)).error).toMatch(/timeout/i);
      expect((await row(healthy.id)).status).toBe("running");

      // The account shows why and is retried with the usual backoff, not 3 hours after the lost claim.
      const account = await prisma.channel.findUniqueOrThrow({ where: { id: channel.id } });
      expect(account.lastSyncError).toBe(LIBRARY_TEXT.importInterrupted);
      expect(account.nextSyncAt!.getTime()).toBeLessThan(Date.now() + 11 * MINUTE);
    } finally {
      watchdog.stop();
      await prisma.importJob.deleteMany({ where: { id: healthy.id } });
    }
  });

  it("a job whose final status write is refused for a moment is finished anyway", async () => {
    const shop = await createShop("refused-finish");
    const job = await enqueueImport({ shopId: shop.id, kind: "channel", platform: "tiktok", input: "steady" });
    await askedFor("steady").promise;
    const lockedUntil = new Date(Date.now() + 1500);
    await refuseFinalWriteUntil(job.id, lockedUntil);
    answerFor("steady").resolve(feed("steady", videoIds(`steady-${randomUUID().slice(0, 6)}`, 3)));
    await waitForImportJob(job.id);

    const row = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "succeeded", videosAdded: 3, error: null, finishedAt: expect.any(Date) });
    // Nothing could record the end before the database accepted it again.
    expect(Date.now()).toBeGreaterThanOrEqual(lockedUntil.getTime());
    const account = await prisma.channel.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(account.lastSyncedAt).not.toBeNull();
  });
});
