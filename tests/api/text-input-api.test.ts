/**
 * Merchant text and ids that no database can store (a NUL, other control
 * characters, a lone UTF-16 surrogate) are refused by every /api endpoint with
 * a 400 that names the field and says why, and nothing is stored or changed.
 * Real text (emoji, accents, decomposed accents) still works and is stored
 * composed (NFC). Before this, such input answered 500 on PostgreSQL, or was
 * stored truncated on SQLite.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { LibraryViewDto, ProductTagDto, VideoListPage, WidgetDto } from "~/rules/api-types";
import { LIBRARY_TEXT, TEXT_INPUT_TEXT } from "~/messages";
import { configureImportRunner, resetImportRunner, waitForImportRunnerIdle } from "~/jobs/import-runner.server";
import { ImportError, type PlatformId, type PlatformImporter } from "~/contracts/platforms";
import { action as importChannelRoute } from "~/routes/api.channels._index";
import { action as deleteChannelRoute } from "~/routes/api.channels.$id";
import { action as syncChannelRoute } from "~/routes/api.channels.$channelId.sync";
import { loader as getJobRoute } from "~/routes/api.import-jobs.$jobId";
import { action as createViewRoute } from "~/routes/api.library-views._index";
import { action as viewRoute } from "~/routes/api.library-views.$viewId";
import { loader as productSearchRoute } from "~/routes/api.products.search";
import { loader as listVideosRoute, action as deleteVideoRoute } from "~/routes/api.videos.$id";
import { loader as listTagsRoute, action as addTagRoute } from "~/routes/api.videos.$videoId.tags";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { action as importSingleRoute } from "~/routes/api.videos.single";
import { action as removeTagRoute } from "~/routes/api.videos.tags.$tagId";
import { action as suggestionsRoute } from "~/routes/api.suggestions._index";
import { action as createWidgetRoute } from "~/routes/api.widgets._index";
import { action as deleteWidgetRoute } from "~/routes/api.widgets.$id";
import { action as markInstalledRoute } from "~/routes/api.widgets.$id.mark-installed";
import { apiRequest, callRoute } from "../support/app-requests";
import { bootstrapShop, fakeImporter, importedChannel, importedVideo, jsonOf, seedVideos, seedWidgets, type TestShop } from "../support/library-fixtures";

const NUL = "\u0000";
/** The first half of 😀 (U+1F600 is D83D DE00 in UTF-16), alone. */
const LONE_SURROGATE = "\uD83D";
/** "é" written as "e" and a combining acute accent (NFD), as some keyboards and pasted text send it. */
const DECOMPOSED_E = "e\u0301";

/** The 400 readJsonBody (and the params and query readers) answer: "<path>: <message>". */
const controlCharacter = (field: string, codePoint = "U+0000", path = field) => `${path}: ${TEXT_INPUT_TEXT.controlCharacter(field, codePoint)}`;
const brokenCharacter = (field: string, path = field) => `${path}: ${TEXT_INPUT_TEXT.brokenCharacter(field, "U+D83D")}`;

async function errorOf(response: Response) {
  return { status: response.status, error: (await jsonOf<{ error: string }>(response)).error };
}

