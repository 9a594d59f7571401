/**
 * The storefront scripts are built (scripts/build-extension.mjs) and
 * committed, because Shopify deploys the extension folder as it is. A fresh
 * build must equal each committed file, and what a shopper downloads must stay
 * small: every page with a widget loads the first asset; the player's loads
 * on the shopper's first intent, the live previews' when a widget nears the
 * viewport (decision 037), the captions' once the player shows a video that
 * has them (decision 085).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildStorefrontScript, SCRIPT_ASSETS, STYLE_ASSET } from "../../scripts/build-extension.mjs";

const ROOT = join(import.meta.dirname, "../..");
/** The script every page with a widget loads: at most 6 KB gzip. */
const FIRST_SCRIPT_GZIP_LIMIT = 6 * 1024;
/** theme-check's AssetSizeAppBlockJavaScript threshold, for every script asset: the raw file, in bytes. */
const SCRIPT_RAW_LIMIT = 10_000;

/** The stylesheet's budget (issue 14). */
const CSS_GZIP_LIMIT = 4 * 1024;
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const scripts = SCRIPT_ASSETS.map(({ entry, asset }) => {
  const text = readFileSync(join(ROOT, asset), "utf8");
  return { entry, asset, text, gzip: gzip(text) };
});
const css = readFileSync(join(ROOT, STYLE_ASSET), "utf8");
const cssGzip = gzip(css);
for (const script of scripts) console.log(`storefront ${script.asset}: ${Buffer.byteLength(script.text, "utf8")} B raw, ${kb(script.gzip)} gzip`);
console.log(`storefront CSS: ${css.length} B raw, ${kb(cssGzip)} gzip`);

describe("the storefront script assets", () => {
  it.each(scripts)(
    "$asset equals a fresh build of $entry (run npm run build:extension after changing app/storefront)",
    async ({ entry, text }) => {
      expect(await buildStorefrontScript(entry)).toBe(text);
    },
    30_000,
  );

  it.each(scripts)("$asset is under theme-check's 10,000 raw bytes", ({ text }) => {
    // Bytes, as theme-check counts the file, not characters ("×" is two bytes in UTF-8).
    expect(Buffer.byteLength(text, "utf8")).toBeLessThan(SCRIPT_RAW_LIMIT);
  });

  it(`the script every widget page loads is ${kb(scripts[0]!.gzip)} gzip, within 6 KB`, () => {
    expect(scripts[0]!.gzip).toBeLessThanOrEqual(FIRST_SCRIPT_GZIP_LIMIT);
  });

  it("the player and the live previews are not in the first script: they load on intent and near the viewport", () => {
    expect(scripts[0]!.text).not.toContain("showModal");
    expect(scripts[1]!.text).toContain("showModal");
    expect(scripts[0]!.text).not.toContain("cc-preview");
    expect(scripts[2]!.text).toContain("cc-preview");
  });

  it("the player's captions and CC are an asset of their own, loaded once it shows a video with captions (decision 085)", () => {
    const captions = scripts.find((script) => script.asset.endsWith("/clipcart-captions.js"))!;
    expect(captions.text).toContain("cc-cc");
    expect(scripts[1]!.text).not.toContain("cc-cc");
    expect(scripts[1]!.text).toContain("clipcart-captions.js");
    // The previews carry the little they use: the tracks, not the toggle.
    expect(scripts[2]!.text).toContain('"captions"');
    expect(scripts[2]!.text).not.toContain("cc-cc");
    expect(scripts[0]!.text).not.toContain('"track"');
  });

  it(`its stylesheet is ${kb(cssGzip)} gzip, under 4 KB (issue 14's budget; theme-check allows 100 KB)`, () => {
    expect(cssGzip).toBeLessThan(CSS_GZIP_LIMIT);
  });
});
