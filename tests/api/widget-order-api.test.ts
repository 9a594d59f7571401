import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { AddableVideosPage, WidgetVideosDto } from "~/rules/api-types";
import { storefrontPublishSettled } from "~/models/storefront-publishing.server";
import { loader as listRoute, action as addRoute } from "~/routes/api.widgets.$id.videos";
import { action as changeRoute } from "~/routes/api.widgets.$id.videos.$videoId";
import { loader as addableRoute } from "~/routes/api.widgets.$id.addable-videos";
import type { StorefrontWidget } from "~/storefront/widget-data";
import { WIDGET_VIDEOS_TEXT } from "~/messages";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { firstOf } from "../support/must";
import { bootstrapShop, jsonOf, seedVideos, seedWidgets, type TestShop } from "../support/library-fixtures";

// The order inside a widget through its API (issue 16 item 3): list, move,
// pin, remove, add; the storefront's data republished in the new order;
// another shop's widget is not found; bad input is a 400.

async function widgetWithVideos(shop: TestShop, titles: string[]) {
  const [widget] = await seedWidgets(shop.id, [{ name: "Home reel" }]);
  const videos = await seedVideos(
    shop.id,
    titles.map((title) => ({ title, enabled: true })),
  );
  await prisma.widgetVideo.createMany({ data: videos.map((video, position) => ({ shopId: shop.id, widgetId: widget.id, videoId: video.id, position })) });
  return { widget, videos };
}

const change = async (shop: TestShop, widgetId: string, videoId: string, body: unknown, method = "PATCH") =>
  callRoute(changeRoute, await apiRequest(shop.domain, `/api/widgets/${widgetId}/videos/${videoId}`, { method, body }), { id: widgetId, videoId });

const titles = (data: WidgetVideosDto) => data.videos.map((video) => `${video.title}${video.pinned ? "*" : ""}`);

async function publishedTitles(shop: TestShop): Promise<string[]> {
  await storefrontPublishSettled(shop.id);
  const state = (await localShopify(`/shops/${shop.domain}/state`)) as { metafields: Array<{ namespace: string; key: string; value: string }> };
  const widget = state.metafields.find((m) => m.namespace === "clipcart" && m.key === "widget_1");
  return widget ? (JSON.parse(widget.value) as StorefrontWidget).videos.map((video) => video.title) : [];
}

describe("a widget's videos through the API", () => {
  it("moves, pins, removes and adds; each answer is the new order and the storefront's data follows", async () => {
    const shop = await bootstrapShop("order-api");
    const { widget, videos } = await widgetWithVideos(shop, ["A", "B", "C"]);
    const [a, b, c] = firstOf(videos, 3, "the widget's videos");
    const [extra] = await seedVideos(shop.id, [{ title: "Extra", enabled: true }]);

    const listed = await callRoute(listRoute, await apiRequest(shop.domain, `/api/widgets/${widget.id}/videos`), { id: widget.id });
    expect(listed.status).toBe(200);
    expect(await jsonOf<WidgetVideosDto>(listed)).toMatchObject({ widget: { id: widget.id, name: "Home reel", display_number: 1 } });

    const moved = await change(shop, widget.id, c.id, { toIndex: 0 });
    expect(titles(await jsonOf<WidgetVideosDto>(moved))).toEqual(["C", "A", "B"]);
    const pinned = await change(shop, widget.id, b.id, { pinned: true });
    expect(titles(await jsonOf<WidgetVideosDto>(pinned))).toEqual(["B*", "C", "A"]);
    const removed = await change(shop, widget.id, a.id, undefined, "DELETE");
    expect(titles(await jsonOf<WidgetVideosDto>(removed))).toEqual(["B*", "C"]);

    const addable = await callRoute(addableRoute, await apiRequest(shop.domain, `/api/widgets/${widget.id}/addable-videos?search=ext`), { id: widget.id });
    expect((await jsonOf<AddableVideosPage>(addable)).videos.map((video) => video.title)).toEqual(["Extra"]);
    const added = await callRoute(addRoute, await apiRequest(shop.domain, `/api/widgets/${widget.id}/videos`, { body: { videoIds: [extra.id, a.id] } }), {
      id: widget.id,
    });
    expect(titles(await jsonOf<WidgetVideosDto>(added))).toEqual(["B*", "C", "Extra", "A"]);
    expect(await publishedTitles(shop)).toEqual(["B", "C", "Extra", "A"]);
  });

  it("refuses another shop's widget (404), a draft (400 with the reason) and a change that says nothing (400)", async () => {
    const owner = await bootstrapShop("order-owner");
    const stranger = await bootstrapShop("order-stranger");
    const { widget, videos: seeded } = await widgetWithVideos(owner, ["A", "B"]);
    const videos = firstOf(seeded, 2, "the widget's videos");
    const [draft] = await seedVideos(owner.id, [{ title: "Draft" }]);

    const foreignList = await callRoute(listRoute, await apiRequest(stranger.domain, `/api/widgets/${widget.id}/videos`), { id: widget.id });
    expect(foreignList.status).toBe(404);
    expect(await jsonOf(foreignList)).toEqual({ error: "Widget not found" });
    expect((await change(stranger, widget.id, videos[1].id, { toIndex: 0 })).status).toBe(404);
    expect((await change(stranger, widget.id, videos[1].id, undefined, "DELETE")).status).toBe(404);

    const refused = await callRoute(addRoute, await apiRequest(owner.domain, `/api/widgets/${widget.id}/videos`, { body: { videoIds: [draft.id] } }), {
      id: widget.id,
    });
    expect(refused.status).toBe(400);
    expect(await jsonOf(refused)).toEqual({ error: WIDGET_VIDEOS_TEXT.onlyApproved });
    expect((await change(owner, widget.id, videos[0].id, {})).status).toBe(400);
    expect((await change(owner, widget.id, videos[0].id, { toIndex: -1 })).status).toBe(400);
    const unknownVideo = await change(owner, widget.id, draft.id, { toIndex: 0 });
    expect(unknownVideo.status).toBe(404);
  });
});
