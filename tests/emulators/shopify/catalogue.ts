/**
 * The demo catalogue every new shop starts with: deterministic (same ids,
 * titles, prices on every run) so tests can assert exact values, and varied
 * enough (apparel, beauty, home; 1-3 variants; some sold out, some on sale)
 * that product search and tagging look real in the demo, and one product with
 * two options (Size x Color) for the player's variant picker.
 */

export interface Variant {
  id: number;
  title: string;
  sku: string;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number;
  /**
   * Its value of each of the product's options, in the product's option order
   * (every variant of a product names the same options). Absent: the demo's
   * one-option products, whose option is "Size" (its value the title), or
   * "Title" for a product with only its "Default Title" variant.
   */
  options?: Array<{ name: string; value: string }>;
}

export interface Product {
  id: number;
  title: string;
  handle: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  createdAt: string;
  updatedAt: string;
  variants: Variant[];
  /** Absolute image URL; when absent Local Shopify serves a generated SVG. */
  imageUrl?: string;
}

type Line = [item: string, productType: string, price: number, blurb: string];

const CATEGORIES: Array<{
  vendor: string;
  tag: string;
  qualifiers: [string, string, string];
  options: string[];
  lines: Line[];
}> = [
  {
    vendor: "Northwind Apparel",
    tag: "apparel",
    qualifiers: ["Classic", "Relaxed", "Everyday"],
    options: ["S", "M", "L"],
    lines: [
      ["Linen Shirt", "Shirts", 58, "Breathable European linen with a soft, lived-in finish."],
      ["Organic Cotton T-Shirt", "T-Shirts", 28, "Heavyweight organic cotton that keeps its shape wash after wash."],
      ["Wool Beanie", "Accessories", 24, "Merino wool rib knit, warm without the itch."],
      ["Denim Jacket", "Jackets", 96, "Rigid selvedge denim that breaks in beautifully."],
      ["Slip Dress", "Dresses", 84, "Bias-cut satin that moves with you from day to night."],
      ["Cargo Trousers", "Trousers", 72, "Durable cotton twill with roomy utility pockets."],
      ["Knit Cardigan", "Knitwear", 88, "Chunky hand-finished knit in a relaxed fit."],
      ["Canvas Sneakers", "Shoes", 65, "Vulcanised rubber sole and sturdy cotton canvas upper."],
    ],
  },
  {
    vendor: "Glow Botanics",
    tag: "beauty",
    qualifiers: ["Hydrating", "Radiance", "Calming"],
    options: ["30 ml", "50 ml"],
    lines: [
      ["Face Serum", "Skincare", 34, "Lightweight serum with niacinamide and botanical extracts."],
      ["Lip Balm", "Lip Care", 9, "Shea butter and beeswax for soft, protected lips."],
      ["Clay Mask", "Skincare", 26, "Kaolin clay mask that draws out impurities gently."],
      ["Body Lotion", "Body Care", 22, "Fast-absorbing lotion with a clean, fresh scent."],
      ["Eye Cream", "Skincare", 38, "Caffeine and peptides to brighten tired eyes."],
      ["Cleansing Oil", "Skincare", 29, "Melts away make-up and sunscreen without stripping."],
      ["Hair Mask", "Hair Care", 27, "Deep conditioning treatment for dry, frizzy hair."],
      ["Sunscreen SPF 50", "Sun Care", 31, "Invisible mineral protection for every skin tone."],
    ],
  },
  {
    vendor: "Hearth & Loom",
    tag: "home",
    qualifiers: ["Nordic", "Terracotta", "Coastal"],
    options: [],
    lines: [
      ["Scented Candle", "Candles", 32, "Hand-poured soy wax with a 50-hour burn time."],
      ["Ceramic Vase", "Decor", 45, "Wheel-thrown stoneware with a reactive glaze."],
      ["Throw Blanket", "Textiles", 79, "Soft woven cotton throw with fringed edges."],
      ["Linen Cushion Cover", "Textiles", 35, "Stonewashed linen cover with a hidden zip."],
      ["Stoneware Mug", "Kitchen", 18, "Generous 350 ml mug, dishwasher safe."],
      ["Woven Basket", "Storage", 42, "Hand-woven seagrass basket for throws and toys."],
      ["Table Lamp", "Lighting", 120, "Linen shade on a turned oak base, warm dimmable light."],
      ["Cotton Bath Towel", "Bath", 30, "Plush 600 gsm Turkish cotton towel."],
    ],
  },
];

const PRODUCT_ID_BASE = 8_800_000_000;
const VARIANT_ID_BASE = 45_000_000_000;

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A tiny deterministic pseudo-random sequence (no Math.random: runs must repeat). */
function pseudoRandom(seed: number): number {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return x - Math.floor(x);
}

/** All base products (3 categories x 8 lines x 3 qualifiers = 72); the catalogue adds the variant picker's product after them. */
function baseEntries() {
  const entries: Array<{ category: (typeof CATEGORIES)[number]; line: Line; qualifier: string; q: number }> = [];
  for (const q of [0, 1, 2] as const) {
    for (const category of CATEGORIES) {
      for (const line of category.lines) entries.push({ category, line, qualifier: category.qualifiers[q], q });
    }
  }
  return entries;
}

const DEFAULT_PRODUCT_COUNT = 72;

/** `count` generated products, then the variant picker's product (so 73 by default). */

