/**
 * Shopify's own themes, read where the project keeps them: `../shared/themes/`
 * next to the project (verbatim copies of Dawn and Horizon; their README says
 * which commit). Nothing of them is copied into this repository: Local Shopify
 * reads their files at run time, so a storefront on a real theme renders what
 * that theme's files say, and a test that needs them skips (or, in CI, fails)
 * when they are not there (`realThemesMissing`).
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** The project's root (this file is tests/emulators/shopify/real-themes/theme-source.ts). */
const PROJECT_ROOT = resolve(import.meta.dirname, "../../../..");

/**
 * Where the real themes live: `../shared/themes/` beside the project, or beside
 * a folder further up (a clean clone checked out deeper, as CI may); the
 * SHOPIFY_THEMES_DIR environment variable names another place.
 */
export const REAL_THEMES_DIR = process.env.SHOPIFY_THEMES_DIR
  ? resolve(process.env.SHOPIFY_THEMES_DIR)
  : (findSharedThemes(PROJECT_ROOT) ?? findSharedThemes(clonedFrom(PROJECT_ROOT)) ?? resolve(PROJECT_ROOT, "..", "shared", "themes"));

function findSharedThemes(from: string | null): string | null {
  if (!from) return null;
  for (let dir = resolve(from, ".."); ; dir = dirname(dir)) {
    const candidate = join(dir, "shared", "themes");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** A clean clone made elsewhere (as CI makes one) finds the themes beside the checkout it was cloned from. */
function clonedFrom(root: string): string | null {
  try {
    const config = readFileSync(join(root, ".git", "config"), "utf8");
    const origin = /\[remote "origin"\][^[]*?url\s*=\s*(\S+)/.exec(config)?.[1];
    return origin && isAbsolute(origin) ? origin : null;
  } catch {
    return null;
  }
}

export const REAL_THEME_NAMES = ["dawn", "horizon-3.5.1", "horizon-4.1.3"] as const;
export type RealThemeName = (typeof REAL_THEME_NAMES)[number];

/** How the Admin API and the theme editor name each one (ids in the range of the built-in themes'). */
export const REAL_THEME_INFO: Record<RealThemeName, { id: number; name: string; themeStoreId: number; createdAt: string }> = {
  dawn: { id: 140_000_000_011, name: "Dawn", themeStoreId: 887, createdAt: "2025-12-04T10:00:00Z" },
  "horizon-3.5.1": { id: 140_000_000_012, name: "Horizon", themeStoreId: 2481, createdAt: "2026-05-22T10:00:00Z" },
  "horizon-4.1.3": { id: 140_000_000_013, name: "Horizon", themeStoreId: 2481, createdAt: "2026-07-16T10:00:00Z" },
};

export function isRealThemeName(value: unknown): value is RealThemeName {
  return typeof value === "string" && (REAL_THEME_NAMES as readonly string[]).includes(value);
}

/**
 * Why real themes cannot be used here, or null when they can: tests call it
 * to skip with this message outside CI (and fail in CI, where they must run).
 */
export function realThemesMissing(names: readonly RealThemeName[] = REAL_THEME_NAMES): string | null {
  const missing = names.filter((name) => !existsSync(join(REAL_THEMES_DIR, name, "layout", "theme.liquid")));
  return missing.length ? `the real themes ${missing.join(", ")} are not in ${REAL_THEMES_DIR} (see ../shared/themes/README.md)` : null;
}

/**
 * Shopify writes its JSON theme files (templates, section groups, settings
 * data) with a `/* ... *\/` notice on top; JSON.parse refuses comments, so they
 * are dropped first (only outside strings).
 */
export function parseThemeJson(text: string): unknown {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out += text.slice(start, i + 1);
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else out += ch;
  }
  return JSON.parse(out);
}

/** The JSON of a Liquid file's `{% schema %}`, or null. */
export function schemaOfLiquid(source: string): Record<string, unknown> | null {
  const match = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/.exec(source);
  if (!match?.[1]) return null;
  try {
    return JSON.parse(match[1]) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The text of every `{% <tag> %}...{% end<tag> %}` in a Liquid file (stylesheet, javascript). */
export function taggedContents(source: string, tag: "stylesheet" | "javascript"): string[] {
  const pattern = new RegExp(`{%-?\\s*${tag}\\s*-?%}([\\s\\S]*?){%-?\\s*end${tag}\\s*-?%}`, "g");
  return [...source.matchAll(pattern)].map((match) => match[1] ?? "");
}

/** One real theme's files, read once and kept (they do not change while Local Shopify runs). */
export class RealThemeFiles {
  readonly dir: string;
  private readonly texts = new Map<string, string | null>();
  private readonly schemas = new Map<string, Record<string, unknown> | null>();
  private compiled: { css: string; js: string } | null = null;

  constructor(readonly name: RealThemeName) {
    this.dir = join(REAL_THEMES_DIR, name);
  }

  /** A file's text by its path in the theme ("sections/header.liquid"), or undefined. */
  text(path: string): string | undefined {
    if (!/^[\w.-]+(\/[\w.-]+)*$/.test(path) || path.includes("..")) return undefined;
    if (!this.texts.has(path)) {
      const full = join(this.dir, path);
      this.texts.set(path, existsSync(full) && statSync(full).isFile() ? readFileSync(full, "utf8") : null);
    }
    return this.texts.get(path) ?? undefined;
  }

  json(path: string): unknown {
    const text = this.text(path);
    return text === undefined ? undefined : parseThemeJson(text);
  }

  /** File names in one of the theme's folders. */
  list(folder: string): string[] {
    const full = join(this.dir, folder);
    return existsSync(full) ? readdirSync(full).sort() : [];
  }

  /** A section's or theme block's schema ("sections", "header") or null. */
  schema(folder: "sections" | "blocks", type: string): Record<string, unknown> | null {
    const key = `${folder}/${type}`;
    if (!this.schemas.has(key)) {
      const text = this.text(`${key}.liquid`);
      this.schemas.set(key, text === undefined ? null : schemaOfLiquid(text));
    }
    return this.schemas.get(key) ?? null;
  }

  /**
   * What Shopify compiles from the theme's `{% stylesheet %}` and
   * `{% javascript %}` tags (sections, blocks, snippets) into the assets
   * content_for_header loads: their contents, concatenated, file by file.
   */
  compiledAssets(): { css: string; js: string } {
    if (!this.compiled) {
      const css: string[] = [];
      const js: string[] = [];
      for (const folder of ["sections", "blocks", "snippets"]) {
        for (const file of this.list(folder).filter((f) => f.endsWith(".liquid"))) {
          const source = this.text(`${folder}/${file}`) ?? "";
          for (const text of taggedContents(source, "stylesheet")) css.push(`/* ${folder}/${file} */\n${text}`);
          for (const text of taggedContents(source, "javascript")) js.push(`/* ${folder}/${file} */\n(function () {\n${text}\n})();`);
        }
      }
      this.compiled = { css: css.join("\n"), js: js.join("\n") };
    }
    return this.compiled;
  }
}

const loaded = new Map<RealThemeName, RealThemeFiles>();

export function realThemeFiles(name: RealThemeName): RealThemeFiles {
  let files = loaded.get(name);
  if (!files) loaded.set(name, (files = new RealThemeFiles(name)));
  return files;
}
