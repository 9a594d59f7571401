import { defineConfig } from "@playwright/test";
import { E2E_PORTS } from "./tests/e2e/stack-ports";

/**
 * End-to-end tests drive Debian's Chromium through Local Shopify's admin, which
 * frames the app's production build. One stack for the whole run (global set-up);
 * each test uses its own shop.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // A stray test.only would run one test and call the suite green: refused in CI and under `npm test`.
  forbidOnly: !!process.env.CI || process.env.npm_lifecycle_event === "test",
  workers: 2,
  // Long scenarios on a busy 2-core machine (npm test under a CPU hog) take up to about 45 s; they wait on lasting states, so a bigger budget only costs time when a test fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${E2E_PORTS.shopify}`,
    // Shopify's library answers bots (HeadlessChrome included) with 410: browse as desktop Chrome.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    viewport: { width: 1280, height: 900 },
    // A failed test keeps its actions, network and console (trace) and a screenshot of the end. DOM snapshots and the
    // screencast are left out: recording them for every test cost a third of the suite's time on 2 cores.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless shell (what Playwright itself runs headless since 1.49), installed by npm test's
      // ensureChromium: the same engine as the full browser without its desktop shell, a quarter less time per
      // suite on 2 cores (decision 089). The benches keep the full browser.
      executablePath: "/usr/bin/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
});
