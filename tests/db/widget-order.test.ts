// The order inside a widget (issue 16 item 3) on whichever database
// DATABASE_URL names (test-both runs SQLite, then PostgreSQL): reorder, pin,
// remove and add, each in one transaction under the widget's lock; changes at
// once end in a consistent order; another shop's widget or video is refused.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { prisma } from "../../app/db.server";
import { buildStorefrontWidgets } from "../../app/models/storefront.server";
import {
  addWidgetVideos,
  listAddableVideos,
  listWidgetVideos,
  moveWidgetVideo,
  pinWidgetVideo,
  removeWidgetVideo,
} from "../../app/models/widget-videos.server";
import { setVideoEnabled } from "../../app/models/videos.server";
import { DomainValidationError, FreePlanLimitError, RecordNotFoundError } from "../../app/rules/domain-errors";
import { WIDGET_VIDEOS_TEXT } from "../../app/messages";
import { createShop, createVideo, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

/** A shop with one widget holding `count` approved videos "v1".."vN" in that order. */
async function widgetWithVideos(count: number, label = "order") {
  const shop = await createShop(label);
  const widget = await createWidget(shop.id, 1);
  const videos = [];
  for (let i = 1; i <= count; i++) {
    const video = await createVideo(shop.id, { title: `v${i}`, enabled: true, approvedAt: new Date() });
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: video.id, position: i - 1 } });
    videos.push(video);
  }
  return { shop, widget, videos };
}

const titles = async (shopId: string, widgetId: string) =>
  (await listWidgetVideos(shopId, widgetId)).videos.map((video) => `${video.title}${video.pinned ? "*" : ""}`);

/** The rows' positions: 0..n-1 once each, whatever happened. */
async function expectDensePositions(widgetId: string) {
  const rows = await prisma.widgetVideo.findMany({ where: { widgetId }, select: { position: true } });
  expect(rows.map((row) => row.position).sort((a, b) => a - b)).toEqual(rows.map((_, index) => index));
}

async function storefrontTitles(shopId: string) {
  const [widget] = await buildStorefrontWidgets(shopId, "USD", new Map());
  return widget?.videos.map((video) => video.title);
}

describe("reordering a widget's videos", () => {
  it("moves, pins and removes; the storefront's data follows, pinned first", async () => {
    const { shop, widget, videos } = await widgetWithVideos(4);
    const [v1, v2, v3, v4] = videos as [(typeof videos)[0], (typeof videos)[0], (typeof videos)[0], (typeof videos)[0]];
    await moveWidgetVideo(shop.id, widget.id, v3.id, 0);
    expect(await titles(shop.id, widget.id)).toEqual(["v3", "v1", "v2", "v4"]);
    await pinWidgetVideo(shop.id, widget.id, v4.id, true);
    expect(await titles(shop.id, widget.id)).toEqual(["v4*", "v3", "v1", "v2"]);
    // An unpinned video cannot pass a pinned one.
    await moveWidgetVideo(shop.id, widget.id, v2.id, 0);
    expect(await titles(shop.id, widget.id)).toEqual(["v4*", "v2", "v3", "v1"]);
    const removed = await removeWidgetVideo(shop.id, widget.id, v3.id);
    expect(removed.videos.map((video) => video.title)).toEqual(["v4", "v2", "v1"]);
    await expectDensePositions(widget.id);
    expect(await storefrontTitles(shop.id)).toEqual(["v4", "v2", "v1"]);
    // Removed from this widget only: still approved.
    expect((await prisma.video.findUniqueOrThrow({ where: { id: v3.id } })).enabled).toBe(true);
    // Unpinning leaves it first of the unpinned ones.
    await pinWidgetVideo(shop.id, widget.id, v4.id, false);
    expect(await titles(shop.id, widget.id)).toEqual(["v4", "v2", "v1"]);
    expect(v1.id).toBeTruthy();
  });

  it("keeps pinned videos first when a new video is approved into the widget; the new one goes last", async () => {
    const { shop, widget, videos } = await widgetWithVideos(3, "order-approve");
    await pinWidgetVideo(shop.id, widget.id, videos[2]!.id, true);
    const fresh = await createVideo(shop.id, { title: "new" });
    await setVideoEnabled(shop.id, fresh.id, { enabled: true, widgetIds: [widget.id] });
    expect(await titles(shop.id, widget.id)).toEqual(["v3*", "v1", "v2", "new"]);
    expect(await storefrontTitles(shop.id)).toEqual(["v3", "v1", "v2", "new"]);
  });

  it("two reorders at once end in one of their serial orders, with dense positions; twenty at once too", async () => {
    const { shop, widget, videos } = await widgetWithVideos(6, "order-race");
    const ids = videos.map((video) => video.id);
    await Promise.all([moveWidgetVideo(shop.id, widget.id, ids[5]!, 0), moveWidgetVideo(shop.id, widget.id, ids[0]!, 5)]);
    // Either serial order gives the same list here: both moves apply, neither is lost.
    expect(await titles(shop.id, widget.id)).toEqual(["v6", "v2", "v3", "v4", "v5", "v1"]);
    await expectDensePositions(widget.id);

    const moves = Array.from({ length: 20 }, (_, i) => ({ videoId: ids[(i * 7) % 6]!, toIndex: (i * 5) % 6 }));
    const results = await Promise.allSettled(moves.map((move) => moveWidgetVideo(shop.id, widget.id, move.videoId, move.toIndex)));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    await expectDensePositions(widget.id);
    const final = await listWidgetVideos(shop.id, widget.id);
    expect(final.videos.map((video) => video.id).sort()).toEqual([...ids].sort());
  }, 60_000);

  it("a pin and a move at once keep the pinned video first", async () => {
    const { shop, widget, videos } = await widgetWithVideos(4, "order-pin-race");
    await Promise.all([pinWidgetVideo(shop.id, widget.id, videos[3]!.id, true), moveWidgetVideo(shop.id, widget.id, videos[0]!.id, 0)]);
    const order = await titles(shop.id, widget.id);
    expect(order[0]).toBe("v4*");
    expect(order.filter((title) => title.endsWith("*"))).toHaveLength(1);
    await expectDensePositions(widget.id);
  });
});

