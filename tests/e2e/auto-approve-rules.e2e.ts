/**
 * Auto-approve rules (issue 16 item 2, decision 054), driven through Local
 * Shopify's admin against the platform emulators: a rule approves the new
 * videos of a resync into its widget and stops at the Free plan's limit,
 * saying so; blocked words hold a new video in Draft, flagged, until the
 * merchant approves it; rules are added, checked, edited and deleted.
 */
import { appOnly, expectAccessible } from "./axe";
import { uniqueAccount } from "../emulators/platforms/client";
import { bootstrappedShop, e2eDb, seedWidgets } from "./db";
import { adminModal, expect, modalAction, test, type OpenLibrary } from "./fixtures";
import { IMPORT_OUTCOME_WAIT, connectedAccount, dialogButton, emulator, openImportFromLibrary, submitImport, toastsOf } from "./import-helpers";
import { rowWith, videoRows } from "./library-helpers";
import { published } from "./storefront-helpers";
import type { FrameLocator, Locator, Page } from "@playwright/test";

/** The library's link to the rules page, and the page once shown. */
async function openRules(app: FrameLocator) {
  const link = app.getByRole("link", { name: "Auto-approve rules" });
  // At a phone's width the page's actions fold into its "More actions" menu. Either shows once the page has
  // rendered its header: wait for one before choosing (a check made sooner would choose the menu at any width).
  const menu = app.getByRole("button", { name: /actions/i }).first();
  await expect(link.or(menu).first()).toBeVisible();
  if (!(await link.isVisible())) await menu.click();
  await link.click();
  await expect(app.getByRole("heading", { name: "Auto-approve rules", level: 1 })).toBeVisible();
}

async function backToLibrary(app: FrameLocator) {
  await app.getByRole("link", { name: "Video Library" }).click();
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();
}

function ruleDialog(app: FrameLocator) {
  return adminModal(app);
}

/** Imports a TikTok account by username from the library and waits for its result in the dialog; the dialog stays open. */
async function importAccount(app: FrameLocator, account: string, result: string) {
  const dialog = await openImportFromLibrary(app, "TikTok");
  await submitImport(dialog, account);
  await expect(dialog.getByText(result, { exact: true })).toBeVisible(IMPORT_OUTCOME_WAIT);
  return dialog;
}

/** The library of a shop with two widgets: "Home carousel" (#1) and "Product grid" (#2). */
async function libraryWithWidgets(openLibrary: OpenLibrary, shop: string) {
  const app = await openLibrary(() => seedWidgets(shop, [{ name: "Home carousel" }, { name: "Product grid", layoutType: "grid" }]));
  return { app };
}

/** The import's result, said once: in its open dialog, not also as the admin's toast (decision 069). */
async function toastOrBanner(page: Page, dialog: Locator, message: string) {
  await expect(dialog.getByText(message, { exact: true })).toBeVisible(IMPORT_OUTCOME_WAIT);
  await expect(toastsOf(page, message)).toHaveCount(0);
}

