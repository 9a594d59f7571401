import { VARIANT_PICKER_PRODUCT_ID, demoCatalogue } from "../emulators/shopify/catalogue";
import { firstOf, must } from "../support/must";
import { bootstrappedShop, e2eDb, seedVideos } from "./db";
import { APP_URL, adminModal, expect, modalButton, setConsentBanner, setShopTheme, tableRow, test } from "./fixtures";
import { installThroughThemeEditor, published, storefront } from "./storefront-helpers";

// The shopper's side (issue 4): a widget created and installed in the admin,
// videos approved to it in the library, then the local storefront renders the
// extension's Liquid with the published data; the shopper opens a video, adds
// a tagged product to the cart, and the events reach the app.

test("a carousel installed on the product page shows the approved videos; the shopper adds a tagged product to the cart and the events arrive", async ({
  page,
  openApp,
  shop,
}) => {
  const [, otherProduct] = firstOf(demoCatalogue(), 2, "demo products");
  // The product the shopper buys has two options: Size and Color (M / Sand sold out, L / Black on sale).
  const product = must(
    demoCatalogue().find((candidate) => candidate.id === VARIANT_PICKER_PRODUCT_ID),
    "the demo catalogue's product with two options",
  );
  const largeSand = must(
    product.variants.find((variant) => variant.title === "L / Sand"),
    "L / Sand",
  );
  // Admin: a carousel for product pages, created through the Customize form.
  let app = await openApp("/widgets");
  await app.getByRole("button", { name: "Add widget" }).first().click();
  await app.getByRole("button", { name: "Choose Carousel" }).click();
  await app.getByRole("textbox", { name: "Widget name" }).fill("Seen on TikTok");
  await app.getByRole("checkbox", { name: "Product Pages" }).check();
  await app.getByRole("checkbox", { name: "Homepage" }).uncheck();
  await app.getByRole("button", { name: "Create Widget" }).click();
  await expect(app.getByText("Widget created successfully!")).toBeVisible();

  await installThroughThemeEditor(page, app, "Seen on TikTok", 1);
  await expect(app.getByText("Installed", { exact: true })).toBeVisible();

  // Library: three videos, the first tagged with a product, approved to the widget.
  const shopRow = await bootstrappedShop(shop);
  const [first, second, third] = await seedVideos(shop, [{ title: "Styling the linen shirt" }, { title: "Sneaker unboxing" }, { title: "Packing orders" }]);
  const prisma = await e2eDb();
  await prisma.productTag.create({
    data: { shopId: shopRow.id, videoId: first.id, productId: `gid://shopify/Product/${product.id}`, productTitle: product.title },
  });
  app = await openApp("/content");
  for (const title of ["Styling the linen shirt", "Sneaker unboxing", "Packing orders"]) await tableRow(app, title).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByLabel("Seen on TikTok (Carousel)").check();
  await modalButton(app, "Approve").click();
  await expect(app.getByText("Successfully approved 3 video(s)!")).toBeVisible();
  await published(shop, "widget_1", (widget) => widget?.videos.length === 3);

  // Storefront: no request reaches the app while the page renders.
  const shopper = await page.context().newPage();
  const appRequests: string[] = [];
  const playerRequests: string[] = [];
  shopper.on("request", (request) => {
    if (request.url().startsWith(APP_URL)) appRequests.push(request.url());
    if (request.url().includes("/clipcart-player.js")) playerRequests.push(request.url());
  });
  await shopper.goto(storefront(shop, `/products/${otherProduct.handle}`));
  const widget = shopper.locator("clipcart-widget");
  await expect(widget.locator(".cc-title")).toHaveText(["Styling the linen shirt", "Sneaker unboxing", "Packing orders"]);
  // Three cards fit the page: no arrows that lead nowhere.
  await expect(widget.getByRole("button", { name: "Next" })).toBeHidden();
  await expect(widget.getByRole("button", { name: "Previous" })).toBeHidden();
  await shopper.waitForLoadState("networkidle");
  expect(appRequests).toEqual([]);
  // The player's script is not part of the page: it loads on the shopper's first intent.
  expect(playerRequests).toEqual([]);
  // In the store's French, the widget speaks French (the extension's locales/fr.json), and its cart is the French one.
  const french = await page.context().newPage();
  await french.goto(storefront(shop, `/fr/products/${otherProduct.handle}`));
  await expect(french.locator("html")).toHaveAttribute("lang", "fr");
  await expect(french.locator("clipcart-widget").getByRole("button", { name: "Lire la vidéo: Styling the linen shirt" })).toBeVisible();
  await french.close();
  // Not on the home page: the widget is for product pages.
  const home = await page.context().newPage();
  await home.goto(storefront(shop, "/"));
  await expect(home.locator("main")).toContainText("Featured products");
  await expect(home.locator("clipcart-widget")).toHaveCount(0);
  await home.close();

  // The shopper opens the first video and adds its product to the cart.
  await widget.getByRole("button", { name: "Play video: Styling the linen shirt" }).click();
  const modal = shopper.getByRole("dialog", { name: "Styling the linen shirt" });
  await expect(modal.getByText(product.title)).toBeVisible();
  expect(playerRequests).toHaveLength(1);
  // On a wide screen the video and its products are side by side, the arrows beside the video.
  const stage = must(await modal.locator(".cc-stage").boundingBox(), "the video's box");
  const products = must(await modal.getByRole("list").first().boundingBox(), "the products' box");
  const next = must(await modal.getByRole("button", { name: "Next" }).boundingBox(), "the Next button's box");
  expect(products.x).toBeGreaterThanOrEqual(stage.x + stage.width);
  expect(next.x).toBeGreaterThanOrEqual(stage.x + stage.width);
  await modal.getByRole("button", { name: "Next" }).click();
  const moved = shopper.getByRole("dialog", { name: "Sneaker unboxing" });
  await expect(moved).toBeVisible();
  await moved.getByRole("button", { name: "Previous" }).click();
  await expect(modal).toBeVisible();
  // The shopper chooses a variant: the sale price shows with the regular one struck through; a colour's sold-out size cannot be chosen.
  const size = modal.getByRole("combobox", { name: "Size" });
  const color = modal.getByRole("combobox", { name: "Color" });
  const price = modal.locator(".cc-price");
  await size.selectOption("L");
  await expect(price).toHaveText("$54.00 Regular price $64.00");
  await expect(price.locator("s")).toHaveText("Regular price $64.00");
  await color.selectOption("Sand");
  await expect(price).toHaveText("$64.00");
  await expect(size.locator("option", { hasText: "M" })).toBeDisabled();
  await modal.getByRole("button", { name: `Add to cart: ${product.title}` }).click();
  // The theme's cart follows without a reload: its count bubble and its drawer, re-rendered by Shopify's Section Rendering API;
  // the player closes first, so the drawer is over the page, not under the player (decision 065).
  await expect(modal).toBeHidden();
  await expect(shopper.locator("#cart-icon-bubble")).toHaveText("Cart (1)");
  await expect(shopper.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  await expect(shopper.getByRole("dialog", { name: "Your cart" })).toContainText(`${product.title} - L / Sand`);
  const cart = await shopper.evaluate(() => fetch("/cart.js").then((response) => response.json()));
  expect(cart.items).toEqual([
    expect.objectContaining({
      product_id: product.id,
      variant_id: largeSand.id,
      quantity: 1,
      properties: { _clipcart_video: first.id, _clipcart_widget: expect.any(String) },
    }),
  ]);

  // Then opens the video again and clicks the product: the page changes, and the page view's beacons go out.
  await widget.getByRole("button", { name: "Play video: Styling the linen shirt" }).click();
  await modal.getByRole("link", { name: `View product: ${product.title}` }).click();
  await shopper.waitForURL(`**/products/${product.handle}`);
  await expect
    .poll(
      async () =>
        (
          await prisma.analyticsEvent.findMany({
            where: { shopId: shopRow.id, type: { in: ["video_click", "product_click", "add_to_cart"] } },
            orderBy: { type: "asc" },
          })
        ).map((e) => [e.type, e.videoId, e.platform]),
      { timeout: 15_000 },
    )
    .toEqual([
      ["add_to_cart", first.id, "tiktok"],
      ["product_click", first.id, "tiktok"],
      // Opened twice by the same shopper session: one click (decision 060).
      ["video_click", first.id, "tiktok"],
    ]);
  expect((await prisma.video.findUniqueOrThrow({ where: { id: first.id } })).clicks).toBe(1);
  expect([second.id, third.id]).not.toContain(first.id);

  // Deleting the widget takes it off the storefront's data.
  await page.bringToFront();
  app = await openApp("/widgets");
  await app.getByRole("button", { name: "Delete" }).click();
  await modalButton(app, "Delete").click();
  await expect(app.getByText("Widget deleted")).toBeVisible();
  await published(shop, "widget_1", (value) => value === null);
  await shopper.goto(storefront(shop, `/products/${otherProduct.handle}`));
  await expect(shopper.locator("main")).toContainText(otherProduct.title);
  await expect(shopper.locator("clipcart-widget")).toHaveCount(0);
});

test("on a vintage theme the app embed shows the page's widget, and a sticky widget floats until dismissed", async ({ page, openApp, shop }) => {
  let app = await openApp("/widgets");
  const shopRow = await bootstrappedShop(shop);
  await setShopTheme(shop, "liquid");
  const prisma = await e2eDb();
  const grid = await prisma.widget.create({
    data: { shopId: shopRow.id, name: "Home grid", layoutType: "grid", pageContexts: '["homepage"]', displayNumber: 1 },
  });
  const sticky = await prisma.widget.create({
    data: { shopId: shopRow.id, name: "Corner video", layoutType: "sticky", pageContexts: '["all_pages"]', displayNumber: 2, alignment: "left" },
  });
  const [a, b] = await seedVideos(shop, [{ title: "Grid video one" }, { title: "Grid video two" }]);

  app = await openApp("/content");
  for (const title of ["Grid video one", "Grid video two"]) await tableRow(app, title).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByRole("button", { name: "Select All" }).click();
  await modalButton(app, "Approve").click();
  await expect(app.getByText("Successfully approved 2 video(s)!")).toBeVisible();
  await published(shop, "widget_2", (widget) => widget?.videos.length === 2);

  app = await openApp("/widgets");
  // A vintage theme takes no app blocks: the editor offers the embed that shows widgets by page.
  await installThroughThemeEditor(page, app, "Home grid", 1);
  await installThroughThemeEditor(page, app, "Corner video", 2);

  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop, "/"));
  const widgets = shopper.locator("clipcart-widget");
  await expect(widgets).toHaveCount(2);
  await expect(shopper.locator("main clipcart-widget .cc-title")).toHaveText(["Grid video one", "Grid video two"]);
  const hide = shopper.getByRole("button", { name: "Hide videos" });
  await expect(hide).toBeVisible();
  // Aligned left, as the merchant chose.
  const box = await hide.locator("xpath=..").boundingBox();
  expect(box!.x).toBeLessThan(400);
  await hide.click();
  await expect(hide).toHaveCount(0);
  // The grid is for the homepage only; the sticky one stays dismissed for the session.
  await shopper.goto(storefront(shop, "/cart"));
  await expect(shopper.locator("main")).toContainText("Your cart");
  await expect(shopper.locator("clipcart-widget:visible")).toHaveCount(0);
  expect([grid.id, sticky.id, a.id, b.id].every(Boolean)).toBe(true);
});

