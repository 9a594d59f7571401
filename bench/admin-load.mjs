// @ts-check
// Measures how fast the admin feels, through Local Shopify and the production
// build, in Debian's Chromium. Prints numbers; asserts nothing.
//   node bench/admin-load.mjs [rounds=10]
// Needs a build (npm run build). Uses its own ports (3400/3500) and database.
import { chromium } from "@playwright/test";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const rounds = Number(process.argv[2] ?? 10);
const databaseUrl = freshSqliteDatabase("bench");

const stack = await startStack({ appPort: 3400, shopifyPort: 3500, databaseUrl, quiet: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** @type {(values: number[], p: number) => number} */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
/** @type {(label: string, values: number[]) => void} */
const report = (label, values) =>
  console.log(
    `${label.padEnd(48)} p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(5)} ms   (n=${values.length})`,
  );

/**
 * @param {import("@playwright/test").FrameLocator} frame
 * @param {string} title
 */
async function pageReady(frame, title) {
  await frame.getByRole("heading", { name: title, level: 1 }).waitFor();
  await frame.locator("[data-page-skeleton]").waitFor({ state: "detached" });
}

const firstOpen = [];
const reopen = [];
const navigation = [];
try {
  for (let round = 0; round < rounds; round++) {
    const context = await browser.newContext({ userAgent });
    const page = await context.newPage();
    const frame = page.frameLocator("#app-iframe");
    const shop = `bench-${round}-${Date.now().toString(36)}`;

    // A shop opening the app for the first time: token exchange, shop bootstrap (404 then create).
    let started = performance.now();
    await page.goto(stack.adminUrl(shop));
    await pageReady(frame, "Dashboard");
    firstOpen.push(performance.now() - started);

    // The same shop again: session stored, shop known.
    started = performance.now();
    await page.reload();
    await pageReady(frame, "Dashboard");
    reopen.push(performance.now() - started);

    for (const [label, title] of /** @type {const} */ ([
      ["Video Library", "Video Library"],
      ["Widgets", "Widgets"],
      ["Analytics", "Analytics"],
      ["Plan & Upgrade", "Plan & Upgrade"],
      ["Dashboard", "Dashboard"],
    ])) {
      started = performance.now();
      await page.getByTestId("admin-nav-link").filter({ hasText: label }).click();
      await pageReady(frame, title);
      navigation.push(performance.now() - started);
    }
    await context.close();
  }
  console.log(`Admin load through Local Shopify, production build, Chromium headless (${rounds} rounds)`);
  report("first open of a new shop (token exchange)", firstOpen);
  report("reopen (stored session)", reopen);
  report("nav click to page ready (client-side)", navigation);
} finally {
  await browser.close();
  await stack.stop();
}
