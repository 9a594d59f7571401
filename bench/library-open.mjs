// @ts-check
// The Video Library as a merchant opens it, through Local Shopify and the
// production build, in Debian's Chromium: the first open of /content in a fresh
// tab (document, scripts, shop bootstrap, data) until its rows show, and paging
// (Next) until the next page's rows show. Also counts the requests the app's
// frame makes to the app on the first open, until the page has hydrated and the
// network is quiet, and the CPU the page's main thread and the app server use while paging (figures a shared
// machine's load does not change, unlike the times). Prints numbers; asserts nothing. BENCH_VERBOSE=1 lists each
// request of the frame and when the rows showed.
//
//   node --import tsx bench/library-open.mjs [rounds=8] [--cpu=4] [--app-port=3462] [--shopify-port=3562]
//
// --cpu slows the page's CPU by that factor (Chrome DevTools' throttling), as a
// merchant's laptop under load would be. Needs a build (npm run build).
import os from "node:os";
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { freshSqliteDatabase, startStack } from "../scripts/lib/stack.mjs";

const option = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
};
const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 8);
const cpu = option("cpu", 4);
const appPort = option("app-port", 3462);
const shopifyPort = option("shopify-port", 3562);
const VIDEOS = 120;

const databaseUrl = freshSqliteDatabase("bench-library-open");
process.env.DATABASE_URL = databaseUrl;
const stack = await startStack({ appPort, shopifyPort, databaseUrl, quiet: true });
const { prisma } = await import("../app/db.server.ts");
const { seedVideos } = await import("../tests/support/seed.ts");
// Shopify's admin refuses headless Chromium's own user agent.
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

/** @type {(values: number[], p: number) => number} */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
/** @type {(label: string, values: number[], unit?: string) => void} */
const report = (label, values, unit = "ms") =>
  console.log(
    `${label.padEnd(44)} p50 ${percentile(values, 50).toFixed(0).padStart(5)} ${unit}   p90 ${percentile(values, 90).toFixed(0).padStart(5)} ${unit}   p95 ${percentile(values, 95).toFixed(0).padStart(5)} ${unit}   (n=${values.length})`,
  );

/** @param {import("@playwright/test").FrameLocator} frame */
async function rowsShown(frame, title = "Clip 1") {
  await frame.getByRole("table").getByText(title, { exact: true }).first().waitFor();
}

/**
 * Runs in the app's frame: clicks Next and resolves with the milliseconds until a row titled `title` is in
 * the table and painted. Titles are followed by the video id in the cell's text ("Clip 21" + "74000...").
 * @param {string} title
 */
function pageNextInPage(title) {
  return new Promise((resolve, reject) => {
    const next = [...document.querySelectorAll("button")].find(
      (button) => button.getAttribute("aria-label") === "Next" || button.textContent?.trim() === "Next",
    );
    if (!next) return reject(new Error("no Next button"));
    const pattern = new RegExp(`${title}7400`);
    const shown = () => [...document.querySelectorAll("table")].some((table) => pattern.test(table.textContent ?? ""));
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    next.click();
  });
}

