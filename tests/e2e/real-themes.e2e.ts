import type { BrowserContextOptions, Page } from "@playwright/test";
import { VARIANT_PICKER_PRODUCT_HANDLE, demoCatalogue } from "../emulators/shopify/catalogue";
import { must } from "../support/must";
import { seedVideos } from "./db";
import { adminModal, expect, modalButton, tableRow, test } from "./fixtures";
import {
  REAL_THEME_SETUPS,
  collectPageErrors,
  putOnRealTheme,
  requireRealThemes,
  themeAddToCart,
  themeCartCount,
  themeCartUi,
  type RealThemeSetup,
} from "./real-theme-helpers";
import { createHomeWidget, published, storefront } from "./storefront-helpers";

// Controls for Local Shopify's real themes (decision 064): on Dawn (each cart
// type) and Horizon 3.5.1 and 4.1.3, the theme's own Add to cart works as on
// Shopify: its bubble counts the line, its drawer or notification shows it (or
// it goes to the cart page), on a phone and on a desktop, without a script
// error. If the theme's own form fails here, the emulator is wrong. Then
// Shopify's standard actions, as apps call them, on each theme family.

requireRealThemes(test);

const hoodie = must(
  demoCatalogue().find((product) => product.handle === VARIANT_PICKER_PRODUCT_HANDLE),
  "the demo catalogue's hoodie",
);
const smallBlack = must(
  hoodie.variants.find((variant) => variant.title === "S / Black"),
  "S / Black",
);

const DEVICES: Array<{ name: string; options: BrowserContextOptions }> = [
  { name: "desktop", options: { viewport: { width: 1280, height: 900 } } },
  {
    name: "phone",
    options: {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    },
  },
];

const cartOf = (page: Page) => page.evaluate(() => fetch("/cart.js").then((response) => response.json()));

for (const setup of REAL_THEME_SETUPS) {
  test(`${setup.label}: the theme's own Add to cart shows the line in its own cart, on a phone and a desktop`, async ({ browser, shop }) => {
    await putOnRealTheme(shop, setup.theme, setup.settings);
    for (const device of DEVICES) {
      const context = await browser.newContext(device.options);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(storefront(shop, `/products/${hoodie.handle}`));
      const add = themeAddToCart(page, setup.theme);
      if (device.name === "phone") await add.tap();
      else await add.click();

      if (setup.cart === "page") await page.waitForURL("**/cart");
      await expect(themeCartCount(page, setup.theme), device.name).toHaveText("1");
      const cart = themeCartUi(page, setup);
      await expect(cart, device.name).toBeVisible();
      await expect(cart, device.name).toContainText(hoodie.title);
      expect((await cartOf(page)).items).toEqual([expect.objectContaining({ variant_id: smallBlack.id, quantity: 1 })]);
      expect(errors, `${setup.label} on a ${device.name}`).toEqual([]);
      await context.close();
    }
  });
}

/** Shopify.actions.updateCart, as an app calls it, with a line's attributes; the events it emits on the way. */
async function updateCartFromAnApp(page: Page, variantId: number) {
  return page.evaluate(async (id) => {
    const shopify = (window as unknown as { Shopify: { actions: Record<string, ((...args: unknown[]) => Promise<unknown>) & { isDefault(): boolean }> } })
      .Shopify;
    const seen: unknown[] = [];
    document.addEventListener("shopify:cart:lines-update", (event) => {
      const update = event as Event & { action: string; context: string; lines: unknown[]; promise: Promise<{ cart: { totalQuantity: number } }> };
      seen.push({ action: update.action, context: update.context, lines: update.lines });
      update.promise.then(({ cart }) => seen.push({ resolvedQuantity: cart.totalQuantity }));
    });
    const result = (await shopify.actions.updateCart!({
      lines: [
        {
          merchandiseId: `gid://shopify/ProductVariant/${id}`,
          quantity: 1,
          attributes: [
            { key: "_clipcart_video", value: "v1" },
            { key: "Gift note", value: "For you" },
          ],
        },
      ],
    })) as { cart: { totalQuantity: number; lines: Array<{ id: string; quantity: number }> }; userErrors?: unknown[] };
    let configureError = "";
    try {
      (shopify.actions.getCart as unknown as { configure(o: object): void }).configure({});
    } catch (error) {
      configureError = (error as Error).name;
    }
    return {
      result,
      seen,
      defaults: { updateCart: shopify.actions.updateCart!.isDefault(), openCart: shopify.actions.openCart!.isDefault() },
      getCart: await shopify.actions.getCart!(),
      configureError,
    };
  }, variantId);
}

