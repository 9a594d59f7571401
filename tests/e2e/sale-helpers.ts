import type { FrameLocator, Locator, Page } from "@playwright/test";
import type { Product } from "../emulators/shopify/catalogue";
import localApp from "../emulators/shopify/local-app.json" with { type: "json" };
import { e2eDb } from "./db";
import { adminModal, expect, modalAction, tableRow } from "./fixtures";
import { storefront } from "./storefront-helpers";

// A sale through a widget, as the Analytics specs make one (analytics.e2e.ts,
// what-sells.e2e.ts): a video tagged with a product is approved to a product
// page carousel, which the merchant puts on the product template in the theme
// editor; a shopper plays the video there, adds the product from the player
// and checks out, and Local Shopify delivers the order to the app.

export interface SaleThroughWidget {
  /** The test's admin page, whose context opens the shopper's tab. */
  page: Page;
  openApp: (appPath?: string) => Promise<FrameLocator>;
  shop: string;
  /** The shop's row in the app's database. */
  shopId: string;
  /** The video that sells (its id and title), not yet tagged or approved. */
  videoId: string;
  videoTitle: string;
  /** A carousel widget for product pages (page context "product"), the first of the shop (widget number 1). */
  widgetName: string;
  /** A product of the demo catalogue. */
  product: Product;
  /** What the shopper does after adding the product, before checking out (the player, closed, is passed). */
  beforeCheckout?: (shopper: Page, player: Locator) => Promise<void>;
}

/**
 * Makes the sale and waits until the app has the order's attribution; answers
 * the shopper's tab (left open) and the widget's player in it.
 */
export async function saleThroughWidget({ page, openApp, shop, shopId, videoId, videoTitle, widgetName, product, beforeCheckout }: SaleThroughWidget) {
  const prisma = await e2eDb();
  await prisma.productTag.create({
    data: { shopId, videoId, productId: `gid://shopify/Product/${product.id}`, productTitle: product.title },
  });

  // The merchant approves the video to the widget (the app publishes it) and adds the block in the theme editor.
  const app = await openApp("/content");
  await tableRow(app, videoTitle).getByRole("checkbox").check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByLabel(`${widgetName} (Carousel)`).check();
  await modalAction(app, "Approve").click();
  await expect(app.getByText("Successfully approved 1 video(s)!")).toBeVisible();
  const shopper = await page.context().newPage();
  await shopper.goto(storefront(shop, `/admin/themes/current/editor?template=product&addAppBlockId=${localApp.apiKey}/carousel&target=newAppsSection`));
  await shopper.getByLabel("Widget number").fill("1");
  await shopper.getByRole("button", { name: "Save" }).click();
  await expect(shopper.getByTestId("theme-editor-saved")).toBeVisible();

  // The shopper opens the video on the product page, adds its product from the player and checks out.
  await expect
    .poll(
      async () => {
        await shopper.goto(storefront(shop, `/products/${product.handle}`));
        return shopper.locator("clipcart-widget .cc-title").allInnerTexts();
      },
      { timeout: 15_000 },
    )
    .toEqual([videoTitle]);
  await shopper.getByRole("button", { name: `Play video: ${videoTitle}` }).click();
  // The player, not the theme's cart drawer (also a dialog).
  const player = shopper.locator("clipcart-widget dialog.cc-modal");
  // The theme's drawer shows the line (the player closed first, decision 065).
  await player.getByRole("button", { name: `Add to cart: ${product.title}` }).click();
  await expect(shopper.getByRole("dialog", { name: "Your cart" })).toContainText(product.title);
  if (beforeCheckout) await beforeCheckout(shopper, player);
  await shopper.goto(storefront(shop, "/cart"));
  await shopper.getByRole("button", { name: "Check out" }).click();
  await expect(shopper.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  // The order webhook has reached the app.
  await expect.poll(() => prisma.orderAttribution.count({ where: { shopId } }), { timeout: 15_000 }).toBe(1);
  return { shopper, player };
}
