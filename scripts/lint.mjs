// @ts-check
// npm run lint: ESLint (code and the architecture's layer rules, eslint.config.js), then Prettier's check.
import { run } from "./lib/run.mjs";

const eslint = run(process.execPath, ["node_modules/eslint/bin/eslint.js", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."]);
const prettier = run(process.execPath, ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."]);
process.exit(eslint === 0 && prettier === 0 ? 0 : 1);
