// @ts-check
// Lint rules, including the architecture's layer rules (ARCHITECTURE.md "Layers"):
// the rules a reviewer used to keep are kept here, by the tool, on every `npm test`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import importPlugin from "eslint-plugin-import";
import globals from "globals";

/** Any server-only module: Remix keeps `*.server.*` out of the browser bundle. */
const SERVER_MODULES = ["*.server", "**/*.server", "*.server.*", "**/*.server.*"];

/** @param {string} why */
const serverModulesForbidden = (why) => ({ group: SERVER_MODULES, message: why, allowTypeImports: true });

/**
 * The folders of app/, from the top: each may import only those after it
 * (decision 073). Files directly in app/ (constants.ts, the entries, the
 * Prisma and Shopify set-up) are outside the order.
 */
const LAYERS = [
  "routes",
  "components",
  "browser",
  "http",
  "jobs",
  "models",
  "platforms",
  "shopify",
  "storefront",
  "suggestions",
  "rules",
  "messages",
  "contracts",
];
const LAYER_ZONES = LAYERS.slice(1).map((layer, index) => ({
  target: `./app/${layer}`,
  from: LAYERS.slice(0, index + 1).map((above) => `./app/${above}`),
  message: `app/${layer} may not import a folder above it (${LAYERS.join(" > ")}).`,
}));

/** What no route imports: the database and the Admin API gateway are reached through app/models. */
const THIN_ROUTE_PATTERNS = [
  { group: ["~/db.server", "**/db.server", "~/db-sqlite.server"], message: "Routes reach the database through app/models." },
  { group: ["~/shopify/admin-gateway.server", "**/admin-gateway.server"], message: "Routes reach the Admin API through app/models." },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".cache/",
      "prisma/generated/",
      "extensions/*/assets/",
      "tests/fixtures/",
      "test-results/",
      "playwright-report/",
      "public/build/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
      // The import plugin's rules never need to parse node_modules (it cost three quarters of the lint time once).
      "import/ignore": ["node_modules"],
      "import/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Cycles are dependency-cruiser's (.dependency-cruiser.cjs, run by npm run lint): import/no-cycle skips type-only imports.
      "import/no-duplicates": "error",
      "import/no-self-import": "error",
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      // The two classic hook rules; the React Compiler rules of react-hooks 7 target a compiler we do not run.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      // App Bridge's web components (<ui-modal>'s buttons) take these attributes.
      "react/no-unknown-property": ["error", { ignore: ["variant", "tone"] }],
    },
  },

  {
    // Every on-screen text lives in app/messages/ (the spec's words, in one place); JSX may only hold punctuation.
    files: ["app/components/**/*.tsx", "app/routes/**/*.tsx"],
    rules: { "react/jsx-no-literals": ["error", { noStrings: false, allowedStrings: ["·", "—", ":", "(", ")", "@", "▶"] }] },
  },

  // ── Layers ────────────────────────────────────────────────────────────────
  {
    // One-way folders (issue 26 item 1, decision 073): a folder imports only the folders below it, type imports too.
    files: ["app/**/*.{ts,tsx}"],
    // A test may reach across folders to prove a flow.
    ignores: ["app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: { "import/no-restricted-paths": ["error", { zones: LAYER_ZONES }] },
  },
  {
    // One validated environment (decision 076): app/env.server.ts reads process.env once, at start, and checks it.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/env.server.ts", "app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read the environment through serverEnv (~/env.server): declared, validated and typed once." },
      ],
    },
  },
  {
    // Routes stay thin: data goes through app/models, Shopify through the models too.
    files: ["app/routes/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: THIN_ROUTE_PATTERNS }] },
  },
  {
    // The /api boundary is app/http/api-route.server.ts (issue 26 item 3): no /api route authenticates, checks
    // the method or the shop, parses its body or maps the domain's errors by hand.
    files: ["app/routes/api.*"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: THIN_ROUTE_PATTERNS,
          paths: [
            {
              name: "~/http/api.server",
              importNames: ["authenticateApi", "requireApiShop", "readJsonBody", "methodNotAllowed"],
              message: "Declare the route with apiRoute (~/http/api-route.server): it authenticates, checks the method and the shop and parses the body.",
            },
            { name: "~/http/api-errors.server", message: "apiRoute maps the domain's errors; add a new refusal to api-errors.server.ts." },
          ],
        },
      ],
    },
  },
  {
    // The storefront script is plain, tiny browser code shared with the admin preview.
    files: ["app/storefront/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react", message: "app/storefront runs on merchants' stores without React." },
            { name: "react-dom", message: "app/storefront runs on merchants' stores without React." },
          ],
          patterns: [serverModulesForbidden("app/storefront ships to shoppers' browsers: no server modules.")],
        },
      ],
    },
  },
  {
    // Code that runs in the merchant's browser: components, browser code, pure rules (shared by both sides).
    files: [
      "app/components/**",
      "app/browser/**",
      "app/rules/**",
      "app/suggestions/**",
      "app/messages/**",
      "app/root.tsx",
      "app/platforms/**",
      "app/*.ts",
      "app/*.tsx",
    ],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx", "app/**/*.test.ts", "app/**/*.test.tsx", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [serverModulesForbidden("Browser code may not import server modules (they hold secrets and Node APIs); `import type` is fine.")] },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: {
      // Playwright fixtures that use no other fixture are declared as `async ({}, use) => ...`.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
