/**
 * How many requests the Video Library costs (issue 15 item 20): a merchant who
 * opens the library of a known shop gets the page and its data in the document
 * itself, with no shop bootstrap round trip and no second read of the list
 * after hydration; paging asks the server once. Counts requests, never time.
 */
import type { Page, Request } from "@playwright/test";
import { seedVideos } from "./db";
import { APP_URL, expect, test } from "./fixtures";
import { videoRows } from "./library-helpers";

/** The app frame's requests to the app other than its static files, as "METHOD /path". */
function recordAppRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (!request.url().startsWith(APP_URL) || url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") return;
    seen.push(`${request.method()} ${url.pathname}${url.searchParams.has("_data") ? "?_data" : ""}`);
  });
  return seen;
}

test("opening the library of a known shop: the document brings the list, no shop bootstrap and no second read", async ({ page, shop, openLibrary }) => {
  const app = await openLibrary(() =>
    seedVideos(
      shop,
      Array.from({ length: 25 }, (_, index) => ({ title: `Clip ${index + 1}` })),
    ),
  );
  await expect(videoRows(app)).toHaveCount(20);

  // A fresh open of the same shop, as a merchant's new tab.
  const requests = recordAppRequests(page);
  // The server's HTML is the page itself now: hydrating it must not fail (React's error #418 and the like).
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.reload();
  await expect(videoRows(app).first()).toContainText("Clip 1");
  await page.waitForLoadState("networkidle");
  await expect(app.getByRole("heading", { name: "Video Library", level: 1 })).toBeVisible();

  expect(requests.filter((request) => request.includes("/api/shops"))).toEqual([]);
  // The document, then at most the due review prompts' check: never the list again. Remix reads its route
  // manifest for the links it renders, in one or (on a busy machine, links rendered in two batches) more requests,
  // and the page before the reload may still be reading it when the count starts: those reads are not the app's.
  const ownRequests = requests.filter((request) => request !== "GET /__manifest");
  expect(ownRequests[0]).toBe("GET /content");
  expect(ownRequests.filter((request) => request.startsWith("GET /content"))).toEqual(["GET /content"]);
  expect(ownRequests.length, ownRequests.join(", ")).toBeLessThanOrEqual(2);
  expect(errors).toEqual([]);
});

test("paging the library reads only the next page: one request", async ({ page, shop, openLibrary }) => {
  // Once hydrated the page asks for the due review prompts: on a slow machine after the network has been quiet
  // for a while, so the count below waits for that first.
  const reviewCheck = page.waitForRequest((request) => request.url().includes("/api/review/check-pending"));
  const app = await openLibrary(() =>
    seedVideos(
      shop,
      Array.from({ length: 25 }, (_, index) => ({ title: `Clip ${index + 1}` })),
    ),
  );
  await expect(videoRows(app)).toHaveCount(20);
  await reviewCheck;
  await page.waitForLoadState("networkidle");

  const requests = recordAppRequests(page);
  await app.getByRole("button", { name: "Next" }).click();
  await expect(videoRows(app)).toHaveCount(5);
  await page.waitForLoadState("networkidle");
  // Remix may still be reading its route manifest for the links the page rendered (on a busy machine, late): not a read of the list.
  expect(requests.filter((request) => request !== "GET /__manifest")).toEqual(["GET /content?_data"]);
});
