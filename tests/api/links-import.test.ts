// Many links at once (issue 16 item 4, decision 056): POST /api/videos/links
// starts one job for up to 50 links of any platforms, with the real importers
// against the Apify and oEmbed emulators: one actor run per platform, a result
// per link, retries that add nothing twice, and failures kept to their links.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createAutoApproveRule } from "~/models/auto-approve-rules.server";
import { upsertChannelFromImport } from "~/models/channels.server";
import type { ImportJobDto } from "~/rules/api-types";
import { IMPORT_LINKS_TEXT } from "~/messages";
import { configureImportRunner, resetImportRunner, waitForImportRunnerIdle } from "~/jobs/import-runner.server";
import { action as importLinksRoute } from "~/routes/api.videos.links";
import { loader as getJobRoute } from "~/routes/api.import-jobs.$jobId";
import { platformControl, uniqueAccount, uniquePinId } from "../emulators/platforms/client";
import { apiRequest, callRoute } from "../support/app-requests";
import { expectConsoleWarn } from "../support/console-guard";
import { bootstrapShop, jsonOf, type TestShop } from "../support/library-fixtures";

const platforms = platformControl();

afterEach(async () => {
  await waitForImportRunnerIdle();
  resetImportRunner();
});

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
const tiktokUrl = (account: string) => `https://www.tiktok.com/@${account}/video/7${digits(18)}`;
const reelUrl = () => `https://www.instagram.com/reel/C${Math.random().toString(36).slice(2, 12)}/`;
const pinUrl = (pinId = uniquePinId()) => `https://www.pinterest.com/pin/${pinId}/`;

async function startLinks(shop: TestShop, links: string[], platform = "tiktok"): Promise<Response> {
  return callRoute(importLinksRoute, await apiRequest(shop.domain, "/api/videos/links", { body: { shopId: shop.id, platform, links } }));
}

async function importLinks(shop: TestShop, links: string[]): Promise<{ started: ImportJobDto; finished: ImportJobDto }> {
  const response = await startLinks(shop, links);
  expect(response.status).toBe(202);
  const { job: started } = await jsonOf<{ job: ImportJobDto }>(response);
  await waitForImportRunnerIdle();
  const read = await callRoute(getJobRoute, await apiRequest(shop.domain, `/api/import-jobs/${started.id}`), { jobId: started.id });
  return { started, finished: (await jsonOf<{ job: ImportJobDto }>(read)).job };
}

const resultOf = (job: ImportJobDto, url: string) => job.links?.find((link) => link.url === url);

