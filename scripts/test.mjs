// @ts-check
// npm test: installs what is missing, then type-check, unit and database tests
// (SQLite, and PostgreSQL when reachable), a fresh production build and the
// Playwright end-to-end tests. Every step runs (the e2e tests need the build);
// the exit code is non-zero if any failed.
import { ensureChromium, ensureDependencies, generatePrismaClients, run } from "./lib/run.mjs";

const started = Date.now();
ensureDependencies();
ensureChromium();
generatePrismaClients();

/** @type {Array<{ name: string; ok: boolean; seconds: number }>} */
const results = [];
/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {import("./lib/run.mjs").RunOptions} [options]
 */
function step(name, command, args, options) {
  console.log(`\n━━ ${name}`);
  const stepStarted = Date.now();
  const status = run(command, args, options);
  results.push({ name, ok: status === 0, seconds: (Date.now() - stepStarted) / 1000 });
  return status === 0;
}

const node = process.execPath;
step("Type-check", node, ["node_modules/typescript/bin/tsc", "--noEmit"]);
step("Lint and format (eslint, prettier)", node, ["scripts/lint.mjs"]);
step("Unit and route tests (vitest)", node, ["node_modules/vitest/vitest.mjs", "run", "--project", "unit"]);
step("Database layer on SQLite and PostgreSQL", node, ["scripts/db.mjs", "test-both"]);
if (step("Production build", node, ["node_modules/@remix-run/dev/dist/cli.js", "vite:build"])) {
  step("End-to-end tests (Playwright, Chromium)", node, ["node_modules/@playwright/test/cli.js", "test"]);
} else {
  results.push({ name: "End-to-end tests (skipped: no build)", ok: false, seconds: 0 });
}

console.log("\n━━ Summary");
for (const result of results) console.log(`  ${result.ok ? "✔" : "✖"} ${result.name} (${result.seconds.toFixed(1)}s)`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)}s`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