test("where the store asks for consent, a shopper who declines sends counts without a session key and keeps nothing; one who accepts sends it", async ({
  page,
  browser,
  openApp,
  shop,
}) => {
  let app = await openApp("/widgets");
  const shopRow = await bootstrappedShop(shop);
  const prisma = await e2eDb();
  await prisma.widget.create({ data: { shopId: shopRow.id, name: "Home carousel", layoutType: "carousel", pageContexts: '["homepage"]', displayNumber: 1 } });
  await seedVideos(shop, [{ title: "Consent video" }]);
  app = await openApp("/content");
  await tableRow(app, "Consent video").getByRole("button", { name: "Approve", exact: true }).click();
  await adminModal(app).getByLabel("Home carousel (Carousel)").check();
  await modalButton(app, "Approve").click();
  await expect(tableRow(app, "Consent video").getByText("Active", { exact: true })).toBeVisible();
  await published(shop, "widget_1", (widget) => widget?.videos.length === 1);
  app = await openApp("/widgets");
  await installThroughThemeEditor(page, app, "Home carousel", 1);
  await setConsentBanner(shop, true);

  const clicks = async () =>
    (await prisma.analyticsEvent.findMany({ where: { shopId: shopRow.id, type: "video_click" }, orderBy: { occurredAt: "asc" } })).map(
      (event) => event.sessionKey,
    );
  /** A shopper of their own (cookies, storage) answers the banner, opens the video, and leaves the page (the beacon goes out). */
  const shopperWho = async (answer: "Accept" | "Decline") => {
    const context = await browser.newContext();
    const shopper = await context.newPage();
    await shopper.goto(storefront(shop, "/"));
    const banner = shopper.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: answer }).click();
    await expect(banner).toHaveCount(0);
    await shopper.locator("clipcart-widget").getByRole("button", { name: "Play video: Consent video" }).click();
    await expect(shopper.getByRole("dialog")).toBeVisible();
    await shopper.goto(storefront(shop, "/cart"));
    await expect(shopper.locator("main")).toContainText("Your cart");
    const kept = await shopper.evaluate(() => sessionStorage.getItem("clipcart:session"));
    await context.close();
    return kept;
  };

  // Declined: the click is counted, with no session key, and the browser keeps none.
  expect(await shopperWho("Decline")).toBeNull();
  await expect.poll(clicks, { timeout: 15_000 }).toEqual([null]);
  // Accepted: the click carries the browser session's key.
  expect(await shopperWho("Accept")).toMatch(/^[0-9a-f]{24}$/);
  await expect.poll(clicks, { timeout: 15_000 }).toEqual([null, expect.stringMatching(/^[0-9a-f]{24}$/)]);
});
