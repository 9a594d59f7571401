// @ts-check
// Bundles the storefront widget script (app/storefront/storefront.ts and the
// shared renderer) into the theme app extension's assets. Shopify deploys the
// extension folder as it is, so the built file is committed;
// tests/extension/build.test.ts fails when it is stale.
//
//   node scripts/build-extension.mjs          write the asset
//   node scripts/build-extension.mjs --check  exit 1 when the committed asset is stale
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const ENTRY = "app/storefront/storefront.ts";
export const SCRIPT_ASSET = "extensions/clipcart-widgets/assets/clipcart-widgets.js";
export const STYLE_ASSET = "extensions/clipcart-widgets/assets/clipcart-widgets.css";

// esbuild comes with vite (no dependency of our own). Resolve it from vite so
// the build does not depend on which esbuild npm happens to hoist; a new
// esbuild version may change the output, which the staleness test reports.
function esbuild() {
  const fromVite = createRequire(createRequire(import.meta.url).resolve("vite/package.json"));
  return fromVite("esbuild");
}

/** The bundle's text, built in memory. */
export async function buildStorefrontScript() {
  const result = await esbuild().build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    tsconfig: "tsconfig.json",
    bundle: true,
    format: "iife",
    target: "es2019",
    minify: true,
    sourcemap: false,
    legalComments: "none",
    charset: "utf8",
    write: false,
    banner: { js: "/* Built from app/storefront by scripts/build-extension.mjs */" },
  });
  return result.outputFiles[0].text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const script = await buildStorefrontScript();
  const target = join(root, SCRIPT_ASSET);
  if (process.argv.includes("--check")) {
    const current = readFileSync(target, "utf8");
    if (current !== script) {
      console.error(`${SCRIPT_ASSET} is stale: run npm run build:extension`);
      process.exit(1);
    }
    console.log(`${SCRIPT_ASSET} is up to date`);
  } else {
    writeFileSync(target, script);
    console.log(`wrote ${relative(process.cwd(), target)} (${script.length} bytes)`);
  }
}
