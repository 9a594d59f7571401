/**
 * The two themes every shop has. Which one is published (role MAIN) is the
 * shop's `theme` setting: "json" = an Online Store 2.0 theme like Dawn (JSON
 * templates, app blocks in sections), "liquid" = a vintage theme like Debut
 * (Liquid templates only, so merchants can use app embeds but not app blocks).
 * The app reads these files to decide which install steps to show.
 */
import { parseThemeJson } from "./real-themes/theme-source.js";
import type { ThemeKind } from "./state.js";

export const THEMES: Record<ThemeKind, { id: number; name: string; themeStoreId: number; createdAt: string }> = {
  json: { id: 140_000_000_001, name: "Dawn", themeStoreId: 887, createdAt: "2024-01-15T10:05:00Z" },
  liquid: { id: 140_000_000_002, name: "Debut", themeStoreId: 796, createdAt: "2023-06-01T09:00:00Z" },
};

const LAYOUT = `<!doctype html>
<html lang="{{ request.locale.iso_code }}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{ page_title }}</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #121212; }
      header, footer, main { padding: 16px 32px; }
      header { display: flex; gap: 24px; border-bottom: 1px solid #ddd; }
      .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 16px; padding: 0; list-style: none; }
      .grid img, .product img { width: 100%; height: auto; aspect-ratio: 1; background: #f3f3f3; }
      .product { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 32px; max-width: 960px; }
    </style>
    {{ content_for_header }}
  </head>
  <body>
    {% section 'header' %}
    <main id="MainContent">{{ content_for_layout }}</main>
    {% section 'footer' %}
  </body>
</html>
`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// Sections both themes use, under their own names: just enough of a store.
const HEADER = `<header class="header"><a href="/">{{ shop.name }}</a><a href="/collections/all">Catalog</a><a href="/cart">Cart (<span data-cart-count="{{ cart.item_count }}">{{ cart.item_count }}</span>)</a></header>\n`;
const FOOTER = `<footer class="footer"><small>{{ shop.name }}</small></footer>\n`;
const BANNER = `<section class="banner"><h1>{{ shop.name }}</h1><p>New arrivals, every week.</p></section>\n`;
const PRODUCT_GRID = `<section class="collection">
  <h2>{{ section.settings.title | default: collection.title }}</h2>
  <ul class="grid">
    {%- for product in collection.products limit: 12 %}
    <li><a href="{{ product.url }}"><img src="{{ product.featured_image }}" width="300" height="300" alt="{{ product.title | escape }}"><span>{{ product.title }}</span> <span>{{ product.price | money }}</span></a></li>
    {%- endfor %}
  </ul>
</section>
`;
const MAIN_PRODUCT = `<section class="product">
  <img src="{{ product.featured_image }}" width="600" height="600" alt="{{ product.title | escape }}">
  <div>
    <h1>{{ product.title }}</h1>
    <p class="price">{{ product.price | money }}</p>
    <form method="post" action="/cart/add">
      <select name="id">{% for variant in product.variants %}<option value="{{ variant.id }}"{% unless variant.available %} disabled{% endunless %}>{{ variant.title }}</option>{% endfor %}</select>
      <button type="submit"{% unless product.available %} disabled{% endunless %}>Add to cart</button>
    </form>
    <p>{{ product.description }}</p>
  </div>
</section>
`;
const CART_ITEMS = `<section class="cart">
  <h1>Your cart</h1>
  {%- if cart.item_count == 0 %}<p>Your cart is empty.</p>{% endif %}
  <ul>
    {%- for item in cart.items %}
    <li class="cart-item" data-variant-id="{{ item.variant_id }}">{{ item.quantity }} x {{ item.title }} {{ item.final_line_price | money }}</li>
    {%- endfor %}
  </ul>
  <p>Total: {{ cart.total_price | money }}</p>
  {%- if cart.item_count > 0 %}
  <form method="post" action="/cart/checkout"><button type="submit">Check out</button></form>
  {%- endif %}
</section>
`;

/**
 * Dawn's cart UI, cut down: the header's count bubble and a cart drawer are
 * sections the Section Rendering API can re-render, and <cart-drawer> tells
 * scripts which (getSectionsToRender) and takes the re-rendered HTML from an
 * add to cart's answer (renderContents), then opens.
 */
