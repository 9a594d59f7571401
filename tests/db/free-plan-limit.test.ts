// The Free plan's limit under concurrency, on whichever database DATABASE_URL
// names (node scripts/db.mjs test-both runs SQLite, then PostgreSQL): 50
// approvals at once must leave exactly 5 approved videos on a Free shop.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { FREE_PLAN } from "../../app/constants";
import { LIBRARY_TEXT } from "../../app/messages";
import { FreePlanLimitError } from "../../app/rules/domain-errors";
import { setVideoEnabled } from "../../app/models/videos.server";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

const CONCURRENT = 50;

async function shopWithDrafts(label: string, plan: "free" | "premium") {
  const shop = await createShop(label);
  if (plan === "premium") await prisma.shop.update({ where: { id: shop.id }, data: { plan: "premium", premiumSource: "billing" } });
  const widget = await createWidget(shop.id, 1);
  const videos = [];
  for (let i = 0; i < CONCURRENT; i++) videos.push(await createVideo(shop.id, { title: `Draft ${i}` }));
  return { shop, widget, videos };
}

function approveAllAtOnce(shopId: string, videoIds: string[], widgetIds: string[] = []) {
  return Promise.allSettled(videoIds.map((id) => setVideoEnabled(shopId, id, { enabled: true, widgetIds })));
}

// 50 approvals queue behind one shop's lock: seconds on a busy machine, hence 60 s rather than the suite's 20 s.
describe(`${CONCURRENT} concurrent approvals`, () => {
  it("leave exactly 5 approved on a Free shop; the other 45 are refused with the Free plan message", async () => {
    const { shop, widget, videos } = await shopWithDrafts("free-race", "free");
    const results = await approveAllAtOnce(
      shop.id,
      videos.map((video) => video.id),
      [widget.id],
    );

    const fulfilled = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    expect(fulfilled).toHaveLength(FREE_PLAN.approvedVideoLimit);
    expect(refused).toHaveLength(CONCURRENT - FREE_PLAN.approvedVideoLimit);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(FreePlanLimitError);
      expect((reason as Error).message).toBe(LIBRARY_TEXT.freePlanLimit);
    }

    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(FREE_PLAN.approvedVideoLimit);
    // Only the approved videos were assigned to the widget; refused ones changed nothing.
    const assigned = await prisma.widgetVideo.findMany({ where: { shopId: shop.id }, select: { videoId: true } });
    const approved = await prisma.video.findMany({ where: { shopId: shop.id, enabled: true }, select: { id: true, approvedAt: true } });
    expect(assigned.map((row) => row.videoId).sort()).toEqual(approved.map((row) => row.id).sort());
    expect(approved.every((row) => row.approvedAt instanceof Date)).toBe(true);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).firstActiveAt).toBeInstanceOf(Date);
  }, 60_000);

  it("all succeed on a Premium shop", async () => {
    const { shop, videos } = await shopWithDrafts("premium-race", "premium");
    const results = await approveAllAtOnce(
      shop.id,
      videos.map((video) => video.id),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(CONCURRENT);
  }, 60_000);

  it("the same video approved 50 times at once is approved once, and does not use up the limit", async () => {
    const { shop, videos } = await shopWithDrafts("same-video-race", "free");
    const results = await approveAllAtOnce(shop.id, Array(CONCURRENT).fill(videos[0]!.id));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(1);
    expect(await prisma.widgetVideo.count({ where: { videoId: videos[0]!.id } })).toBe(1);

    // Four more fit, the sixth does not.
    const more = await approveAllAtOnce(
      shop.id,
      videos.slice(1, 10).map((video) => video.id),
    );
    expect(more.filter((result) => result.status === "fulfilled")).toHaveLength(FREE_PLAN.approvedVideoLimit - 1);
  }, 60_000);

  it("one shop's queue of approvals does not hold another shop's back or count its videos", async () => {
    const [a, b] = await Promise.all([shopWithDrafts("free-a", "free"), shopWithDrafts("free-b", "free")]);
    const [ra, rb] = await Promise.all([
      approveAllAtOnce(
        a.shop.id,
        a.videos.slice(0, 10).map((video) => video.id),
      ),
      approveAllAtOnce(
        b.shop.id,
        b.videos.slice(0, 10).map((video) => video.id),
      ),
    ]);
    expect(ra.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    expect(rb.filter((result) => result.status === "fulfilled")).toHaveLength(5);
  }, 60_000);
});

describe("approvals from several processes at once (several app instances on one database)", () => {
  const run = promisify(execFile);

  async function approveInProcess(shopId: string, videoIds: string[]) {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/db/approve-worker.ts", shopId, ...videoIds], {
      env: process.env,
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as { approved: number; refused: string[] };
  }

  it("still leave exactly 5 approved on a Free shop", async () => {
    const { shop, videos } = await shopWithDrafts("free-multi-process", "free");
    const ids = videos.map((video) => video.id);
    const outcomes = await Promise.all([
      approveInProcess(shop.id, ids.slice(0, 17)),
      approveInProcess(shop.id, ids.slice(17, 34)),
      approveAllAtOnce(shop.id, ids.slice(34)).then((results) => ({
        approved: results.filter((result) => result.status === "fulfilled").length,
        refused: results.flatMap((result) => (result.status === "rejected" ? [(result.reason as Error).message] : [])),
      })),
    ]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.approved, 0)).toBe(FREE_PLAN.approvedVideoLimit);
    const refused = outcomes.flatMap((outcome) => outcome.refused);
    expect(refused).toHaveLength(CONCURRENT - FREE_PLAN.approvedVideoLimit);
    expect(new Set(refused)).toEqual(new Set([LIBRARY_TEXT.freePlanLimit]));
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(FREE_PLAN.approvedVideoLimit);
  }, 90_000);
});
