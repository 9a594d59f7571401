import type { Locator, Page, TestType } from "@playwright/test";
import { VARIANT_PICKER_PRODUCT_HANDLE } from "../emulators/shopify/catalogue";
import { realThemesMissing, type RealThemeName } from "../emulators/shopify/real-themes/theme-source";
import { SHOPIFY_URL } from "./fixtures";
import { placeClipcartBlock, storefront } from "./storefront-helpers";

// Shops on Shopify's own themes in Local Shopify (decision 064), for the
// storefront's end-to-end tests: the themes merchants use, with their own
// header bubble, cart drawer, notification or cart page.

export type { RealThemeName };

/** How a real theme shows the cart after an add: Dawn's three settings.cart_type, Horizon's drawer. */
export type ThemeCartKind = "notification" | "drawer" | "page";

export interface RealThemeSetup {
  /** A name for test titles: "Dawn (drawer)". */
  label: string;
  theme: RealThemeName;
  /** The merchant's theme settings for this setup (over the theme's config/settings_data.json). */
  settings: Record<string, unknown>;
  cart: ThemeCartKind;
}

/**
 * The storefronts the done-when names: Dawn with each cart type, Horizon 3.5.1
 * and 4.1.3 with their drawer opening on add (the merchant's "Open cart
 * drawer on add", off in the theme's defaults).
 */
export const REAL_THEME_SETUPS: readonly RealThemeSetup[] = [
  { label: "Dawn (notification)", theme: "dawn", settings: { cart_type: "notification" }, cart: "notification" },
  { label: "Dawn (drawer)", theme: "dawn", settings: { cart_type: "drawer" }, cart: "drawer" },
  { label: "Dawn (page)", theme: "dawn", settings: { cart_type: "page" }, cart: "page" },
  { label: "Horizon 3.5.1", theme: "horizon-3.5.1", settings: { cart_type: "drawer", auto_open_cart_drawer: true }, cart: "drawer" },
  { label: "Horizon 4.1.3", theme: "horizon-4.1.3", settings: { cart_type: "drawer", auto_open_cart_drawer: true }, cart: "drawer" },
];

/**
 * Skips the calling file's (or describe's) tests when ../shared/themes is not
 * there, saying why; in CI they must run, so there it fails instead.
 */
export function requireRealThemes(test: TestType<object, object>) {
  const missing = realThemesMissing();
  if (missing && process.env.CI) throw new Error(`Real-theme tests cannot run in CI: ${missing}`);
  test.skip(!!missing, `Skipped: ${missing}`);
}

/** Publishes a real theme on the shop in Local Shopify, with these theme settings (e.g. { cart_type: "drawer" }). */
export async function putOnRealTheme(shop: string, theme: RealThemeName, settings: Record<string, unknown> = {}) {
  const response = await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ realTheme: theme, themeSettings: settings }),
  });
  if (!response.ok) throw new Error(`Local Shopify refused ${theme} for ${shop} (${response.status}): ${await response.text()}`);
}

/** Back to the built-in minimal theme. */
export async function leaveRealTheme(shop: string) {
  await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/seed`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ realTheme: null }),
  });
}

/**
 * A shop on a real theme with a Clipcart block for widget `widgetNumber` on its
 * home page and product pages: the URLs to open. The widget shows once the
 * app has published it (create it and approve videos to it in the admin).
 */
export async function realThemeStoreWithWidget(
  shop: string,
  setup: Pick<RealThemeSetup, "theme" | "settings">,
  { widgetNumber = 1, block = "carousel" as const, productHandle = VARIANT_PICKER_PRODUCT_HANDLE } = {},
) {
  await putOnRealTheme(shop, setup.theme, setup.settings);
  await placeClipcartBlock(shop, { template: "index", block, widgetNumber });
  await placeClipcartBlock(shop, { template: "product", block, widgetNumber });
  return { home: storefront(shop, "/"), product: storefront(shop, `/products/${productHandle}`) };
}

/** The page's uncaught script errors from now on (read it at the end: it should be empty). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The theme's own count in its header bubble (Dawn's cart-count-bubble, Horizon's cart-bubble: the header's, first; Horizon 3 repeats it in its drawer). */
export function themeCartCount(page: Page, theme: RealThemeName): Locator {
  return theme === "dawn" ? page.locator('#cart-icon-bubble .cart-count-bubble span[aria-hidden="true"]') : page.getByTestId("cart-bubble").first();
}

/**
 * The theme's own cart UI that shows the added line: Dawn's notification or
 * drawer, Horizon's drawer dialog (3.x inside <cart-drawer-component>, 4.x in
 * <theme-drawer id="cart-drawer">), or the cart page's items.
 */
export function themeCartUi(page: Page, setup: Pick<RealThemeSetup, "theme" | "cart">): Locator {
  if (setup.cart === "page") return setup.theme === "dawn" ? page.locator("cart-items") : page.locator("cart-items-component");
  if (setup.theme === "dawn") return setup.cart === "notification" ? page.locator("#cart-notification") : page.locator("#CartDrawer");
  return page.locator("cart-drawer-component dialog, theme-drawer#cart-drawer dialog");
}

/** The theme's own Add to cart button of the product form on a product page. */
export function themeAddToCart(page: Page, theme: RealThemeName): Locator {
  return theme === "dawn"
    ? page.locator('product-form form[data-type="add-to-cart-form"] button[type="submit"][name="add"]')
    : page.locator('product-form-component form[data-type="add-to-cart-form"] button[name="add"]').first();
}
