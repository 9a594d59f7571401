import type { FrameLocator } from "@playwright/test";
import { demoCatalogue } from "../emulators/shopify/catalogue";
import { firstOf, must } from "../support/must";
import { bootstrappedShop, e2eDb, seedVideos, seedWidgets } from "./db";
import { SHOPIFY_URL, cardTitled, expect, tableRow, test } from "./fixtures";
import { saleThroughWidget } from "./sale-helpers";
import { storefront } from "./storefront-helpers";

// Analytics and the Dashboard from real events and real orders (issue 5): a
// shopper on the local storefront clicks a video, adds its product, looks at
// the product and checks out; Local Shopify delivers the signed orders/create
// webhook; both pages show the clicks, the sale and its revenue, and a
// redelivered webhook does not count the sale twice. Then a second order, a
// partial refund of it and the first order's cancellation, made through Local
// Shopify as a merchant makes them, leave the net Sales and revenue (issue 15
// item 19). Plus every empty state.

const heading = (app: FrameLocator, name: string) => app.getByRole("heading", { name, exact: true });
const control = (shop: string, action: string, body: unknown = {}) =>
  fetch(`${SHOPIFY_URL}/__local/shops/${shop}/${action}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A table row's cells by their column headings. */
async function columnsOf(app: FrameLocator, section: string, rowText: string): Promise<Record<string, string>> {
  const table = cardTitled(app, section).locator("table");
  const headings = await table.locator("thead tr").first().locator("th").allInnerTexts();
  const cells = await table.locator("tbody tr", { hasText: rowText }).first().locator("th, td").allInnerTexts();
  return Object.fromEntries(headings.map((name, index) => [name.trim(), (cells[index] ?? "").trim()]));
}

test("the Performance Overview covers the last 30 days: older clicks and sales stay out of its cards (issue 15 item 1)", async ({ openApp, shop }) => {
  await openApp("/");
  const shopRow = await bootstrappedShop(shop);
  const prisma = await e2eDb();
  const [video] = await seedVideos(shop, [{ title: "Last season's hit", enabled: true }]);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const rollups: Array<[daysAgo: number, type: string, count: number]> = [
    [45, "video_click", 100],
    [45, "product_click", 40],
    [0, "video_click", 3],
    [0, "product_click", 2],
  ];
  await prisma.analyticsRollup.createMany({
    data: rollups.flatMap(([daysAgo, type, count]) =>
      ["platform", "video"].map((dimension) => ({
        shopId: shopRow.id,
        dimension,
        day: day(daysAgo).toISOString().slice(0, 10),
        type,
        key: dimension === "platform" ? "tiktok" : video.id,
        count,
      })),
    ),
  });
  const sale = (id: number, daysAgo: number, amountCents: number) => ({
    shopId: shopRow.id,
    orderId: `gid://shopify/Order/${id}`,
    lineItemId: `gid://shopify/LineItem/${id}`,
    videoId: video.id,
    quantity: 1,
    amountCents,
    currency: "USD",
    occurredAt: day(daysAgo),
  });
  await prisma.orderAttribution.createMany({ data: [sale(1, 45, 50_000), sale(2, 1, 1_250)] });

  const app = await openApp("/analytics");
  await expect(app.getByText("Last 30 days", { exact: true })).toBeVisible();
  // How each figure is counted, beside the cards (decision 060).
  await expect(
    app.getByText(/^Each shopper session counts once per video and widget per day \(UTC\).*watch time is capped at the video's length\./),
  ).toBeVisible();
  await expect(cardTitled(app, "Video Clicks")).toContainText("33 this month");
  await expect(cardTitled(app, "Product Clicks")).toContainText("2products viewed from videos");
  await expect(cardTitled(app, "Sales")).toContainText("1$12.50 revenue");
  await expect(cardTitled(app, "Platform Performance")).toContainText("TikTokVideo clicks 3 · Product clicks 2");
});

