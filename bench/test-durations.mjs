#!/usr/bin/env node
// @ts-check
// Where a test run's time goes (decision 071): the slowest tests and the time per file, from the JSON reports
// Playwright and vitest write. Summed test time is a fairer measure than wall time on a shared machine.
//
//   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npx playwright test --reporter=list,json
//   npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=/tmp/unit.json
//   node bench/test-durations.mjs /tmp/e2e.json [/tmp/unit.json ...] [--top 20]
import { readFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 20;
const files = args.filter((arg, index) => !arg.startsWith("--") && index !== topAt + 1);
if (files.length === 0) {
  console.error("usage: node bench/test-durations.mjs <playwright or vitest JSON report>... [--top N]");
  process.exit(2);
}

/** @typedef {{ file: string; title: string; ms: number; status: string }} Row */

/**
 * Playwright's JSON report: suites of specs, each with its tests' results (a retried test has several).
 * @param {any} report
 * @returns {Row[]}
 */
function playwrightRows(report) {
  /** @type {Row[]} */
  const rows = [];
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests)
        for (const result of test.results) rows.push({ file: spec.file, title: spec.title, ms: result.duration, status: result.status });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return rows;
}

/**
 * vitest's JSON report (Jest's shape): per file, its assertions with their durations.
 * @param {any} report
 * @returns {Row[]}
 */
function vitestRows(report) {
  return report.testResults.flatMap((/** @type {any} */ file) =>
    file.assertionResults.map((/** @type {any} */ test) => ({
      file: path.relative(process.cwd(), file.name),
      title: test.fullName ?? test.title,
      ms: test.duration ?? 0,
      status: test.status,
    })),
  );
}

const seconds = (/** @type {number} */ ms) => (ms / 1000).toFixed(1).padStart(6);

for (const file of files) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const rows = report.testResults ? vitestRows(report) : playwrightRows(report);
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  const wall = report.stats?.duration ?? null;
  console.log(`\n${file}: ${rows.length} tests, ${(total / 1000).toFixed(0)} s summed${wall ? `, ${(wall / 1000).toFixed(0)} s wall` : ""}`);
  console.log(`-- the ${Math.min(top, rows.length)} slowest`);
  for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, top)) {
    console.log(`${seconds(row.ms)} ${row.status === "passed" ? "" : `${row.status} `}${row.file}: ${row.title.slice(0, 120)}`);
  }
  /** @type {Map<string, number>} */
  const perFile = new Map();
  for (const row of rows) perFile.set(row.file, (perFile.get(row.file) ?? 0) + row.ms);
  console.log("-- per file, summed");
  for (const [name, ms] of [...perFile].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${seconds(ms)} ${name}`);
}
