/**
 * Shopify's Liquid filters that Dawn and Horizon use and liquidjs lacks
 * (shopify.dev, "Liquid filters"): URLs of theme assets, translations, money,
 * images, colors, fonts, HTML helpers, the cart helpers and
 * `standard_event_data`. Where Shopify reaches services Local Shopify has not
 * (its font library, payment buttons, video hosts), the filter gives what a
 * store without them shows: nothing. A filter no theme should need but one
 * uses is passed through and logged once (see `degradeUnknownFilters`), so a
 * new theme version renders instead of failing on it.
 */
import { createHash, createHmac } from "node:crypto";
import { Drop, toValue, type Liquid, type FilterImplOptions } from "liquidjs";
import { CartDrop, CollectionDrop, ProductDrop, VariantDrop, slugify } from "./objects.js";
import type { RealThemeFiles } from "./theme-source.js";
import { ColorDrop, FontDrop, ImageDrop, moneyText } from "./values.js";

/** Where a real theme's assets are served on the storefront (Shopify: //<shop>/cdn/shop/t/<n>/assets/). */
export const themeAssetPath = (theme: RealThemeFiles, file: string) => `/cdn/shop/t/${theme.name}/assets/${file}`;

const escapeAttribute = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A translation with `{{ name }}` interpolated and, with `count`, its plural form (one/other, zero when there is one). */
export function translateKey(locale: Record<string, unknown>, fallback: Record<string, unknown>, key: string, args: Record<string, unknown>): string {
  const lookup = (root: Record<string, unknown>) =>
    key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), root);
  let value = lookup(locale) ?? lookup(fallback);
  if (value && typeof value === "object") {
    const forms = value as Record<string, string>;
    const count = Number(args.count);
    value = (count === 0 && forms.zero) || (count === 1 && forms.one) || forms.other || forms.one;
  }
  if (typeof value !== "string") return `Translation missing: en.${key}`;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (args[name] === undefined ? "" : String(args[name])));
}

/** Keyword arguments of a filter call, which liquidjs passes as [key, value] pairs. */
function keywordArgs(args: unknown[]): { positional: unknown[]; named: Record<string, unknown> } {
  const named: Record<string, unknown> = {};
  const positional: unknown[] = [];
  // Liquid's nil/empty/blank literals reach filters as drops: their value is what counts (`srcset: nil` drops the attribute).
  const plain = (value: unknown) => (value instanceof Drop && ![ColorDrop, FontDrop, ImageDrop].some((kind) => value instanceof kind) ? toValue(value) : value);
  for (const arg of args) {
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === "string") named[arg[0]] = plain(arg[1]);
    else positional.push(plain(arg));
  }
  return { positional, named };
}

/** An image, product, variant, or URL as the image it stands for. */
function imageOf(value: unknown): ImageDrop | null {
  if (value instanceof ImageDrop) return value;
  if (value instanceof ProductDrop) return value.featured_image;
  if (value instanceof VariantDrop) return value.product.featured_image;
  if (value && typeof value === "object" && "featured_image" in value) return imageOf((value as { featured_image: unknown }).featured_image);
  return null;
}

function imageUrl(value: unknown, named: Record<string, unknown>): string {
  const image = imageOf(value);
  const src = image?.src ?? (typeof value === "string" ? value : "");
  if (!src) return "";
  // A URL already sized (image_url's own output) gets its parameters replaced, as Shopify's CDN URLs do.
  const [base = "", query = ""] = src.split("?");
  const params = new URLSearchParams(query);
  for (const key of ["width", "height", "crop", "format", "pad_color"])
    if (named[key] !== undefined && named[key] !== null && named[key] !== "") params.set(key, String(named[key]));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

function imageTag(value: unknown, named: Record<string, unknown>): string {
  const url = typeof value === "string" ? value : imageUrl(value, {});
  if (!url) return "";
  const image = imageOf(value);
  const width = Number(named.width ?? image?.width ?? 0) || undefined;
  const height = Number(named.height ?? (image && width ? Math.round(width / image.aspect_ratio) : (image?.height ?? 0))) || undefined;
  const widths = typeof named.widths === "string" ? named.widths.split(",").map((w) => w.trim()) : [];
  const attributes: Record<string, unknown> = {
    src: url,
    alt: named.alt ?? image?.alt ?? "",
    ...(widths.length ? { srcset: widths.map((w) => `${imageUrl(url, { width: w })} ${w}w`).join(", ") } : {}),
    width,
    height,
  };
  for (const [key, v] of Object.entries(named)) {
    if (["width", "height", "widths", "alt", "preload"].includes(key)) continue;
    // nil removes an attribute image_tag would set (srcset, sizes).
    if (v === null || v === undefined || v === false) delete attributes[key];
    else attributes[key] = v;
  }
  const rendered = Object.entries(attributes)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([key, v]) => `${key}="${escapeAttribute(v)}"`)
    .join(" ");
  return `<img ${rendered}>`;
}