/** CPU time (user + system) the process has used so far, in ms (Linux: /proc/<pid>/stat, clock ticks of 10 ms). */
const cpuMs = (/** @type {number | undefined} */ pid) => {
  const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const firstOpen = [];
const paging = [];
const pagingBusy = [];
const pagingThreadCpu = [];
const pagingServerCpu = [];
const requests = [];
try {
  for (let round = 0; round < rounds; round++) {
    const shop = `bench-lib-${round}-${Date.now().toString(36)}`;
    // Install: the shop is bootstrapped once, then gets its videos.
    const setup = await browser.newContext({ userAgent });
    const setupPage = await setup.newPage();
    await setupPage.goto(stack.adminUrl(shop));
    await setupPage.frameLocator("#app-iframe").getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // The bootstrap's POST may still be on its way when the page shows.
    let stored = null;
    for (let attempt = 0; attempt < 100 && !stored; attempt++) {
      stored = await prisma.shop.findUnique({ where: { shopDomain: `${shop}.myshopify.com` } });
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!stored) throw new Error(`${shop} was never bootstrapped`);
    await setup.close();
    await seedVideos(
      prisma,
      stored.id,
      Array.from({ length: VIDEOS }, (_, index) => ({ title: `Clip ${index + 1}` })),
    );

    // A fresh tab opening the library directly.
    const context = await browser.newContext({ userAgent });
    const page = await context.newPage();
    const roundStart = performance.now();
    const cdp = await context.newCDPSession(page);
    if (cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    let appRequests = 0;
    page.on("request", (request) => {
      if (request.url().startsWith(stack.appUrl) && request.frame().parentFrame()) {
        appRequests++;
        if (process.env.BENCH_VERBOSE)
          console.log(
            `  ${(performance.now() - roundStart).toFixed(0).padStart(5)} ms ${request.method()} ${request.url().slice(stack.appUrl.length, stack.appUrl.length + 110)}`,
          );
      }
    });
    if (process.env.BENCH_VERBOSE) {
      page.on("requestfinished", (request) => {
        if (request.url().startsWith(stack.appUrl) && !request.url().includes("/assets/"))
          console.log(
            `  ${(performance.now() - roundStart).toFixed(0).padStart(5)} ms done ${request.url().slice(stack.appUrl.length, stack.appUrl.length + 60)}`,
          );
      });
    }
    const frame = page.frameLocator("#app-iframe");
    // The app asks for due review prompts once it has hydrated: from then on a click does something.
    const hydrated = page.waitForRequest((request) => request.url().includes("/api/review/check-pending"));
    const started = performance.now();
    await page.goto(stack.adminUrl(shop, "/content"));
    await rowsShown(frame);
    firstOpen.push(performance.now() - started);
    if (process.env.BENCH_VERBOSE) console.log(`  ${(performance.now() - roundStart).toFixed(0).padStart(5)} ms rows shown`);
    // Late requests after the rows show still count, up to the page hydrated and the network quiet (what the
    // page asks for once it runs: the due review prompts, Remix's route manifest); paging is measured once the
    // page is interactive, so that it is not the rest of the first open.
    await hydrated;
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    requests.push(appRequests);
    if (process.env.BENCH_VERBOSE) console.log(`  ${appRequests} app requests of the frame`);

    // Paging, timed inside the app's frame from the click to the next page's rows painted, so that the
    // test runner's own polling (slowed 4x too) is not counted; and the main thread's busy time meanwhile.
    await cdp.send("Performance.enable");
    const metric = async (/** @type {string} */ name) => (await cdp.send("Performance.getMetrics")).metrics.find((entry) => entry.name === name)?.value ?? NaN;
    const busyBefore = await metric("TaskDuration");
    const threadBefore = await metric("ThreadTime");
    const appPid = stack.processes.app?.pid;
    const serverBefore = cpuMs(appPid);
    const appFrame = page.frames().find((candidate) => candidate.url().startsWith(stack.appUrl));
    if (!appFrame) throw new Error("the app's frame is missing");
    paging.push(await appFrame.evaluate(pageNextInPage, "Clip 21"));
    // The CPU the page's main thread and the app server used meanwhile: what the machine's load does not change
    // (the wall-clock figures above it does), so before/after runs on a shared machine still compare.
    pagingServerCpu.push(cpuMs(appPid) - serverBefore);
    pagingBusy.push(((await metric("TaskDuration")) - busyBefore) * 1000);
    pagingThreadCpu.push(((await metric("ThreadTime")) - threadBefore) * 1000);
    await context.close();
  }
  console.log(`Video Library open through Local Shopify, production build, Chromium headless, CPU ${cpu}x slower (${rounds} rounds, ${VIDEOS} videos)`);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(", ")} (${os.cpus().length} cores)`,
  );
  report("first open of /content until rows show", firstOpen);
  report("Next page until its rows are painted", paging);
  report("  main thread busy meanwhile", pagingBusy);
  report("  main thread CPU meanwhile", pagingThreadCpu);
  report("  app server CPU meanwhile", pagingServerCpu);
  report("app requests of the frame on first open", requests, "  ");
} finally {
  await browser.close();
  await prisma.$disconnect();
  await stack.stop();
}
