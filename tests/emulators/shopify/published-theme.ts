/**
 * A shop's themes as the admin, the Admin API and the theme editor see them:
 * the two built-in ones of theme-files.ts, and the real theme of
 * ../shared/themes when the shop is on one (control: seed { realTheme }),
 * which is then the published (MAIN) one. Each has the files the app reads
 * and the theme editor writes: all of a built-in theme's; a real theme's JSON
 * files (templates, section groups, settings), the merchant's edits over the
 * theme's own. Its Liquid and assets are the theme's and never change.
 */
import type { ShopState, ThemeKind } from "./state.js";
import { REAL_THEME_INFO, realThemeFiles, realThemesMissing, type RealThemeName } from "./real-themes/theme-source.js";
import { THEMES, themeFiles } from "./theme-files.js";

export interface ShopTheme {
  /** "json" and "liquid" for the built-in themes, the folder's name for a real one. */
  key: ThemeKind | RealThemeName;
  id: number;
  name: string;
  themeStoreId: number;
  createdAt: string;
  role: "MAIN" | "UNPUBLISHED";
  /** Online Store 2.0: JSON templates whose sections hold app blocks (a vintage theme takes app embeds only). */
  takesAppBlocks: boolean;
  /** The section type a new section of app blocks gets ("apps"; a theme without one: a section that takes `@app` blocks). */
  appsSectionType: string;
  /** Whether a section of this type takes app blocks (its schema lists `@app`): where `target=mainSection` may put one. */
  takesAppBlocksIn(sectionType: string): boolean;
  files(): Record<string, string>;
  save(file: string, content: string): void;
}

function builtInTheme(shop: ShopState, kind: ThemeKind): ShopTheme {
  return {
    key: kind,
    ...THEMES[kind],
    role: !shop.realTheme && shop.theme === kind ? "MAIN" : "UNPUBLISHED",
    takesAppBlocks: kind === "json",
    appsSectionType: "apps",
    // The built-in themes' sections have no schema: app blocks go in a section of their own.
    takesAppBlocksIn: (sectionType) => kind === "json" && sectionType === "apps",
    files: () => themeFiles(kind, shop.themeEdits[kind]),
    save: (file, content) => {
      shop.themeEdits[kind] = { ...shop.themeEdits[kind], [file]: content };
    },
  };
}

/** The section types a real theme offers for app blocks, in the order the editor picks one. */
const APPS_SECTION_CANDIDATES = ["apps", "_blocks", "section"];

function realTheme(shop: ShopState, name: RealThemeName): ShopTheme {
  const theme = realThemeFiles(name);
  const takesAppBlocksIn = (type: string) =>
    ((theme.schema("sections", type)?.blocks ?? []) as Array<{ type?: string }>).some((block) => block.type === "@app");
  const appsSectionType = APPS_SECTION_CANDIDATES.find(takesAppBlocksIn) ?? "apps";
  return {
    key: name,
    ...REAL_THEME_INFO[name],
    role: shop.realTheme?.name === name ? "MAIN" : "UNPUBLISHED",
    takesAppBlocks: true,
    appsSectionType,
    takesAppBlocksIn,
    files: () => {
      const files: Record<string, string> = {};
      for (const folder of ["templates", "sections", "config"]) {
        for (const file of theme.list(folder).filter((f) => f.endsWith(".json"))) files[`${folder}/${file}`] = theme.text(`${folder}/${file}`) ?? "";
      }
      return { ...files, ...shop.realThemeEdits?.[name] };
    },
    save: (file, content) => {
      shop.realThemeEdits = { ...shop.realThemeEdits, [name]: { ...shop.realThemeEdits?.[name], [file]: content } };
    },
  };
}

/** The shop's themes, the published one first (as the admin lists them). */
export function shopThemes(shop: ShopState): ShopTheme[] {
  const themes: ShopTheme[] = [builtInTheme(shop, "json"), builtInTheme(shop, "liquid")];
  if (shop.realTheme && !realThemesMissing([shop.realTheme.name])) themes.push(realTheme(shop, shop.realTheme.name));
  return themes.sort((a, b) => Number(b.role === "MAIN") - Number(a.role === "MAIN"));
}

export function publishedTheme(shop: ShopState): ShopTheme {
  const [main] = shopThemes(shop);
  if (!main) throw new Error("a shop always has a published theme");
  return main;
}

/** A theme of the shop by its numeric id (a real theme only while the shop is on it). */
export function shopThemeById(shop: ShopState, id: number): ShopTheme | undefined {
  return shopThemes(shop).find((theme) => theme.id === id);
}