/** The payload of a view event for a product, collection or cart (the `view-event-payload` Horizon 4 hands @shopify/events). */
function standardEventData(value: unknown, named: Record<string, unknown>): string {
  const money = (centsValue: number) => ({ amount: (centsValue / 100).toFixed(2), currencyCode: "USD" });
  if (value instanceof ProductDrop) {
    const variant = value.selected_or_first_available_variant;
    const selectedOptions = variant ? value.options.map((name, i) => ({ name, value: variant.options[i] ?? "" })) : [];
    return JSON.stringify({
      context: named.context ?? "page",
      selectedOptions,
      product: {
        id: `gid://shopify/Product/${value.id}`,
        title: value.title,
        handle: value.handle,
        selectedVariant: variant
          ? {
              id: `gid://shopify/ProductVariant/${variant.id}`,
              title: variant.title,
              availableForSale: variant.available,
              price: money(variant.price),
              selectedOptions,
            }
          : null,
      },
    });
  }
  if (value instanceof CollectionDrop) {
    return JSON.stringify({ collection: { id: `gid://shopify/Collection/${value.id}`, handle: value.handle, productsCount: value.products_count } });
  }
  if (value instanceof CartDrop) {
    const view = value.view;
    return JSON.stringify({
      context: named.context ?? "page",
      cart: {
        id: `gid://shopify/Cart/${view.token}`,
        totalQuantity: view.item_count,
        cost: { totalAmount: money(view.total_price) },
        lines: view.items.map((item) => ({ id: item.key, quantity: item.quantity, cost: { totalAmount: money(item.final_line_price) } })),
        discountCodes: [],
      },
    });
  }
  return "{}";
}

function colorFilter(fn: (color: ColorDrop, ...args: unknown[]) => unknown) {
  return (value: unknown, ...args: unknown[]) => {
    const color = ColorDrop.parse(value);
    return color ? fn(color, ...args) : value;
  };
}