test("a rule approves a resync's new videos into its widget and stops at the Free plan's 5, saying so", async ({ page, openLibrary, shop }) => {
  const account = uniqueAccount();
  const { app } = await libraryWithWidgets(openLibrary, shop);
  // Without a rule nothing is approved.
  let dialog = await importAccount(app, account, `Successfully added 12 videos from @${account}!`);
  await dialogButton(dialog, "Close").click();
  await expect(dialog).toBeHidden();

  await openRules(app);
  await expect(app.getByText("No rules yet", { exact: true })).toBeVisible();
  await expect(app.getByText("Free plan: 0 of 5 videos approved.", { exact: false })).toBeVisible();
  await app.getByRole("button", { name: "Add rule" }).first().click();
  const form = ruleDialog(app);
  await expect(form.getByRole("heading", { name: "Add auto-approve rule" })).toBeVisible();

  // Saved empty, every field says what it needs, and nothing is stored.
  await modalAction(app, "Save rule").click();
  await expect(form.getByText("Enter a name for the rule.")).toBeVisible();
  await expect(form.getByText("Choose at least one account or enter at least one hashtag.")).toBeVisible();
  await expect(form.getByText("Choose at least one widget, or Every widget.")).toBeVisible();
  await form.getByRole("textbox", { name: "Or with any of these hashtags" }).fill("#sum-mer");
  await modalAction(app, "Save rule").click();
  await expect(form.getByText('"#sum-mer" is not a hashtag: use letters, numbers and underscores only.')).toBeVisible();
  await form.getByRole("textbox", { name: "Or with any of these hashtags" }).fill("");

  await form.getByRole("textbox", { name: "Rule name" }).fill("Our brand account");
  await form.getByRole("checkbox", { name: `@${account} (TikTok)` }).check();
  await form.getByRole("checkbox", { name: "Product grid (Grid)" }).check();
  await modalAction(app, "Save rule").click();
  await expect(app.getByText("Rule added", { exact: true })).toBeVisible();
  await expect(adminModal(app)).toHaveCount(0);
  const rule = app.getByRole("list", { name: "Auto-approve rules" }).getByRole("listitem", { name: "Our brand account" });
  await expect(rule.getByText(`From @${account} (TikTok)`)).toBeVisible();
  await expect(rule.getByText("Approved into Product grid")).toBeVisible();
  await expect(rule.getByText("On", { exact: true })).toBeVisible();

  // Seven new posts; a resync brings them, the rule approves five and stops.
  await emulator.addPosts("tiktok", account, 7);
  await backToLibrary(app);
  dialog = await openImportFromLibrary(app, "TikTok");
  await connectedAccount(dialog, account)
    .getByRole("button", { name: `Resync @${account}` })
    .click();
  const result =
    `Synced @${account}: 7 new videos added. 5 approved by your rules. ` +
    "Your rules stopped at the Free plan's 5 approved videos: 2 more videos match and stay in Draft. Upgrade to Premium for unlimited videos.";
  await toastOrBanner(page, dialog, result);
  await dialogButton(dialog, "Close").click();
  await expect(dialog).toBeHidden();

  // The library: five Active videos, each on Product grid; the twelve older ones untouched in Draft.
  await app.getByRole("tab", { name: /^Active/ }).click();
  await expect(videoRows(app)).toHaveCount(5);
  const { posts } = await emulator.account("tiktok", account);
  const newest = posts.slice(0, 7).map((post) => post.id);
  const activeIds = (await videoRows(app).allInnerTexts()).map((text) => newest.find((id) => text.includes(id)));
  expect(activeIds.every(Boolean), "only new videos are approved").toBe(true);
  await videoRows(app).first().getByRole("cell").nth(3).click();
  await expect(adminModal(app).getByText("Product grid")).toBeVisible();
  await expect(adminModal(app).getByText("Home carousel")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The job's stored result, and the storefront's data for the widget.
  const prisma = await e2eDb();
  const job = await prisma.importJob.findFirstOrThrow({ where: { shopId: (await bootstrappedShop(shop)).id, kind: "sync" } });
  expect(job).toMatchObject({ videosAdded: 7, rulesApproved: 5, rulesHeld: 0, rulesOverLimit: 2 });
  await published(shop, "widget_2", (widget) => widget?.videos.length === 5);
});

test("a blocked word keeps a new video in Draft, flagged with why, until the merchant approves it", async ({ page, openLibrary, shop }) => {
  const account = uniqueAccount();
  // A product phrase some of the account's posts mention and others do not.
  const { posts } = await emulator.account("tiktok", account);
  const phrases = ["linen shirt", "ceramic mug set", "everyday tote", "summer sandals", "candle collection", "travel backpack", "denim jacket"];
  const phrase = phrases.find((p) => {
    const count = posts.filter((post) => post.caption.toLowerCase().includes(p)).length;
    return count > 0 && count < posts.length;
  });
  expect(phrase, "a phrase in some captions").toBeTruthy();
  const heldPosts = posts.filter((post) => post.caption.toLowerCase().includes(phrase!));

  const { app } = await libraryWithWidgets(openLibrary, shop);
  await openRules(app);
  const words = app.getByRole("textbox", { name: "Words or phrases" });
  await words.fill("!!!");
  await app.getByRole("button", { name: "Save blocked words" }).click();
  await expect(app.getByText('"!!!" needs letters or numbers to be found in a caption.')).toBeVisible();
  await words.fill(`Giveaway\n${phrase}`);
  await app.getByRole("button", { name: "Save blocked words" }).click();
  await expect(app.getByText("Blocked words saved", { exact: true })).toBeVisible();

  await backToLibrary(app);
  const held = heldPosts.length;
  const dialog = await importAccount(app, account, `Successfully added 12 videos from @${account}! ${held} held for blocked words.`);
  await dialogButton(dialog, "Close").click();
  await expect(dialog).toBeHidden();

  const flag = `Held for blocked words: "${phrase}". Approve it to clear the flag.`;
  const row = rowWith(app, heldPosts[0]!.id);
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await expect(row.getByText("Held", { exact: true })).toBeVisible();
  await expect(row.getByText(flag)).toBeVisible();
  await expect(app.getByText(flag)).toHaveCount(held);
  await expectAccessible(page, "the library with held videos", appOnly);

  // The preview says it too, before the merchant decides.
  await row.getByRole("cell").nth(3).click();
  await expect(adminModal(app).getByText(flag)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(adminModal(app)).toHaveCount(0);

  // Approving it clears the flag.
  await row.getByRole("button", { name: "Approve" }).click();
  await adminModal(app).getByLabel("Home carousel (Carousel)").check();
  await modalAction(app, "Approve").click();
  await expect(app.getByText("Successfully approved 1 video(s)!")).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await expect(row.getByText(flag)).toHaveCount(0);
  await expect(app.getByText(flag)).toHaveCount(held - 1);
  await expect(toastsOf(page, `Successfully added 12 videos from @${account}! ${held} held for blocked words.`)).toHaveCount(0);
});

test.describe("at a phone's width", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("rules are edited and deleted after confirming, with the keyboard", async ({ page, openLibrary, shop }) => {
    const { app } = await libraryWithWidgets(openLibrary, shop);
    await openRules(app);
    await app.getByRole("button", { name: "Add rule" }).first().click();
    const form = ruleDialog(app);
    await form.getByRole("textbox", { name: "Rule name" }).fill("Summer tags");
    await form.getByRole("textbox", { name: "Or with any of these hashtags" }).fill("#Summer, linen");
    // Keyboard only: Tab to "Every widget" and tick it with Space.
    const every = form.getByRole("checkbox", { name: "Every widget" });
    await every.focus();
    await page.keyboard.press("Space");
    await expect(every).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "Product grid (Grid)" })).toBeDisabled();
    await modalAction(app, "Save rule").click();
    const rule = app.getByRole("list", { name: "Auto-approve rules" }).getByRole("listitem", { name: "Summer tags" });
    await expect(rule.getByText("With #summer, #linen")).toBeVisible();
    await expect(rule.getByText("Approved into every widget")).toBeVisible();

    // Nothing sticks out of the frame at 375 px.
    const frame = page.frame({ name: "app-iframe" })!;
    const widths = await frame.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expectAccessible(page, "the rules page", appOnly);

    // Edit: pause it.
    await rule.getByRole("button", { name: "Edit rule Summer tags" }).press("Enter");
    await expect(form.getByRole("heading", { name: "Edit auto-approve rule" })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Or with any of these hashtags" })).toHaveValue("#summer, #linen");
    await expectAccessible(page, "the rule dialog", appOnly);
    await form.getByRole("checkbox", { name: "Rule is on" }).uncheck();
    await modalAction(app, "Save rule").click();
    await expect(app.getByText("Rule saved", { exact: true })).toBeVisible();
    await expect(rule.getByText("Paused", { exact: true })).toBeVisible();

    // Delete asks first; Cancel keeps it, Delete removes it.
    await rule.getByRole("button", { name: "Delete rule Summer tags" }).click();
    await expect(adminModal(app).getByText('"Summer tags" will no longer approve new videos. Videos it already approved stay approved.')).toBeVisible();
    await modalAction(app, "Cancel").click();
    await expect(rule).toBeVisible();
    await rule.getByRole("button", { name: "Delete rule Summer tags" }).click();
    await modalAction(app, "Delete").click();
    await expect(app.getByText("Rule deleted", { exact: true })).toBeVisible();
    await expect(app.getByText("No rules yet", { exact: true })).toBeVisible();
  });
});
