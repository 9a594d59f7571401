// @ts-check
// Measures how fast the admin feels, through Local Shopify and the production
// build, in Debian's Chromium. Prints numbers; asserts nothing.
//   node bench/admin-load.mjs [rounds=10] [--app-port=3400] [--shopify-port=3500] [--vitals-rounds=10]
// Needs a build (npm run build). Uses its own ports (3400/3500 unless told) and database.
// Then the admin's Web Vitals as App Bridge reports them (decision 052): each page
// opened afresh, one interaction, then on to another page (App Bridge reports then, or when the frame is hidden);
// the app keeps the reports and GET /api/web-vitals gives their p75 per page.
import { chromium } from "@playwright/test";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const options = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => /** @type {[string, string]} */ (arg.slice(2).split("=", 2))),
);
const rounds = Number(process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? 10);
const vitalsRounds = Number(options["vitals-rounds"] ?? 10);
const databaseUrl = freshSqliteDatabase("bench");

const stack = await startStack({
  appPort: Number(options["app-port"] ?? 3400),
  shopifyPort: Number(options["shopify-port"] ?? 3500),
  databaseUrl,
  quiet: true,
});
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
  await webVitals();
} finally {
  await browser.close();
  await stack.stop();
}

/**
 * One interaction per page that a merchant makes there (choosing a tab, opening
 * a dialog), so INP has something to measure; a page without one gets a click on
 * its title.
 * @returns {Record<string, (frame: import("@playwright/test").FrameLocator) => Promise<void>>}
 */
function pageInteractions() {
  return {
    "Video Library": async (frame) => {
      await frame.getByRole("tab", { name: "Active" }).click();
    },
    Widgets: async (frame) => {
      await frame.getByRole("button", { name: "Add widget" }).first().click();
      await frame.getByRole("button", { name: "Choose Carousel" }).waitFor();
    },
  };
}

async function webVitals() {
  const pages = /** @type {const} */ ([
    ["Dashboard", "/", "Dashboard"],
    ["Video Library", "/content", "Video Library"],
    ["Widgets", "/widgets", "Widgets"],
    ["Analytics", "/analytics", "Analytics"],
    ["Plan", "/plan", "Plan & Upgrade"],
  ]);
  const keys = /** @type {const} */ (["dashboard", "library", "widgets", "analytics", "plan"]);
  const interactions = pageInteractions();
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const frame = page.frameLocator("#app-iframe");
  const shop = `vitals-${Date.now().toString(36)}`;
  for (let round = 0; round < vitalsRounds; round++) {
    for (const [label, path, title] of pages) {
      await page.goto(stack.adminUrl(shop, path));
      await pageReady(frame, title);
      const interact = interactions[label];
      if (interact) await interact(frame);
      else await frame.getByRole("heading", { name: title, level: 1 }).click();
      await page.waitForTimeout(300);
      // Going on to another page of the app is when App Bridge reports this one's (as when the frame is hidden or unloaded).
      const next = label === "Dashboard" ? ["Plan & Upgrade", "Plan & Upgrade"] : ["Dashboard", "Dashboard"];
      await page.getByTestId("admin-nav-link").filter({ hasText: next[0] }).click();
      await pageReady(frame, next[1] ?? "");
      await page.waitForTimeout(300);
    }
  }
  await page.goto(stack.adminUrl(shop, "/"));
  await pageReady(frame, "Dashboard");
  const appFrame = page.frame({ name: "app-iframe" });
  if (!appFrame) throw new Error("no app frame");
  /** @type {Record<string, Record<string, { p75: number | null; count: number }>>} */
  const summary = await appFrame.evaluate(async () => (await fetch("/api/web-vitals")).json());
  await context.close();
  const goal = { LCP: 1000, CLS: 0.05, INP: 100 };
  const cell = (/** @type {{ p75: number | null; count: number }} */ metric, /** @type {"LCP" | "CLS" | "INP"} */ name) => {
    if (metric.p75 === null) return "-".padStart(16);
    const value = name === "CLS" ? metric.p75.toFixed(3) : `${metric.p75.toFixed(0)} ms`;
    return `${value}${metric.p75 <= goal[name] ? " " : "!"} (n=${metric.count})`.padStart(16);
  };
  console.log(
    `\nAdmin Web Vitals as App Bridge reports them, p75 per page (${vitalsRounds} loads each; "!" above the goal LCP <= 1000 ms, CLS <= 0.05, INP <= 100 ms)`,
  );
  console.log(`${"page".padEnd(16)}${"LCP".padStart(16)}${"CLS".padStart(16)}${"INP".padStart(16)}`);
  pages.forEach(([label], index) => {
    const metrics = summary[keys[index] ?? ""] ?? {};
    const none = { p75: null, count: 0 };
    console.log(`${label.padEnd(16)}${cell(metrics.LCP ?? none, "LCP")}${cell(metrics.CLS ?? none, "CLS")}${cell(metrics.INP ?? none, "INP")}`);
  });
}