describe("reorders from several processes at once (several app instances on one database)", () => {
  const run = promisify(execFile);

  async function movesInProcess(shopId: string, widgetId: string, moves: string[]) {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "tests/db/reorder-worker.ts", shopId, widgetId, ...moves], {
      env: { ...process.env, STOREFRONT_PUBLISHING: "off" },
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as { done: number; failed: string[] };
  }

  it("all apply, the pinned video stays first and the positions stay dense", async () => {
    const { shop, widget, videos } = await widgetWithVideos(8, "order-processes");
    const ids = videos.map((video) => video.id);
    await pinWidgetVideo(shop.id, widget.id, ids[7]!, true);
    const moves = (offset: number) => Array.from({ length: 10 }, (_, i) => `${ids[(i + offset) % 7]!}:${(i * 3 + offset) % 8}`);
    const outcomes = await Promise.all([
      movesInProcess(shop.id, widget.id, moves(1)),
      movesInProcess(shop.id, widget.id, moves(4)),
      Promise.allSettled(
        moves(6).map((move) => {
          const [videoId, toIndex] = move.split(":");
          return moveWidgetVideo(shop.id, widget.id, videoId!, Number(toIndex));
        }),
      ).then((results) => ({ done: results.filter((result) => result.status === "fulfilled").length, failed: [] })),
    ]);
    expect(outcomes.map((outcome) => outcome.failed)).toEqual([[], [], []]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.done, 0)).toBe(30);
    await expectDensePositions(widget.id);
    const order = await titles(shop.id, widget.id);
    expect(order[0]).toBe("v8*");
    expect([...order].sort()).toEqual(["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8*"]);
  }, 90_000);
});

describe("adding videos to a widget", () => {
  it("adds approved videos at the end, once, and lists only approved videos not in the widget as addable", async () => {
    const { shop, widget } = await widgetWithVideos(2, "order-add");
    const extra = await createVideo(shop.id, { title: "extra", enabled: true, approvedAt: new Date(), searchText: "extra" });
    const draft = await createVideo(shop.id, { title: "draft" });
    const addable = await listAddableVideos(shop.id, widget.id);
    expect(addable.videos.map((video) => video.title)).toEqual(["extra"]);
    expect(addable.total).toBe(1);

    await Promise.all([addWidgetVideos(shop.id, widget.id, [extra.id]), addWidgetVideos(shop.id, widget.id, [extra.id])]);
    expect(await titles(shop.id, widget.id)).toEqual(["v1", "v2", "extra"]);
    await expectDensePositions(widget.id);
    expect((await listAddableVideos(shop.id, widget.id)).videos).toEqual([]);

    // A Draft is refused: adding never approves, so the plan's limit is not bypassed.
    const refused = await addWidgetVideos(shop.id, widget.id, [draft.id]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainValidationError);
    expect((refused as Error).message).toBe(WIDGET_VIDEOS_TEXT.onlyApproved);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: draft.id } })).enabled).toBe(false);
    expect(await titles(shop.id, widget.id)).toEqual(["v1", "v2", "extra"]);
  });

  it("on a Free shop at its limit, adding approved videos to another widget needs no approval and approves nothing more", async () => {
    const { shop, videos } = await widgetWithVideos(5, "order-free");
    const second = await createWidget(shop.id, 2);
    const draft = await createVideo(shop.id, { title: "sixth" });
    await addWidgetVideos(
      shop.id,
      second.id,
      videos.map((video) => video.id),
    );
    expect(await titles(shop.id, second.id)).toEqual(["v1", "v2", "v3", "v4", "v5"]);
    await expect(addWidgetVideos(shop.id, second.id, [draft.id])).rejects.toBeInstanceOf(DomainValidationError);
    await expect(setVideoEnabled(shop.id, draft.id, { enabled: true, widgetIds: [second.id] })).rejects.toBeInstanceOf(FreePlanLimitError);
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(5);
  });
});

describe("another shop's widget or video", () => {
  it("is not found, and nothing changes", async () => {
    const { shop, widget, videos } = await widgetWithVideos(2, "order-owner");
    const other = await widgetWithVideos(1, "order-other");
    const notFound = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(RecordNotFoundError);
    await notFound(listWidgetVideos(other.shop.id, widget.id));
    await notFound(listAddableVideos(other.shop.id, widget.id));
    await notFound(moveWidgetVideo(other.shop.id, widget.id, videos[1]!.id, 0));
    await notFound(pinWidgetVideo(other.shop.id, widget.id, videos[1]!.id, true));
    await notFound(removeWidgetVideo(other.shop.id, widget.id, videos[1]!.id));
    // The other shop's own widget, with this shop's video: refused too.
    await notFound(addWidgetVideos(other.shop.id, other.widget.id, [videos[0]!.id]));
    await notFound(moveWidgetVideo(shop.id, widget.id, other.videos[0]!.id, 0));
    expect(await titles(shop.id, widget.id)).toEqual(["v1", "v2"]);
    expect(await titles(other.shop.id, other.widget.id)).toEqual(["v1"]);
  });
});
