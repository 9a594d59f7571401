// What one shop's imports may cost at once (Hardening II item 5, decision 061):
// the merchant's imports in progress are capped per plan (one more is a 429
// with the plan's message), and so are the Apify actor runs they have going
// (one more waits). The report: one Free shop posted 20 link lists and
// started 40 actor runs on our Apify token in 15 s.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { IMPORT_CAPS } from "~/constants";
import { IMPORT_JOB_TEXT } from "~/messages";
import { enqueueImport } from "~/models/import-jobs.server";
import type { ImportJobDto } from "~/rules/api-types";
import { configureImportRunner, resetImportRunner, waitForImportRunnerIdle } from "~/jobs/import-runner.server";
import { PLATFORMS } from "~/platforms/config";
import type { PlatformImporter, VideoLookup } from "~/contracts/platforms";
import { action as importLinksRoute } from "~/routes/api.videos.links";
import { action as importChannelRoute } from "~/routes/api.channels._index";
import { action as importSingleRoute } from "~/routes/api.videos.single";
import { action as cancelJobRoute } from "~/routes/api.import-jobs.$jobId.cancel";
import { platformControl, uniqueAccount } from "../emulators/platforms/client";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, deferred, importedChannel, importedVideo, jsonOf, type TestShop } from "../support/library-fixtures";

const platforms = platformControl();

afterEach(async () => {
  await waitForImportRunnerIdle();
  resetImportRunner();
});

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
const tiktokUrl = (account: string) => `https://www.tiktok.com/@${account}/video/7${digits(18)}`;
const reelUrl = (tag: string) => `https://www.instagram.com/reel/C${tag}${digits(4)}/`;

async function post(route: typeof importLinksRoute, shop: TestShop, path: string, body: Record<string, unknown>) {
  return callRoute(route, await apiRequest(shop.domain, path, { body: { shopId: shop.id, ...body } }));
}
const startLinks = (shop: TestShop, links: string[]) => post(importLinksRoute, shop, "/api/videos/links", { platform: "tiktok", links });

/** The most intervals open at one moment. */
function mostAtOnce(intervals: Array<{ start: number; end: number }>): number {
  const edges = intervals.flatMap(({ start, end }) => [
    { at: start, step: 1 },
    { at: end, step: -1 },
  ]);
  // An interval that ends as another starts does not overlap it.
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let open = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (open += edge.step));
  return most;
}

describe("imports in progress, per shop and plan", () => {
  it("a Free shop posting 20 link lists: 2 import, 18 are refused with 429 and the plan's message; at most 2 actor runs at once", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    const shop = await bootstrapShop("caps-free");
    const creator = uniqueAccount();
    const tag = digits(6);
    const lists = Array.from({ length: 20 }, () => [tiktokUrl(creator), reelUrl(tag)]);

    const answers = await Promise.all(lists.map((links) => startLinks(shop, links)));

    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(IMPORT_CAPS.free.imports);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20 - IMPORT_CAPS.free.imports);
    expect(await jsonOf(refused[0]!)).toEqual({ error: IMPORT_JOB_TEXT.tooManyImports("free") });
    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(IMPORT_CAPS.free.imports);

    await waitForImportRunnerIdle();
    const runs = [...(await platforms.runs({ contains: creator })), ...(await platforms.runs({ contains: `C${tag}` }))];
    // One TikTok run and one Instagram run per accepted list, never more than the plan's runs at once.
    expect(runs).toHaveLength(2 * IMPORT_CAPS.free.imports);
    const intervals = runs.map((run) => ({ start: Date.parse(run.startedAt), end: Date.parse(run.finishedAt ?? run.startedAt) }));
    expect(mostAtOnce(intervals)).toBeLessThanOrEqual(IMPORT_CAPS.free.actorRuns);
    expect(await prisma.actorRunSlot.count({ where: { shopId: shop.id } })).toBe(0);

    // Once they are done, the merchant imports again.
    expect((await startLinks(shop, [tiktokUrl(creator)])).status).toBe(202);
  });
});

describe("what the cap counts", () => {
  /** Importers whose calls wait until the test lets them answer. */
  function heldImporters() {
    const release = deferred<void>();
    const importer = (platform: "tiktok" | "instagram"): PlatformImporter => ({
      config: PLATFORMS[platform],
      async importChannel(username) {
        await release.promise;
        return { channel: importedChannel(username), videos: [] };
      },
      async importVideo(url) {
        await release.promise;
        return { video: importedVideo(digits(19), { videoUrl: url }), channel: null };
      },
      async importVideos(urls) {
        await release.promise;
        return new Map<string, VideoLookup>(urls.map((url) => [url, { failure: { kind: "not_found", message: "gone" } }]));
      },
    });
    const importers = { tiktok: importer("tiktok"), instagram: importer("instagram") };
    configureImportRunner({
      importerFor: (platform) => importers[platform as "tiktok" | "instagram"],
      readinessOf: () => null,
      thumbnailPollDelaysMs: [],
    });
    return release;
  }

  it("every way of importing counts; asking for the same import again answers its job; Premium runs 5", async () => {
    const release = heldImporters();
    const shop = await bootstrapShop("caps-premium", "premium");
    const account = uniqueAccount();
    const started = [
      await post(importChannelRoute, shop, "/api/channels", { platform: "tiktok", username: account }),
      await post(importSingleRoute, shop, "/api/videos/single", { platform: "tiktok", videoUrl: tiktokUrl(account) }),
      ...(await Promise.all([1, 2, 3].map(() => startLinks(shop, [tiktokUrl(account)])))),
    ];
    expect(started.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);

    const sixth = await post(importChannelRoute, shop, "/api/channels", { platform: "instagram", username: account });
    expect(sixth.status).toBe(429);
    expect(await jsonOf(sixth)).toEqual({ error: IMPORT_JOB_TEXT.tooManyImports("premium") });
    // The same account again is the job already running, not a sixth.
    const again = await post(importChannelRoute, shop, "/api/channels", { platform: "tiktok", username: account });
    expect(again.status).toBe(202);
    expect((await jsonOf<{ job: ImportJobDto }>(again)).job.id).toBe((await jsonOf<{ job: ImportJobDto }>(started[0]!)).job.id);

    // Premium's auto-syncs are neither counted nor refused.
    const channel = await prisma.channel.create({ data: { shopId: shop.id, platform: "instagram", username: uniqueAccount() } });
    const auto = await enqueueImport({ shopId: shop.id, kind: "sync", platform: "instagram", input: "", channelId: channel.id, trigger: "auto" });
    expect(auto.status).toBe("queued");

    // A cancelled import no longer counts.
    const cancelled = (await jsonOf<{ job: ImportJobDto }>(started[4]!)).job;
    expect(
      (await callRoute(cancelJobRoute, await apiRequest(shop.domain, `/api/import-jobs/${cancelled.id}/cancel`, { method: "POST" }), { jobId: cancelled.id }))
        .status,
    ).toBe(200);
    expect((await post(importChannelRoute, shop, "/api/channels", { platform: "instagram", username: account })).status).toBe(202);
    release.resolve();
  });
});
