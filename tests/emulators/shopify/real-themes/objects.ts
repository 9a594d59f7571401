/**
 * Local Shopify's shop as Shopify's Liquid objects show it to a real theme:
 * product, variant, option, media, collection, cart and line item, with the
 * fields Dawn and Horizon read (shopify.dev's Liquid objects reference), and
 * the JSON `| json` prints for them (the Ajax API's product and variant
 * shapes). Prices are in cents, as in Liquid.
 *
 * One ObjectFactory lives for one render: it hands out one drop per product,
 * variant and collection, so Liquid's `==` (identity for objects) holds
 * between, say, `variant` and `product.selected_variant`.
 */
import { Drop } from "liquidjs";
import type { Product, Variant } from "../catalogue.js";
import type { LocalShopifyConfig } from "../config.js";
import type { CartView, CartViewItem } from "../storefront-cart.js";
import { productImageUrl } from "../urls.js";
import { ImageDrop, SHOP_CURRENCY } from "./values.js";

export const cents = (price: string | number | null | undefined) => (price === null || price === undefined ? null : Math.round(Number(price) * 100));

/** The option names and each variant's values, as the demo catalogue implies them. */
export function productOptions(product: Product): { names: string[]; values: (variant: Variant) => string[] } {
  const first = product.variants[0];
  if (first?.options?.length) return { names: first.options.map((o) => o.name), values: (v) => (v.options ?? []).map((o) => o.value) };
  if (product.variants.length === 1 && first?.title === "Default Title") return { names: ["Title"], values: () => ["Default Title"] };
  return { names: ["Size"], values: (v) => [v.title] };
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export class ObjectFactory {
  private products = new Map<number, ProductDrop>();
  private collections = new Map<string, CollectionDrop>();

  constructor(
    readonly config: LocalShopifyConfig,
    readonly catalogue: Product[],
    /** The variant a product page was asked for (?variant=), if any. */
    readonly selectedVariantId: number | null = null,
  ) {}

  get live(): Product[] {
    return this.catalogue.filter((product) => product.status === "ACTIVE");
  }

  product(product: Product): ProductDrop {
    let drop = this.products.get(product.id);
    if (!drop) this.products.set(product.id, (drop = new ProductDrop(this, product)));
    return drop;
  }

  productByHandle(handle: unknown): ProductDrop | null {
    if (handle instanceof ProductDrop) return handle;
    const found = this.live.find((p) => p.handle === String(handle));
    return found ? this.product(found) : null;
  }

  variantById(id: number): VariantDrop | null {
    for (const product of this.catalogue) {
      if (product.variants.some((v) => v.id === id)) return this.product(product).variants.find((v) => v.id === id) ?? null;
    }
    return null;
  }

  /** "all", "frontpage", or one collection per product type (e.g. "shirts"). */
  collection(handle: unknown): CollectionDrop | null {
    if (handle instanceof CollectionDrop) return handle;
    const key = String(handle ?? "");
    if (!key) return null;
    let drop = this.collections.get(key);
    if (!drop) {
      const all = key === "all" || key === "frontpage";
      const products = all ? this.live : this.live.filter((p) => slugify(p.productType) === key);
      if (!products.length) return null;
      const title = all ? (key === "all" ? "All products" : "Home page") : (products[0]?.productType ?? key);
      this.collections.set(key, (drop = new CollectionDrop(this, key, title, products)));
    }
    return drop;
  }

  allCollections(): CollectionDrop[] {
    const handles = ["all", ...new Set(this.live.map((p) => slugify(p.productType)).filter(Boolean))];
    return handles.map((handle) => this.collection(handle)).filter((c): c is CollectionDrop => c !== null);
  }
}

// ---------------------------------------------------------------- product

export class ProductDrop extends Drop {
  readonly id: number;
  readonly title: string;
  readonly handle: string;
  readonly variants: VariantDrop[];
  readonly images: ImageDrop[];

  constructor(
    private readonly factory: ObjectFactory,
    readonly source: Product,
  ) {
    super();
    this.id = source.id;
    this.title = source.title;
    this.handle = source.handle;
    const image = new ImageDrop(source.imageUrl ?? productImageUrl(factory.config, source.handle), 800, 800, source.title, source.id * 10 + 1);
    this.images = [image];
    const options = productOptions(source);
    this.variants = source.variants.map((variant) => new VariantDrop(this, variant, options.values(variant)));
  }

  get url() {
    return `/products/${this.handle}`;
  }
  get description() {
    return `<p>${this.source.description}</p>`;
  }
  get content() {
    return this.description;
  }
  get vendor() {
    return this.source.vendor;
  }
  get type() {
    return this.source.productType;
  }
  get tags() {
    return this.source.tags;
  }
  get created_at() {
    return this.source.createdAt;
  }
  get published_at() {
    return this.source.createdAt;
  }
  get available() {
    return this.variants.some((v) => v.available);
  }
  get price() {
    return this.price_min;
  }
  get price_min() {
    return Math.min(...this.variants.map((v) => v.price));
  }
  get price_max() {
    return Math.max(...this.variants.map((v) => v.price));
  }
  get price_varies() {
    return this.price_min !== this.price_max;
  }
  get compare_at_price() {
    return this.compare_at_price_min;
  }
  get compare_at_price_min() {
    const prices = this.variants.map((v) => v.compare_at_price).filter((p): p is number => p !== null);
    return prices.length ? Math.min(...prices) : null;
  }
  get compare_at_price_max() {
    const prices = this.variants.map((v) => v.compare_at_price).filter((p): p is number => p !== null);
    return prices.length ? Math.max(...prices) : null;
  }
  get compare_at_price_varies() {
    return this.compare_at_price_min !== this.compare_at_price_max;
  }
  get options() {
    return productOptions(this.source).names;
  }
  get options_with_values() {
    return this.options.map((name, index) => new ProductOptionDrop(this, name, index));
  }
  get options_by_name() {
    return Object.fromEntries(this.options_with_values.map((option) => [option.name.toLowerCase(), option]));
  }
  get has_only_default_variant() {
    return this.options[0] === "Title" && this.variants.length === 1;
  }
  get selected_variant() {
    return this.variants.find((v) => v.id === this.factory.selectedVariantId) ?? null;
  }
  get first_available_variant() {
    return this.variants.find((v) => v.available) ?? null;
  }
  get selected_or_first_available_variant() {
    return this.selected_variant ?? this.first_available_variant ?? this.variants[0] ?? null;
  }
  get featured_image() {
    return this.images[0] ?? null;
  }
  get featured_media() {
    return this.images[0] ?? null;
  }
  get media() {
    return this.images;
  }
  get collections() {
    return [this.factory.collection("all"), this.factory.collection(slugify(this.type))].filter(Boolean);
  }
  get metafields() {
    return {};
  }
  get selling_plan_groups() {
    return [];
  }
  get requires_selling_plan() {
    return false;
  }
  get "gift_card?"() {
    return false;
  }
  get "quantity_price_breaks_configured?"() {
    return false;
  }
  get template_suffix() {
    return null;
  }

  toJSON() {
    return {
      id: this.id,
      title: this.title,
      handle: this.handle,
      description: this.description,
      published_at: this.published_at,
      created_at: this.created_at,
      vendor: this.vendor,
      type: this.type,
      tags: this.tags,
      price: this.price,
      price_min: this.price_min,
      price_max: this.price_max,
      available: this.available,
      price_varies: this.price_varies,
      compare_at_price: this.compare_at_price,
      compare_at_price_min: this.compare_at_price_min ?? 0,
      compare_at_price_max: this.compare_at_price_max ?? 0,
      compare_at_price_varies: this.compare_at_price_varies,
      variants: this.variants.map((v) => v.toJSON()),
      images: this.images.map((i) => i.src),
      featured_image: this.featured_image?.src ?? null,
      options: this.options,
      media: this.images.map((i) => i.toJSON()),
      requires_selling_plan: false,
      selling_plan_groups: [],
      content: this.content,
      url: this.url,
    };
  }
}

export class ProductOptionDrop extends Drop {
  readonly position: number;
  constructor(
    private readonly product: ProductDrop,
    readonly name: string,
    private readonly index: number,
  ) {
    super();
    this.position = index + 1;
  }

  private get names(): string[] {
    return [...new Set(this.product.variants.map((v) => v.options[this.index] ?? ""))];
  }
  /** Its values (option value drops: they print as the value, and know their availability and variant). */
  get values() {
    return this.option_values;
  }
  get selected_value() {
    return this.product.selected_or_first_available_variant?.options[this.index] ?? null;
  }
  get option_values() {
    const selected = this.product.selected_or_first_available_variant;
    return this.names.map((value, i) => {
      // The variant this value leads to: the selected one with this option changed (Shopify's option value drop).
      const wanted = (selected?.options ?? []).map((current, j) => (j === this.index ? value : current));
      const variant = this.product.variants.find((v) => v.options.every((o, j) => o === wanted[j])) ?? null;
      return new OptionValueDrop(this.product, value, i, variant, selected?.options[this.index] === value);
    });
  }
}

export class OptionValueDrop extends Drop {
  readonly id: number;
  constructor(
    private readonly product: ProductDrop,
    readonly name: string,
    index: number,
    readonly variant: VariantDrop | null,
    readonly selected: boolean,
  ) {
    super();
    this.id = product.id * 100 + index + 1;
  }
  get available() {
    return this.variant?.available ?? false;
  }
  get exists() {
    return this.variant !== null;
  }
  get product_url() {
    return null;
  }
  get swatch() {
    return null;
  }
  override valueOf() {
    return this.name;
  }
  toString() {
    return this.name;
  }
}

// ---------------------------------------------------------------- variant

export class VariantDrop extends Drop {
  readonly id: number;
  readonly title: string;
  readonly price: number;
  readonly compare_at_price: number | null;

  constructor(
    readonly product: ProductDrop,
    readonly source: Variant,
    readonly options: string[],
  ) {
    super();
    this.id = source.id;
    this.title = source.title;
    this.price = cents(source.price) ?? 0;
    this.compare_at_price = cents(source.compareAtPrice);
  }

  get available() {
    return this.source.inventoryQuantity > 0;
  }
  get sku() {
    return this.source.sku;
  }
  get barcode() {
    return null;
  }
  get option1() {
    return this.options[0] ?? null;
  }
  get option2() {
    return this.options[1] ?? null;
  }
  get option3() {
    return this.options[2] ?? null;
  }
  get selected() {
    return this.product.selected_variant === this;
  }
  get matched() {
    return true;
  }
  get url() {
    return `/products/${this.product.handle}?variant=${this.id}`;
  }
  get featured_image() {
    return null;
  }
  get featured_media() {
    return null;
  }
  get image() {
    return null;
  }
  get inventory_quantity() {
    return this.source.inventoryQuantity;
  }
  get inventory_management() {
    return "shopify";
  }
  get inventory_policy() {
    return "deny";
  }
  get requires_shipping() {
    return true;
  }
  get requires_selling_plan() {
    return false;
  }
  get taxable() {
    return true;
  }
  get weight() {
    return 0;
  }
  get unit_price_measurement() {
    return null;
  }
  get quantity_rule() {
    return { min: 1, max: null, increment: 1 };
  }
  get quantity_price_breaks() {
    return [];
  }
  get selling_plan_allocations() {
    return [];
  }
  get store_availabilities() {
    return [];
  }
  get metafields() {
    return {};
  }
  get incoming() {
    return false;
  }
  get public_title() {
    return this.title === "Default Title" ? null : this.title;
  }
  get name() {
    return this.public_title ? `${this.product.title} - ${this.public_title}` : this.product.title;
  }

  toJSON() {
    return {
      id: this.id,
      title: this.title,
      option1: this.option1,
      option2: this.option2,
      option3: this.option3,
      sku: this.sku,
      requires_shipping: true,
      taxable: true,
      featured_image: null,
      available: this.available,
      name: this.name,
      public_title: this.public_title,
      options: this.options,
      price: this.price,
      weight: 0,
      compare_at_price: this.compare_at_price,
      inventory_management: "shopify",
      barcode: null,
      requires_selling_plan: false,
      selling_plan_allocations: [],
      quantity_rule: { min: 1, max: null, increment: 1 },
    };
  }
}

// ---------------------------------------------------------------- collection

export class CollectionDrop extends Drop {
  readonly id: number;
  readonly products: ProductDrop[];

  constructor(
    factory: ObjectFactory,
    readonly handle: string,
    readonly title: string,
    products: Product[],
  ) {
    super();
    let hash = 7;
    for (const ch of handle) hash = (hash * 31 + ch.charCodeAt(0)) % 1_000_000;
    this.id = 420_000_000 + hash;
    this.products = products.map((p) => factory.product(p));
  }

  get url() {
    return `/collections/${this.handle}`;
  }
  get products_count() {
    return this.products.length;
  }
  get all_products_count() {
    return this.products.length;
  }
  get description() {
    return "";
  }
  get image() {
    return null;
  }
  get featured_image() {
    return this.products[0]?.featured_image ?? null;
  }
  get filters() {
    return [];
  }
  get sort_by() {
    return "manual";
  }
  get default_sort_by() {
    return "manual";
  }
  get sort_options() {
    return [
      { name: "Featured", value: "manual" },
      { name: "Alphabetically, A-Z", value: "title-ascending" },
      { name: "Price, low to high", value: "price-ascending" },
    ];
  }
  get all_tags() {
    return [];
  }
  get tags() {
    return [];
  }
  get metafields() {
    return {};
  }
  get template_suffix() {
    return null;
  }
}

// ---------------------------------------------------------------- cart

/** The cart as Liquid's `cart` object (the Ajax view underneath, with drops for its lines). */
export class CartDrop extends Drop {
  readonly items: LineItemDrop[];

  constructor(
    factory: ObjectFactory,
    readonly view: CartView,
  ) {
    super();
    this.items = view.items.map((item, index) => new LineItemDrop(factory, item, index));
  }

  get item_count() {
    return this.view.item_count;
  }
  get total_price() {
    return this.view.total_price;
  }
  get items_subtotal_price() {
    return this.view.items_subtotal_price;
  }
  get original_total_price() {
    return this.view.original_total_price;
  }
  get total_discount() {
    return 0;
  }
  get checkout_charge_amount() {
    return this.view.total_price;
  }
  get currency() {
    return SHOP_CURRENCY;
  }
  get note() {
    return this.view.note;
  }
  get attributes() {
    return this.view.attributes;
  }
  get discount_applications() {
    return [];
  }
  get cart_level_discount_applications() {
    return [];
  }
  get requires_shipping() {
    return this.items.length > 0;
  }
  get taxes_included() {
    return false;
  }
  get duties_included() {
    return false;
  }
  get "empty?"() {
    return this.items.length === 0;
  }
  get token() {
    return this.view.token;
  }

  /** What `cart == empty` compares: Shopify's cart is empty when it has no lines. */
  override valueOf() {
    return this.items;
  }

  toJSON() {
    return this.view;
  }
}

export class LineItemDrop extends Drop {
  readonly key: string;
  readonly quantity: number;

  constructor(
    private readonly factory: ObjectFactory,
    readonly json: CartViewItem,
    private readonly index: number,
  ) {
    super();
    this.key = json.key;
    this.quantity = json.quantity;
  }

  get id() {
    return this.json.variant_id;
  }
  get variant_id() {
    return this.json.variant_id;
  }
  get product_id() {
    return this.json.product_id;
  }
  get variant() {
    return this.factory.variantById(this.json.variant_id);
  }
  get product() {
    return this.variant?.product ?? null;
  }
  get title() {
    return this.json.title;
  }
  get url() {
    return this.json.url;
  }
  get image() {
    return this.product?.featured_image ?? null;
  }
  get price() {
    return this.json.price;
  }
  get original_price() {
    return this.json.original_price;
  }
  get final_price() {
    return this.json.final_price;
  }
  get line_price() {
    return this.json.line_price;
  }
  get original_line_price() {
    return this.json.original_line_price;
  }
  get final_line_price() {
    return this.json.final_line_price;
  }
  get properties() {
    return this.json.properties;
  }
  get options_with_values() {
    return this.json.options_with_values;
  }
  get sku() {
    return this.json.sku;
  }
  get vendor() {
    return this.json.vendor;
  }
  get discounts() {
    return [];
  }
  get line_level_discount_allocations() {
    return [];
  }
  get selling_plan_allocation() {
    return null;
  }
  get unit_price_measurement() {
    return null;
  }
  get item_components() {
    return [];
  }
  get "has_components?"() {
    return false;
  }
  get gift_card() {
    return false;
  }
  get requires_shipping() {
    return true;
  }
  get instructions() {
    return { can_remove: true, can_update_quantity: true };
  }
  get error_message() {
    return null;
  }
  get message() {
    return "";
  }
  /** 1-based, as `/cart/change.js` takes `line`. */
  get line() {
    return this.index + 1;
  }

  toJSON() {
    return this.json;
  }
}
