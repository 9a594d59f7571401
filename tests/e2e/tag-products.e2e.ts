/**
 * The Tag Products dialog's product picker (issue 15 item 6): the search's
 * results sit right under the field, inside the dialog and fully on screen,
 * each with the product's image and price; Browse opens Shopify's own product
 * picker (Local Shopify's stand-in for `shopify.resourcePicker`) to tag several
 * products at once.
 */
import type { Locator } from "@playwright/test";
import { demoCatalogue } from "../emulators/shopify/catalogue";
import { firstOf, only } from "../support/must";
import { e2eDb, seedVideos } from "./db";
import { adminModal, expect, modalButton, tableRow, test } from "./fixtures";

async function storedTags(shop: string) {
  const prisma = await e2eDb();
  const video = only(await prisma.video.findMany({ where: { shop: { shopDomain: `${shop}.myshopify.com` } }, include: { productTags: true } }), "video");
  return video.productTags.map((tag) => tag.productTitle).sort();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1280, height: 560 },
]) {
  test(`search results sit right under the field, inside the dialog and on screen, with image and price (${viewport.width}x${viewport.height})`, async ({
    page,
    openLibrary,
    shop,
  }) => {
    await page.setViewportSize(viewport);
    // "Classic Wool Beanie": three sizes from $24.00 to $36.00.
    const beanie = only(
      demoCatalogue().filter((product) => product.title === "Classic Wool Beanie"),
      "beanie",
    );
    const app = await openLibrary(() => seedVideos(shop, [{ title: "Tag me" }]));
    await tableRow(app, "Tag me").getByRole("button", { name: "Tag Product" }).click();
    const dialog = adminModal(app);
    const field = dialog.getByRole("combobox", { name: "Search products" });
    await field.fill("Classic");

    const option = dialog.getByRole("option", { name: beanie.title, exact: true });
    await expect(option).toBeVisible();
    await expect(option).toContainText("$24.00 – $36.00");
    await expect(option.locator("img")).toHaveAttribute("src", /beanie/);
    await expect.poll(() => option.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    const fieldBox = await box(field);
    const results = dialog.getByRole("listbox", { name: "Matching products" });
    const resultsBox = await box(results);
    const dialogBox = await box(dialog);
    // Right under the field (its help text may sit between them)...
    expect(resultsBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
    expect(resultsBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(60);
    expect(Math.abs(resultsBox.x - fieldBox.x)).toBeLessThan(24);
    // ...inside the dialog, and the dialog's shown part on screen.
    expect(resultsBox.x).toBeGreaterThanOrEqual(dialogBox.x);
    expect(resultsBox.x + resultsBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width + 1);
    expect(resultsBox.y).toBeGreaterThanOrEqual(dialogBox.y);
    const frameBox = await box(page.locator("#app-iframe"));
    expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height + 1);
    // The first result can be seen and clicked where it is.
    await option.scrollIntoViewIfNeeded();
    await option.click({ trial: true });

    await option.click();
    await expect(dialog.getByRole("button", { name: `Remove ${beanie.title}` })).toBeVisible();
    await expect(modalButton(app, "Done (1)")).toBeEnabled();
    expect(await storedTags(shop)).toEqual([beanie.title]);
  });
}

test("Browse opens Shopify's product picker: the products picked are tagged at once", async ({ page, openLibrary, shop }) => {
  const [first, second, third] = firstOf(demoCatalogue(), 3, "demo products");
  const app = await openLibrary(() => seedVideos(shop, [{ title: "Tag many" }]));
  await tableRow(app, "Tag many").getByRole("button", { name: "Tag Product" }).click();
  const dialog = adminModal(app);
  // One product already tagged through the search: picking it again adds nothing twice.
  await dialog.getByRole("combobox", { name: "Search products" }).fill(first.title);
  await dialog.getByRole("option", { name: first.title, exact: true }).click();
  await expect(modalButton(app, "Done (1)")).toBeEnabled();

  await dialog.getByRole("button", { name: "Browse products to tag several at once" }).click();
  // Shopify draws its picker in the admin, over the app.
  const picker = page.getByTestId("admin-resource-picker");
  await expect(picker.getByRole("heading", { name: "Add products" })).toBeVisible();
  await expect(picker.getByTestId("admin-resource-picker-done")).toBeDisabled();
  await picker.getByRole("searchbox", { name: "Search products" }).fill(second.title);
  await picker.getByRole("checkbox", { name: second.title }).check();
  await picker.getByRole("searchbox", { name: "Search products" }).fill("");
  await picker.getByRole("checkbox", { name: third.title }).check();
  await picker.getByRole("checkbox", { name: first.title }).check();
  await expect(picker.getByText("3 selected")).toBeVisible();
  await picker.getByTestId("admin-resource-picker-done").click();
  await expect(picker).toHaveCount(0);

  for (const product of [first, second, third]) {
    await expect(dialog.getByRole("button", { name: `Remove ${product.title}` })).toBeVisible();
  }
  await expect(modalButton(app, "Done (3)")).toBeEnabled();
  expect(await storedTags(shop)).toEqual([first.title, second.title, third.title].sort());

  // Cancelling the picker tags nothing.
  await dialog.getByRole("button", { name: "Browse products to tag several at once" }).click();
  await expect(picker).toBeVisible();
  await picker.getByTestId("admin-resource-picker-cancel").click();
  await expect(picker).toHaveCount(0);
  await expect(modalButton(app, "Done (3)")).toBeEnabled();
  expect(await storedTags(shop)).toHaveLength(3);
});