test.describe("Shopify's standard storefront actions", () => {
  const expectedEvent = {
    action: "add",
    context: "standard-action",
    lines: [{ merchandiseId: `gid://shopify/ProductVariant/${smallBlack.id}`, quantity: 1 }],
  };

  test("Horizon 4.1.3 configures them: updateCart emits the cart events from its drawer, which opens with the line and its properties", async ({
    page,
    shop,
  }) => {
    const setup = must(
      REAL_THEME_SETUPS.find((candidate) => candidate.theme === "horizon-4.1.3"),
      "Horizon 4.1.3",
    );
    await putOnRealTheme(shop, setup.theme, setup.settings);
    const errors = collectPageErrors(page);
    await page.goto(storefront(shop, "/"));
    const outcome = await updateCartFromAnApp(page, smallBlack.id);
    expect(outcome.result.cart.totalQuantity).toBe(1);
    expect(outcome.result.userErrors).toBeUndefined();
    expect(outcome.seen).toEqual([expectedEvent, { resolvedQuantity: 1 }]);
    // The theme configured both (standard-actions-override.js); getCart cannot be configured.
    expect(outcome.defaults).toEqual({ updateCart: false, openCart: false });
    expect(outcome.configureError).toBe("TypeError");
    expect(outcome.getCart).toMatchObject({ cart: { totalQuantity: 1, lines: [{ id: outcome.result.cart.lines[0]!.id, quantity: 1 }] } });

    await expect(themeCartCount(page, setup.theme)).toHaveText("1");
    const drawer = themeCartUi(page, setup);
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(hoodie.title);
    await expect(drawer).toContainText("For you");
    const [line] = (await cartOf(page)).items;
    expect(line.properties).toEqual({ _clipcart_video: "v1", "Gift note": "For you" });
    // openCart is the theme's: its drawer, closed, opens again.
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.evaluate(() => (window as unknown as { Shopify: { actions: { openCart(): Promise<void> } } }).Shopify.actions.openCart());
    await expect(drawer).toBeVisible();
    expect(errors).toEqual([]);
  });

  const unconfigured: Array<[string, RealThemeSetup["theme"], Record<string, unknown>, RealThemeSetup["cart"]]> = [
    ["Dawn (drawer)", "dawn", { cart_type: "drawer" }, "drawer"],
    ["Horizon 3.5.1", "horizon-3.5.1", { cart_type: "drawer", auto_open_cart_drawer: true }, "drawer"],
  ];
  for (const [label, theme, settings, cart] of unconfigured) {
    test(`${label} leaves them to Shopify's defaults: updateCart refreshes the theme's cart in place, openCart opens its drawer`, async ({ page, shop }) => {
      await putOnRealTheme(shop, theme, settings);
      const errors = collectPageErrors(page);
      await page.goto(storefront(shop, `/products/${hoodie.handle}`));
      const outcome = await updateCartFromAnApp(page, smallBlack.id);
      expect(outcome.seen).toEqual([expectedEvent, { resolvedQuantity: 1 }]);
      expect(outcome.defaults).toEqual({ updateCart: true, openCart: true });
      await expect(themeCartCount(page, theme)).toHaveText("1");
      await page.evaluate(() => (window as unknown as { Shopify: { actions: { openCart(): Promise<void> } } }).Shopify.actions.openCart());
      const drawer = themeCartUi(page, { theme, cart });
      await expect(drawer).toBeVisible();
      await expect(drawer).toContainText(hoodie.title);
      await expect(drawer).toContainText("For you");
      expect(errors).toEqual([]);
    });
  }
});

test("on Dawn, the merchant's Install on Store adds the widget's block in the theme editor, and the approved videos show on the home page", async ({
  page,
  openApp,
  shop,
}) => {
  await putOnRealTheme(shop, "dawn");
  let app = await openApp("/widgets");
  // The widget's card: Install on Store opens the theme editor on Dawn, which adds the block in a new apps section.
  await createHomeWidget(page, app, "Carousel", "Dawn carousel");
  await seedVideos(shop, [{ title: "Dawn video one" }, { title: "Dawn video two" }]);
  app = await openApp("/content");
  for (const title of ["Dawn video one", "Dawn video two"]) await tableRow(app, title).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByLabel("Dawn carousel (Carousel)").check();
  await modalButton(app, "Approve").click();
  await expect(app.getByText("Successfully approved 2 video(s)!")).toBeVisible();
  await published(shop, "widget_1", (widget) => widget?.videos.length === 2);

  const shopper = await page.context().newPage();
  const errors = collectPageErrors(shopper);
  await shopper.goto(storefront(shop, "/"));
  // Dawn's own page: its header and sections, then the app's section with the widget.
  await expect(shopper.locator("sticky-header, .header-wrapper").first()).toBeVisible();
  await expect(shopper.locator(".shopify-app-block clipcart-widget .cc-title")).toHaveText(["Dawn video one", "Dawn video two"]);
  expect(errors).toEqual([]);
});
