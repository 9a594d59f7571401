import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { LIBRARY_TEXT } from "~/messages";
import type { ProductTagDto, VideoDto, VideoListPage, WidgetSummaryDto } from "~/rules/api-types";
import { loader as listVideosRoute, action as deleteVideoRoute } from "~/routes/api.videos.$id";
import { action as toggleRoute } from "~/routes/api.videos.$videoId.toggle";
import { loader as listTagsRoute, action as addTagRoute } from "~/routes/api.videos.$videoId.tags";
import { action as removeTagRoute } from "~/routes/api.videos.tags.$tagId";
import { loader as productSearchRoute } from "~/routes/api.products.search";
import { loader as widgetsRoute } from "~/routes/api.widgets.$id";
import { apiRequest, callRoute, localShopify } from "../support/app-requests";
import { bootstrapShop, jsonOf, seedVideos, seedWidgets, type TestShop } from "../support/library-fixtures";

async function listPage(shop: TestShop, query = "") {
  const response = await callRoute(listVideosRoute, await apiRequest(shop.domain, `/api/videos/${shop.id}${query}`), { id: shop.id });
  expect(response.status).toBe(200);
  return jsonOf<VideoListPage>(response);
}

async function toggle(shop: TestShop, videoId: string, body: unknown) {
  return callRoute(toggleRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/toggle`, { method: "PATCH", body }), { videoId });
}

const approve = (shop: TestShop, videoId: string, widgetIds: string[] = []) => toggle(shop, videoId, { enabled: true, widgetIds });

describe("GET /api/videos/{shopId}: filtering and paging on the server", () => {
  it("pages 20 newest first, counts pages, clamps a page past the end, and falls back on a bad page", async () => {
    const shop = await bootstrapShop();
    const videos = await seedVideos(
      shop.id,
      Array.from({ length: 45 }, (_, i) => ({ title: `Clip number ${i}` })),
    );
    const newestFirst = [...videos].reverse().map((video) => video.id);

    const first = await listPage(shop);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 45 });
    expect(first.videos.map((video) => video.id)).toEqual(newestFirst.slice(0, 20));

    const third = await listPage(shop, "?page=3");
    expect(third.page).toBe(3);
    expect(third.videos.map((video) => video.id)).toEqual(newestFirst.slice(40));

    const past = await listPage(shop, "?page=99");
    expect(past).toMatchObject({ page: 3, pageCount: 3 });
    expect(past.videos).toHaveLength(5);

    for (const bad of ["0", "-2", "abc", "1.5"]) expect((await listPage(shop, `?page=${bad}`)).page).toBe(1);
  });

  it("an empty library is one empty page", async () => {
    const shop = await bootstrapShop();
    expect(await listPage(shop, "?page=4&tab=active")).toEqual({ videos: [], page: 1, pageCount: 1, total: 0 });
  });

  it("filters by tab, platform (repeated, comma list, all) and search, together", async () => {
    const shop = await bootstrapShop();
    await seedVideos(shop.id, [
      { platform: "tiktok", title: "Summer Dress try-on", enabled: true },
      { platform: "tiktok", title: "Winter coat", authorName: "Jane DOE" },
      { platform: "instagram", platformVideoId: "CxYz123abc", title: "Reel one", videoUrl: "https://www.instagram.com/reel/CxYz123abc/" },
      { platform: "instagram", title: "Reel two", channelUsername: "SunnyShop", enabled: true },
      { platform: "pinterest", platformVideoId: "998877", title: "Pin summer", videoUrl: "https://www.pinterest.com/pin/998877/" },
    ]);
    const titles = async (query: string) => (await listPage(shop, query)).videos.map((video) => video.title).sort();

    expect(await titles("?tab=active")).toEqual(["Reel two", "Summer Dress try-on"]);
    expect(await titles("?tab=draft")).toEqual(["Pin summer", "Reel one", "Winter coat"]);
    expect((await listPage(shop, "?tab=bogus")).total).toBe(5);

    expect(await titles("?platform=instagram")).toEqual(["Reel one", "Reel two"]);
    expect(await titles("?platform=instagram&platform=pinterest")).toEqual(["Pin summer", "Reel one", "Reel two"]);
    expect(await titles("?platform=instagram,pinterest")).toEqual(["Pin summer", "Reel one", "Reel two"]);
    expect((await listPage(shop, "?platform=all")).total).toBe(5);
    expect((await listPage(shop, "?platform=myspace")).total).toBe(5);

    // Case-insensitive over title, author, channel and the platform's video id.
    expect(await titles("?q=SUMMER")).toEqual(["Pin summer", "Summer Dress try-on"]);
    expect(await titles("?q=jane%20doe")).toEqual(["Winter coat"]);
    expect(await titles("?q=sunnyshop")).toEqual(["Reel two"]);
    expect(await titles("?q=cxyz123")).toEqual(["Reel one"]);
    expect(await titles("?q=nothing-like-this")).toEqual([]);
    // LIKE wildcards in the merchant's text are text, not patterns.
    expect(await titles("?q=%25")).toEqual([]);
    expect(await titles("?q=_")).toEqual([]);
    await seedVideos(shop.id, [
      { title: "Sale 50% off", channelUsername: "sunny_shop" },
      { title: "Sale 500 off", channelUsername: "sunnyxshop" },
      { title: "Path C:\\clips" },
    ]);
    expect(await titles("?q=50%25")).toEqual(["Sale 50% off"]);
    expect(await titles("?q=SUNNY_shop")).toEqual(["Sale 50% off"]);
    expect(await titles("?q=c%3A%5Cclips")).toEqual(["Path C:\\clips"]);
    expect(await titles("?q=tab%3Dactive")).toEqual([]);

    expect(await titles("?q=summer&tab=draft&platform=pinterest")).toEqual(["Pin summer"]);
    expect(await titles("?q=sale&tab=draft&platform=tiktok&page=1")).toEqual(["Sale 50% off", "Sale 500 off"]);
    expect(await listPage(shop, "?q=summer&tab=active&platform=pinterest")).toMatchObject({ total: 0, pageCount: 1 });
  });

  it("answers VideoDto rows: our thumbnail copy first, safe URLs only, player embed, tags and widget names", async () => {
    const shop = await bootstrapShop();
    const [copied, hostile] = await seedVideos(shop.id, [
      {
        platformVideoId: "7300000000000000111",
        thumbnailUrl: "https://p16.tiktokcdn.com/cover.jpg",
        storedThumbnailUrl: "https://cdn.shopify.com/s/files/cover.png",
      },
      { platformVideoId: "not-an-id<script>", thumbnailUrl: "javascript:alert(1)", videoUrl: "javascript:alert(1)", title: "<img src=x onerror=alert(1)>" },
    ]);
    const [widget] = await seedWidgets(shop.id, [{ name: "Homepage carousel" }]);
    await prisma.productTag.create({ data: { shopId: shop.id, videoId: copied.id, productId: "gid://shopify/Product/1", productTitle: "Mug" } });
    await prisma.widgetVideo.create({ data: { shopId: shop.id, widgetId: widget.id, videoId: copied.id } });

    const { videos } = await listPage(shop);
    const byId = new Map(videos.map((video) => [video.id, video]));
    expect(byId.get(copied.id)).toMatchObject({
      video_id: "7300000000000000111",
      thumbnail_url: "https://cdn.shopify.com/s/files/cover.png",
      platform: "tiktok",
      enabled: false,
      embed_url: "https://www.tiktok.com/player/v1/7300000000000000111",
      video_url: "https://www.tiktok.com/@creator/video/7300000000000000111",
      clicks: 0,
      product_tags: [{ id: expect.any(String), product_id: "gid://shopify/Product/1", product_title: "Mug" }],
      widget_names: ["Homepage carousel"],
    } satisfies Partial<VideoDto>);
    expect(byId.get(hostile.id)).toMatchObject({ thumbnail_url: null, video_url: "", embed_url: null, title: "<img src=x onerror=alert(1)>" });
  });

  it("another shop's id is a 404", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    await seedVideos(theirs.id, [{ title: "Theirs" }]);
    const response = await callRoute(listVideosRoute, await apiRequest(mine.domain, `/api/videos/${theirs.id}`), { id: theirs.id });
    expect(response.status).toBe(404);
  });
});

describe("PATCH /api/videos/{videoId}/toggle", () => {
  it("approves to the chosen widgets, or to every widget with an empty list (Select All)", async () => {
    const shop = await bootstrapShop();
    const [one, two] = await seedVideos(shop.id, [{}, {}]);
    const [home, product, cart] = await seedWidgets(shop.id, [{ name: "Home" }, { name: "Product" }, { name: "Cart" }]);

    const chosen = await approve(shop, one.id, [product.id, cart.id]);
    expect(chosen.status).toBe(200);
    expect((await jsonOf<{ video: VideoDto }>(chosen)).video).toMatchObject({ id: one.id, enabled: true, widget_names: ["Product", "Cart"] });

    const all = await approve(shop, two.id, []);
    expect((await jsonOf<{ video: VideoDto }>(all)).video.widget_names).toEqual(["Home", "Product", "Cart"]);
    // Absent widgetIds also means all.
    const [three] = await seedVideos(shop.id, [{}]);
    expect((await jsonOf<{ video: VideoDto }>(await toggle(shop, three.id, { enabled: true }))).video.widget_names).toHaveLength(3);

    // A newly assigned video goes to the end of each widget.
    const positions = await prisma.widgetVideo.findMany({ where: { widgetId: home.id }, orderBy: { position: "asc" }, select: { videoId: true } });
    expect(positions.map((row) => row.videoId)).toEqual([two.id, three.id]);

    const stored = await prisma.video.findUniqueOrThrow({ where: { id: one.id } });
    expect(stored.approvedAt).toBeInstanceOf(Date);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).firstActiveAt).toBeInstanceOf(Date);
  });

  it("unpublish sends enabled=false only: the video becomes a draft and keeps its widgets; re-approving is idempotent", async () => {
    const shop = await bootstrapShop();
    const [video] = await seedVideos(shop.id, [{}]);
    const [widget] = await seedWidgets(shop.id, [{ name: "Home" }]);
    await approve(shop, video.id, [widget.id]);

    const again = await approve(shop, video.id, []);
    expect(again.status).toBe(200);
    expect((await jsonOf<{ video: VideoDto }>(again)).video).toMatchObject({ enabled: true, widget_names: ["Home"] });

    const unpublished = await toggle(shop, video.id, { enabled: false });
    expect(unpublished.status).toBe(200);
    expect((await jsonOf<{ video: VideoDto }>(unpublished)).video).toMatchObject({ enabled: false, widget_names: ["Home"] });
    expect((await listPage(shop, "?tab=draft")).total).toBe(1);
  });

  it("refuses the 6th approval on the Free plan with 403 and the spec's message; already approved stays fine", async () => {
    const shop = await bootstrapShop();
    const videos = await seedVideos(
      shop.id,
      Array.from({ length: 7 }, () => ({})),
    );
    for (const video of videos.slice(0, 5)) expect((await approve(shop, video.id)).status).toBe(200);

    const sixth = await approve(shop, videos[5]!.id);
    expect(sixth.status).toBe(403);
    expect(await sixth.json()).toEqual({ error: LIBRARY_TEXT.freePlanLimit });
    expect((await prisma.video.findUniqueOrThrow({ where: { id: videos[5]!.id } })).enabled).toBe(false);

    expect((await approve(shop, videos[0]!.id)).status).toBe(200);
    // Unpublishing one frees a place.
    await toggle(shop, videos[0]!.id, { enabled: false });
    expect((await approve(shop, videos[5]!.id)).status).toBe(200);
    expect((await approve(shop, videos[6]!.id)).status).toBe(403);
  });

  it("50 approvals of a Free shop's drafts at once: exactly 5 are answered 200, the other 45 are 403 with the spec's message", async () => {
    const shop = await bootstrapShop();
    await seedWidgets(shop.id, [{ name: "Home" }]);
    const videos = await seedVideos(
      shop.id,
      Array.from({ length: 50 }, () => ({})),
    );
    const answers = await Promise.all(videos.map((video) => approve(shop, video.id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array.from({ length: 45 }, () => 403));
    for (const answer of refused) expect(await answer.json()).toEqual({ error: LIBRARY_TEXT.freePlanLimit });
    expect(await prisma.video.count({ where: { shopId: shop.id, enabled: true } })).toBe(5);
  });

  it("Premium shops approve without limit", async () => {
    const shop = await bootstrapShop("lib", "premium");
    const videos = await seedVideos(
      shop.id,
      Array.from({ length: 8 }, () => ({})),
    );
    for (const video of videos) expect((await approve(shop, video.id)).status).toBe(200);
    expect((await listPage(shop, "?tab=active")).total).toBe(8);
  });

  it("rejects bad input with 400 and a readable message", async () => {
    const shop = await bootstrapShop();
    const [video] = await seedVideos(shop.id, [{}]);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^enabled: /],
      [{ enabled: "yes" }, /^enabled: enabled must be true or false/],
      [{ enabled: true, widgetIds: "all" }, /^widgetIds: /],
    ];
    for (const [body, message] of cases) {
      const response = await toggle(shop, video.id, body);
      expect(response.status).toBe(400);
      expect((await jsonOf<{ error: string }>(response)).error).toMatch(message);
    }
    const notJson = await callRoute(toggleRoute, await apiRequest(shop.domain, `/api/videos/${video.id}/toggle`, { method: "PATCH", rawBody: "{" }), {
      videoId: video.id,
    });
    expect(notJson.status).toBe(400);
  });

  it("another shop's video or widget is a 404 and changes nothing", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    const [myVideo] = await seedVideos(mine.id, [{}]);
    const [theirVideo] = await seedVideos(theirs.id, [{}]);
    const [theirWidget] = await seedWidgets(theirs.id, [{ name: "Theirs" }]);

    expect((await approve(mine, theirVideo.id)).status).toBe(404);
    expect((await toggle(mine, theirVideo.id, { enabled: false })).status).toBe(404);
    expect((await approve(mine, myVideo.id, [theirWidget.id])).status).toBe(404);
    expect((await toggle(mine, myVideo.id, { enabled: true, shopId: theirs.id })).status).toBe(404);

    expect((await prisma.video.findUniqueOrThrow({ where: { id: theirVideo.id } })).enabled).toBe(false);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: myVideo.id } })).enabled).toBe(false);
    expect(await prisma.widgetVideo.count({ where: { widgetId: theirWidget.id } })).toBe(0);
  });
});

describe("DELETE /api/videos/{videoId}", () => {
  it("deletes the video with its tags and assignments; another shop's video is a 404 and stays", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    const [video] = await seedVideos(mine.id, [{}]);
    const [theirVideo] = await seedVideos(theirs.id, [{}]);
    await prisma.productTag.create({ data: { shopId: mine.id, videoId: video.id, productId: "gid://shopify/Product/9", productTitle: "Hat" } });

    const foreign = await callRoute(deleteVideoRoute, await apiRequest(mine.domain, `/api/videos/${theirVideo.id}`, { method: "DELETE" }), {
      id: theirVideo.id,
    });
    expect(foreign.status).toBe(404);
    expect(await prisma.video.count({ where: { id: theirVideo.id } })).toBe(1);

    const deleted = await callRoute(deleteVideoRoute, await apiRequest(mine.domain, `/api/videos/${video.id}`, { method: "DELETE" }), { id: video.id });
    expect(deleted.status).toBe(200);
    expect(await prisma.video.count({ where: { id: video.id } })).toBe(0);
    expect(await prisma.productTag.count({ where: { videoId: video.id } })).toBe(0);

    const again = await callRoute(deleteVideoRoute, await apiRequest(mine.domain, `/api/videos/${video.id}`, { method: "DELETE" }), { id: video.id });
    expect(again.status).toBe(404);
  });
});

describe("product tags", () => {
  const tagsOf = async (shop: TestShop, videoId: string) => {
    const response = await callRoute(listTagsRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/tags?shopId=${shop.id}`), { videoId });
    return { status: response.status, tags: response.ok ? (await jsonOf<{ tags: ProductTagDto[] }>(response)).tags : [] };
  };
  const addTag = async (shop: TestShop, videoId: string, body: Record<string, unknown>) =>
    callRoute(addTagRoute, await apiRequest(shop.domain, `/api/videos/${videoId}/tags`, { body: { shopId: shop.id, ...body } }), { videoId });
  const removeTag = async (shop: TestShop, tagId: string, shopId = shop.id) =>
    callRoute(removeTagRoute, await apiRequest(shop.domain, `/api/videos/tags/${tagId}?shopId=${shopId}`, { method: "DELETE" }), { tagId });

  it("adds (idempotent on the product), lists and removes tags", async () => {
    const shop = await bootstrapShop();
    const [video] = await seedVideos(shop.id, [{}]);
    const mug = { productId: "gid://shopify/Product/101", productTitle: "Mug" };

    const created = await addTag(shop, video.id, mug);
    expect(created.status).toBe(201);
    const { tag } = await jsonOf<{ tag: ProductTagDto }>(created);
    expect(tag).toEqual({ id: expect.any(String), product_id: mug.productId, product_title: "Mug" });

    const again = await addTag(shop, video.id, mug);
    expect(again.status).toBe(200);
    expect((await jsonOf<{ tag: ProductTagDto }>(again)).tag.id).toBe(tag.id);
    await addTag(shop, video.id, { productId: "gid://shopify/Product/102", productTitle: "Plate" });

    expect((await tagsOf(shop, video.id)).tags.map((t) => t.product_title)).toEqual(["Mug", "Plate"]);

    expect((await removeTag(shop, tag.id)).status).toBe(200);
    expect((await tagsOf(shop, video.id)).tags.map((t) => t.product_title)).toEqual(["Plate"]);
    expect((await removeTag(shop, tag.id)).status).toBe(404);
  });

  it("rejects a product id that is not a product GID, and a missing title", async () => {
    const shop = await bootstrapShop();
    const [video] = await seedVideos(shop.id, [{}]);
    const bad = await addTag(shop, video.id, { productId: "101", productTitle: "Mug" });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ error: string }>(bad)).error).toMatch(/^productId: productId must be a Shopify product id/);
    const untitled = await addTag(shop, video.id, { productId: "gid://shopify/Product/1", productTitle: " " });
    expect(untitled.status).toBe(400);
    expect((await tagsOf(shop, video.id)).tags).toEqual([]);
  });

  it("another shop's video or tag is a 404 and changes nothing", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    const [theirVideo] = await seedVideos(theirs.id, [{}]);
    const theirTag = await prisma.productTag.create({
      data: { shopId: theirs.id, videoId: theirVideo.id, productId: "gid://shopify/Product/5", productTitle: "Theirs" },
    });

    expect((await tagsOf(mine, theirVideo.id)).status).toBe(404);
    expect((await addTag(mine, theirVideo.id, { productId: "gid://shopify/Product/6", productTitle: "Mine" })).status).toBe(404);
    expect((await removeTag(mine, theirTag.id)).status).toBe(404);
    // Naming their shop in the query is refused too.
    expect((await removeTag(mine, theirTag.id, theirs.id)).status).toBe(404);
    expect(await prisma.productTag.count({ where: { videoId: theirVideo.id } })).toBe(1);
  });
});

