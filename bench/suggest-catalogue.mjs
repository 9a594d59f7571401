// @ts-check
// A generated catalogue shaped like a large real shop's, for bench/suggest.mjs
// (decisions 053, 059). What makes a real catalogue cost memory is its long
// tail: product lines and model names used by a handful of products, tags
// written as phrases ("Gift Ideas For Her", "summer-edit-2024"), SKU-like
// tags, many sizes and colours. A catalogue drawn from a few hundred common
// words (the first version of this bench) hides that cost.
//
// Deterministic: the same seed gives the same products. Products come in
// pages, as the app reads them from the database, so five shops of 50,000 can
// be built at once without first holding 250,000 product objects.

/** @typedef {import("../app/suggestions/product-suggestions.ts").CatalogueProduct} CatalogueProduct */

const split = (/** @type {string} */ text) => text.split(" ");

const ADJECTIVES = split(
  "classic relaxed everyday slim oversized cropped vintage modern essential premium soft light heavy cosy airy bold minimal rustic coastal nordic urban alpine tropical desert midnight golden silver royal wild gentle pure fresh bright deep calm daily weekend studio heritage signature original ultra mini maxi tall petite travel outdoor indoor luxe organic recycled handmade artisan seasonal limited",
);
const MATERIALS = split(
  "linen cotton wool cashmere silk satin denim leather suede canvas velvet corduroy fleece jersey bamboo hemp ceramic stoneware porcelain glass oak walnut rattan seagrass brass copper marble clay soy beeswax shea argan",
);
const COLOURS = split("black white sand navy olive rust ivory charcoal sage blush cream camel stone forest ocean mustard plum coral teal grey");
/** Product type -> the nouns its titles use. */
const TYPES = [
  ["Shirts", "shirt overshirt blouse"],
  ["T-Shirts", "t-shirt tee tank"],
  ["Dresses", "dress midi-dress maxi-dress"],
  ["Jackets", "jacket blazer bomber parka"],
  ["Trousers", "trousers chinos joggers jeans shorts"],
  ["Knitwear", "cardigan sweater jumper vest"],
  ["Shoes", "sneakers loafers boots sandals mules"],
  ["Accessories", "beanie scarf cap belt gloves tote backpack wallet"],
  ["Jewellery", "necklace earrings ring bracelet anklet"],
  ["Skincare", "serum moisturiser toner cleanser mask essence peel"],
  ["Body Care", "lotion scrub wash butter oil"],
  ["Lip Care", "balm gloss lipstick liner"],
  ["Hair Care", "shampoo conditioner treatment spray"],
  ["Candles", "candle diffuser wax-melt incense"],
  ["Decor", "vase planter frame mirror sculpture"],
  ["Textiles", "blanket throw cushion pillowcase rug curtain"],
  ["Kitchen", "mug bowl plate teapot carafe tumbler"],
  ["Lighting", "lamp pendant sconce lantern"],
  ["Bath", "towel bathrobe bathmat"],
  ["Storage", "basket box crate"],
];
const SYLLABLES = split("nor wind glow bo tan hearth loom ka ri sol mar lu ve ta fen ora kin dal be mo sa vel ton ash quin zel dra pel cor mi ne sto val");
const TAG_PHRASES = split(
  "gift-ideas-for-her gift-for-him best-seller new-arrival back-in-stock last-chance staff-pick eco-friendly vegan cruelty-free",
).concat(["Gift Ideas For Her", "Free Shipping Eligible", "Mothers Day", "Black Friday", "Holiday Gift Guide", "Made In Portugal", "Limited Edition"]);
const SEASONS = split("spring summer autumn winter resort holiday");
const CLOTHING_SIZES = split("XXS XS S M L XL XXL 3XL");
const SHOE_SIZES = split("36 37 38 39 40 41 42 43 44 45 46");

/** @param {number} seed */
function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/**
 * The products of one generated shop, `pageSize` at a time. The shop's
 * vocabulary is drawn at once; the products as the pages are asked for.
 * @param {{ count: number; seed: number; pageSize?: number; idBase?: number }} options
 * @returns {Generator<CatalogueProduct[]>}
 */
export function generatedCataloguePages({ count, seed, pageSize = 1_000, idBase = 9_000_000_000 }) {
  const random = randomFrom(seed);
  const pick = (/** @type {readonly string[]} */ list) => list[Math.floor(random() * list.length)] ?? "";
  /** Skewed towards the first entries, as word use is: a few lines are everywhere, most appear a few times. */
  const pickSkewed = (/** @type {readonly string[]} */ list) => list[Math.floor(list.length * random() ** 3)] ?? "";
  const capital = (/** @type {string} */ word) => `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`;
  const made = (/** @type {number} */ syllables) => Array.from({ length: syllables }, () => pick(SYLLABLES)).join("");
  const vendors = Array.from({ length: 600 }, () => `${capital(made(2))} ${pick(split("Studio Goods Apparel Botanics Home Co Supply Atelier Labs Living"))}`);
  // Product lines and model names: about one for every four products, so most are used by a few products only.
  const lines = Array.from({ length: Math.max(50, Math.floor(count / 4)) }, () => capital(made(2 + Math.floor(random() * 2))));
  const collections = Array.from({ length: Math.max(20, Math.floor(count / 50)) }, () => `${made(2)} ${pick(["edit", "capsule", "collection", "drop"])}`);
  return pages();

  function* pages() {
    let page = [];
    for (let i = 0; i < count; i++) {
      const [type = "", nouns = ""] = TYPES[Math.floor(random() * TYPES.length)] ?? [];
      const noun = pick(split(nouns));
      const colour = pick(COLOURS);
      const line = pickSkewed(lines);
      const title = [
        random() < 0.8 ? line : "",
        pick(ADJECTIVES),
        random() < 0.7 ? pick(MATERIALS) : "",
        noun,
        random() < 0.5 ? `- ${colour}` : "",
        random() < 0.15 ? `(${pick(["2-Pack", "Set of 3", "Gift Box", "Refill"])})` : "",
      ]
        .filter(Boolean)
        .join(" ")
        .replace(/\b\w/g, (letter) => letter.toUpperCase());
      const shoes = type === "Shoes";
      const sizes = type === "Shirts" || type === "T-Shirts" || type === "Dresses" || type === "Jackets" || type === "Trousers" || type === "Knitwear";
      const sku = `${line.slice(0, 3).toUpperCase()}-${Math.floor(random() * 100_000)}`;
      const tags = [
        pick(ADJECTIVES),
        pick(MATERIALS),
        `${pick(SEASONS)}-${2020 + Math.floor(random() * 6)}`,
        pickSkewed(collections),
        line.toLowerCase(),
        sku,
        `colour_${colour}`,
        ...Array.from({ length: Math.floor(random() * 6) }, () => pick(TAG_PHRASES)),
        ...Array.from({ length: Math.floor(random() * 4) }, () => `${pick(MATERIALS)} ${pick(split(nouns))}`),
        ...(random() < 0.2 ? ["sale"] : []),
      ];
      const colours = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(COLOURS));
      page.push({
        id: `gid://shopify/Product/${idBase + i}`,
        title,
        handle: `${title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")}${random() < 0.3 ? `-${i}` : ""}`,
        productType: type,
        vendor: pick(vendors),
        tags: [...new Set(tags)],
        optionValues: shoes ? [...SHOE_SIZES, ...colours] : sizes ? [...CLOTHING_SIZES, ...colours] : random() < 0.3 ? colours : [],
      });
      if (page.length === pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }
}
