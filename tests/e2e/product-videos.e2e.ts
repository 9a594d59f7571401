import { VARIANT_PICKER_PRODUCT_ID, demoCatalogue } from "../emulators/shopify/catalogue";
import { PRODUCT_GALLERY_WIDGET_ID } from "../../app/contracts/beacon-events";
import { PRODUCT_METAFIELD_NAMESPACE, productMetafieldKey } from "../../app/storefront/widget-data";
import { must } from "../support/must";
import { approvedThroughApp, e2eDb, installedShop, seedVideos } from "./db";
import { APP_URL, SHOPIFY_URL, expect, test } from "./fixtures";
import { collectPageErrors, putOnRealTheme, requireRealThemes, themeCartUi } from "./real-theme-helpers";
import { placeClipcartBlock, storefront } from "./storefront-helpers";

// Issue 27 item 3 (decision 080): the product page's videos block, in Dawn's
// product section beside the product's media. The page's product's approved
// videos show as tiles; a tile opens the player with that product first, at
// the variant the page has chosen; Add to cart adds that variant; the page
// asks nothing of the app while it renders; the clicks are counted.

requireRealThemes(test);

const hoodie = must(
  demoCatalogue().find((product) => product.id === VARIANT_PICKER_PRODUCT_ID),
  "the demo catalogue's product with two options",
);
const largeSand = must(
  hoodie.variants.find((variant) => variant.title === "L / Sand"),
  "the hoodie's L / Sand",
);

test("the product videos block shows the page's product's videos; a tile opens the player with that product at the page's variant, and Add to cart adds it", async ({
  page,
  shop,
}) => {
  // Two videos tagged with the hoodie and approved; no widget at all: the block shows the product's own videos.
  const shopRow = await installedShop(shop);
  const [street, studio] = await seedVideos(shop, [{ title: "Hoodie on the street" }, { title: "Hoodie in the studio" }]);
  const prisma = await e2eDb();
  for (const video of [street, studio]) {
    await prisma.productTag.create({
      data: { shopId: shopRow.id, videoId: video.id, productId: `gid://shopify/Product/${hoodie.id}`, productTitle: hoodie.title },
    });
    await approvedThroughApp(shop, video.id, []);
  }
  const key = productMetafieldKey(`gid://shopify/Product/${hoodie.id}`);
  await expect
    .poll(
      async () => {
        const state = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
          metafields: Array<{ namespace: string; key: string; value: string }>;
        };
        const entry = state.metafields.find((metafield) => metafield.namespace === PRODUCT_METAFIELD_NAMESPACE && metafield.key === key);
        return entry ? (JSON.parse(entry.value) as { videos: unknown[] }).videos.length : 0;
      },
      { timeout: 15_000 },
    )
    .toBe(2);
  // Dawn, with the block at the end of its product section (the theme editor's "main section" deep link).
  await putOnRealTheme(shop, "dawn", { cart_type: "drawer" });
  await placeClipcartBlock(shop, { template: "product", block: "product-videos", target: "mainSection" });

  // The shopper lands on the product page at L / Sand (a shared link, as Dawn writes it when a variant is picked).
  const appRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(APP_URL) || new URL(request.url()).pathname.startsWith("/apps/clipcart")) appRequests.push(request.url());
  });
  const errors = collectPageErrors(page);
  await page.goto(storefront(shop, `/products/${hoodie.handle}?variant=${largeSand.id}`));
  const gallery = page.locator("product-info clipcart-widget.cc-gallery");
  const tiles = gallery.getByRole("button", { name: /^Play video: / });
  // Newest approval first; small tiles, their titles in their labels.
  await expect(tiles).toHaveCount(2);
  expect(await tiles.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))).toEqual([
    "Play video: Hoodie in the studio",
    "Play video: Hoodie on the street",
  ]);
  await page.waitForLoadState("load");
  // Rendering the page asked nothing of the app.
  expect(appRequests).toEqual([]);

  await tiles.last().click();
  const player = page.getByRole("dialog", { name: "Hoodie on the street" });
  await expect(player).toBeVisible();
  // The page's product first, at the page's variant.
  const card = player.locator(".cc-product").first();
  await expect(card.locator(".cc-name")).toHaveText(hoodie.title);
  await expect(card.getByRole("combobox", { name: "Color" })).toHaveValue("Sand");
  await expect(card.getByRole("combobox", { name: "Size" })).toHaveValue("L");
  await card.getByRole("button", { name: `Add to cart: ${hoodie.title}` }).click();

  // Dawn's drawer shows the line; the line is the page's variant, credited to the video and the product gallery.
  await expect(player).toBeHidden();
  await expect(themeCartUi(page, { theme: "dawn", cart: "drawer" })).toContainText(hoodie.title);
  const cart = await page.evaluate(() => fetch("/cart.js").then((response) => response.json()));
  expect(cart.items).toEqual([
    expect.objectContaining({
      variant_id: largeSand.id,
      quantity: 1,
      properties: expect.objectContaining({ _clipcart_video: street.id, _clipcart_widget: PRODUCT_GALLERY_WIDGET_ID }),
    }),
  ]);
  expect(errors).toEqual([]);

  // Leaving the page sends its beacons: the click and the add to cart are counted for the video.
  await page.goto(storefront(shop, "/cart"));
  await expect
    .poll(
      async () =>
        (
          await prisma.analyticsEvent.findMany({
            where: { shopId: shopRow.id, type: { in: ["video_click", "add_to_cart"] } },
            orderBy: { type: "asc" },
          })
        ).map((event) => [event.type, event.videoId, event.widgetId]),
      { timeout: 15_000 },
    )
    .toEqual([
      ["add_to_cart", street.id, PRODUCT_GALLERY_WIDGET_ID],
      ["video_click", street.id, PRODUCT_GALLERY_WIDGET_ID],
    ]);
});