export function demoCatalogue(count: number = DEFAULT_PRODUCT_COUNT): Product[] {
  const entries = baseEntries();
  const products: Product[] = [];
  for (let i = 0; i < count; i++) {
    const entry = entries[i % entries.length];
    if (!entry) throw new Error("the catalogue has no base products");
    const { category, line, qualifier, q } = entry;
    const [item, productType, basePrice, blurb] = line;
    const round = Math.floor(i / entries.length);
    const title = `${qualifier} ${item}${round ? ` ${round + 1}` : ""}`;
    const handle = slugify(title);
    const price = basePrice + q * 4;
    const onSale = i % 4 === 3;
    const created = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().replace(".000", "");
    const options = category.options.length ? category.options.slice(0, 1 + (i % category.options.length)) : ["Default Title"];
    const variants = options.map((option, v) => {
      // Roughly one product in nine is sold out, so availableForSale varies.
      const stock = i % 9 === 5 ? 0 : Math.floor(pseudoRandom(i * 10 + v) * 40) + 1;
      const variantPrice = (price + v * 6).toFixed(2);
      return {
        id: VARIANT_ID_BASE + (i + 1) * 10 + v,
        title: option,
        sku: `${category.tag.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, "0")}-${v + 1}`,
        price: variantPrice,
        compareAtPrice: onSale ? (Number(variantPrice) * 1.25).toFixed(2) : null,
        inventoryQuantity: stock,
      };
    });
    products.push({
      id: PRODUCT_ID_BASE + i + 1,
      title,
      handle,
      description: `${blurb} Part of our ${qualifier.toLowerCase()} collection.`,
      vendor: category.vendor,
      productType,
      tags: [category.tag, slugify(qualifier), ...(i % 5 === 0 ? ["bestseller"] : []), ...(onSale ? ["sale"] : [])],
      status: "ACTIVE",
      createdAt: created,
      updatedAt: created,
      variants,
    });
  }
  products.push(variantPickerProduct());
  return products;
}

/**
 * A product with two options, for the player's variant picker: Size (S, M, L)
 * x Color (Black, Sand), six variants at 64.00, where M / Sand is sold out and
 * L / Black is on sale (54.00, compare at 64.00). It follows the generated
 * products (ids outside their range), so their ids and order stay.
 */
export const VARIANT_PICKER_PRODUCT_ID = PRODUCT_ID_BASE + 900_001;
export const VARIANT_PICKER_PRODUCT_HANDLE = "colour-block-hoodie";

function variantPickerProduct(): Product {
  const created = "2025-01-01T00:00:00Z";
  const sizes = ["S", "M", "L"];
  const colors = ["Black", "Sand"];
  const variants = sizes.flatMap((size, s) =>
    colors.map((color, c): Variant => {
      const onSale = size === "L" && color === "Black";
      const soldOut = size === "M" && color === "Sand";
      return {
        id: VARIANT_ID_BASE + 9_000_000 + s * 10 + c + 1,
        title: `${size} / ${color}`,
        sku: `APP-HOOD-${size}-${color.toUpperCase()}`,
        price: onSale ? "54.00" : "64.00",
        compareAtPrice: onSale ? "64.00" : null,
        inventoryQuantity: soldOut ? 0 : 6 + s * 3 + c,
        options: [
          { name: "Size", value: size },
          { name: "Color", value: color },
        ],
      };
    }),
  );
  return {
    id: VARIANT_PICKER_PRODUCT_ID,
    title: "Colour Block Hoodie",
    handle: VARIANT_PICKER_PRODUCT_HANDLE,
    description: "Brushed-back cotton fleece in two colours, with a roomy hood.",
    vendor: "Northwind Apparel",
    productType: "Hoodies",
    tags: ["apparel", "hoodie"],
    status: "ACTIVE",
    createdAt: created,
    updatedAt: created,
    variants,
  };
}

/** Turns a loosely specified product (from /__local/.../seed) into a full one. */
export function normalizeProduct(input: Partial<Product> & { title: string; price?: string | number }, index: number): Product {
  const id = input.id ?? PRODUCT_ID_BASE + 500_000 + index + 1;
  const created = input.createdAt ?? new Date(Date.UTC(2024, 6, 1) + index * 86_400_000).toISOString().replace(".000", "");
  return {
    id,
    title: input.title,
    handle: input.handle ?? slugify(input.title),
    description: input.description ?? "",
    vendor: input.vendor ?? "Local Vendor",
    productType: input.productType ?? "",
    tags: input.tags ?? [],
    status: input.status ?? "ACTIVE",
    createdAt: created,
    updatedAt: input.updatedAt ?? created,
    imageUrl: input.imageUrl,
    variants: input.variants ?? [
      {
        id: VARIANT_ID_BASE + 5_000_000 + index * 10,
        title: "Default Title",
        sku: "",
        price: Number(input.price ?? 10).toFixed(2),
        compareAtPrice: null,
        inventoryQuantity: 10,
      },
    ],
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A coloured square with the product title: stands in for Shopify's CDN images. */
export function productSvg(title: string): string {
  let hue = 0;
  for (const ch of title) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  const words = title.split(" ");
  const [firstLine, secondLine] = [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="hsl(${hue} 55% 82%)"/>
<circle cx="400" cy="330" r="150" fill="hsl(${hue} 45% 62%)"/>
<text x="400" y="600" font-family="Helvetica, Arial, sans-serif" font-size="52" text-anchor="middle" fill="hsl(${hue} 40% 22%)">${escapeXml(firstLine)}</text>
<text x="400" y="670" font-family="Helvetica, Arial, sans-serif" font-size="52" text-anchor="middle" fill="hsl(${hue} 40% 22%)">${escapeXml(secondLine)}</text>
</svg>`;
}
