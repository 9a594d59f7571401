/**
 * A widget's settings and defaults (spec 5), declared once. Everything else is
 * derived from this declaration: the TypeScript types, the API's zod schema
 * (app/routes/api.widgets._index.tsx), the stored row read back for the API
 * and the storefront, and the Customize form's choices. Which layout offers
 * which setting is the layout's declaration (app/contracts/widget-layouts.ts).
 * The Prisma schema cannot import it; tests/db/widget-defaults.test.ts fails
 * when its defaults drift.
 *
 * Client-safe and framework-free: the storefront renderer imports its types.
 */
import { WIDGET_PRIORITY, type PageContext } from "~/constants";
import { LAYOUT_TYPES, layoutOffers, type LayoutSettingName, type LayoutType } from "~/contracts/widget-layouts";

interface ChoiceSetting {
  kind: "choice";
  options: readonly [string, ...string[]];
  default: string;
}

interface ToggleSetting {
  kind: "toggle";
  default: boolean;
}

/** Exactly the settings layouts may offer (LayoutSettingName): one missing or one more fails `tsc`. */
export const WIDGET_SETTING_DECLARATIONS = {
  theme: { kind: "choice", options: ["light", "dark"], default: "light" },
  autoScroll: { kind: "toggle", default: true },
  showHeader: { kind: "toggle", default: false },
  alignment: { kind: "choice", options: ["left", "right"], default: "right" },
  /** Muted, looping previews of the videos in view (issue 14); the poster stays where a video has no copy. */
  playPreviews: { kind: "toggle", default: true },
  /**
   * Captions (decision 085): muted previews show the video's captions in the page's language, and the
   * player starts with them on (shoppers turn them off and on with CC whatever this says).
   */
  showCaptions: { kind: "toggle", default: true },
} as const satisfies Record<LayoutSettingName, ChoiceSetting | ToggleSetting>;

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

/**
 * Which videos a widget shows (decision 079): "all" its approved videos (the
 * spec's only source), or on a product page "product": only that product's
 * approved videos among them, in the widget's order. Elsewhere a "product"
 * widget shows all its videos, as there is no product to choose by.
 */
export const WIDGET_SOURCES = ["all", "product"] as const;
export type WidgetSource = (typeof WIDGET_SOURCES)[number];

/** A stored source; anything unknown reads as "all" (what every widget showed before sources). */
export function readWidgetSource(stored: string): WidgetSource {
  return WIDGET_SOURCES.find((source) => source === stored) ?? "all";
}

/** A new widget's defaults; the Prisma schema's column defaults must equal them. */
export const WIDGET_DEFAULTS = {
  pageContexts: ["homepage"] as PageContext[],
  priority: WIDGET_PRIORITY.highest as number,
  /** The spec's source: all of the widget's approved videos. */
  sourceType: "all" as WidgetSource,
  /** A "product" widget on a product without videos shows nothing (true: the widget's other videos). */
  productFallback: false as boolean,
  language: "en",
  settings: WIDGET_SETTING_DEFAULTS,
} as const;

export const WIDGET_PRIORITIES = Array.from({ length: WIDGET_PRIORITY.lowest - WIDGET_PRIORITY.highest + 1 }, (_, index) => WIDGET_PRIORITY.highest + index);

export function layoutUsesSetting(layout: LayoutType, name: WidgetSettingName): boolean {
  return layoutOffers(layout, name);
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
export function readWidgetSettings(row: {
  theme: string;
  autoScroll: boolean;
  showHeader: boolean;
  alignment: string;
  playPreviews: boolean;
  showCaptions: boolean;
}): WidgetSettings {
  return {
    theme: readChoice("theme", row.theme),
    autoScroll: row.autoScroll,
    showHeader: row.showHeader,
    alignment: readChoice("alignment", row.alignment),
    playPreviews: row.playPreviews,
    showCaptions: row.showCaptions,
  };
}

/** A stored layout; an unknown one reads as a carousel, so the storefront still draws something. */
export function readLayout(stored: string): LayoutType {
  return LAYOUT_TYPES.find((layout) => layout === stored) ?? "carousel";
}
