/**
 * The two themes every shop has. Which one is published (role MAIN) is the
 * shop's `theme` setting: "json" = an Online Store 2.0 theme like Dawn (JSON
 * templates, app blocks in sections), "liquid" = a vintage theme like Debut
 * (Liquid templates only, so merchants can use app embeds but not app blocks).
 * The app reads these files to decide which install steps to show.
 */
import type { ThemeKind } from "./state.js";

export const THEMES: Record<ThemeKind, { id: number; name: string; themeStoreId: number; createdAt: string }> = {
  json: { id: 140_000_000_001, name: "Dawn", themeStoreId: 887, createdAt: "2024-01-15T10:05:00Z" },
  liquid: { id: 140_000_000_002, name: "Debut", themeStoreId: 796, createdAt: "2023-06-01T09:00:00Z" },
};

const LAYOUT = `<!doctype html>
<html lang="{{ request.locale.iso_code }}">
  <head>
    <title>{{ page_title }}</title>
    {{ content_for_header }}
  </head>
  <body>
    {% section 'header' %}
    <main id="MainContent">{{ content_for_layout }}</main>
  </body>
</html>
`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const DAWN_FILES: Record<string, string> = {
  "layout/theme.liquid": LAYOUT,
  "templates/index.json": json({
    sections: {
      image_banner: { type: "image-banner", settings: { image_height: "medium" } },
      featured_collection: { type: "featured-collection", settings: { title: "Featured products", products_to_show: 8 } },
    },
    order: ["image_banner", "featured_collection"],
  }),
  "templates/product.json": json({
    sections: {
      main: {
        type: "main-product",
        blocks: { title: { type: "title" }, price: { type: "price" }, buy_buttons: { type: "buy_buttons" } },
        block_order: ["title", "price", "buy_buttons"],
      },
      related_products: { type: "related-products", settings: { heading: "You may also like" } },
    },
    order: ["main", "related_products"],
  }),
  "templates/collection.json": json({
    sections: { banner: { type: "main-collection-banner" }, product_grid: { type: "main-collection-product-grid" } },
    order: ["banner", "product_grid"],
  }),
  "templates/cart.json": json({ sections: { items: { type: "main-cart-items" } }, order: ["items"] }),
  "config/settings_data.json": json({ current: { colors_text: "#121212", blocks: {} }, presets: { Default: {} } }),
  "sections/header.liquid": `<header class="header"><a href="/">{{ shop.name }}</a></header>\n`,
};

const DEBUT_FILES: Record<string, string> = {
  "layout/theme.liquid": LAYOUT,
  "templates/index.liquid": `{% section 'hero' %}\n{% section 'featured-collection' %}\n`,
  "templates/product.liquid": `{% section 'product-template' %}\n{% section 'product-recommendations' %}\n`,
  "templates/collection.liquid": `{% section 'collection-template' %}\n`,
  "templates/cart.liquid": `{% section 'cart-template' %}\n`,
  "config/settings_data.json": json({ current: "Default", presets: { Default: { blocks: {} } } }),
  "sections/header.liquid": `<header class="site-header"><a href="/">{{ shop.name }}</a></header>\n`,
};

/** The theme's files: the defaults with the shop's own edits (if any) on top. */
export function themeFiles(kind: ThemeKind, edits: Record<string, string> = {}): Record<string, string> {
  return { ...(kind === "json" ? DAWN_FILES : DEBUT_FILES), ...edits };
}
