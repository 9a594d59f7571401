/**
 * The admin's two browser scripts, ./admin-page/ (the admin page's own script)
 * and ./app-bridge/ (the App Bridge stand-in in the app's frame), are folders
 * of ES modules, so that tsc checks each part against the others and against
 * ./protocol.d.ts. A browser gets each as one classic script: its folder's
 * main.js bundled by esbuild into an IIFE (nothing minified or lowered).
 *
 * A bundle is kept until one of the files it was built from changes, so an
 * edit shows on the next page load, as when the scripts were single files
 * read on every request.
 */
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type * as EsbuildModule from "esbuild";

type Esbuild = typeof EsbuildModule;

// esbuild comes with vite (no dependency of our own): resolved from vite, as scripts/build-extension.mjs does.
let esbuildModule: Esbuild | undefined;
function esbuild(): Esbuild {
  esbuildModule ??= createRequire(createRequire(import.meta.url).resolve("vite/package.json"))("esbuild") as Esbuild;
  return esbuildModule;
}

interface Bundle {
  text: string;
  /** The files it was built from, and when each last changed. */
  inputs: Array<{ path: string; mtimeMs: number }>;
}

const bundles = new Map<string, Promise<Bundle>>();

/** The script built from `entry` (a path relative to this folder, e.g. "app-bridge/main.js"). */
export async function browserScript(entry: string): Promise<string> {
  const entryPath = fileURLToPath(new URL(entry, import.meta.url));
  const kept = bundles.get(entryPath);
  if (kept) {
    const bundle = await kept.catch(() => null);
    if (bundle && (await unchanged(bundle))) return bundle.text;
  }
  const building = build(entryPath);
  bundles.set(entryPath, building);
  // A failed build is not kept: the next request tries again.
  building.catch(() => bundles.delete(entryPath));
  return (await building).text;
}

async function build(entryPath: string): Promise<Bundle> {
  const workingDir = process.cwd();
  const result = await esbuild().build({
    absWorkingDir: workingDir,
    entryPoints: [entryPath],
    bundle: true,
    // esbuild starts the script with "use strict": each part is a module, strict, and so is the whole.
    format: "iife",
    charset: "utf8",
    legalComments: "none",
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`Local Shopify: esbuild wrote nothing for ${entryPath}`);
  const paths = Object.keys(result.metafile.inputs).map((input) => resolve(workingDir, input));
  return { text: output.text, inputs: await Promise.all(paths.map(async (path) => ({ path, mtimeMs: (await stat(path)).mtimeMs }))) };
}

async function unchanged(bundle: Bundle): Promise<boolean> {
  try {
    const now = await Promise.all(bundle.inputs.map(async ({ path }) => (await stat(path)).mtimeMs));
    return now.every((mtimeMs, index) => mtimeMs === bundle.inputs[index]?.mtimeMs);
  } catch {
    return false; // a part was removed or renamed
  }
}
