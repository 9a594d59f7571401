import { describe, expect, it } from "vitest";
import { THEME_BLOCK_NAMES } from "~/messages";
import { readExtensionFile } from "./extension-files";

describe("the admin's install steps name the theme editor's blocks as the extension does", () => {
  const schemaLocale = JSON.parse(readExtensionFile("locales/en.default.schema.json")) as { blocks: Record<string, { name: string }> };
  it.each([
    ["carousel", "carousel"],
    ["grid", "grid"],
    ["single", "single"],
    ["sticky", "sticky"],
    ["stories", "stories"],
    ["pageWidgets", "page_widgets"],
  ] as const)("%s", (adminKey, localeKey) => {
    expect(THEME_BLOCK_NAMES[adminKey]).toBe(schemaLocale.blocks[localeKey]?.name);
  });
});
