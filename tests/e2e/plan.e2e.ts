import type { FrameLocator, Page } from "@playwright/test";
import { SISTER_PRODUCT_CUSTOMERS } from "../emulators/sister-product/emulator";
import { must } from "../support/must";
import { bootstrappedShop, e2eDb, seedVideos, seedWidgets } from "./db";
import { SHOPIFY_URL, adminModal, cardTitled, expect, modalAction, test } from "./fixtures";

// Plans (issue 6): Premium through Shopify Billing (approve, decline, cancel
// by webhook) and through the sister product's verification, and the banners
// of the Plan & Upgrade page.

const PRODUCT = "Trustlane";
/** A banner by its title: Polaris gives banners the status role, or alert for warnings and critical ones. */
const banner = (app: FrameLocator, title: string) => app.getByRole("status").or(app.getByRole("alert")).filter({ hasText: title });

async function state(shop: string) {
  return (await (await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/state`)).json()) as {
    subscriptions: Array<{ id: number; name: string; status: string; test: boolean }>;
  };
}

async function upgradeThroughShopify(page: Page, app: FrameLocator, decision: "Approve" | "Decline") {
  await cardTitled(app, "Premium Plan").getByRole("button", { name: "Upgrade to Premium" }).click();
  // Shopify's approval page replaces the admin.
  await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
  await expect(page.locator("body")).toContainText("$5.99 USD every 30 days");
  await page.getByRole("button", { name: decision }).click();
}

test("upgrade: approve the charge, come back to the success banner once, Premium with unlimited approvals", async ({ page, openApp, shop }) => {
  let app = await openApp("/plan");
  await expect(cardTitled(app, "Free Plan").getByRole("button", { name: "Current Plan (0/5 videos approved)" })).toBeDisabled();
  await expect(cardTitled(app, "Premium Plan")).toContainText("RECOMMENDED");
  await expect(cardTitled(app, "Premium Plan")).toContainText("$5.99/month");
  await expect(app.getByText("Only the first 5 approved videos stay published")).toBeVisible();

  await upgradeThroughShopify(page, app, "Approve");
  app = page.frameLocator("#app-iframe");
  await expect(banner(app, "Welcome to Premium!")).toBeVisible({ timeout: 15_000 });
  await expect(cardTitled(app, "Premium Plan").getByRole("button", { name: "Current Plan (Active)" })).toBeDisabled();
  // The Free card's one button is now the way back (issue 15).
  await expect(cardTitled(app, "Free Plan").getByRole("button")).toHaveText(["Downgrade to Free"]);
  // The flag has left the address: the admin's URL follows the frame.
  await expect.poll(() => new URL(page.url()).search).not.toContain("upgraded");
  await expect.poll(() => new URL(page.url()).search).not.toContain("charge_id");
  const subscriptions = (await state(shop)).subscriptions;
  expect(subscriptions.map((s) => [s.name, s.status, s.test])).toEqual([["Premium", "ACTIVE", true]]);
  const shopRow = await (await e2eDb()).shop.findUniqueOrThrow({ where: { shopDomain: `${shop}.myshopify.com` } });
  expect([shopRow.plan, shopRow.premiumSource, shopRow.subscriptionId]).toEqual([
    "premium",
    "billing",
    `gid://shopify/AppSubscription/${subscriptions[0]?.id}`,
  ]);

  // Once: opening the page again shows no banner.
  app = await openApp("/plan");
  await expect(cardTitled(app, "Premium Plan").getByRole("button", { name: "Current Plan (Active)" })).toBeVisible();
  await expect(banner(app, "Welcome to Premium!")).toHaveCount(0);

  // Unlimited: seven approvals at once.
  await seedWidgets(shop, [{ name: "Everywhere", layoutType: "grid" }]);
  await seedVideos(
    shop,
    Array.from({ length: 7 }, (_, i) => ({ title: `Premium clip ${i + 1}` })),
  );
  app = await openApp("/content");
  await app
    .getByRole("checkbox", { name: /select all/i })
    .first()
    .check();
  await app.getByRole("button", { name: "Approve", exact: true }).first().click();
  await adminModal(app).getByRole("button", { name: "Select All" }).click();
  await modalAction(app, "Approve").click();
  await expect(app.getByText("Successfully approved 7 video(s)!")).toBeVisible();
});