test("every empty state of the Analytics page", async ({ openApp, shop }) => {
  // Nothing yet: one empty state for the page, leading to the library.
  let app = await openApp("/analytics");
  // (Polaris draws an empty state's heading as bold text, not a heading element.)
  await expect(app.getByText("No analytics data yet", { exact: true })).toBeVisible();
  await expect(heading(app, "Performance Overview")).toHaveCount(0);
  await app.getByRole("link", { name: "Add Videos" }).click();
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();

  // Videos, no widget, no clicks: the figures, and empty sections offering a widget.
  await seedVideos(shop, [{ title: "Waiting for fans", enabled: true }, { title: "Still a draft" }]);
  app = await openApp("/analytics");
  await expect(heading(app, "Performance Overview")).toBeVisible();
  await expect(cardTitled(app, "Total Videos")).toContainText("21 published");
  await expect(cardTitled(app, "Sales")).toContainText("0$0.00 revenue");
  await expect(app.getByText("No clicks yet.")).toBeVisible();
  const topVideos = cardTitled(app, "Top Performing Videos");
  await expect(topVideos.getByText("No video engagement yet", { exact: true })).toBeVisible();
  await expect(topVideos.getByRole("link", { name: "Create Widget" })).toBeVisible();
  const widgetSection = cardTitled(app, "Widget Performance");
  await expect(widgetSection.getByText("No widgets yet. Create one to show your videos on your store.")).toBeVisible();

  // With a widget but still no clicks: no Create Widget offer; "No widget engagement yet".
  await seedWidgets(shop, [{ name: "Homepage carousel", layoutType: "carousel" }]);
  app = await openApp("/analytics");
  await expect(cardTitled(app, "Top Performing Videos").getByText("No video engagement yet", { exact: true })).toBeVisible();
  await expect(cardTitled(app, "Top Performing Videos").getByRole("link", { name: "Create Widget" })).toHaveCount(0);
  await expect(cardTitled(app, "Widget Performance").getByText("No widget engagement yet", { exact: true })).toBeVisible();
  // Created but not on the store (issue 15 item 4).
  await expect(cardTitled(app, "Active Widgets")).toContainText("0deployed on store");
});

