// @ts-check
// npm test: installs what is missing, then type-check, lint and a fresh production
// build (side by side), unit and database tests (SQLite, and PostgreSQL when
// reachable; side by side) and the Playwright end-to-end tests (started when the database suites end, beside the
// unit tests' last files). Every step runs (the e2e tests need the build);
// the exit code is non-zero if any failed. The output ends with `N passed, N failed`.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureChromium, ensureDependencies, generatePrismaClients, runQuietly } from "./lib/run.mjs";

const started = Date.now();
ensureDependencies();
ensureChromium();
generatePrismaClients();

// The test runners write JSON reports here (besides their usual output), so the
// summary can end with the run's counts.
const countsDir = mkdtempSync(path.join(os.tmpdir(), "clipcart-test-counts-"));

/** @typedef {{ passed: number; failed: number }} Counts */
/** @typedef {string | RegExp} ReportName */
/** @type {Array<{ name: string; ok: boolean; seconds: number; counts: Counts }>} */
const results = [];
/** @typedef {{ name: string; command: string; args: string[]; env?: Record<string, string>; reports?: ReportName[] }} QuietStep */

/** Runs one step with its output held back; resolves with its status, output and time. @param {QuietStep} step */
async function runTimed(step) {
  const stepStarted = Date.now();
  const outcome = await runQuietly(step.command, step.args, { env: step.env });
  return { ...outcome, seconds: (Date.now() - stepStarted) / 1000 };
}

/**
 * Prints a step's held-back output and records its result; returns whether it passed.
 * @param {QuietStep} step
 * @param {{ status: number | null; output: string; seconds: number }} outcome
 */
function report(step, { status, output, seconds }) {
  console.log(`\n━━ ${step.name}`);
  process.stdout.write(output);
  results.push({ name: step.name, ok: status === 0, seconds, counts: countsOf(status === 0, step.reports ?? []) });
  return status === 0;
}

/**
 * Runs steps side by side (the machine has two cores; these leave much of them idle alone), then prints each
 * one's output in order, as if they had run one after the other. Returns whether each passed.
 * @param {QuietStep[]} steps
 */
async function stepsSideBySide(steps) {
  console.log(`\n• Side by side: ${steps.map((step) => step.name).join("; ")}…`);
  const outcomes = await Promise.all(steps.map(runTimed));
  return steps.map((step, index) => report(step, outcomes[index] ?? { status: 1, output: "", seconds: 0 }));
}

/** A step's passed/failed tests from its reports; a failing step whose reports show no failure (it crashed, or never wrote them) counts one failure. */
/**
 * @param {boolean} ok
 * @param {ReportName[]} reports
 * @returns {Counts}
 */
function countsOf(ok, reports) {
  if (reports.length === 0) return ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  const matches = (/** @type {string} */ file) => reports.some((report) => (report instanceof RegExp ? report.test(file) : file === report));
  const counts = { passed: 0, failed: 0 };
  for (const file of readdirSync(countsDir).filter(matches)) {
    const json = JSON.parse(readFileSync(path.join(countsDir, file), "utf8"));
    const reportCounts = file.endsWith(".playwright.json") ? playwrightCounts(json) : vitestCounts(json);
    counts.passed += reportCounts.passed;
    counts.failed += reportCounts.failed;
  }
  if (!ok && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** @param {{ numPassedTests: number; numFailedTests: number }} report */
function vitestCounts(report) {
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

/** @param {{ stats: { expected: number; flaky: number; unexpected: number } }} report */
function playwrightCounts(report) {
  // Flaky tests failed once and then passed on retry: they passed.
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

const vitestJson = (/** @type {string} */ file) => ["--reporter=default", "--reporter=json", `--outputFile.json=${path.join(countsDir, file)}`];
const node = process.execPath;
// The static checks and the production build need nothing from one another: side by side they take the time of the longest.
const [, , built] = await stepsSideBySide([
  { name: "Type-check", command: node, args: ["node_modules/typescript/bin/tsc", "--noEmit"] },
  { name: "Lint and format (eslint, prettier)", command: node, args: ["scripts/lint.mjs"] },
  { name: "Production build", command: node, args: ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"] },
]);
// The unit tests and the database suites share nothing (their own databases, Local Shopify in process on a port
// of its own) and wait on I/O as much as on the CPU: side by side they take little more than the longer one. The
// database suites end first (about 130 s against 200 s here); the end-to-end tests start then, beside the unit
// tests' last files, which leave a core partly idle while they wait on their timers (decision 071).
const unitStep = {
  name: "Unit and route tests (vitest)",
  command: node,
  args: ["node_modules/vitest/vitest.mjs", "run", "--project", "unit", ...vitestJson("unit.vitest.json")],
  reports: ["unit.vitest.json"],
};
const databaseStep = {
  name: "Database layer on SQLite and PostgreSQL",
  command: node,
  args: ["scripts/db.mjs", "test-both"],
  env: { CLIPCART_TEST_COUNTS_DIR: countsDir },
  reports: [/^db-.*\.vitest\.json$/],
};
const endToEndStep = {
  name: "End-to-end tests (Playwright, Chromium)",
  command: node,
  // --forbid-only as well as the config's forbidOnly: a stray test.only never narrows npm test's run.
  args: ["node_modules/@playwright/test/cli.js", "test", "--forbid-only", "--reporter=list,json"],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(countsDir, "e2e.playwright.json") },
  reports: ["e2e.playwright.json"],
};
console.log(`\n• Side by side: ${unitStep.name}; ${databaseStep.name}${built ? `; then, once the database suites end, ${endToEndStep.name}` : ""}…`);
const unitRun = runTimed(unitStep);
const databaseRun = runTimed(databaseStep);
const endToEndRun = built ? databaseRun.then(() => runTimed(endToEndStep)) : null;
report(unitStep, await unitRun);
report(databaseStep, await databaseRun);
if (endToEndRun) report(endToEndStep, await endToEndRun);
else results.push({ name: "End-to-end tests (skipped: no build)", ok: false, seconds: 0, counts: { passed: 0, failed: 1 } });
rmSync(countsDir, { recursive: true, force: true });

console.log("\n━━ Summary");
for (const result of results) {
  const counts = `${result.counts.passed} passed, ${result.counts.failed} failed`;
  console.log(`  ${result.ok ? "✔" : "✖"} ${result.name}: ${counts} (${result.seconds.toFixed(1)}s)`);
}
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)}s`);
// The closing line CI reads: tests summed over the runners, plus one check each
// for type-check, lint and build.
const passed = results.reduce((sum, result) => sum + result.counts.passed, 0);
const failed = results.reduce((sum, result) => sum + result.counts.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
