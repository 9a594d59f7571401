/**
 * A widget's settings and defaults (spec 5), declared once. Everything else is
 * derived from this declaration: the TypeScript types, the API's zod schema
 * (app/routes/api.widgets._index.tsx), the stored row read back for the API
 * and the storefront, and the Customize form's choices. The Prisma schema
 * cannot import it; tests/db/widget-defaults.test.ts fails when its defaults drift.
 *
 * Client-safe and framework-free: the storefront renderer imports its types.
 */
import { LAYOUT_TYPES, WIDGET_PRIORITY, type LayoutType, type PageContext } from "~/constants";

interface ChoiceSetting {
  kind: "choice";
  options: readonly [string, ...string[]];
  default: string;
  /** The layouts that use the setting; the others keep the default. */
  layouts: readonly LayoutType[];
}

interface ToggleSetting {
  kind: "toggle";
  default: boolean;
  layouts: readonly LayoutType[];
}

export const WIDGET_SETTING_DECLARATIONS = {
  /** Stories (decision 043) sit in the page like a carousel: the page's colours decide too. */
  theme: { kind: "choice", options: ["light", "dark"], default: "light", layouts: ["carousel", "grid", "stories"] },
  /** Stories do not scroll by themselves: their row is a menu the shopper reads, not a slideshow. */
  autoScroll: { kind: "toggle", default: true, layouts: ["carousel"] },
  showHeader: { kind: "toggle", default: false, layouts: ["carousel", "grid", "stories"] },
  alignment: { kind: "choice", options: ["left", "right"], default: "right", layouts: ["sticky"] },
  /**
   * Muted, looping previews of the videos in view (issue 14); the poster stays where a video has no copy.
   * Not for Stories: their round thumbnails are too small for a moving picture to say anything.
   */
  playPreviews: { kind: "toggle", default: true, layouts: LAYOUT_TYPES.filter((layout) => layout !== "stories") },
} as const satisfies Record<string, ChoiceSetting | ToggleSetting>;

type Declarations = typeof WIDGET_SETTING_DECLARATIONS;
export type WidgetSettingName = keyof Declarations;
type SettingValue<Declaration> = Declaration extends { kind: "choice"; options: readonly (infer Option)[] } ? Option : boolean;

export type WidgetSettings = { [Name in WidgetSettingName]: SettingValue<Declarations[Name]> };

/** The names whose setting offers a fixed list of values (the others are on/off). */
export type WidgetChoiceSettingName = { [Name in WidgetSettingName]: Declarations[Name]["kind"] extends "choice" ? Name : never }[WidgetSettingName];

export const WIDGET_SETTING_NAMES = Object.keys(WIDGET_SETTING_DECLARATIONS) as WidgetSettingName[];

function declarationOf(name: WidgetSettingName): ChoiceSetting | ToggleSetting {
  return WIDGET_SETTING_DECLARATIONS[name];
}

export const WIDGET_SETTING_DEFAULTS = Object.fromEntries(WIDGET_SETTING_NAMES.map((name) => [name, declarationOf(name).default])) as WidgetSettings;

/** A new widget's defaults; the Prisma schema's column defaults must equal them. */
export const WIDGET_DEFAULTS = {
  pageContexts: ["homepage"] as PageContext[],
  priority: WIDGET_PRIORITY.highest as number,
  /** The only source the spec has: all of the shop's approved videos. */
  sourceType: "all",
  language: "en",
  settings: WIDGET_SETTING_DEFAULTS,
} as const;

export const WIDGET_PRIORITIES = Array.from({ length: WIDGET_PRIORITY.lowest - WIDGET_PRIORITY.highest + 1 }, (_, index) => WIDGET_PRIORITY.highest + index);

export function layoutUsesSetting(layout: LayoutType, name: WidgetSettingName): boolean {
  return declarationOf(name).layouts.includes(layout);
}

/** Only the given settings the layout uses (spec 5); the others keep their defaults when the widget is created. */
export function settingsForLayout(layout: LayoutType, settings: Partial<WidgetSettings>): Partial<WidgetSettings> {
  const applied: Record<string, unknown> = {};
  for (const name of WIDGET_SETTING_NAMES) {
    if (layoutUsesSetting(layout, name) && settings[name] !== undefined) applied[name] = settings[name];
  }
  return applied as Partial<WidgetSettings>;
}

/** A choice setting's value as declared, or its default for anything else (a form's raw value, a stored string). */
export function readChoice<Name extends WidgetChoiceSettingName>(name: Name, value: unknown): WidgetSettings[Name] {
  const { options, default: fallback } = WIDGET_SETTING_DECLARATIONS[name];
  return ((options as readonly unknown[]).includes(value) ? value : fallback) as WidgetSettings[Name];
}

/** A stored widget row's settings, made valid: unknown choice values read as the default. */
export function readWidgetSettings(row: { theme: string; autoScroll: boolean; showHeader: boolean; alignment: string; playPreviews: boolean }): WidgetSettings {
  return {
    theme: readChoice("theme", row.theme),
    autoScroll: row.autoScroll,
    showHeader: row.showHeader,
    alignment: readChoice("alignment", row.alignment),
    playPreviews: row.playPreviews,
  };
}

/** A stored layout; an unknown one reads as a carousel, so the storefront still draws something. */
export function readLayout(stored: string): LayoutType {
  return LAYOUT_TYPES.find((layout) => layout === stored) ?? "carousel";
}