describe("GET /api/products/search", () => {
  afterEach(() => vi.restoreAllMocks());

  const search = async (shop: TestShop, q: string) =>
    callRoute(productSearchRoute, await apiRequest(shop.domain, `/api/products/search?q=${encodeURIComponent(q)}&shopId=${shop.id}`));

  it("searches the store's catalogue by title words from 2 characters", async () => {
    const shop = await bootstrapShop();
    await localShopify(`/shops/${shop.domain}/seed`, {
      products: [{ title: "Linen Shirt", price: "24.50" }, { title: "Linen Trousers", price: 60 }, { title: "Wool Hat" }, { title: 'The "Quote" Mug' }],
    });

    // Each result carries what the picker shows: the product's image and price (issue 15 item 6).
    const linen = await search(shop, "lin");
    expect(linen.status).toBe(200);
    const product = (title: string, price: string) => ({
      id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      title,
      image_url: expect.stringMatching(/^https?:\/\/\S+$/),
      min_price: price,
      max_price: price,
      currency_code: "USD",
    });
    expect(await linen.json()).toEqual([product("Linen Shirt", "24.5"), product("Linen Trousers", "60.0")]);
    expect((await jsonOf<Array<{ title: string }>>(await search(shop, "LINEN shi"))).map((p) => p.title)).toEqual(["Linen Shirt"]);

    // Search syntax in the merchant's text is just text.
    expect((await jsonOf<Array<{ title: string }>>(await search(shop, '"quote'))).map((p) => p.title)).toEqual(['The "Quote" Mug']);
    for (const q of ["title:wool OR", "-lin", "(mug)", "vendor:x", "*:*"]) {
      const response = await search(shop, q);
      expect(response.status).toBe(200);
    }
    expect((await jsonOf<Array<{ title: string }>>(await search(shop, "-wool"))).map((p) => p.title)).toEqual(["Wool Hat"]);
    expect(await (await search(shop, "??")).json()).toEqual([]);
  });

  it("answers [] under 2 characters without asking Shopify", async () => {
    const shop = await bootstrapShop();
    await search(shop, "warm-up"); // the session is exchanged and stored before counting
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const q of ["", "l", " l "]) {
      const response = await search(shop, q);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
    // Product searches only: an earlier test's storefront publish may still be landing.
    const searches = fetchSpy.mock.calls.filter(
      ([input, init]) => String(input instanceof Request ? input.url : input).includes("graphql") && String(init?.body ?? "").includes("products("),
    );
    expect(searches).toEqual([]);
  });

  it("another shop's id is a 404", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    const response = await callRoute(productSearchRoute, await apiRequest(mine.domain, `/api/products/search?q=linen&shopId=${theirs.id}`));
    expect(response.status).toBe(404);
  });
});

describe("GET /api/widgets/{shopId}", () => {
  it("lists the shop's widgets by display number; another shop's id is a 404", async () => {
    const [mine, theirs] = [await bootstrapShop(), await bootstrapShop()];
    await seedWidgets(mine.id, [{ name: "Home carousel" }, { name: "Product grid", layoutType: "grid" }]);
    await seedWidgets(theirs.id, [{ name: "Theirs" }]);
    const response = await callRoute(widgetsRoute, await apiRequest(mine.domain, `/api/widgets/${mine.id}`), { id: mine.id });
    expect(await jsonOf<{ widgets: WidgetSummaryDto[] }>(response)).toEqual({
      widgets: [
        expect.objectContaining({ id: expect.any(String), name: "Home carousel", layout_type: "carousel", display_number: 1 }),
        expect.objectContaining({ id: expect.any(String), name: "Product grid", layout_type: "grid", display_number: 2 }),
      ],
    });
    const foreign = await callRoute(widgetsRoute, await apiRequest(mine.domain, `/api/widgets/${theirs.id}`), { id: theirs.id });
    expect(foreign.status).toBe(404);
  });
});
