/**
 * What the type checker cannot see of a widget layout (decision 075): the
 * theme app extension's files for each layout app/contracts/widget-layouts.ts
 * declares. A new layout fails here until it has its block (or embed), its
 * name in the theme editor's locale and its rules in the stylesheet; the
 * failure names the file to write (docs/how-to-add.md).
 */
import { describe, expect, it } from "vitest";
import { PRODUCT_VIDEOS_HANDLE } from "~/contracts/theme-extension";
import { IN_PAGE_LAYOUTS, LAYOUT_TYPES, PAGE_WIDGETS_HANDLE, WIDGET_LAYOUTS } from "~/contracts/widget-layouts";
import { THEME_BLOCK_NAMES } from "~/messages";
import { blockSchemaText, extensionFiles, readExtensionFile } from "./extension-files";

const schemaLocale = JSON.parse(readExtensionFile("locales/en.default.schema.json")) as { blocks: Record<string, { name: string }> };
const stylesheet = readExtensionFile("assets/clipcart-widgets.css");
/** The `layouts` a block or embed file hands to snippets/clipcart-pick.liquid. */
const layoutsOf = (source: string) => /layouts: '([^']*)'/.exec(source)?.[1]?.split(",");

describe.each(LAYOUT_TYPES)("the %s layout", (layout) => {
  const file = `blocks/${layout}.liquid`;
  const declared = WIDGET_LAYOUTS[layout];

  it(`has its ${declared.install === "block" ? "app block" : "app embed"} in extensions/clipcart-widgets/${file}, showing this layout`, () => {
    expect(extensionFiles("blocks"), `write extensions/clipcart-widgets/${file} (copy a block or embed of the same kind)`).toContain(`${layout}.liquid`);
    const source = readExtensionFile(file);
    const schema = JSON.parse(blockSchemaText(source)) as { target: string; name: string };
    expect(schema.target).toBe(declared.install === "block" ? "section" : "body");
    expect(schema.name).toBe(`t:blocks.${layout}.name`);
    expect(layoutsOf(source)).toEqual([layout]);
  });

  it("is named in the theme editor as the admin's install steps name it (locales/en.default.schema.json)", () => {
    expect(schemaLocale.blocks[layout]?.name).toBe(THEME_BLOCK_NAMES[layout]);
  });

  it(`has its rules in the stylesheet (.cc--${layout} in assets/clipcart-widgets.css)`, () => {
    expect(stylesheet).toContain(`.cc--${layout}`);
  });
});

describe("the page-widgets embed (vintage themes)", () => {
  it("shows every layout that sits in the page, and is named as the admin names it", () => {
    expect(layoutsOf(readExtensionFile(`blocks/${PAGE_WIDGETS_HANDLE}.liquid`))).toEqual(IN_PAGE_LAYOUTS);
    expect(schemaLocale.blocks.page_widgets?.name).toBe(THEME_BLOCK_NAMES.pageWidgets);
  });

  it("the schema locale names no block the extension does not have", () => {
    expect(Object.keys(schemaLocale.blocks).sort()).toEqual([...LAYOUT_TYPES, "page_widgets", "product_videos"].sort());
  });
});

describe("the product page's videos (decision 080)", () => {
  it("is a block of its own, showing a carousel made compact, named as the admin names it", () => {
    expect(extensionFiles("blocks")).toContain(`${PRODUCT_VIDEOS_HANDLE}.liquid`);
    expect(schemaLocale.blocks.product_videos?.name).toBe(THEME_BLOCK_NAMES.productVideos);
    expect(readExtensionFile(`blocks/${PRODUCT_VIDEOS_HANDLE}.liquid`)).toContain('"layout":"carousel"');
    expect(stylesheet).toContain(".cc-gallery .cc ");
  });
});
