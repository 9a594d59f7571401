import { describe, expect, it } from "vitest";
import { LAYOUT_TYPES, WIDGET_LAYOUTS } from "~/contracts/widget-layouts";
import {
  WIDGET_SETTING_DEFAULTS,
  WIDGET_SETTING_NAMES,
  layoutUsesSetting,
  readChoice,
  readLayout,
  readWidgetSettings,
  settingsForLayout,
  type WidgetSettings,
} from "./widget-settings";

const bySettingOrder = (a: string, b: string) => WIDGET_SETTING_NAMES.indexOf(a as never) - WIDGET_SETTING_NAMES.indexOf(b as never);
const everySetting: WidgetSettings = { theme: "dark", autoScroll: false, showHeader: true, alignment: "left", playPreviews: false, showCaptions: false };

describe("which settings each layout keeps (spec 5)", () => {
  it.each([
    ["carousel", { theme: "dark", autoScroll: false, showHeader: true, playPreviews: false, showCaptions: false }],
    ["grid", { theme: "dark", showHeader: true, playPreviews: false, showCaptions: false }],
    ["single", { playPreviews: false, showCaptions: false }],
    ["sticky", { alignment: "left", playPreviews: false, showCaptions: false }],
    // Round thumbnails neither scroll by themselves nor play previews (decision 043), so there are no previews' captions to show.
    ["stories", { theme: "dark", showHeader: true }],
  ] as const)("%s", (layout, kept) => {
    expect(settingsForLayout(layout, everySetting)).toEqual(kept);
  });

  it("a layout keeps exactly the settings its declaration offers (app/contracts/widget-layouts.ts)", () => {
    for (const layout of LAYOUT_TYPES)
      expect(Object.keys(settingsForLayout(layout, everySetting))).toEqual([...WIDGET_LAYOUTS[layout].settings].sort(bySettingOrder));
  });

  it("the Customize form shows Stories the theme and header, not auto-scroll, previews or alignment", () => {
    const shown = WIDGET_SETTING_NAMES.filter((name) => layoutUsesSetting("stories", name));
    expect(shown).toEqual(["theme", "showHeader"]);
  });

  it("leaves out a setting that was not given", () => {
    expect(settingsForLayout("carousel", { autoScroll: false })).toEqual({ autoScroll: false });
  });
});

describe("reading values back", () => {
  it("the defaults are the spec's: light theme, auto-scroll on, no header, right alignment; previews play, with captions", () => {
    expect(WIDGET_SETTING_DEFAULTS).toEqual({
      theme: "light",
      autoScroll: true,
      showHeader: false,
      alignment: "right",
      playPreviews: true,
      showCaptions: true,
    });
  });

  it("an unknown choice reads as its default", () => {
    expect(readChoice("theme", "dark")).toBe("dark");
    expect(readChoice("theme", "sepia")).toBe("light");
    expect(readChoice("alignment", undefined)).toBe("right");
    expect(readWidgetSettings({ theme: "", autoScroll: false, showHeader: true, alignment: "left", playPreviews: false, showCaptions: false })).toEqual({
      theme: "light",
      autoScroll: false,
      showHeader: true,
      alignment: "left",
      playPreviews: false,
      showCaptions: false,
    });
  });

  it("an unknown stored layout reads as a carousel", () => {
    for (const layout of LAYOUT_TYPES) expect(readLayout(layout)).toBe(layout);
    expect(readLayout("slideshow")).toBe("carousel");
  });
});