test("a shopper's clicks, add to cart and orders show on Analytics and the Dashboard; a redelivered order counts once; refunds and a cancellation leave net Sales", async ({
  page,
  openApp,
  shop,
}) => {
  const [product] = firstOf(demoCatalogue(), 1, "demo products");
  let app = await openApp("/");
  const shopRow = await bootstrappedShop(shop);
  const prisma = await e2eDb();
  await seedWidgets(shop, [{ name: "Product page carousel", layoutType: "carousel" }]);
  await prisma.widget.updateMany({ where: { shopId: shopRow.id }, data: { pageContexts: '["product"]' } });
  const [video] = await seedVideos(shop, [{ title: "Linen shirt styled three ways" }]);

  // The shopper: opens the video, adds the product, opens the video again to look at the product, checks out.
  const { shopper, player: modal } = await saleThroughWidget({
    page,
    openApp,
    shop,
    shopId: shopRow.id,
    videoId: video.id,
    videoTitle: "Linen shirt styled three ways",
    widgetName: "Product page carousel",
    product,
    beforeCheckout: async (tab, player) => {
      await tab.getByRole("button", { name: "Play video: Linen shirt styled three ways" }).click();
      await player.getByRole("link", { name: `View product: ${product.title}` }).click();
      await tab.waitForURL(`**/products/${product.handle}`);
    },
  });
  const price = `$${Number(must(product.variants[0], "the product's first variant").price).toFixed(2)}`;

  // The beacons (written within a second) have reached the app too.
  await expect
    .poll(
      async () =>
        (await prisma.analyticsEvent.findMany({ where: { shopId: shopRow.id, type: { in: ["video_click", "product_click", "add_to_cart"] } } }))
          .map((event) => event.type)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(["add_to_cart", "product_click", "video_click"]);

  await page.bringToFront();
  app = await openApp("/analytics");
  // One of each kind of click, each under its own name wherever it shows (issue 15 item 10).
  await expect(cardTitled(app, "Video Clicks")).toContainText("11 this month");
  await expect(cardTitled(app, "Product Clicks")).toContainText("1products viewed from videos");
  await expect(cardTitled(app, "Sales")).toContainText(`1${price} revenue`);
  await expect(cardTitled(app, "Platform Performance")).toContainText("TikTokVideo clicks 1 · Product clicks 1");
  // The display name as is, the channel username as the handle.
  await expect(tableRow(app, "Linen shirt styled three ways")).toContainText("Author · @creator");
  await expect(tableRow(app, "Linen shirt styled three ways")).not.toContainText("@Author");
  await expect(tableRow(app, "Linen shirt styled three ways")).toContainText(/TikTok2(Success)?Published/);
  // Each kind of click is in the tables' Clicks columns (decision 068: one group of columns at a time).
  for (const section of ["Top Performing Videos", "Widget Performance"]) {
    await cardTitled(app, section).getByRole("group", { name: "Columns" }).getByRole("button", { name: "Clicks", exact: true }).click();
    await expect(cardTitled(app, section).getByRole("columnheader", { name: "Video Clicks" })).toBeVisible();
  }
  const videoColumns = await columnsOf(app, "Top Performing Videos", "Linen shirt styled three ways");
  expect([videoColumns["Clicks"], videoColumns["Video Clicks"], videoColumns["Product Clicks"]]).toEqual(["2", "1", "1"]);
  await expect(tableRow(app, "Product page carousel")).toContainText("CarouselProduct Pages2");
  const widgetColumns = await columnsOf(app, "Widget Performance", "Product page carousel");
  expect([widgetColumns["Clicks"], widgetColumns["Video Clicks"], widgetColumns["Product Clicks"]]).toEqual(["2", "1", "1"]);
  await expect(app.locator("[data-clicks-chart]")).toHaveAttribute("data-clicks-chart", "2");
  await expect(app.locator("[data-clicks-chart] svg").first()).toBeVisible();

  app = await openApp("/");
  await expect(cardTitled(app, "Total Clicks")).toContainText("2video engagements");

  // Shopify retries the same delivery: still one sale.
  const state = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
    webhookDeliveries: Array<{ id: string; topic: string; status: number }>;
  };
  const delivery = state.webhookDeliveries.find((d) => d.topic === "orders/create");
  expect(delivery?.status).toBe(200);
  expect((await control(shop, `webhooks/${delivery!.id}/redeliver`)).ok).toBe(true);
  app = await openApp("/analytics");
  await expect(cardTitled(app, "Sales")).toContainText(`1${price} revenue`);
  expect(await prisma.orderAttribution.count({ where: { shopId: shopRow.id } })).toBe(1);

  // A second order from the widget, two of the product this time.
  await shopper.goto(storefront(shop, `/products/${product.handle}`));
  await shopper.getByRole("button", { name: "Play video: Linen shirt styled three ways" }).click();
  await modal.getByRole("spinbutton", { name: `Quantity: ${product.title}` }).fill("2");
  await modal.getByRole("button", { name: `Add to cart: ${product.title}` }).click();
  await expect.poll(() => shopper.evaluate(async () => ((await (await fetch("/cart.js")).json()) as { item_count: number }).item_count)).toBe(2);
  await shopper.goto(storefront(shop, "/cart"));
  await shopper.getByRole("button", { name: "Check out" }).click();
  await expect(shopper.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect.poll(() => prisma.orderAttribution.count({ where: { shopId: shopRow.id } })).toBe(2);
  const unitPrice = Number(must(product.variants[0], "the product's first variant").price);
  const dollars = (units: number) => `$${(unitPrice * units).toFixed(2)}`;
  app = await openApp("/analytics");
  await expect(cardTitled(app, "Sales")).toContainText(`2${dollars(3)} revenue`);

  // The merchant refunds one of the two, then cancels the first order: Local Shopify tells the app as Shopify does.
  const { orders } = (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
    orders: Array<{ id: number; lineItems: Array<{ id: number; quantity: number }> }>;
  };
  const [firstOrder, secondOrder] = firstOf(orders, 2, "the shopper's orders");
  const secondLine = must(secondOrder.lineItems[0], "the second order's line");
  expect(secondLine.quantity).toBe(2);
  const refund = await control(shop, `orders/${secondOrder.id}/refunds`, { lines: [{ lineItemId: secondLine.id, quantity: 1 }] });
  expect(((await refund.json()) as { delivery: { status: number } }).delivery.status).toBe(200);
  app = await openApp("/analytics");
  await expect(cardTitled(app, "Sales")).toContainText(`2${dollars(2)} revenue`);

  const cancellation = await control(shop, `orders/${firstOrder.id}/cancel`, { reason: "customer" });
  expect(((await cancellation.json()) as { delivery: { status: number } }).delivery.status).toBe(200);
  app = await openApp("/analytics");
  await expect(cardTitled(app, "Sales")).toContainText(`1${dollars(1)} revenue`);
  // The video's and the widget's rows say the same, net (decision 068).
  expect(await columnsOf(app, "Top Performing Videos", "Linen shirt styled three ways")).toMatchObject({ Orders: "1", Revenue: dollars(1) });
  expect(await columnsOf(app, "Widget Performance", "Product page carousel")).toMatchObject({ Orders: "1", Revenue: dollars(1) });

  // The rest of the second order comes back too: no sale left.
  const rest = await control(shop, `orders/${secondOrder.id}/refunds`, { lines: [{ lineItemId: secondLine.id, quantity: 1 }] });
  expect(((await rest.json()) as { delivery: { status: number } }).delivery.status).toBe(200);
  app = await openApp("/analytics");
  await expect(cardTitled(app, "Sales")).toContainText(`0${dollars(0)} revenue`);
});
