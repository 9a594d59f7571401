/**
 * The storefront script is built (scripts/build-extension.mjs) and committed,
 * because Shopify deploys the extension folder as it is. A fresh build must
 * equal the committed file, and what a shopper downloads must stay small.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildStorefrontScript, SCRIPT_ASSET, STYLE_ASSET } from "../../scripts/build-extension.mjs";

const ROOT = join(import.meta.dirname, "../..");
/** Hard limit of the brief, in bytes gzip; the goal is 6 KB. */
const SCRIPT_GZIP_LIMIT = 10 * 1024;
/** theme-check's AssetSizeAppBlockJavaScript threshold: the raw file, in bytes. */
const SCRIPT_RAW_LIMIT = 10_000;

const committed = readFileSync(join(ROOT, SCRIPT_ASSET), "utf8");
const css = readFileSync(join(ROOT, STYLE_ASSET), "utf8");
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

const scriptGzip = gzip(committed);
const cssGzip = gzip(css);
console.log(`storefront widget: JS ${committed.length} B raw, ${kb(scriptGzip)} gzip; CSS ${css.length} B raw, ${kb(cssGzip)} gzip`);

describe("the storefront script asset", () => {
  it("equals a fresh build of app/storefront (run npm run build:extension after changing it)", async () => {
    expect(await buildStorefrontScript()).toBe(committed);
  }, 30_000);

  it(`is ${kb(scriptGzip)} gzip: within the 10 KB budget (goal 6 KB), and under theme-check's 10,000 raw bytes (${committed.length})`, () => {
    expect(scriptGzip).toBeLessThanOrEqual(SCRIPT_GZIP_LIMIT);
    expect(committed.length).toBeLessThan(SCRIPT_RAW_LIMIT);
  });

  it(`its stylesheet is ${kb(cssGzip)} gzip (theme-check allows 100 KB)`, () => {
    expect(cssGzip).toBeLessThan(10 * 1024);
  });
});