/** Registers the filters on an engine that renders `theme`. */
export function registerShopifyFilters(
  engine: Liquid,
  theme: RealThemeFiles,
  localeOf: (code: string) => { locale: Record<string, unknown>; fallback: Record<string, unknown> },
) {
  const filters: Record<string, FilterImplOptions> = {
    // ---- theme assets
    asset_url: (file: unknown) => (typeof file === "string" && file ? themeAssetPath(theme, file) : ""),
    asset_img_url: (file: unknown) => (typeof file === "string" && file ? themeAssetPath(theme, file) : ""),
    inline_asset_content: (file: unknown) => (typeof file === "string" ? (theme.text(`assets/${file}`) ?? "") : ""),
    stylesheet_tag: (url: unknown, ...args: unknown[]) => {
      const { named } = keywordArgs(args);
      return `<link href="${escapeAttribute(url)}" rel="stylesheet" type="text/css" media="${escapeAttribute(named.media ?? "all")}">`;
    },
    script_tag: (url: unknown) => `<script src="${escapeAttribute(url)}" type="text/javascript"></script>`,
    preload_tag: (url: unknown, ...args: unknown[]) => {
      const { named } = keywordArgs(args);
      return `<link href="${escapeAttribute(url)}" rel="preload" as="${escapeAttribute(named.as ?? "style")}">`;
    },
    file_url: (file: unknown) => `/cdn/shop/files/${String(file ?? "")}`,
    file_img_url: (file: unknown) => `/cdn/shop/files/${String(file ?? "")}`,
    shopify_asset_url: (file: unknown) => `/cdn/shopifycloud/${String(file ?? "")}`,

    // ---- translations
    t: function (this: { context: { globals: Record<string, unknown> } }, key: unknown, ...args: unknown[]) {
      const code = ((this.context.globals.request as { locale?: { iso_code?: string } } | undefined)?.locale?.iso_code ?? "en").toString();
      const { locale, fallback } = localeOf(code);
      const text = String(key ?? "").replace(/^t:/, "");
      return translateKey(locale, fallback, text, keywordArgs(args).named);
    },

    // ---- money (cents)
    money: (value: unknown) => moneyText(value),
    money_with_currency: (value: unknown) => moneyText(value, "with_currency"),
    money_without_currency: (value: unknown) => moneyText(value, "without_currency"),
    money_without_trailing_zeros: (value: unknown) => moneyText(value, "without_trailing_zeros"),
    // No product here sells by unit measure: the unit price alone.
    unit_price_with_measurement: (value: unknown) => moneyText(value),

    // ---- images and media
    image_url: (value: unknown, ...args: unknown[]) => imageUrl(value, keywordArgs(args).named),
    img_url: (value: unknown) => imageUrl(value, {}),
    image_tag: (value: unknown, ...args: unknown[]) => imageTag(value, keywordArgs(args).named),
    img_tag: (value: unknown) => imageTag(value, {}),
    placeholder_svg_tag: (name: unknown, className?: unknown) =>
      `<svg class="${escapeAttribute(className ?? "")}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 525.5 525.5" data-placeholder="${escapeAttribute(name)}"><rect width="525.5" height="525.5" fill="#f3f3f3"/></svg>`,
    media_tag: (value: unknown, ...args: unknown[]) => imageTag(value, keywordArgs(args).named),
    video_tag: () => "",
    external_video_url: () => "",
    external_video_tag: () => "",
    model_viewer_tag: () => "",

    // ---- colors
    color_brightness: colorFilter((color) => color.brightness),
    color_to_rgb: colorFilter((color) =>
      color.alpha < 1 ? `rgba(${color.red}, ${color.green}, ${color.blue}, ${color.alpha})` : `rgb(${color.red}, ${color.green}, ${color.blue})`,
    ),
    color_to_hsl: colorFilter((color) => `hsl(${color.hue}, ${color.saturation}%, ${color.lightness}%)`),
    color_to_hex: colorFilter((color) => color.hex()),
    color_extract: colorFilter((color, part) => (color as unknown as Record<string, unknown>)[String(part)] ?? null),
    color_lighten: colorFilter((color, amount) => color.withHsl({ lightness: color.lightness + Number(amount) })),
    color_darken: colorFilter((color, amount) => color.withHsl({ lightness: color.lightness - Number(amount) })),
    color_saturate: colorFilter((color, amount) => color.withHsl({ saturation: color.saturation + Number(amount) })),
    color_desaturate: colorFilter((color, amount) => color.withHsl({ saturation: color.saturation - Number(amount) })),
    color_modify: colorFilter((color, part, amount) => {
      const name = String(part);
      if (name === "alpha") return color.with({ alpha: Number(amount) });
      if (["red", "green", "blue"].includes(name)) return color.with({ [name]: Number(amount) });
      return color.withHsl({ [name]: Number(amount) });
    }),
    color_mix: colorFilter((color, other, weight) => {
      const second = ColorDrop.parse(other) ?? color;
      const w = Number(weight ?? 50) / 100;
      const mix = (a: number, b: number) => Math.round(a * w + b * (1 - w));
      return new ColorDrop(mix(color.red, second.red), mix(color.green, second.green), mix(color.blue, second.blue), color.alpha * w + second.alpha * (1 - w));
    }),
    color_contrast: colorFilter((color, other) => {
      const second = ColorDrop.parse(other);
      if (!second) return 1;
      const [light, dark] = [color.luminance(), second.luminance()].sort((a, b) => b - a) as [number, number];
      return Math.round(((light + 0.05) / (dark + 0.05)) * 10) / 10;
    }),
    color_difference: colorFilter((color, other) => {
      const second = ColorDrop.parse(other) ?? color;
      return Math.abs(color.red - second.red) + Math.abs(color.green - second.green) + Math.abs(color.blue - second.blue);
    }),
    brightness_difference: colorFilter((color, other) => Math.abs(color.brightness - (ColorDrop.parse(other)?.brightness ?? color.brightness))),

    // ---- fonts (no font files locally: see FontDrop)
    font_face: () => "",
    font_url: () => "",
    font_modify: (font: unknown, property: unknown, value: unknown) => (font instanceof FontDrop ? font.modify(String(property), String(value)) : font),

    // ---- HTML and URL helpers
    json: (value: unknown) => (JSON.stringify(value === undefined ? null : value) ?? "null").replace(/</g, "\\u003c").replace(/>/g, "\\u003e"),
    link_to: (text: unknown, url: unknown, title?: unknown) =>
      `<a href="${escapeAttribute(url)}"${title ? ` title="${escapeAttribute(title)}"` : ""}>${String(text ?? "")}</a>`,
    within: (url: unknown) => url,
    handleize: (text: unknown) => slugify(String(text ?? "")),
    handle: (text: unknown) => slugify(String(text ?? "")),
    url_for_type: (type: unknown) => `/collections/types?q=${encodeURIComponent(String(type ?? ""))}`,
    url_for_vendor: (vendor: unknown) => `/collections/vendors?q=${encodeURIComponent(String(vendor ?? ""))}`,
    sort_by: (url: unknown) => url,
    highlight: (text: unknown) => text,
    highlight_active_tag: (text: unknown) => text,
    pluralize: (count: unknown, singular: unknown, plural: unknown) => (Number(count) === 1 ? singular : plural),
    camelize: (text: unknown) => String(text ?? "").replace(/[-_\s]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : "")),
    md5: (text: unknown) =>
      createHash("md5")
        .update(String(text ?? ""))
        .digest("hex"),
    sha1: (text: unknown) =>
      createHash("sha1")
        .update(String(text ?? ""))
        .digest("hex"),
    sha256: (text: unknown) =>
      createHash("sha256")
        .update(String(text ?? ""))
        .digest("hex"),
    hmac_sha256: (text: unknown, key: unknown) =>
      createHmac("sha256", String(key ?? ""))
        .update(String(text ?? ""))
        .digest("hex"),
    structured_data: () => "{}",
    time_tag: (value: unknown) => {
      const date = new Date(String(value ?? ""));
      return Number.isNaN(date.getTime()) ? "" : `<time datetime="${date.toISOString()}">${date.toDateString()}</time>`;
    },
    format_address: () => "",
    default_pagination: (paginate: unknown) => {
      const parts = (paginate as { parts?: Array<{ title: unknown; url: string; is_link: boolean }> })?.parts ?? [];
      return parts
        .map((part) =>
          part.is_link ? `<a href="${escapeAttribute(part.url)}">${String(part.title)}</a>` : `<span class="page current">${String(part.title)}</span>`,
        )
        .join(" ");
    },
    default_errors: () => "",

    // ---- services Local Shopify does not have
    payment_type_svg_tag: () => "",
    payment_button: () => "",
    payment_terms: () => "",
    login_button: () => "",
    avatar: () => "",
    metafield_tag: () => "",
    metafield_text: () => "",
    currency_selector: () => "",

    // ---- the cart and standard events
    item_count_for_variant: (cart: unknown, variantId: unknown) =>
      cart instanceof CartDrop ? cart.items.filter((item) => item.variant_id === Number(variantId)).reduce((sum, item) => sum + item.quantity, 0) : 0,
    line_items_for: (cart: unknown, target: unknown) => {
      if (!(cart instanceof CartDrop)) return [];
      if (target instanceof ProductDrop) return cart.items.filter((item) => item.product_id === target.id);
      if (target instanceof VariantDrop) return cart.items.filter((item) => item.variant_id === target.id);
      return [];
    },
    standard_event_data: (value: unknown, _kind: unknown, ...args: unknown[]) => standardEventData(value, keywordArgs(args).named),
  };
  for (const [name, filter] of Object.entries(filters)) engine.registerFilter(name, filter);
}

const unknownFiltersLogged = new Set<string>();

/**
 * A filter the engine does not know passes its input through and is logged
 * once per name (liquidjs's lenient mode passes it through silently): the
 * page still renders, and the log says what to add.
 */
export function degradeUnknownFilters(engine: Liquid) {
  const known = engine.filters;
  // liquidjs looks filters up in this object at parse time (Value) and render time: a proxy answers the unknown ones.
  (engine as { filters: Liquid["filters"] }).filters = new Proxy(known, {
    get(target, name) {
      const filter = Reflect.get(target, name);
      if (filter || typeof name !== "string") return filter;
      if (!unknownFiltersLogged.has(name)) {
        unknownFiltersLogged.add(name);
        console.warn(`Local Shopify: the Liquid filter "${name}" is not emulated; it passes its input through.`);
      }
      return (value: unknown) => value;
    },
  });
}
