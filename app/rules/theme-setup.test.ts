import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { installLinks } from "./widget-rules";
import {
  BLOCK_LAYOUTS,
  needsWidgetNumber,
  readThemeSetup,
  shownWidgetNumber,
  widgetLiveContexts,
  widgetMissingContexts,
  widgetPageStatuses,
  type PlacedWidget,
} from "./theme-setup";

const theme = { id: "gid://shopify/OnlineStoreTheme/1", name: "Dawn" };
const block = (handle: string, widgetNumber?: number, app = "clipcart") => ({
  type: `shopify://apps/${app}/blocks/${handle}/3f0c9a52`,
  settings: widgetNumber === undefined ? {} : { widget_number: widgetNumber },
});
const template = (...blocks: object[]) =>
  // Shopify writes a comment above generated templates.
  `/* Auto-generated: edit in the theme editor */\n${JSON.stringify({
    sections: { main: { type: "main" }, apps: { type: "apps", blocks: Object.fromEntries(blocks.map((b, i) => [`b${i}`, b])) } },
    order: ["main", "apps"],
  })}`;
const settings = (blocks: Record<string, object>) => JSON.stringify({ current: { blocks } });
const dawn = (files: Record<string, string>) =>
  readThemeSetup(theme, [
    { filename: "templates/index.json", content: template() },
    { filename: "config/settings_data.json", content: settings({}) },
    ...Object.entries(files).map(([filename, content]) => ({ filename, content })),
  ]);
const widget = (layout_type: PlacedWidget["layout_type"], page_contexts: PlacedWidget["page_contexts"], display_number = 1, priority = 3): PlacedWidget => ({
  layout_type,
  page_contexts,
  display_number,
  priority,
});

