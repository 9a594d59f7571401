// @ts-check
// npm run lint: ESLint (code and the architecture's layer rules, eslint.config.js),
// dependency-cruiser (no import cycle, type-only ones included: .dependency-cruiser.cjs),
// then Prettier's check.
import { run } from "./lib/run.mjs";

const CYCLE_CHECKED = ["app", "tests", "scripts", "bench"];

const eslint = run(process.execPath, ["node_modules/eslint/bin/eslint.js", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."]);
const cycles = run(process.execPath, [
  "node_modules/dependency-cruiser/bin/dependency-cruise.mjs",
  "--config",
  ".dependency-cruiser.cjs",
  "--output-type",
  "err",
  ...CYCLE_CHECKED,
]);
const prettier = run(process.execPath, ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."]);
process.exit(eslint === 0 && cycles === 0 && prettier === 0 ? 0 : 1);
