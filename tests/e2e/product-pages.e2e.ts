import { demoCatalogue } from "../emulators/shopify/catalogue";
import { firstOf } from "../support/must";
import { appApi, approvedThroughApp, installedShop, seedVideos } from "./db";
import { APP_URL, SHOPIFY_URL, expect, test } from "./fixtures";
import { placeClipcartBlock, storefront } from "./storefront-helpers";

// Every product page shows its own videos (issue 27 items 1-2, decision 079): one carousel showing "Videos tagged
// with this product", placed once on the product template; each product page shows that product's videos, a
// product without any shows no widget, and an untag takes the tile away once published. The admin's side of
// creating such a widget is widgets.e2e.ts's; the data's rules are tests/api/product-pages.test.ts's.

/** The entry Local Shopify holds for a product, once published. */
async function productEntry(shop: string, productId: number): Promise<{ videos: Array<{ title: string }> } | null> {
  const state = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
    metafields: Array<{ namespace: string; key: string; value: string }>;
  };
  const metafield = state.metafields.find((m) => m.namespace === "clipcart_products" && m.key === `p_${productId}`);
  return metafield ? (JSON.parse(metafield.value) as { videos: Array<{ title: string }> }) : null;
}

const entryTitles = async (shop: string, productId: number) => (await productEntry(shop, productId))?.videos.map((video) => video.title).sort() ?? null;

test("one product-page widget shows each product its own videos; a product without any shows none; an untag takes the tile away", async ({ page, shop }) => {
  const [shirt, hoodie, candle] = firstOf(demoCatalogue(), 3, "demo products");
  const shopRow = await installedShop(shop);
  const { widget } = await appApi<{ widget: { id: string; display_number: number } }>(shop, "/api/widgets", {
    body: { shopId: shopRow.id, name: "Seen on this product", layoutType: "carousel", pageContexts: ["product"], sourceType: "product" },
  });
  await placeClipcartBlock(shop, { template: "product", block: "carousel", widgetNumber: widget.display_number });
  const [beach, fold, hoodieVideo] = await seedVideos(shop, [{ title: "Shirt at the beach" }, { title: "Folding the shirt" }, { title: "Hoodie in the rain" }]);
  const tagIds: Record<string, string> = {};
  for (const [video, product] of [
    [beach, shirt],
    [fold, shirt],
    [hoodieVideo, hoodie],
  ] as const) {
    const { tag } = await appApi<{ tag: { id: string } }>(shop, `/api/videos/${video.id}/tags`, {
      body: { shopId: shopRow.id, productId: `gid://shopify/Product/${product.id}`, productTitle: product.title },
    });
    tagIds[video.id] = tag.id;
    await approvedThroughApp(shop, video.id, [widget.id]);
  }
  await expect.poll(() => entryTitles(shop, shirt.id), { timeout: 20_000 }).toEqual(["Folding the shirt", "Shirt at the beach"]);
  await expect.poll(() => entryTitles(shop, hoodie.id), { timeout: 20_000 }).toEqual(["Hoodie in the rain"]);

  // The shopper: no request reaches the app while these pages render.
  const appRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(APP_URL)) appRequests.push(request.url());
  });
  const tiles = page.locator("clipcart-widget").getByRole("button", { name: /^Play video: / });
  const tileNames = async () => (await tiles.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""))).sort();

  await page.goto(storefront(shop, `/products/${shirt.handle}`));
  await expect(tiles).toHaveCount(2);
  expect(await tileNames()).toEqual(["Play video: Folding the shirt", "Play video: Shirt at the beach"]);

  await page.goto(storefront(shop, `/products/${hoodie.handle}`));
  await expect(tiles).toHaveCount(1);
  expect(await tileNames()).toEqual(["Play video: Hoodie in the rain"]);

  // The same template, a product without videos: no widget at all (its fallback is off).
  await page.goto(storefront(shop, `/products/${candle.handle}`));
  await expect(page.locator("main")).toBeVisible();
  await expect(page.locator("clipcart-widget")).toHaveCount(0);
  expect(appRequests).toEqual([]);

  // The merchant untags one of the shirt's videos: once published, its page shows the other one only.
  await appApi(shop, `/api/videos/tags/${tagIds[beach.id]}?shopId=${shopRow.id}`, { method: "DELETE" });
  await expect.poll(() => entryTitles(shop, shirt.id), { timeout: 20_000 }).toEqual(["Folding the shirt"]);
  await page.goto(storefront(shop, `/products/${shirt.handle}`));
  await expect(tiles).toHaveCount(1);
  expect(await tileNames()).toEqual(["Play video: Folding the shirt"]);
  expect(appRequests).toEqual([]);
});