test("decline: the shop stays on Free, and the Plan page says so (issue 15)", async ({ page, openApp, shop }) => {
  const app = await openApp("/plan");
  await upgradeThroughShopify(page, app, "Decline");
  // Shopify sends the merchant back to the admin; the app takes them to the Plan page and says why nothing changed.
  await page.waitForURL(/\/store\/[^/]+\/apps\/clipcart/);
  const back = page.frameLocator("#app-iframe");
  await expect(back.getByRole("heading", { name: "Plan & Upgrade", level: 1 })).toBeVisible();
  await expect(banner(back, "Premium was not activated")).toContainText("stays on the Free plan");
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/store/${shop}/apps/clipcart/plan`);
  // Once: the next visit of the Plan page has no such banner.
  const reopened = await openApp("/plan");
  await expect(cardTitled(reopened, "Free Plan")).toBeVisible();
  await expect(banner(reopened, "Premium was not activated")).toHaveCount(0);
  await expect(cardTitled(reopened, "Free Plan").getByRole("button", { name: "Current Plan (0/5 videos approved)" })).toBeVisible();
  await expect(cardTitled(reopened, "Premium Plan").getByRole("button", { name: "Upgrade to Premium" })).toBeEnabled();
  expect((await state(shop)).subscriptions.map((s) => s.status)).toEqual(["DECLINED"]);
  const shopRow = await (await e2eDb()).shop.findUniqueOrThrow({ where: { shopDomain: `${shop}.myshopify.com` } });
  expect(shopRow.plan).toBe("free");
});

test("cancelled through Shopify: back to Free with exactly the first 5 approved videos still published", async ({ page, openApp, shop }) => {
  let app = await openApp("/plan");
  await upgradeThroughShopify(page, app, "Approve");
  app = page.frameLocator("#app-iframe");
  await expect(banner(app, "Welcome to Premium!")).toBeVisible({ timeout: 15_000 });

  // Seven approved videos, approved one after the other (the 1st is the oldest approval).
  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  const videos = await seedVideos(
    shop,
    Array.from({ length: 7 }, (_, i) => ({ title: `Approved ${i + 1}`, enabled: true })),
  );
  for (const [index, video] of videos.entries()) {
    await prisma.video.update({ where: { id: video.id }, data: { approvedAt: new Date(Date.UTC(2026, 9, 1 + index)) } });
  }

  const subscription = must((await state(shop)).subscriptions[0], "the Premium subscription");
  const cancelled = { app_subscription: { admin_graphql_api_id: `gid://shopify/AppSubscription/${subscription.id}`, name: "Premium", status: "CANCELLED" } };
  for (let delivery = 0; delivery < 2; delivery++) {
    const sent = await fetch(`${SHOPIFY_URL}/__local/shops/${shop}/webhooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ topic: "app_subscriptions/update", payload: cancelled }),
    });
    expect((await sent.json()).status).toBe(200);
  }

  const published = await prisma.video.findMany({ where: { shopId: shopRow.id, enabled: true }, orderBy: { approvedAt: "asc" } });
  expect(published.map((video) => video.title)).toEqual(["Approved 1", "Approved 2", "Approved 3", "Approved 4", "Approved 5"]);
  app = await openApp("/plan");
  await expect(cardTitled(app, "Free Plan").getByRole("button", { name: "Current Plan (5/5 videos approved)" })).toBeVisible();
  await expect(banner(app, "Video limit reached")).toContainText("You've approved 5 of 5 videos on the free plan.");
});

test(`verification: ${PRODUCT}'s Lunch customers get Premium; wrong or ineligible credentials fail`, async ({ openApp, shop }) => {
  const [lunch, , breakfast] = SISTER_PRODUCT_CUSTOMERS;
  const app = await openApp("/plan");
  const offer = banner(app, `${PRODUCT} customer? Get Premium free`);
  await offer.getByRole("button", { name: "Verify Now" }).click();
  await expect(adminModal(app).getByRole("heading", { name: `${PRODUCT} Customers - Get Premium Free` })).toBeVisible();
  const verify = modalAction(app, "Verify & Unlock Premium");
  await expect(verify).toBeDisabled();
  await adminModal(app).getByLabel("Client ID").fill(lunch.clientId);
  await expect(adminModal(app).getByText("Please enter both Client ID and Business ID")).toBeVisible();
  await expect(verify).toBeDisabled();

  // Wrong, then a customer on a plan without Premium.
  for (const businessId of ["biz_wrong", breakfast.businessId]) {
    await adminModal(app)
      .getByLabel("Client ID")
      .fill(businessId === "biz_wrong" ? lunch.clientId : breakfast.clientId);
    await adminModal(app).getByLabel("Business ID").fill(businessId);
    await verify.click();
    await expect(adminModal(app).getByText("Verification failed")).toBeVisible();
    await expect(adminModal(app).getByText("Please check your credentials and try again.")).toBeVisible();
  }
  const prisma = await e2eDb();
  expect((await prisma.shop.findUniqueOrThrow({ where: { shopDomain: `${shop}.myshopify.com` } })).plan).toBe("free");

  await adminModal(app).getByLabel("Client ID").fill(lunch.clientId);
  await adminModal(app).getByLabel("Business ID").fill(lunch.businessId);
  await verify.click();
  await expect(adminModal(app).getByText("Verified! Premium is now active.")).toBeVisible();
  // The dialog closes by itself after 2 seconds.
  await expect(adminModal(app)).toBeHidden({ timeout: 5_000 });
  await expect(banner(app, `Premium Plan Active (${PRODUCT} Verified)`)).toBeVisible();
  await expect(cardTitled(app, "Premium Plan").getByRole("button", { name: "Current Plan (Active)" })).toBeVisible();
  await expect(offer).toHaveCount(0);
  const shopRow = await prisma.shop.findUniqueOrThrow({ where: { shopDomain: `${shop}.myshopify.com` } });
  expect([shopRow.plan, shopRow.premiumSource]).toEqual(["premium", "verification"]);
});

test("downgrade from the Plan page: confirmed, the charge is cancelled in Shopify, the first 5 approved videos stay published (issue 15)", async ({
  page,
  openApp,
  shop,
}) => {
  let app = await openApp("/plan");
  // The FAQ's words match the Import modal's button.
  await expect(app.getByText("On Free, use Resync on a connected account whenever you like.", { exact: false })).toBeVisible();
  await upgradeThroughShopify(page, app, "Approve");
  app = page.frameLocator("#app-iframe");
  await expect(banner(app, "Welcome to Premium!")).toBeVisible({ timeout: 15_000 });

  const prisma = await e2eDb();
  const shopRow = await bootstrappedShop(shop);
  const videos = await seedVideos(
    shop,
    Array.from({ length: 7 }, (_, i) => ({ title: `Approved ${i + 1}`, enabled: true })),
  );
  for (const [index, video] of videos.entries()) {
    await prisma.video.update({ where: { id: video.id }, data: { approvedAt: new Date(Date.UTC(2026, 9, 1 + index)) } });
  }
  app = await openApp("/plan");
  const downgrade = cardTitled(app, "Free Plan").getByRole("button", { name: "Downgrade to Free" });

  // Cancel in the confirmation changes nothing.
  await downgrade.click();
  const dialog = adminModal(app);
  await expect(dialog.getByRole("heading", { name: "Downgrade to Free?" })).toBeVisible();
  await expect(dialog).toContainText("Your first 5 approved videos stay published; the other 2 are unpublished but stay in your library.");
  await modalAction(app, "Cancel").click();
  await expect(dialog).toBeHidden();
  expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopRow.id } })).plan).toBe("premium");

  await downgrade.click();
  await modalAction(app, "Downgrade to Free").click();
  await expect(banner(app, "You're on the Free plan")).toBeVisible();
  await expect(cardTitled(app, "Free Plan").getByRole("button", { name: "Current Plan (5/5 videos approved)" })).toBeDisabled();
  await expect(cardTitled(app, "Premium Plan").getByRole("button", { name: "Upgrade to Premium" })).toBeEnabled();

  expect((await state(shop)).subscriptions.map((s) => s.status)).toEqual(["CANCELLED"]);
  const published = await prisma.video.findMany({ where: { shopId: shopRow.id, enabled: true }, orderBy: { approvedAt: "asc" } });
  expect(published.map((video) => video.title)).toEqual(["Approved 1", "Approved 2", "Approved 3", "Approved 4", "Approved 5"]);
  expect(await prisma.video.count({ where: { shopId: shopRow.id } })).toBe(7);
  // Shopify's webhook for the cancellation changes nothing more.
  await expect.poll(async () => (await prisma.shop.findUniqueOrThrow({ where: { id: shopRow.id } })).subscriptionStatus).toBe("CANCELLED");
  expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopRow.id } })).plan).toBe("free");
});
