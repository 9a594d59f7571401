// @ts-check
// Bundles the storefront scripts (app/storefront: the widget script every page
// with a widget loads, the player it loads on the shopper's first intent and
// the live previews it loads when a widget nears the viewport, decision 037, and the theme's cart code the player loads, decision 065, and the captions the player loads, decision 085) into the theme app extension's assets. Shopify deploys the
// extension folder as it is, so the built files are committed;
// tests/extension/build.test.ts fails when one is stale.
//
//   node scripts/build-extension.mjs          write the assets
//   node scripts/build-extension.mjs --check  exit 1 when a committed asset is stale
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ASSETS = "extensions/clipcart-widgets/assets";
/** Each script asset and the module it is built from; the first is the one the blocks load. */
export const SCRIPT_ASSETS = [
  { entry: "app/storefront/storefront.ts", asset: `${ASSETS}/clipcart-widgets.js` },
  { entry: "app/storefront/player-entry.ts", asset: `${ASSETS}/clipcart-player.js` },
  { entry: "app/storefront/previews-entry.ts", asset: `${ASSETS}/clipcart-previews.js` },
  { entry: "app/storefront/cart-entry.ts", asset: `${ASSETS}/clipcart-cart.js` },
  { entry: "app/storefront/captions-entry.ts", asset: `${ASSETS}/clipcart-captions.js` },
];
export const STYLE_ASSET = `${ASSETS}/clipcart-widgets.css`;

// esbuild comes with vite (no dependency of our own). Resolve it from vite so
// the build does not depend on which esbuild npm happens to hoist; a new
// esbuild version may change the output, which the staleness test reports.
function esbuild() {
  const fromVite = createRequire(createRequire(import.meta.url).resolve("vite/package.json"));
  return fromVite("esbuild");
}

/**
 * One script asset's text, built in memory.
 * @param {string} entry
 */
export async function buildStorefrontScript(entry) {
  const result = await esbuild().build({
    absWorkingDir: root,
    entryPoints: [entry],
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
  let stale = false;
  for (const { entry, asset } of SCRIPT_ASSETS) {
    const script = await buildStorefrontScript(entry);
    const target = join(root, asset);
    if (process.argv.includes("--check")) {
      if (readFileSync(target, "utf8") !== script) {
        console.error(`${asset} is stale: run npm run build:extension`);
        stale = true;
      } else console.log(`${asset} is up to date`);
    } else {
      writeFileSync(target, script);
      console.log(`wrote ${relative(process.cwd(), target)} (${script.length} bytes)`);
    }
  }
  if (stale) process.exit(1);
}
