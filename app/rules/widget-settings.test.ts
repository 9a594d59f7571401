import { describe, expect, it } from "vitest";
import { LAYOUT_TYPES } from "~/constants";
import { WIDGET_SETTING_DEFAULTS, readChoice, readLayout, readWidgetSettings, settingsForLayout, type WidgetSettings } from "./widget-settings";

const everySetting: WidgetSettings = { theme: "dark", autoScroll: false, showHeader: true, alignment: "left" };

describe("which settings each layout keeps (spec 5)", () => {
  it.each([
    ["carousel", { theme: "dark", autoScroll: false, showHeader: true }],
    ["grid", { theme: "dark", showHeader: true }],
    ["single", {}],
    ["sticky", { alignment: "left" }],
  ] as const)("%s", (layout, kept) => {
    expect(settingsForLayout(layout, everySetting)).toEqual(kept);
  });

  it("leaves out a setting that was not given", () => {
    expect(settingsForLayout("carousel", { autoScroll: false })).toEqual({ autoScroll: false });
  });
});

describe("reading values back", () => {
  it("the defaults are the spec's: light theme, auto-scroll on, no header, right alignment", () => {
    expect(WIDGET_SETTING_DEFAULTS).toEqual({ theme: "light", autoScroll: true, showHeader: false, alignment: "right" });
  });

  it("an unknown choice reads as its default", () => {
    expect(readChoice("theme", "dark")).toBe("dark");
    expect(readChoice("theme", "sepia")).toBe("light");
    expect(readChoice("alignment", undefined)).toBe("right");
    expect(readWidgetSettings({ theme: "", autoScroll: false, showHeader: true, alignment: "left" })).toEqual({
      theme: "light",
      autoScroll: false,
      showHeader: true,
      alignment: "left",
    });
  });

  it("an unknown stored layout reads as a carousel", () => {
    for (const layout of LAYOUT_TYPES) expect(readLayout(layout)).toBe(layout);
    expect(readLayout("slideshow")).toBe("carousel");
  });
});
