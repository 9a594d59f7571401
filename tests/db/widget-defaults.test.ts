// The Prisma schema cannot import app/rules/widget-settings.ts, so its column
// defaults are a second copy of the declared ones: this test fails when they drift.
import { describe, expect, it } from "vitest";
import { WIDGET_DEFAULTS, WIDGET_SETTING_NAMES, readWidgetSettings } from "../../app/rules/widget-settings";
import { createShop, createWidget, deleteShopsAfterAll } from "./support";

deleteShopsAfterAll();

describe("a widget row created with only its required columns", () => {
  it("has the declared defaults", async () => {
    const shop = await createShop("widget-defaults");
    const row = await createWidget(shop.id, 1);

    expect(JSON.parse(row.pageContexts)).toEqual(WIDGET_DEFAULTS.pageContexts);
    expect(row.priority).toBe(WIDGET_DEFAULTS.priority);
    expect(row.sourceType).toBe(WIDGET_DEFAULTS.sourceType);
    expect(row.language).toBe(WIDGET_DEFAULTS.language);
    // Compared as stored, so a default outside the declared options fails too.
    const stored = Object.fromEntries(WIDGET_SETTING_NAMES.map((name) => [name, row[name]]));
    expect(stored).toEqual(WIDGET_DEFAULTS.settings);
    expect(readWidgetSettings(row)).toEqual(WIDGET_DEFAULTS.settings);
  });
});
