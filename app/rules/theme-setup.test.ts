import { describe, expect, it } from "vitest";
import { installLinks } from "./widget-rules";
import { readThemeSetup, widgetLiveContexts, widgetMissingContexts } from "./theme-setup";

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
const widget = (
  layout_type: "carousel" | "sticky",
  page_contexts: Array<"homepage" | "product" | "collection" | "cart" | "all_pages">,
  display_number = 1,
) => ({
  layout_type,
  page_contexts,
  display_number,
});

describe("where the published theme shows each widget (issue 15 items 4, 11)", () => {
  it("finds our app blocks per page template, by widget number or automatic, and ignores other apps and disabled blocks", () => {
    const setup = dawn({
      "templates/product.json": template(block("carousel", 2)),
      "templates/collection.json": template(block("carousel")),
      "templates/cart.json": template(block("carousel", 1, "other-app"), { ...block("carousel", 1), disabled: true }),
    });
    expect(setup.type).toBe("json");
    const carousel = widget("carousel", ["homepage", "product", "collection", "cart"], 2);
    expect(widgetLiveContexts(carousel, setup)).toEqual(["product", "collection"]);
    expect(widgetMissingContexts(carousel, setup)).toEqual(["homepage", "cart"]);
    // Widget #1: the product block shows #2, the automatic one may show it.
    expect(widgetLiveContexts({ ...carousel, display_number: 1 }, setup)).toEqual(["collection"]);
  });

  it("counts a switched-on embed for every page, All Pages included; a vintage theme has no blocks", () => {
    const off = dawn({ "config/settings_data.json": settings({ e: { ...block("page-widgets"), disabled: true } }) });
    expect(widgetLiveContexts(widget("carousel", ["all_pages"]), off)).toEqual([]);
    const on = dawn({ "config/settings_data.json": settings({ e: block("page-widgets"), s: block("sticky", 3) }) });
    expect(widgetLiveContexts(widget("carousel", ["all_pages"]), on)).toEqual(["all_pages"]);
    expect(widgetLiveContexts(widget("sticky", ["cart"], 3), on)).toEqual(["cart"]);
    expect(widgetLiveContexts(widget("sticky", ["cart"], 4), on)).toEqual([]);
    const vintage = readThemeSetup(theme, [
      {
        filename: "config/settings_data.json",
        content: JSON.stringify({ current: "Default", presets: { Default: { blocks: { e: block("page-widgets", 1) } } } }),
      },
    ]);
    expect(vintage.type).toBe("liquid");
    expect(widgetLiveContexts(widget("carousel", ["product", "cart"]), vintage)).toEqual(["product", "cart"]);
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
