/**
 * The theme app extension's files for its tests, and a liquidjs engine that
 * renders them as Shopify would for what our Liquid uses: snippets through
 * `render`, `{% schema %}` as a no-op, and `t` from the extension's locales.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Liquid, type TagToken, type TopLevelToken } from "liquidjs";

export const EXTENSION_DIR = join(import.meta.dirname, "../../extensions/clipcart-widgets");

export const readExtensionFile = (path: string) => readFileSync(join(EXTENSION_DIR, path), "utf8");
export const extensionFiles = (dir: string) => readdirSync(join(EXTENSION_DIR, dir)).sort();

/** The JSON inside a block's `{% schema %}` tag (throws when there is not exactly one). */
export function blockSchemaText(source: string): string {
  const matches = [...source.matchAll(/{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/g)];
  const [match, ...others] = matches;
  if (!match || others.length) throw new Error(`expected one {% schema %}, found ${matches.length}`);
  // The capture group is not optional: a match always has it.
  return match[1] ?? "";
}

/** Follows a dotted key ("widget.play") into a locale file's JSON. */
export function translate(locale: unknown, key: string): string | undefined {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), locale);
  return typeof value === "string" ? value : undefined;
}

/** The storefront languages the extension has texts for ("en" is locales/en.default.json). */
export function extensionLocales(): string[] {
  return extensionFiles("locales")
    .filter((file) => !file.endsWith(".schema.json"))
    .map((file) => (file === "en.default.json" ? "en" : file.replace(/\.json$/, "")));
}

/**
 * A liquidjs engine for the extension in one storefront language: `t` reads
 * locales/<code>.json and falls back to en.default.json, as Shopify does.
 */
export function extensionLiquid(code = "en"): Liquid {
  const fallback = JSON.parse(readExtensionFile("locales/en.default.json"));
  const locale = code === "en" ? fallback : JSON.parse(readExtensionFile(`locales/${code}.json`));
  const engine = new Liquid({
    root: join(EXTENSION_DIR, "blocks"),
    partials: join(EXTENSION_DIR, "snippets"),
    extname: ".liquid",
    strictFilters: true,
  });
  engine.registerTag("schema", {
    parse(_token: TagToken, remainTokens: TopLevelToken[]) {
      for (let token = remainTokens.shift(); token; token = remainTokens.shift()) {
        if ((token as TagToken).name === "endschema") return;
      }
      throw new Error("{% schema %} without {% endschema %}");
    },
    render() {},
  });
  engine.registerFilter("t", (key: string) => translate(locale, key) ?? translate(fallback, key) ?? `translation missing: ${code}.${key}`);
  return engine;
}
