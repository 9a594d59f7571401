/**
 * The theme app extension's structure and each block's {% schema %}, which
 * theme-check does not validate as a whole: valid JSON, a name and target,
 * unique setting ids of known types, existing assets and translations.
 */
import { readdirSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { THEME_BLOCK_HANDLES } from "~/contracts/theme-extension";
import { EMBED_HANDLES } from "~/rules/theme-setup";
import { blockSchemaText, EXTENSION_DIR, extensionFiles, readExtensionFile, translate } from "./extension-files";

/** Input setting types an app block or embed may use (Shopify's theme settings reference). */
const SETTING_TYPES = new Set([
  "checkbox",
  "number",
  "radio",
  "range",
  "select",
  "text",
  "textarea",
  "article",
  "blog",
  "collection",
  "collection_list",
  "color",
  "color_background",
  "font_picker",
  "html",
  "image_picker",
  "link_list",
  "liquid",
  "metaobject",
  "page",
  "product",
  "product_list",
  "richtext",
  "inline_richtext",
  "url",
  "video",
  "video_url",
  "header",
  "paragraph",
]);
const SIDEBAR_TYPES = new Set(["header", "paragraph"]);

const schemaLocale = JSON.parse(readExtensionFile("locales/en.default.schema.json"));
const storefrontLocale = JSON.parse(readExtensionFile("locales/en.default.json"));

/** A schema text: a `t:` key that resolves in en.default.schema.json, or plain text. */
function schemaText(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.startsWith("t:") ? translate(schemaLocale, value.slice(2)) : value;
}

const blocks = extensionFiles("blocks").map((file) => {
  const source = readExtensionFile(`blocks/${file}`);
  return { file, handle: file.replace(/\.liquid$/, ""), source, schema: JSON.parse(blockSchemaText(source)) };
});

describe("the extension", () => {
  it("is a theme extension named Clipcart widgets", () => {
    expect(parseToml(readExtensionFile("shopify.extension.toml"))).toMatchObject({ name: "Clipcart widgets", type: "theme" });
  });

  it("has exactly the blocks the app installs (spec 9 and the vintage-theme embed)", () => {
    expect(blocks.map((block) => block.handle).sort()).toEqual(Object.values(THEME_BLOCK_HANDLES).sort());
  });

  it("holds only files Shopify deploys: supported folders and file types, within the Liquid and total limits", () => {
    const allowed: Record<string, RegExp> = { assets: /\.(jpe?g|json|js|css|png|svg|wasm)$/, blocks: /\.liquid$/, snippets: /\.liquid$/, locales: /\.json$/ };
    let liquidBytes = 0;
    let totalBytes = 0;
    for (const dir of readdirSync(EXTENSION_DIR)) {
      const path = join(EXTENSION_DIR, dir);
      if (!statSync(path).isDirectory()) {
        expect([".toml", ".md"]).toContain(extname(dir)); // the CLI uploads folders' files only
        continue;
      }
      expect(Object.keys(allowed)).toContain(dir);
      for (const file of readdirSync(path)) {
        expect(file).toMatch(allowed[dir]!);
        const size = statSync(join(path, file)).size;
        totalBytes += size;
        if (dir === "blocks" || dir === "snippets") liquidBytes += size;
      }
    }
    expect(liquidBytes).toBeLessThan(500 * 1024);
    expect(totalBytes).toBeLessThan(10 * 1024 * 1024);
  });
});

describe.each(blocks)("blocks/$file", ({ handle, source, schema }) => {
  const embed = EMBED_HANDLES.has(handle);

  it(`is an app ${embed ? "embed (target body)" : "block (target section)"} with a name of at most 25 characters`, () => {
    expect(schema.target).toBe(embed ? "body" : "section");
    const name = schemaText(schema.name);
    expect(name).toBeTruthy();
    expect(name!.length).toBeLessThanOrEqual(25);
  });

  it("loads the widget script and stylesheet from assets (so they load only where it is used)", () => {
    expect(schema.javascript).toBe("clipcart-widgets.js");
    expect(schema.stylesheet).toBe("clipcart-widgets.css");
    expect(extensionFiles("assets")).toEqual(expect.arrayContaining([schema.javascript, schema.stylesheet]));
    expect(source).not.toMatch(/<script\b[^>]*\bsrc=/i);
  });

  // Every block shows a widget chosen by its number, but the product page's videos (decision 080), which show the page's product's.
  const showsWidget = handle !== THEME_BLOCK_HANDLES.productVideos;

  it(`has settings with unique ids, known types and translated labels, ${showsWidget ? "including" : "without"} the widget number`, () => {
    const settings = schema.settings as Array<Record<string, unknown>>;
    expect(Array.isArray(settings)).toBe(true);
    const ids = settings.filter((setting) => !SIDEBAR_TYPES.has(setting.type as string)).map((setting) => setting.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.includes("widget_number")).toBe(showsWidget);
    for (const setting of settings) {
      expect(SETTING_TYPES.has(setting.type as string), `type ${String(setting.type)}`).toBe(true);
      expect(schemaText(setting.label ?? setting.content), `label of ${String(setting.id)}`).toBeTruthy();
      if (setting.info !== undefined) expect(schemaText(setting.info)).toBeTruthy();
      if (setting.type === "select" || setting.type === "radio") {
        const options = setting.options as Array<{ value: string; label: string }>;
        for (const option of options) expect(schemaText(option.label)).toBeTruthy();
        if (setting.default !== undefined) expect(options.map((option) => option.value)).toContain(setting.default);
      }
    }
    if (!showsWidget) return;
    const widgetNumber = settings.find((setting) => setting.id === "widget_number")!;
    expect(widgetNumber.type).toBe("number");
    expect(widgetNumber.default).toBeUndefined(); // empty = automatic
  });

  it("has no other top-level schema keys than an app block knows", () => {
    const known = ["name", "target", "javascript", "stylesheet", "settings", "available_if", "enabled_on", "disabled_on", "class", "tag", "default"];
    for (const key of Object.keys(schema)) expect(known).toContain(key);
  });
});

describe("translations", () => {
  const liquidSources = [...blocks.map((block) => block.source), ...extensionFiles("snippets").map((file) => readExtensionFile(`snippets/${file}`))];

  it("every `| t` key in the Liquid exists in locales/en.default.json", () => {
    const keys = liquidSources.flatMap((source) => [...source.matchAll(/'(?<key>[\w.]+)'\s*\|\s*t\b/g)].flatMap((match) => match.groups?.key ?? []));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(translate(storefrontLocale, key), key).toBeTruthy();
  });

  it("storefront texts avoid characters Shopify would HTML-escape in `t` output", () => {
    const texts: string[] = [];
    const walk = (node: unknown) => (typeof node === "string" ? texts.push(node) : Object.values(node as object).forEach(walk));
    walk(storefrontLocale);
    for (const text of texts) expect(text).not.toMatch(/[<>&"']/);
  });
});