describe("widgets: name, language and widget ids", () => {
  const createWidget = async (shop: TestShop, body: Record<string, unknown>) =>
    callRoute(
      createWidgetRoute,
      await apiRequest(shop.domain, "/api/widgets", { body: { shopId: shop.id, layoutType: "carousel", pageContexts: ["homepage"], ...body } }),
    );

  it("refuses a name with a NUL, a lone surrogate or only a NUL, and a language with a NUL; creates nothing", async () => {
    const shop = await bootstrapShop("text");
    expect(await errorOf(await createWidget(shop, { name: `Home${NUL} carousel` }))).toEqual({ status: 400, error: controlCharacter("name") });
    expect(await errorOf(await createWidget(shop, { name: `Home ${LONE_SURROGATE}` }))).toEqual({ status: 400, error: brokenCharacter("name") });
    // An empty name means the default name; a NUL is not an empty name.
    expect(await errorOf(await createWidget(shop, { name: NUL }))).toEqual({ status: 400, error: controlCharacter("name") });
    expect(await errorOf(await createWidget(shop, { name: "Home", language: `en${NUL}` }))).toEqual({
      status: 400,
      error: controlCharacter("language"),
    });
    expect(await prisma.widget.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("keeps emoji and accents, and stores a decomposed accent composed (NFC)", async () => {
    const shop = await bootstrapShop("text");
    const response = await createWidget(shop, { name: ` Caf${DECOMPOSED_E} ☕ Sommerfrische 😀 ` });
    expect(response.status).toBe(201);
    const { widget } = await jsonOf<{ widget: WidgetDto }>(response);
    expect(widget.name).toBe("Caf\u00e9 ☕ Sommerfrische 😀");
    expect((await prisma.widget.findUniqueOrThrow({ where: { id: widget.id } })).name).toBe("Caf\u00e9 ☕ Sommerfrische 😀");
  });

  it("refuses a widget id with a NUL on delete and on mark-installed; the widget stays as it was", async () => {
    const shop = await bootstrapShop("text");
    const [widget] = await seedWidgets(shop.id, [{ name: "Home" }]);
    const remove = await callRoute(deleteWidgetRoute, await apiRequest(shop.domain, `/api/widgets/%00?shopId=${shop.id}`, { method: "DELETE" }), {
      id: NUL,
    });
    expect(await errorOf(remove)).toEqual({ status: 400, error: controlCharacter("widgetId") });
    const installed = await callRoute(markInstalledRoute, await apiRequest(shop.domain, "/api/widgets/%00/mark-installed", { method: "POST" }), {
      id: NUL,
    });
    expect(await errorOf(installed)).toEqual({ status: 400, error: controlCharacter("widgetId") });
    expect(await prisma.widget.findUniqueOrThrow({ where: { id: widget.id } })).toMatchObject({ name: "Home", installedAt: null });
  });
});

describe("product tags: title and ids", () => {
  const addTag = async (shop: TestShop, videoId: string, productTitle: unknown) =>
    callRoute(
      addTagRoute,
      await apiRequest(shop.domain, `/api/videos/${encodeURIComponent(videoId)}/tags`, {
        body: { shopId: shop.id, productId: "gid://shopify/Product/101", productTitle },
      }),
      { videoId },
    );

  it("refuses a title with a NUL, a lone surrogate or only a NUL (required); stores no tag", async () => {
    const shop = await bootstrapShop("text");
    const [video] = await seedVideos(shop.id, [{}]);
    expect(await errorOf(await addTag(shop, video.id, `Mug${NUL}`))).toEqual({ status: 400, error: controlCharacter("productTitle") });
    expect(await errorOf(await addTag(shop, video.id, `Mug ${LONE_SURROGATE}`))).toEqual({ status: 400, error: brokenCharacter("productTitle") });
    expect(await errorOf(await addTag(shop, video.id, ` ${NUL} `))).toEqual({ status: 400, error: "productTitle: productTitle is required" });
    expect(await prisma.productTag.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("stores a decomposed title composed, with its emoji", async () => {
    const shop = await bootstrapShop("text");
    const [video] = await seedVideos(shop.id, [{}]);
    // "Crème brûlée" with each accent as its own combining character.
    const response = await addTag(shop, video.id, "Cre\u0300me bru\u0302le\u0301e 🍮");
    expect(response.status).toBe(201);
    expect((await jsonOf<{ tag: ProductTagDto }>(response)).tag.product_title).toBe("Cr\u00e8me br\u00fbl\u00e9e 🍮");
    expect((await prisma.productTag.findFirstOrThrow({ where: { shopId: shop.id } })).productTitle).toBe("Cr\u00e8me br\u00fbl\u00e9e 🍮");
  });

  it("refuses a video id or a tag id with a NUL", async () => {
    const shop = await bootstrapShop("text");
    const [video] = await seedVideos(shop.id, [{}]);
    const tag = await prisma.productTag.create({ data: { shopId: shop.id, videoId: video.id, productId: "gid://shopify/Product/1", productTitle: "Hat" } });

    expect(await errorOf(await addTag(shop, NUL, "Mug"))).toEqual({ status: 400, error: controlCharacter("videoId") });
    const list = await callRoute(listTagsRoute, await apiRequest(shop.domain, `/api/videos/%00/tags?shopId=${shop.id}`), { videoId: NUL });
    expect(await errorOf(list)).toEqual({ status: 400, error: controlCharacter("videoId") });
    const remove = await callRoute(removeTagRoute, await apiRequest(shop.domain, `/api/videos/tags/%00?shopId=${shop.id}`, { method: "DELETE" }), {
      tagId: NUL,
    });
    expect(await errorOf(remove)).toEqual({ status: 400, error: controlCharacter("tagId") });
    expect(await prisma.productTag.findMany({ where: { shopId: shop.id }, select: { id: true } })).toEqual([{ id: tag.id }]);
  });
});

describe("library views: name, saved search and ids", () => {
  const create = async (shop: TestShop, body: unknown) => callRoute(createViewRoute, await apiRequest(shop.domain, "/api/library-views", { body }));
  const patch = async (shop: TestShop, viewId: string, body: unknown) =>
    callRoute(viewRoute, await apiRequest(shop.domain, `/api/library-views/${encodeURIComponent(viewId)}`, { method: "PATCH", body }), { viewId });
  const names = async (shop: TestShop) =>
    (await prisma.libraryView.findMany({ where: { shopId: shop.id }, orderBy: { position: "asc" } })).map((view) => view.name);

  it("refuses a name with a NUL or a lone surrogate, a NUL-only name as missing, a search with a NUL; saves nothing", async () => {
    const shop = await bootstrapShop("text");
    expect(await errorOf(await create(shop, { name: `Sum${NUL}mer` }))).toEqual({ status: 400, error: controlCharacter("name") });
    expect(await errorOf(await create(shop, { name: `Summer ${LONE_SURROGATE}` }))).toEqual({ status: 400, error: brokenCharacter("name") });
    expect(await errorOf(await create(shop, { name: NUL }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameRequired });
    expect(await errorOf(await create(shop, { name: `${NUL} ${NUL}` }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameRequired });
    expect(await errorOf(await create(shop, { name: "Drafts", query: { search: `dress${NUL}` } }))).toEqual({
      status: 400,
      error: controlCharacter("query.search"),
    });
    expect(await errorOf(await create(shop, { duplicateOf: NUL }))).toEqual({ status: 400, error: controlCharacter("duplicateOf") });
    expect(await names(shop)).toEqual([]);
  });

  it("refuses such a rename and such a view id; the view keeps its name", async () => {
    const shop = await bootstrapShop("text");
    const created = await create(shop, { name: "Summer" });
    const { view } = await jsonOf<{ view: LibraryViewDto }>(created);
    expect(await errorOf(await patch(shop, view.id, { name: `Win${NUL}ter` }))).toEqual({ status: 400, error: controlCharacter("name") });
    expect(await errorOf(await patch(shop, view.id, { name: `Winter ${LONE_SURROGATE}` }))).toEqual({ status: 400, error: brokenCharacter("name") });
    expect(await errorOf(await patch(shop, view.id, { name: NUL }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameRequired });
    expect(await errorOf(await patch(shop, view.id, { query: { search: `${LONE_SURROGATE}` } }))).toEqual({
      status: 400,
      error: brokenCharacter("query.search"),
    });
    expect(await errorOf(await patch(shop, NUL, { name: "Winter" }))).toEqual({ status: 400, error: controlCharacter("viewId") });
    expect(await prisma.libraryView.findUniqueOrThrow({ where: { id: view.id } })).toMatchObject({ name: "Summer", search: "" });
  });

  it("stores a decomposed name composed, so it is the same name as its composed twin", async () => {
    const shop = await bootstrapShop("text");
    const created = await create(shop, { name: `Caf${DECOMPOSED_E} 😀`, query: { search: `caf${DECOMPOSED_E}` } });
    expect(created.status).toBe(201);
    expect((await jsonOf<{ view: LibraryViewDto }>(created)).view).toMatchObject({ name: "Caf\u00e9 😀", query: { search: "caf\u00e9" } });
    expect(await errorOf(await create(shop, { name: "caf\u00e9 😀" }))).toEqual({ status: 400, error: LIBRARY_TEXT.viewNameTaken("caf\u00e9 😀") });
    expect(await names(shop)).toEqual(["Caf\u00e9 😀"]);
  });
});

describe("video list and search: query parameters and ids", () => {
  const listVideos = async (shop: TestShop, query: string) =>
    callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}${query}`), { id: shop.id });
  const titles = async (shop: TestShop, query: string) => {
    const response = await listVideos(shop, query);
    expect(response.status).toBe(200);
    return (await jsonOf<VideoListPage>(response)).videos.map((video) => video.title);
  };

  it("refuses a search with a NUL or another control character, with the field and the character", async () => {
    const shop = await bootstrapShop("text");
    await seedVideos(shop.id, [{ title: "Summer dress" }]);
    expect(await errorOf(await listVideos(shop, "?q=summer%00"))).toEqual({ status: 400, error: controlCharacter("q") });
    expect(await errorOf(await listVideos(shop, "?q=%01summer"))).toEqual({ status: 400, error: controlCharacter("q", "U+0001") });
    expect(await errorOf(await listVideos(shop, "?q=%00"))).toEqual({ status: 400, error: controlCharacter("q") });
  });

  it("finds a composed title from a decomposed search", async () => {
    const shop = await bootstrapShop("text");
    await seedVideos(shop.id, [{ title: "Caf\u00e9 latte" }]);
    expect(await titles(shop, `?q=${encodeURIComponent(`caf${DECOMPOSED_E}`)}`)).toEqual(["Caf\u00e9 latte"]);
  });

  it("answers a search longer than its limit that ends in an emoji (the cut never splits the emoji)", async () => {
    const shop = await bootstrapShop("text");
    await seedVideos(shop.id, [{ title: `${"a".repeat(99)} latte` }]);
    // Cut at 100 UTF-16 units, the emoji's first half would be left alone.
    expect(await titles(shop, `?q=${encodeURIComponent(`${"a".repeat(99)}😀`)}`)).toEqual([`${"a".repeat(99)} latte`]);
  });

  it("refuses a video id with a NUL on delete and on toggle, and widget ids with a NUL; the video is unchanged", async () => {
    const shop = await bootstrapShop("text");
    const [video] = await seedVideos(shop.id, [{}]);
    await seedWidgets(shop.id, [{ name: "Home" }]);
    const remove = await callRoute(deleteVideoRoute, await apiRequest(shop.domain, "/api/videos/%00", { method: "DELETE" }), { id: NUL });
    expect(await errorOf(remove)).toEqual({ status: 400, error: controlCharacter("videoId") });
    const toggle = async (videoId: string, body: unknown) =>
      callRoute(toggleRoute, await apiRequest(shop.domain, `/api/videos/${encodeURIComponent(videoId)}/toggle`, { method: "PATCH", body }), { videoId });
    expect(await errorOf(await toggle(NUL, { enabled: true }))).toEqual({ status: 400, error: controlCharacter("videoId") });
    expect(await errorOf(await toggle(video.id, { enabled: true, widgetIds: [`w${NUL}`] }))).toEqual({
      status: 400,
      error: controlCharacter("widgetIds", "U+0000", "widgetIds.0"),
    });
    expect(await errorOf(await toggle(video.id, { enabled: true, widgetIds: [LONE_SURROGATE] }))).toEqual({
      status: 400,
      error: brokenCharacter("widgetIds", "widgetIds.0"),
    });
    expect(await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({ enabled: false });
  });
});

describe("product search: the query parameter", () => {
  it("refuses a search with a NUL before asking Shopify", async () => {
    const shop = await bootstrapShop("text");
    const response = await callRoute(productSearchRoute, await apiRequest(shop.domain, `/api/products/search?q=lin%00en&shopId=${shop.id}`));
    expect(await errorOf(response)).toEqual({ status: 400, error: controlCharacter("q") });
  });
});

describe("imports: username, video URL and ids", () => {
  let importers: Partial<Record<PlatformId, PlatformImporter>> = {};

  beforeEach(() => {
    importers = {
      tiktok: fakeImporter("tiktok", {
        channel: (username) => ({ channel: importedChannel(username), videos: [importedVideo("7400000000000000001")] }),
        video: () => importedVideo("7400000000000000002"),
      }).importer,
    };
    configureImportRunner({
      importerFor: (platform) => {
        const importer = importers[platform];
        if (!importer) throw new ImportError("invalid_input", `no fake importer for ${platform}`);
        return importer;
      },
      readinessOf: () => null,
    });
  });

  afterEach(async () => {
    await waitForImportRunnerIdle();
    resetImportRunner();
  });

  const importChannel = async (shop: TestShop, username: string) =>
    callRoute(importChannelRoute, await apiRequest(shop.domain, "/api/channels", { body: { shopId: shop.id, platform: "tiktok", username } }));
  const importSingle = async (shop: TestShop, videoUrl: string) =>
    callRoute(importSingleRoute, await apiRequest(shop.domain, "/api/videos/single", { body: { shopId: shop.id, platform: "tiktok", videoUrl } }));

  it("refuses a username or a video URL with a NUL, a lone surrogate or only a NUL (required); starts no job", async () => {
    const shop = await bootstrapShop("text");
    expect(await errorOf(await importChannel(shop, `brand${NUL}`))).toEqual({ status: 400, error: controlCharacter("username") });
    expect(await errorOf(await importChannel(shop, `brand${LONE_SURROGATE}`))).toEqual({ status: 400, error: brokenCharacter("username") });
    expect(await errorOf(await importChannel(shop, NUL))).toEqual({ status: 400, error: "username: username is required" });

    const url = "https://www.tiktok.com/@brand/video/7400000000000000002";
    expect(await errorOf(await importSingle(shop, `${url}${NUL}`))).toEqual({ status: 400, error: controlCharacter("videoUrl") });
    expect(await errorOf(await importSingle(shop, `${url}${LONE_SURROGATE}`))).toEqual({ status: 400, error: brokenCharacter("videoUrl") });
    expect(await errorOf(await importSingle(shop, NUL))).toEqual({ status: 400, error: "videoUrl: videoUrl is required" });
    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("refuses a channel id or a job id with a NUL", async () => {
    const shop = await bootstrapShop("text");
    const sync = await callRoute(syncChannelRoute, await apiRequest(shop.domain, "/api/channels/%00/sync", { method: "POST" }), { channelId: NUL });
    expect(await errorOf(sync)).toEqual({ status: 400, error: controlCharacter("channelId") });
    const remove = await callRoute(deleteChannelRoute, await apiRequest(shop.domain, "/api/channels/%00", { method: "DELETE" }), { id: NUL });
    expect(await errorOf(remove)).toEqual({ status: 400, error: controlCharacter("channelId") });
    const job = await callRoute(getJobRoute, await apiRequest(shop.domain, "/api/import-jobs/%00"), { jobId: NUL });
    expect(await errorOf(job)).toEqual({ status: 400, error: controlCharacter("jobId") });
    expect(await prisma.importJob.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

describe("product suggestions: video ids in the review and the confirmation", () => {
  const post = async (shop: TestShop, body: Record<string, unknown>) =>
    callRoute(suggestionsRoute, await apiRequest(shop.domain, "/api/suggestions", { body: { shopId: shop.id, ...body } }));

  it("refuses a video id with a NUL or a lone surrogate (a 500 on both databases before); tags nothing", async () => {
    const shop = await bootstrapShop("text");
    const [video] = await seedVideos(shop.id, [{}]);
    const review = (videoId: string) => post(shop, { intent: "review", videoIds: [video.id, videoId] });
    expect(await errorOf(await review(`${video.id}${NUL}`))).toEqual({ status: 400, error: controlCharacter("videoId", "U+0000", "videoIds.1") });
    expect(await errorOf(await review(`${video.id}${LONE_SURROGATE}`))).toEqual({ status: 400, error: brokenCharacter("videoId", "videoIds.1") });

    const tag = (videoId: string) => post(shop, { intent: "tag", tags: [{ videoId, productId: "gid://shopify/Product/101" }] });
    expect(await errorOf(await tag(NUL))).toEqual({ status: 400, error: controlCharacter("videoId", "U+0000", "tags.0.videoId") });
    expect(await errorOf(await tag(`${video.id}${LONE_SURROGATE}`))).toEqual({ status: 400, error: brokenCharacter("videoId", "tags.0.videoId") });
    expect(await prisma.productTag.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
