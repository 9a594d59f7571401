/**
 * One liquidjs engine per real theme: its files from ../shared/themes/<name>
 * (templates parsed once and kept: the themes do not change while Local
 * Shopify runs), snippets for `render`, Shopify's tags and filters, `t` from
 * the theme's locales (locales/<code>.json, falling back to en.default.json).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, extname, join, resolve, sep } from "node:path";
import { Liquid, type FS } from "liquidjs";
import { degradeUnknownFilters, registerShopifyFilters } from "./filters.js";
import { registerShopifyTags } from "./liquid-tags.js";
import type { RealThemeFiles, RealThemeName } from "./theme-source.js";

const engines = new Map<RealThemeName, Liquid>();

/**
 * The content of `{% schema %}`, `{% doc %}`, `{% stylesheet %}` and
 * `{% javascript %}` is not Liquid (Shopify reads it as JSON, CSS, JS or
 * documentation), and may not even tokenize as Liquid (a schema's
 * `"visible_if": "{{ x == \"y\" }}"`): it is blanked before liquidjs parses
 * the file, keeping the line numbers its errors cite.
 */
export function blankNonLiquidBlocks(source: string): string {
  return source.replace(
    /({%-?\s*(schema|doc|stylesheet|javascript)\s*-?%})([\s\S]*?)({%-?\s*end\2\s*-?%})/g,
    (_all, open: string, _tag, body: string, close: string) => {
      return open + body.replace(/[^\n]/g, "") + close;
    },
  );
}

/** Node's files, read through blankNonLiquidBlocks (themes are read-only, so each file is read once). */
function themeFs(): FS {
  const texts = new Map<string, string>();
  const read = (file: string) => {
    let text = texts.get(file);
    if (text === undefined) texts.set(file, (text = blankNonLiquidBlocks(readFileSync(file, "utf8"))));
    return text;
  };
  return {
    exists: async (file) => existsSync(file),
    existsSync: (file) => existsSync(file),
    readFile: async (file) => read(file),
    readFileSync: read,
    resolve: (dir, file, ext) => resolve(dir, extname(file) ? file : file + ext),
    contains: async (root, file) => resolve(file).startsWith(resolve(root) + sep),
    containsSync: (root, file) => resolve(file).startsWith(resolve(root) + sep),
    dirname: (file) => dirname(file),
    sep,
  };
}

export function themeEngine(theme: RealThemeFiles): Liquid {
  let engine = engines.get(theme.name);
  if (engine) return engine;
  engine = new Liquid({
    root: [theme.dir],
    partials: [join(theme.dir, "snippets")],
    extname: ".liquid",
    cache: true,
    fs: themeFs(),
    // Shopify's Liquid: an undefined variable is nil, an unknown filter is not fatal (logged once, see degradeUnknownFilters).
    strictVariables: false,
    strictFilters: false,
    dynamicPartials: true,
  });
  const fallback = (theme.json("locales/en.default.json") ?? {}) as Record<string, unknown>;
  const locales = new Map<string, Record<string, unknown>>();
  const localeOf = (code: string) => {
    if (!locales.has(code)) locales.set(code, code === "en" ? fallback : ((theme.json(`locales/${code}.json`) ?? fallback) as Record<string, unknown>));
    return { locale: locales.get(code) ?? fallback, fallback };
  };
  registerShopifyFilters(engine, theme, localeOf);
  registerShopifyTags(engine);
  degradeUnknownFilters(engine);
  engines.set(theme.name, engine);
  return engine;
}
