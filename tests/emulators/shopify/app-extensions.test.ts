import { describe, expect, it } from "vitest";
import { setupPieces } from "~/rules/theme-status";
import { appExtensionsOf } from "./app-extensions";
import { emptyState, getShop } from "./state";

const block = (handle: string) => ({ type: `shopify://apps/clipcart/blocks/${handle}/3f0c9a52-clipcart-widgets`, settings: {} });

describe("shopify.app.extensions() in Local Shopify (issue 15 item 22)", () => {
  it("answers each block and embed of the theme app extension with its status and placements in the published theme", () => {
    const shop = getShop(emptyState(), "ext-test");
    const fresh = appExtensionsOf(shop);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.type).toBe("theme_app_extension");
    const byHandle = (extensions: typeof fresh) => new Map(extensions[0]?.activations.map((a) => [a.handle, a]));
    expect(byHandle(fresh).get("carousel")).toMatchObject({ name: "Video carousel", target: "section", status: "available", activations: [] });
    expect(byHandle(fresh).get("sticky")).toMatchObject({ target: "body", status: "available" });

    shop.themeEdits.json = {
      "templates/product.json": JSON.stringify({ sections: { apps_1: { type: "apps", blocks: { c1: block("carousel") } } }, order: ["apps_1"] }),
      "config/settings_data.json": JSON.stringify({ current: { blocks: { s1: block("sticky"), p1: { ...block("page-widgets"), disabled: true } } } }),
    };
    const placed = byHandle(appExtensionsOf(shop));
    expect(placed.get("carousel")).toMatchObject({ status: "active", activations: [{ target: "template--product/apps_1/c1" }] });
    expect(placed.get("sticky")?.status).toBe("active");
    expect(placed.get("page-widgets")?.status).toBe("available");

    // A vintage theme cannot hold app blocks.
    shop.theme = "liquid";
    expect(byHandle(appExtensionsOf(shop)).get("grid")?.status).toBe("unavailable");
  });

  it("the Dashboard's pieces: an embed for Sticky and All Pages, a block per page otherwise, each with its deep link", () => {
    const shop = getShop(emptyState(), "ext-pieces");
    shop.themeEdits.json = {
      "templates/index.json": JSON.stringify({ sections: { apps_1: { type: "apps", blocks: { c1: block("carousel") } } }, order: ["apps_1"] }),
    };
    const pieces = setupPieces(
      appExtensionsOf(shop),
      [
        { layout_type: "carousel", page_contexts: ["homepage", "product"] },
        { layout_type: "grid", page_contexts: ["all_pages"] },
        { layout_type: "carousel", page_contexts: ["homepage"] },
      ],
      { shopOrigin: "https://demo.myshopify.com", apiKey: "KEY" },
    );
    expect(pieces.map(({ key, active }) => [key, active])).toEqual([
      ["block:carousel:homepage", true],
      ["block:carousel:product", false],
      ["embed:page-widgets", false],
    ]);
    expect(new URL(pieces[1]?.fixUrl ?? "").searchParams.get("template")).toBe("product");
    expect(new URL(pieces[2]?.fixUrl ?? "").searchParams.get("activateAppId")).toBe("KEY/page-widgets");
    // On a vintage theme every widget needs the page-widgets embed.
    shop.theme = "liquid";
    const vintage = setupPieces(appExtensionsOf(shop), [{ layout_type: "carousel", page_contexts: ["product"] }], {
      shopOrigin: "https://d.example",
      apiKey: "K",
    });
    expect(vintage.map((piece) => piece.key)).toEqual(["embed:page-widgets"]);
  });
});
