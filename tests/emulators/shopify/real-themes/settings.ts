/**
 * Theme settings as Liquid sees them: the raw values of config/settings_data.json
 * (global settings) and of JSON templates (section and block settings), each
 * turned into what its schema type gives on Shopify (shopify.dev, "Input
 * settings"): a color setting is a color drop, a font_picker a font, a product
 * setting the product, a link_list a menu, a url `shopify://collections/all`
 * the path /collections/all, a color scheme its scheme... A setting missing
 * from the data takes its schema's `default`; a default that points at another
 * setting (`{{ settings.color_palette.foreground }}`) follows it.
 */
import { Drop } from "liquidjs";
import type { CollectionDrop, ObjectFactory, ProductDrop } from "./objects.js";
import { ColorDrop, FontDrop } from "./values.js";

export interface SettingSchema {
  type: string;
  id?: string;
  default?: unknown;
  definition?: SettingSchema[];
}

/** A color scheme: prints as its id ("scheme-1"); `.settings` holds its colors. */
export class ColorSchemeDrop extends Drop {
  constructor(
    readonly id: string,
    readonly settings: Record<string, unknown>,
  ) {
    super();
  }
  override valueOf() {
    return this.id;
  }
  toString() {
    return this.id;
  }
}

export interface MenuLink {
  title: string;
  url: string;
  handle: string;
  type: string;
  links: MenuLink[];
  active: boolean;
  current: boolean;
  child_active: boolean;
  child_current: boolean;
  levels: number;
  object: unknown;
}

/** A navigation menu (link_list): `.links`, `.handle`, `.title`, `.levels`. */
export class MenuDrop extends Drop {
  constructor(
    readonly handle: string,
    readonly title: string,
    readonly links: MenuLink[],
  ) {
    super();
  }
  get levels() {
    return this.links.some((link) => link.links.length) ? 2 : 1;
  }
  override valueOf() {
    return this.handle;
  }
}

/** What settings resolve against: the shop's objects, the theme's color schemes and menus, and the global settings so far. */
export interface SettingsEnv {
  factory: ObjectFactory;
  schemes: () => ColorSchemeDrop[] & Record<string, ColorSchemeDrop>;
  menu: (handle: string) => MenuDrop | null;
  globals: () => Record<string, unknown>;
  currentPath: string;
}

/** `shopify://collections/all` (the editor's resource links) as the storefront path. */
export function storefrontUrl(value: string): string {
  const link = /^shopify:\/\/(collections|products|pages|blogs|search|policies)(?:\/(.*))?$/.exec(value);
  if (!link) return value;
  const [, kind, rest = ""] = link;
  if (kind === "search") return "/search";
  if (kind === "policies") return `/policies/${rest}`;
  return rest ? `/${kind}/${rest}` : `/${kind}`;
}

/** Follows a `{{ settings.a.b }}` default into the global settings (only that form: Horizon's palette defaults). */
function settingsReference(value: unknown, env: SettingsEnv): unknown {
  const path = typeof value === "string" ? /^\{\{\s*settings\.([\w.]+)\s*\}\}$/.exec(value)?.[1] : undefined;
  if (!path) return value;
  return path.split(".").reduce<unknown>((node, key) => {
    if (node === null || node === undefined) return undefined;
    return (node as Record<string, unknown>)[key];
  }, env.globals());
}

/** One setting's value as Liquid gets it, from its raw value (or its default). */
export function resolveSetting(schema: SettingSchema, raw: unknown, env: SettingsEnv): unknown {
  const value = settingsReference(raw === undefined ? schema.default : raw, env);
  switch (schema.type) {
    case "checkbox":
      return value === true || value === "true";
    case "range":
    case "number":
      return value === null || value === undefined || value === "" ? null : Number(value);
    case "color":
    case "color_background":
      if (value instanceof ColorDrop) return value;
      // A blank gradient stays "" (Dawn tests `!= empty` on it); a blank color is nil.
      return schema.type === "color" ? ColorDrop.parse(value) : (value ?? "");
    case "color_palette": {
      // Iterable as colors, and by name (settings.color_palette.foreground).
      const entries = Object.entries((value as Record<string, unknown>) ?? {}).flatMap(([name, color]) => {
        const parsed = ColorDrop.parse(color);
        return parsed ? [[name, parsed] as const] : [];
      });
      return Object.assign(
        entries.map(([, color]) => color),
        Object.fromEntries(entries),
      );
    }
    case "color_scheme": {
      const schemes = env.schemes();
      return (typeof value === "string" && schemes[value]) || schemes[0] || null;
    }
    case "font_picker":
      return typeof value === "string" && value ? new FontDrop(value) : null;
    case "product":
      return value ? env.factory.productByHandle(value) : null;
    case "collection":
      return value ? env.factory.collection(value) : null;
    case "product_list":
      return Array.isArray(value) ? value.map((handle) => env.factory.productByHandle(handle)).filter((p): p is ProductDrop => p !== null) : [];
    case "collection_list":
      return Array.isArray(value) ? value.map((handle) => env.factory.collection(handle)).filter((c): c is CollectionDrop => c !== null) : [];
    case "link_list":
      return typeof value === "string" && value ? env.menu(value) : null;
    case "url":
      return typeof value === "string" && value ? storefrontUrl(value) : null;
    // Local Shopify has no store files, pages, blogs or videos: such settings are empty, as when the merchant left them blank.
    case "image_picker":
    case "video":
    case "video_url":
    case "page":
    case "blog":
    case "article":
    case "metaobject":
    case "metaobject_list":
    case "article_list":
      return null;
    default:
      return value === undefined ? null : value;
  }
}

/** Every setting of a schema list resolved, the raw data's values over the defaults (header/paragraph entries have no id). */
export function resolveSettings(schema: SettingSchema[] | undefined, data: Record<string, unknown> | undefined, env: SettingsEnv): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const setting of schema ?? []) {
    if (!setting.id) continue;
    settings[setting.id] = resolveSetting(setting, data?.[setting.id], env);
  }
  return settings;
}

/** A color_scheme_group's schemes: each scheme's colors resolved by the group's definition, defaults where a scheme lacks one. */
export function resolveColorSchemes(group: SettingSchema | undefined, data: unknown, env: SettingsEnv): ColorSchemeDrop[] & Record<string, ColorSchemeDrop> {
  const schemes = Object.entries((data as Record<string, { settings?: Record<string, unknown> }>) ?? {}).map(
    ([id, scheme]) => new ColorSchemeDrop(id, resolveSettings(group?.definition, scheme.settings, env)),
  );
  return Object.assign(schemes, Object.fromEntries(schemes.map((scheme) => [scheme.id, scheme])));
}
