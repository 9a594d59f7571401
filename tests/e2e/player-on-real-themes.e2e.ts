import type { BrowserContextOptions, Locator, Page } from "@playwright/test";
import { VARIANT_PICKER_PRODUCT_ID, demoCatalogue } from "../emulators/shopify/catalogue";
import { must } from "../support/must";
import { approvedThroughApp, e2eDb, installedShop, seedVideos, seedWidgets } from "./db";
import { expect, test } from "./fixtures";
import {
  REAL_THEME_SETUPS,
  collectPageErrors,
  realThemeStoreWithWidget,
  requireRealThemes,
  themeCartCount,
  themeCartUi,
  type RealThemeSetup,
} from "./real-theme-helpers";
import { published } from "./storefront-helpers";

// Issue 25: Add to cart in Clipcart's player on Shopify's own themes (the files
// in ../shared/themes, rendered by Local Shopify, decision 064). The theme's own
// bubble counts the line, its drawer or notification shows it over the page
// (the player closed first) or, on Dawn's cart page setting, the player says
// so and View cart leads there; the line carries the video it came from; no
// script error on the page. On a desktop, and on a phone in the in-app
// browsers social traffic lands in (their user agents).

requireRealThemes(test);

const hoodie = must(
  demoCatalogue().find((product) => product.id === VARIANT_PICKER_PRODUCT_ID),
  "the demo catalogue's product with two options",
);
const largeSand = must(
  hoodie.variants.find((variant) => variant.title === "L / Sand"),
  "the hoodie's L / Sand",
);

/** A phone's in-app browser: Instagram's, TikTok's or Facebook's user agent on Android. */
const IN_APP_BROWSERS = {
  instagram:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.135 Mobile Safari/537.36 Instagram 357.0.0.25.101 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; en_US; 658349183)",
  tiktok:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.135 Mobile Safari/537.36 trill_370104 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/37.1.4 ByteLocale/en ByteFullLocale/en Region/US BytedanceWebview/d8a21c6",
  facebook:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.135 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/489.0.0.52.109;]",
} as const;
const inAppBrowserOf: Record<RealThemeSetup["theme"], keyof typeof IN_APP_BROWSERS> = {
  dawn: "instagram",
  "horizon-3.5.1": "tiktok",
  "horizon-4.1.3": "facebook",
};

function devices(setup: RealThemeSetup): Array<{ name: string; phone: boolean; options: BrowserContextOptions }> {
  const app = inAppBrowserOf[setup.theme];
  return [
    { name: "desktop", phone: false, options: { viewport: { width: 1280, height: 900 } } },
    {
      name: `phone (${app}'s in-app browser)`,
      phone: true,
      options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IN_APP_BROWSERS[app] },
    },
  ];
}

/** Whether the middle of the element is what the shopper sees there: nothing (a player, a backdrop) is over it. */
function onTop(page: Page, element: Locator) {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 100));
    return !!seen && (target === seen || target.contains(seen));
  });
}

for (const setup of REAL_THEME_SETUPS) {
  test(`${setup.label}: Add to cart in the player updates the theme's own cart, visibly, on a desktop and in a phone's in-app browser`, async ({
    browser,
    shop,
  }) => {
    // A carousel with one video tagged with the hoodie, approved, on the theme's home page. Arranged through the
    // app's API: the admin's own path to the storefront (create, install, approve) is storefront.e2e.ts's.
    const shopRow = await installedShop(shop);
    const [widget] = await seedWidgets(shop, [{ name: "Real theme carousel" }]);
    const [video] = await seedVideos(shop, [{ title: "Hoodie on the street" }]);
    await (
      await e2eDb()
    ).productTag.create({ data: { shopId: shopRow.id, videoId: video.id, productId: `gid://shopify/Product/${hoodie.id}`, productTitle: hoodie.title } });
    await approvedThroughApp(shop, video.id, [widget.id]);
    await published(shop, "widget_1", (widget) => widget?.videos.length === 1);
    const { home } = await realThemeStoreWithWidget(shop, setup);

    for (const device of devices(setup)) {
      const context = await browser.newContext(device.options);
      const shopper = await context.newPage();
      const errors = collectPageErrors(shopper);
      await shopper.goto(home);
      const card = shopper.locator("clipcart-widget").getByRole("button", { name: "Play video: Hoodie on the street" });
      if (device.phone) await card.tap();
      else await card.click();
      const player = shopper.getByRole("dialog", { name: "Hoodie on the street" });
      await expect(player, device.name).toBeVisible();
      if (device.phone) await player.getByRole("button", { name: "Shop this video (1)" }).tap();
      await player.getByRole("combobox", { name: "Color" }).selectOption("Sand");
      await player.getByRole("combobox", { name: "Size" }).selectOption("L");
      const add = player.getByRole("button", { name: `Add to cart: ${hoodie.title}` });
      if (device.phone) await add.tap();
      else await add.click();

      const cartUi = themeCartUi(shopper, setup);
      if (setup.cart === "page") {
        // No cart of the theme's own opens: the shopper stays in the player, which says so and leads to the cart.
        await expect(player.getByRole("status"), device.name).toHaveText(`Added to cart: ${hoodie.title} View cart`);
        await expect(themeCartCount(shopper, setup.theme), device.name).toHaveText("1");
        await player.getByRole("link", { name: "View cart" }).click();
        await shopper.waitForURL("**/cart");
        await expect(cartUi, device.name).toContainText(hoodie.title);
      } else {
        // The player closes, and the theme's drawer or notification shows the line over the page.
        await expect(player, device.name).toBeHidden();
        await expect(cartUi, device.name).toBeVisible();
        await expect(cartUi, device.name).toContainText(hoodie.title);
        await expect(themeCartCount(shopper, setup.theme), device.name).toHaveText("1");
        await expect.poll(() => onTop(shopper, cartUi), { message: `${setup.label}: the cart is on top (${device.name})` }).toBe(true);
        // Focus is where the theme put it, in its cart; Escape closes it and the shopper is back on the page.
        await expect.poll(() => cartUi.evaluate((ui) => ui.contains(document.activeElement)), { message: `focus in the cart (${device.name})` }).toBe(true);
        await shopper.keyboard.press("Escape");
        await expect(cartUi, device.name).toBeHidden();
      }
      const cart = await shopper.evaluate(() => fetch("/cart.js").then((response) => response.json()));
      expect(cart.items, device.name).toEqual([
        expect.objectContaining({ variant_id: largeSand.id, quantity: 1, properties: expect.objectContaining({ _clipcart_video: video.id }) }),
      ]);
      expect(errors, `${setup.label}, ${device.name}: page errors`).toEqual([]);
      await context.close();
    }
  });
}