const DAWN_HEADER = `<header class="header"><a href="/">{{ shop.name }}</a><a href="/collections/all">Catalog</a>{% section 'cart-icon-bubble' %}</header>\n`;
const CART_ICON_BUBBLE = `<a href="/cart" id="cart-icon-bubble">Cart ({{ cart.item_count }})</a>\n`;
const CART_DRAWER = `<cart-drawer>
  <div id="CartDrawer" role="dialog" aria-label="Your cart" {% if cart.item_count == 0 %}hidden{% endif %} style="position:fixed;top:0;right:0;width:320px;height:100%;background:#fff;border-left:1px solid #ddd;padding:16px;z-index:2147483646;overflow:auto">
    <h2>Your cart</h2>
    <ul>{% for item in cart.items %}<li>{{ item.title }} × {{ item.quantity }}</li>{% endfor %}</ul>
    <a href="/cart">View cart</a>
  </div>
</cart-drawer>
<script>
  if (!customElements.get("cart-drawer")) customElements.define("cart-drawer", class extends HTMLElement {
    getSectionsToRender() { return [{ id: "cart-drawer" }, { id: "cart-icon-bubble" }]; }
    renderContents(state) {
      for (const { id } of this.getSectionsToRender()) {
        const html = state && state.sections && state.sections[id];
        const current = document.getElementById("shopify-section-" + id);
        if (html && current) current.outerHTML = html;
      }
      const drawer = document.getElementById("CartDrawer");
      if (drawer) drawer.hidden = false;
    }
  });
</script>
`;
const DAWN_LAYOUT = LAYOUT.replace("{% section 'footer' %}", "{% section 'footer' %}\n    {% section 'cart-drawer' %}");

const DAWN_FILES: Record<string, string> = {
  "layout/theme.liquid": DAWN_LAYOUT,
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
  "sections/header.liquid": DAWN_HEADER,
  "sections/cart-icon-bubble.liquid": CART_ICON_BUBBLE,
  "sections/cart-drawer.liquid": CART_DRAWER,
  "sections/footer.liquid": FOOTER,
  "sections/image-banner.liquid": BANNER,
  "sections/featured-collection.liquid": PRODUCT_GRID,
  "sections/main-collection-banner.liquid": `<h1>{{ collection.title }}</h1>\n`,
  "sections/main-collection-product-grid.liquid": PRODUCT_GRID,
  "sections/main-product.liquid": MAIN_PRODUCT,
  "sections/related-products.liquid": `<section class="related"><h2>{{ section.settings.heading }}</h2></section>\n`,
  "sections/main-cart-items.liquid": CART_ITEMS,
};

const DEBUT_FILES: Record<string, string> = {
  "layout/theme.liquid": LAYOUT,
  "templates/index.liquid": `{% section 'hero' %}\n{% section 'featured-collection' %}\n`,
  "templates/product.liquid": `{% section 'product-template' %}\n{% section 'product-recommendations' %}\n`,
  "templates/collection.liquid": `{% section 'collection-template' %}\n`,
  "templates/cart.liquid": `{% section 'cart-template' %}\n`,
  "config/settings_data.json": json({ current: "Default", presets: { Default: { blocks: {} } } }),
  "sections/header.liquid": HEADER,
  "sections/footer.liquid": FOOTER,
  "sections/hero.liquid": BANNER,
  "sections/featured-collection.liquid": PRODUCT_GRID,
  "sections/collection-template.liquid": PRODUCT_GRID,
  "sections/product-template.liquid": MAIN_PRODUCT,
  "sections/product-recommendations.liquid": "",
  "sections/cart-template.liquid": CART_ITEMS,
};

/** The theme's files: the defaults with the shop's own edits (if any) on top. */
export function themeFiles(kind: ThemeKind, edits: Record<string, string> = {}): Record<string, string> {
  return { ...(kind === "json" ? DAWN_FILES : DEBUT_FILES), ...edits };
}

/** An app block or app embed as a theme's JSON files record it. */
export interface BlockEntry {
  type: string;
  settings?: Record<string, unknown>;
  disabled?: boolean;
}

/** App embeds listed in config/settings_data.json (a vintage theme's `current` may name a preset; Shopify's files may open with a comment). */
export function embedBlocks(files: Record<string, string>): Record<string, BlockEntry> {
  try {
    const data = parseThemeJson(files["config/settings_data.json"] ?? "{}") as { current?: unknown; presets?: Record<string, unknown> };
    const current = (typeof data.current === "string" ? data.presets?.[data.current] : data.current) as { blocks?: unknown } | undefined;
    return (current?.blocks ?? {}) as Record<string, BlockEntry>;
  } catch {
    return {};
  }
}