describe("where the published theme shows each widget (issue 15 items 4, 11; issue 29 items 1, 2)", () => {
  it("finds our app blocks per page template, by widget number or automatic, and ignores other apps and disabled blocks", () => {
    const setup = dawn({
      "templates/product.json": template(block("carousel", 2)),
      "templates/collection.json": template(block("carousel")),
      "templates/cart.json": template(block("carousel", 1, "other-app"), { ...block("carousel", 1), disabled: true }),
    });
    expect(setup.type).toBe("json");
    const second = widget("carousel", ["homepage", "product", "collection", "cart"], 2, 3);
    const first = widget("carousel", ["collection"], 1, 1);
    const widgets = [first, second];
    expect(widgetLiveContexts(second, setup, widgets)).toEqual(["product"]);
    // The automatic block on collection pages shows the higher-priority #1 there.
    expect(widgetPageStatuses(second, setup, widgets)).toEqual([
      { page: "homepage", state: "missing" },
      { page: "product", state: "live", through: "block" },
      { page: "collection", state: "replaced", by: 1 },
      { page: "cart", state: "missing" },
    ]);
    expect(widgetMissingContexts(second, setup, widgets)).toEqual(["homepage", "collection", "cart"]);
    expect(widgetLiveContexts(first, setup, widgets)).toEqual(["collection"]);
    // Alone, #2 is what the automatic block shows.
    expect(widgetLiveContexts(second, setup, [second])).toEqual(["product", "collection"]);
  });

  it("an automatic embed shows the All Pages widget before a page's own, so an All Pages grid is live beside a home carousel", () => {
    const homeCarousel = widget("carousel", ["homepage"], 1, 1);
    const everywhereGrid = widget("grid", ["all_pages"], 2, 3);
    const widgets = [homeCarousel, everywhereGrid];
    const setup = dawn({ "templates/index.json": template(block("carousel")), "config/settings_data.json": settings({ e: block("page-widgets") }) });
    expect(shownWidgetNumber({ handle: "page-widgets", widgetNumber: null }, "homepage", widgets)).toBe(2);
    expect(shownWidgetNumber({ handle: "page-widgets", widgetNumber: null }, "other", widgets)).toBe(2);
    expect(widgetPageStatuses(everywhereGrid, setup, widgets)).toEqual([{ page: "all_pages", state: "live", through: "embed" }]);
    expect(widgetPageStatuses(homeCarousel, setup, widgets)).toEqual([{ page: "homepage", state: "live", through: "block" }]);
    // Nothing to type: the empty number already shows the grid.
    expect(needsWidgetNumber(everywhereGrid, dawn({ "templates/index.json": template(block("carousel")) }), widgets, "all_pages")).toBe(false);
    // A second All Pages widget of higher priority takes the automatic embed: the grid needs its number.
    const firstEverywhere = widget("single", ["all_pages"], 3, 1);
    expect(needsWidgetNumber(everywhereGrid, setup, [...widgets, firstEverywhere], "all_pages")).toBe(true);
    expect(widgetPageStatuses(everywhereGrid, setup, [...widgets, firstEverywhere])).toEqual([{ page: "all_pages", state: "replaced", by: 3 }]);
    // The embed already set to another widget: the link opens it as it is, so the number must be typed.
    const setToOther = dawn({ "config/settings_data.json": settings({ e: block("page-widgets", 1) }) });
    expect(needsWidgetNumber(everywhereGrid, setToOther, widgets, "all_pages")).toBe(true);
  });

  it("a page's own widget is not live through an embed that shows the All Pages widget there: its block is missing", () => {
    const stories = widget("stories", ["homepage", "product", "collection"], 1, 1);
    const everywhere = widget("carousel", ["all_pages"], 2, 3);
    const setup = dawn({ "templates/index.json": template(block("stories")), "config/settings_data.json": settings({ e: block("page-widgets", 2) }) });
    expect(widgetPageStatuses(stories, setup, [stories, everywhere])).toEqual([
      { page: "homepage", state: "live", through: "block" },
      { page: "product", state: "missing" },
      { page: "collection", state: "missing" },
    ]);
  });

  it("a switched-off embed shows nothing; a Sticky embed shows its number on its pages only; a vintage theme shows everything through the embed", () => {
    const off = dawn({ "config/settings_data.json": settings({ e: { ...block("page-widgets"), disabled: true } }) });
    expect(widgetLiveContexts(widget("carousel", ["all_pages"]), off, [])).toEqual([]);
    const on = dawn({ "config/settings_data.json": settings({ e: block("page-widgets"), s: block("sticky", 3) }) });
    expect(widgetLiveContexts(widget("carousel", ["all_pages"]), on, [])).toEqual(["all_pages"]);
    expect(widgetLiveContexts(widget("sticky", ["cart"], 3), on, [])).toEqual(["cart"]);
    expect(widgetLiveContexts(widget("sticky", ["cart"], 4), on, [])).toEqual([]);
    const vintage = readThemeSetup(theme, [
      {
        filename: "config/settings_data.json",
        content: JSON.stringify({ current: "Default", presets: { Default: { blocks: { e: block("page-widgets", 1) } } } }),
      },
    ]);
    expect(vintage.type).toBe("liquid");
    expect(widgetLiveContexts(widget("carousel", ["product", "cart"]), vintage, [])).toEqual(["product", "cart"]);
  });

  it("knows the layouts each block takes as the extension's files hand them to clipcart-pick", () => {
    for (const [handle, layouts] of Object.entries(BLOCK_LAYOUTS)) {
      const liquid = readFileSync(`extensions/clipcart-widgets/blocks/${handle}.liquid`, "utf8");
      expect(/layouts: '([^']*)'/.exec(liquid)?.[1]?.split(","), handle).toEqual(layouts);
    }
  });

  it("gives one theme editor link per page still lacking the block, and one embed link for All Pages", () => {
    const base = { shopOrigin: "https://demo.myshopify.com", apiKey: "KEY", themeType: "json" };
    const links = installLinks({ ...base, layout: "carousel", pageContexts: ["homepage", "product", "cart"], missing: ["product", "cart"] });
    expect(links.map((link) => link.pages)).toEqual([["product"], ["cart"]]);
    expect(links.map((link) => Object.fromEntries(new URL(link.url).searchParams))).toEqual([
      { template: "product", addAppBlockId: "KEY/carousel", target: "newAppsSection" },
      { template: "cart", addAppBlockId: "KEY/carousel", target: "newAppsSection" },
    ]);
    const all = installLinks({ ...base, layout: "grid", pageContexts: ["all_pages"], missing: ["all_pages"] });
    expect(all).toHaveLength(1);
    expect(Object.fromEntries(new URL(all[0]?.url ?? "").searchParams)).toEqual({ context: "apps", activateAppId: "KEY/page-widgets" });
    expect(installLinks({ ...base, layout: "grid", pageContexts: ["cart"], missing: [] })).toEqual([]);
  });
});
