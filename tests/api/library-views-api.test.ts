import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { LibraryViewDto } from "~/rules/api-types";
import { LIBRARY_TEXT } from "~/messages";
import { loader as listViewsRoute, action as createViewRoute } from "~/routes/api.library-views._index";
import { action as viewRoute } from "~/routes/api.library-views.$viewId";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, jsonOf, type TestShop } from "../support/library-fixtures";

async function create(shop: TestShop, body: unknown) {
  return callRoute(createViewRoute, await apiRequest(shop.domain, "/api/library-views", { body }));
}

async function createdView(shop: TestShop, body: unknown): Promise<LibraryViewDto> {
  const response = await create(shop, body);
  expect(response.status).toBe(201);
  return (await jsonOf<{ view: LibraryViewDto }>(response)).view;
}

async function patch(shop: TestShop, viewId: string, body: unknown) {
  return callRoute(viewRoute, await apiRequest(shop.domain, `/api/library-views/${viewId}`, { method: "PATCH", body }), { viewId });
}

async function remove(shop: TestShop, viewId: string) {
  return callRoute(viewRoute, await apiRequest(shop.domain, `/api/library-views/${viewId}`, { method: "DELETE" }), { viewId });
}

async function list(shop: TestShop): Promise<LibraryViewDto[]> {
  return (await jsonOf<{ views: LibraryViewDto[] }>(await callRoute(listViewsRoute, await apiRequest(shop.domain, "/api/library-views")))).views;
}

async function errorOf(response: Response) {
  return { status: response.status, error: (await jsonOf<{ error: string }>(response)).error };
}

describe("saved library views", () => {
  it("saves a view with its tab, search and platforms, normalised, and lists views in order", async () => {
    const shop = await bootstrapShop();
    const view = await createdView(shop, {
      shopId: shop.id,
      name: "  Summer   drafts ",
      query: { tab: "draft", search: " dress ", platforms: ["tiktok", "youtube", "myspace", "tiktok"] },
    });
    expect(view).toEqual({ id: expect.any(String), name: "Summer drafts", query: { tab: "draft", search: "dress", platforms: ["tiktok", "youtube_shorts"] } });
    const plain = await createdView(shop, { name: "Everything" });
    expect(plain.query).toEqual({ tab: "all", search: "", platforms: [] });
    expect((await list(shop)).map((v) => v.name)).toEqual(["Summer drafts", "Everything"]);
  });

  it("enforces the view-name rules of spec 5 with clear messages", async () => {
    const shop = await bootstrapShop();
    const view = await createdView(shop, { name: "Active TikToks" });

    expect(await errorOf(await create(shop, { name: "   " }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameRequired });
    expect(await errorOf(await create(shop, { name: "x".repeat(41) }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameTooLong });
    expect((await create(shop, { name: "x".repeat(40) })).status).toBe(201);
    expect(await errorOf(await create(shop, { name: "active tiktoks" }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameTaken("active tiktoks") });
    expect((await errorOf(await create(shop, {}))).error).toMatch(/^name: /);
    expect((await errorOf(await create(shop, { name: "Bad tab", query: { tab: "archived" } }))).error).toBe(
      "query.tab: query.tab must be one of all, active, draft",
    );

    // Rename: must change; changing only the case is a change; another view's name is taken.
    expect(await errorOf(await patch(shop, view.id, { name: " Active TikToks " }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameUnchanged });
    const recased = await patch(shop, view.id, { name: "ACTIVE TikToks" });
    expect(recased.status).toBe(200);
    expect((await jsonOf<{ view: LibraryViewDto }>(recased)).view.name).toBe("ACTIVE TikToks");
    expect((await errorOf(await patch(shop, view.id, { name: "X".repeat(40) }))).error).toBe(LIBRARY_TEXT.viewNameTaken("X".repeat(40)));
    expect((await errorOf(await patch(shop, view.id, {}))).status).toBe(400);

    // Saving new filters into a view keeps its name.
    const saved = await patch(shop, view.id, { query: { tab: "active", platforms: ["tiktok"] } });
    expect((await jsonOf<{ view: LibraryViewDto }>(saved)).view).toMatchObject({
      name: "ACTIVE TikToks",
      query: { tab: "active", search: "", platforms: ["tiktok"] },
    });
  });

  it("duplicates as '<name> copy', made unique and kept within 40 characters", async () => {
    const shop = await bootstrapShop();
    const view = await createdView(shop, { name: "Drafts", query: { tab: "draft", search: "hat" } });
    const copy = await createdView(shop, { duplicateOf: view.id });
    expect(copy).toEqual({ id: expect.any(String), name: "Drafts copy", query: view.query });
    expect((await createdView(shop, { duplicateOf: view.id })).name).toBe("Drafts copy 2");
    expect((await createdView(shop, { duplicateOf: copy.id })).name).toBe("Drafts copy copy");

    const long = await createdView(shop, { name: "L".repeat(40) });
    const longCopy = await createdView(shop, { duplicateOf: long.id });
    expect(longCopy.name).toBe(`${"L".repeat(35)} copy`);
    expect((await createdView(shop, { duplicateOf: long.id })).name).toBe(`${"L".repeat(33)} copy 2`);
  });

  it("deletes a view; another shop's view is a 404 for rename, duplicate and delete, and stays", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    const own = await createdView(mine, { name: "Mine" });
    const their = await createdView(theirs, { name: "Theirs" });

    expect((await patch(mine, their.id, { name: "Stolen" })).status).toBe(404);
    expect((await create(mine, { duplicateOf: their.id })).status).toBe(404);
    expect((await remove(mine, their.id)).status).toBe(404);
    expect((await create(mine, { shopId: theirs.id, name: "Planted" })).status).toBe(404);
    const namedTheirs = await callRoute(listViewsRoute, await apiRequest(mine.domain, `/api/library-views?shopId=${theirs.id}`));
    expect(namedTheirs.status).toBe(404);
    expect(await prisma.libraryView.findUniqueOrThrow({ where: { id: their.id } })).toMatchObject({ name: "Theirs" });
    expect((await list(mine)).map((v) => v.name)).toEqual(["Mine"]);

    expect((await remove(mine, own.id)).status).toBe(200);
    expect(await list(mine)).toEqual([]);
    expect((await remove(mine, own.id)).status).toBe(404);
  });
});
