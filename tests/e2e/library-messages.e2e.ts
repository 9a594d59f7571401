/**
 * What the Video Library and the Dashboard say, read against the store's state
 * (issue 15): no advice that does not fit the shop (items 15), the post's own
 * date in the Created column (item 18; an imported account's dates: import.e2e.ts).
 */
import { LIBRARY_TEXT } from "../../app/messages";
import { uniqueAccount } from "../emulators/platforms/client";
import { seedVideos, seedWidgets } from "./db";
import { expect, test } from "./fixtures";
import { chooseMethod, dialogButton, openImportFromLibrary, submitImport, tiktokVideoUrl } from "./import-helpers";
import { rowWith } from "./library-helpers";

const IMPORT_BANNER = "Great! Now create a widget to display your videos on your storefront.";
const CHANGE_FILTERS = "Try changing the tab, search or platform filter, or import videos from your accounts.";

/** The date as the library writes it ("October 3, 2026"), in the browser's (and this machine's) time zone. */
const longDate = (date: string | Date) => new Date(date).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

test("after an import, a shop that already has a widget is not told to create one", async ({ openLibrary, shop }) => {
  const app = await openLibrary(() => seedWidgets(shop, [{ name: "Home carousel", layoutType: "carousel" }]));
  const dialog = await openImportFromLibrary(app, "TikTok");
  await chooseMethod(dialog, "Import from Video URL");
  await submitImport(dialog, tiktokVideoUrl(uniqueAccount()).url);
  await expect(dialog.getByText("Video added successfully!", { exact: true })).toBeVisible();
  await dialogButton(dialog, "Close").click();
  await expect(dialog).toBeHidden();
  // The widget prompt is not there; nor the result again, said once in the dialog (decision 069).
  await expect(app.getByRole("row").nth(1)).toBeVisible();
  await expect(app.getByText(IMPORT_BANNER, { exact: true })).toHaveCount(0);
  await expect(app.getByText("Video added successfully!", { exact: true })).toHaveCount(0);
});

test("an empty library invites a new merchant to import, and suggests changing filters only when they narrow the list", async ({ page, openLibrary }) => {
  const app = await openLibrary();
  await expect(app.getByText("No videos found")).toBeVisible();
  // The enabled platforms, as the registry lists them (app/contracts/platforms.ts; the wording: app/messages/messages.test.ts).
  await expect(app.getByText(LIBRARY_TEXT.emptyLibraryDescription)).toBeVisible();
  await expect(app.getByText(CHANGE_FILTERS)).toHaveCount(0);

  // The Draft tab narrows the list: now changing it is the advice.
  await app.getByRole("tab", { name: "Draft" }).click();
  await expect.poll(() => new URL(page.frame({ name: "app-iframe" })!.url()).searchParams.get("tab")).toBe("draft");
  await expect(app.getByText(CHANGE_FILTERS)).toBeVisible();
});

test("the Dashboard asks to approve videos before it speaks of approved ones", async ({ openApp, shop }) => {
  await openApp("/");
  await seedVideos(shop, [{ title: "Draft one" }]);
  let app = await openApp("/");
  await expect(app.getByRole("heading", { name: "Your videos are ready" })).toBeVisible();
  await expect(
    app.getByText("Approve the videos you want shoppers to see in the Video Library, and create a widget to show them on your store."),
  ).toBeVisible();
  await expect(app.getByText("Create a widget to show your approved videos on your store.")).toHaveCount(0);

  await seedVideos(shop, [{ title: "Approved one", enabled: true }]);
  app = await openApp("/");
  await expect(app.getByText("Create a widget to show your approved videos on your store.")).toBeVisible();
});

test("the Created column shows the post's own date, or the import date when the platform gives none", async ({ openLibrary, shop }) => {
  const app = await openLibrary(() =>
    seedVideos(shop, [
      { title: "Posted in March", publishedAt: new Date("2026-03-04T12:00:00Z"), createdAt: new Date("2026-11-20T12:00:00Z") },
      { title: "A pin without a date", platform: "pinterest", publishedAt: null, createdAt: new Date("2026-11-19T12:00:00Z") },
    ]),
  );
  await expect(rowWith(app, "Posted in March")).toContainText(longDate("2026-03-04T12:00:00Z"));
  await expect(rowWith(app, "Posted in March")).not.toContainText(longDate("2026-11-20T12:00:00Z"));
  await expect(rowWith(app, "A pin without a date")).toContainText(longDate("2026-11-19T12:00:00Z"));
});