describe("POST /api/videos/links", () => {
  it("imports a mixed list as one job: one actor run per platform, a result for every link", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    const shop = await bootstrapShop("links");
    const creator = uniqueAccount();
    const tiktoks = [tiktokUrl(creator), tiktokUrl(creator)];
    const privateTiktok = tiktokUrl(uniqueAccount("private"));
    // The actor's own words for the private post go to the server log; the merchant reads spec 8's.
    expectConsoleWarn(/A link of a links import failed \(tiktok\): The actor's error item: This video is private/);
    const reels = [reelUrl(), reelUrl()];
    const pins = [pinUrl(), pinUrl()];
    const youtube = "https://www.youtube.com/shorts/abcdefghijk";
    const otherSite = "https://vimeo.com/123456";
    const profile = `https://www.tiktok.com/@${creator}`;
    const pasted = [tiktoks[0]!, reels[0]!, privateTiktok, pins[0]!, youtube, tiktoks[1]!, otherSite, reels[1]!, pins[1]!, profile, `${tiktoks[0]!}?lang=en`];

    const { started, finished } = await importLinks(shop, pasted);
    // The repeat of the first link collapsed: ten links, one job.
    expect(started).toMatchObject({ kind: "links", status: "queued", progress: { total: 10 } });
    expect(finished).toMatchObject({ kind: "links", status: "succeeded", videos_added: 6, progress: { saved: 10, total: 10 }, error: null });
    expect(finished.links).toHaveLength(10);
    for (const url of [...tiktoks, ...reels, ...pins]) expect(resultOf(finished, url)).toMatchObject({ status: "added", reason: null });
    expect(resultOf(finished, privateTiktok)).toMatchObject({
      platform: "tiktok",
      status: "failed",
      reason: "Please check that the URL is valid and the video is publicly accessible.",
    });
    expect(resultOf(finished, youtube)).toMatchObject({
      platform: "youtube_shorts",
      status: "failed",
      reason: "YouTube Shorts (Coming Soon): importing from YouTube Shorts is not available yet",
    });
    expect(resultOf(finished, otherSite)).toMatchObject({
      platform: null,
      status: "failed",
      reason: IMPORT_LINKS_TEXT.unknownSite,
    });
    expect(resultOf(finished, profile)).toMatchObject({ status: "failed", reason: "This is not a link to a TikTok video." });

    const videos = await prisma.video.findMany({ where: { shopId: shop.id }, select: { platform: true } });
    expect(videos.map((video) => video.platform).sort()).toEqual(["instagram", "instagram", "pinterest", "pinterest", "tiktok", "tiktok"]);

    // The scrapers were asked once per platform, with every link of that platform.
    const tiktokRuns = await platforms.runs({ contains: creator });
    expect(tiktokRuns).toHaveLength(1);
    expect(tiktokRuns[0]!.input.postURLs).toEqual([tiktoks[0], privateTiktok, tiktoks[1]]);
    const reelRuns = await platforms.runs({ contains: new URL(reels[0]!).pathname.split("/")[2]! });
    expect(reelRuns).toHaveLength(1);
    expect(reelRuns[0]!.input.username).toHaveLength(2);

    // The same list again: nothing twice, nothing fetched again for what is in the library.
    const again = (await importLinks(shop, pasted)).finished;
    expect(again).toMatchObject({ status: "succeeded", videos_added: 0 });
    for (const url of [...tiktoks, ...reels, ...pins]) expect(resultOf(again, url)?.status).toBe("already");
    expect(resultOf(again, privateTiktok)?.status).toBe("failed");
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(6);
    expect(await platforms.runs({ contains: creator })).toHaveLength(1);
    expect(await platforms.runs({ contains: new URL(reels[0]!).pathname.split("/")[2]! })).toHaveLength(1);
  });

  it("the auto-approve rules see a links import's new videos: one from a ruled account is approved into the rule's widget", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    const shop = await bootstrapShop("links-rules");
    const brand = uniqueAccount();
    const channel = await upsertChannelFromImport(shop.id, "tiktok", brand, null);
    const widget = await prisma.widget.create({
      data: { shopId: shop.id, name: "Home", layoutType: "carousel", pageContexts: '["homepage"]', displayNumber: 1 },
    });
    await createAutoApproveRule(shop.id, { name: "Brand", enabled: true, channelIds: [channel.id], hashtags: "", allWidgets: false, widgetIds: [widget.id] });
    const fromBrand = tiktokUrl(brand);
    const fromSomeoneElse = tiktokUrl(uniqueAccount());

    const { finished } = await importLinks(shop, [fromBrand, fromSomeoneElse]);
    expect(finished).toMatchObject({ status: "succeeded", videos_added: 2, rules: { approved: 1, held: 0, over_limit: 0 } });
    const videos = await prisma.video.findMany({ where: { shopId: shop.id }, include: { widgets: true } });
    const approved = videos.filter((video) => video.enabled);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.channelUsername).toBe(brand);
    expect(approved[0]!.widgets.map((link) => link.widgetId)).toEqual([widget.id]);
  });

  it("a run that fails part-way keeps what it pushed; the links it did not answer fail with its reason, other platforms go on", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    expectConsoleWarn(/A link of a links import failed \(tiktok\): The Apify run \S+ failed/);
    const shop = await bootstrapShop("links");
    const [blocked, pushed] = [tiktokUrl(uniqueAccount("fail")), tiktokUrl(uniqueAccount())];
    const pin = pinUrl();
    const { finished } = await importLinks(shop, [blocked, pushed, pin]);
    expect(finished).toMatchObject({ status: "succeeded", videos_added: 2 });
    expect(resultOf(finished, blocked)).toMatchObject({
      status: "failed",
      reason: "The platform did not return the videos this time. Please try again later.",
    });
    expect(resultOf(finished, pushed)?.status).toBe("added");
    expect(resultOf(finished, pin)?.status).toBe("added");
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(2);

    // Asked again, only the failed link is fetched again.
    const again = (await importLinks(shop, [blocked, pushed, pin])).finished;
    expect(again.links?.map((link) => link.status)).toEqual(["failed", "already", "already"]);
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(2);
  });

  it("a link's own failure stays with it: a missing pin among pins", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    const shop = await bootstrapShop("links");
    const good = [pinUrl(), pinUrl()];
    const missing = pinUrl(uniquePinId("404"));
    const { finished } = await importLinks(shop, [good[0]!, missing, good[1]!]);
    expect(finished.links?.map((link) => link.status)).toEqual(["added", "failed", "added"]);
    expect(resultOf(finished, missing)?.reason).toBe("Pinterest found no pin at this URL");
  });

  it("fifty links take one actor run per 25 links of a platform, not one per link", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    const shop = await bootstrapShop("links");
    const creator = uniqueAccount();
    const tiktoks = Array.from({ length: 30 }, () => tiktokUrl(creator));
    const pins = Array.from({ length: 20 }, () => pinUrl());
    const { finished } = await importLinks(shop, [...tiktoks, ...pins]);
    expect(finished).toMatchObject({ status: "succeeded", videos_added: 50, progress: { saved: 50, total: 50 } });
    const runs = await platforms.runs({ contains: creator });
    expect(runs.map((run) => (run.input.postURLs as string[]).length).sort((a, b) => a - b)).toEqual([5, 25]);
  });

  it("the same list asked twice at once starts one job", async () => {
    configureImportRunner({ thumbnailPollDelaysMs: [] });
    const shop = await bootstrapShop("links");
    const links = [pinUrl(), pinUrl()];
    const [first, second] = await Promise.all([startLinks(shop, links), startLinks(shop, links)]);
    const a = (await jsonOf<{ job: ImportJobDto }>(first!)).job;
    const b = (await jsonOf<{ job: ImportJobDto }>(second!)).job;
    expect(a.id).toBe(b.id);
    await waitForImportRunnerIdle();
    expect(await prisma.video.count({ where: { shopId: shop.id } })).toBe(2);
  });

  it("refuses what the Import modal refuses, before anything starts", async () => {
    const shop = await bootstrapShop("links");
    const tooMany = Array.from({ length: 51 }, () => pinUrl());
    const cases: Array<[unknown, string]> = [
      [tooMany, "You pasted 51 links. Import up to 50 at a time: remove 1 and try again."],
      [[pinUrl(), "not a link"], "Line 2 is not a link. Paste one link per line, each starting with https://, or remove that line."],
      [["   "], "Line 1 is not a link. Paste one link per line, each starting with https://, or remove that line."],
    ];
    for (const [links, message] of cases) {
      const response = await callRoute(
        importLinksRoute,
        await apiRequest(shop.domain, "/api/videos/links", { body: { shopId: shop.id, platform: "pinterest", links } }),
      );
      expect(response.status).toBe(400);
      expect(await jsonOf<{ error: string }>(response)).toMatchObject({ error: message });
    }
    const empty = await callRoute(
      importLinksRoute,
      await apiRequest(shop.domain, "/api/videos/links", { body: { shopId: shop.id, platform: "pinterest", links: [] } }),
    );
    expect(empty.status).toBe(400);
    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
