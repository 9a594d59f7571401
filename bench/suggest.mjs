// @ts-check
// Product suggestions (decision 053): how often the engine names the product a
// video shows, on labelled captions written for the demo catalogue
// (bench/data/suggest-captions.json: plain, hashtag-only, emoji-heavy,
// misspelt, other languages, and captions showing no product), and how fast
// it answers one video on a generated 50,000-product catalogue.
// Prints numbers; exits 0 whatever they are (a benchmark, not a test).
//
//   node --import tsx bench/suggest.mjs [--verbose] [--products=50000]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { SuggestionIndex, SUGGESTION_THRESHOLD } from "../app/models/product-suggestions.ts";
import { demoCatalogue } from "../tests/emulators/shopify/catalogue.ts";

const verbose = process.argv.includes("--verbose");
const productsArg = process.argv.find((arg) => arg.startsWith("--products="));
const LARGE = productsArg ? Number(productsArg.split("=")[1]) : 50_000;

/** @typedef {import("../app/models/product-suggestions.ts").CatalogueProduct} CatalogueProduct */

/** @param {import("../tests/emulators/shopify/catalogue.ts").Product} product @returns {CatalogueProduct} */
function fromDemo(product) {
  return {
    id: `gid://shopify/Product/${product.id}`,
    title: product.title,
    handle: product.handle,
    productType: product.productType,
    vendor: product.vendor,
    tags: product.tags,
    optionValues: [...new Set(product.variants.flatMap((variant) => variant.options?.map((option) => option.value) ?? [variant.title]))],
  };
}

const demo = demoCatalogue().map(fromDemo);
const idOfHandle = new Map(demo.map((product) => [product.handle, product.id]));
const handleOfId = new Map(demo.map((product) => [product.id, product.handle]));
/** @type {{ captions: Array<[string, string, string, string | null]> }} */
const data = JSON.parse(readFileSync(new URL("./data/suggest-captions.json", import.meta.url), "utf8"));
for (const [, caption, , handle] of data.captions) {
  if (handle && !idOfHandle.has(handle)) throw new Error(`"${caption}" is labelled with ${handle}, which the demo catalogue lacks`);
}

/** @param {string} caption @param {string} author */
const videoOf = (caption, author) => (author.startsWith("@") ? { caption, username: author.slice(1) } : { caption, authorName: author });

// ------------------------------------------------------------ quality
const index = new SuggestionIndex(demo);
/** @type {Record<string, { total: number; first: number; top3: number; silent: number }>} */
const byStyle = {};
let productCaptions = 0;
let firstRight = 0;
let top3Right = 0;
let noProductCaptions = 0;
let noProductSilent = 0;
for (const [style, caption, author, handle] of data.captions) {
  const suggestions = index.suggest(videoOf(caption, author), { limit: 3 });
  const row = (byStyle[style] ??= { total: 0, first: 0, top3: 0, silent: 0 });
  row.total += 1;
  const shown = suggestions.map((s) => `${handleOfId.get(s.productId)} ${s.score}`).join(", ") || "(none)";
  if (handle) {
    productCaptions += 1;
    const wanted = idOfHandle.get(handle);
    const first = suggestions[0]?.productId === wanted;
    const top3 = suggestions.some((s) => s.productId === wanted);
    if (first) {
      firstRight += 1;
      row.first += 1;
    }
    if (top3) {
      top3Right += 1;
      row.top3 += 1;
    }
    if (verbose && !first) console.log(`  ${top3 ? "top3" : "MISS"} [${style}] "${caption}" -> want ${handle}; got ${shown}`);
  } else {
    noProductCaptions += 1;
    const silent = suggestions.length === 0;
    if (silent) {
      noProductSilent += 1;
      row.silent += 1;
    }
    if (verbose && !silent) console.log(`  NOISE [${style}] "${caption}" -> ${shown}`);
  }
}

const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b ? a / b : NaN).toFixed(3);
console.log(
  `Product suggestions on the demo catalogue (${demo.length} products), threshold ${SUGGESTION_THRESHOLD}, ${data.captions.length} labelled captions`,
);
for (const [style, row] of Object.entries(byStyle)) {
  console.log(
    style === "no-product"
      ? `  ${style.padEnd(15)} ${String(row.total).padStart(3)} captions  nothing suggested ${ratio(row.silent, row.total)}`
      : `  ${style.padEnd(15)} ${String(row.total).padStart(3)} captions  first right ${ratio(row.first, row.total)}  in top 3 ${ratio(row.top3, row.total)}`,
  );
}
const goals = [
  ["precision of the first suggestion", firstRight / productCaptions, 0.85],
  ["right product in the top 3", top3Right / productCaptions, 0.95],
  ["no-product captions with no suggestion", noProductSilent / noProductCaptions, 0.9],
];
for (const [name, value, goal] of goals) {
  console.log(`${String(name).padEnd(40)} ${Number(value).toFixed(3)}  (goal >= ${goal}) ${Number(value) >= Number(goal) ? "ok" : "BELOW GOAL"}`);
}

// ------------------------------------------------------------ speed
/** A deterministic pseudo-random catalogue with a real shop's spread of words. */
function generatedCatalogue(/** @type {number} */ count) {
  let seed = 20261126;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
  const pick = (/** @type {string[]} */ list) => list[Math.floor(random() * list.length)] ?? "";
  const words = (/** @type {string} */ text) => text.split(" ");
  const adjectives = words(
    "classic relaxed everyday slim oversized cropped vintage modern essential premium soft light heavy cosy airy bold minimal rustic coastal nordic urban alpine tropical desert midnight golden silver royal wild gentle pure fresh bright deep calm daily weekend studio heritage signature original ultra mini maxi tall petite travel outdoor indoor luxe organic recycled handmade artisan seasonal limited",
  );
  const materials = words(
    "linen cotton wool cashmere silk satin denim leather suede canvas velvet corduroy fleece jersey bamboo hemp ceramic stoneware porcelain glass oak walnut rattan seagrass brass copper marble clay soy beeswax shea argan",
  );
  const colours = words("black white sand navy olive rust ivory charcoal sage blush cream camel stone forest ocean mustard plum coral teal grey");
  const nouns = [
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
  const syllables = words("nor wind glow bo tan hearth loom ka ri sol mar lu ve ta fen ora kin dal be mo sa ri vel ton ash");
  const vendors = Array.from({ length: 400 }, () => {
    const name = pick(syllables) + pick(syllables);
    return `${name[0]?.toUpperCase()}${name.slice(1)} ${pick(words("Studio Goods Apparel Botanics Home Co Supply Atelier Labs Living"))}`;
  });
  const products = [];
  for (let i = 0; i < count; i++) {
    const [type = "", typeNouns = ""] = nouns[Math.floor(random() * nouns.length)] ?? [];
    const noun = pick(words(typeNouns));
    const colour = pick(colours);
    const title = `${pick(adjectives)} ${random() < 0.7 ? `${pick(materials)} ` : ""}${noun}${random() < 0.5 ? ` - ${colour}` : ""}`.replace(/\b\w/g, (c) =>
      c.toUpperCase(),
    );
    /** @type {CatalogueProduct} */
    const product = {
      id: `gid://shopify/Product/${9_000_000_000 + i}`,
      title,
      handle: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${i}`,
      productType: type,
      vendor: pick(vendors),
      tags: [pick(adjectives), pick(materials), ...(random() < 0.2 ? ["sale"] : []), ...(random() < 0.1 ? ["bestseller"] : [])],
      optionValues: random() < 0.6 ? ["S", "M", "L", colour] : ["Default Title"],
    };
    products.push(product);
  }
  return products;
}

const large = [...generatedCatalogue(LARGE - demo.length), ...demo];
const heapBefore = process.memoryUsage().heapUsed;
let started = performance.now();
const largeIndex = new SuggestionIndex(large);
const buildMs = performance.now() - started;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
// Warm up as a running app would be, then time every caption several times.
for (const [, caption, author] of data.captions) largeIndex.suggest(videoOf(caption, author));
/** @type {number[]} */
const timings = [];
for (let round = 0; round < 5; round++) {
  for (const [, caption, author] of data.captions) {
    started = performance.now();
    largeIndex.suggest(videoOf(caption, author));
    timings.push(performance.now() - started);
  }
}
// A catalogue change as a webhook brings it: one product replaced.
started = performance.now();
for (let i = 0; i < 100; i++) {
  const product = large[i * 7];
  if (product) largeIndex.upsert({ ...product, title: `${product.title} Refresh` });
}
const upsertMs = (performance.now() - started) / 100;
const sorted = [...timings].sort((a, b) => a - b);
const percentile = (/** @type {number} */ p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
console.log(
  `${large.length.toLocaleString("en")}-product catalogue: index built in ${buildMs.toFixed(0)} ms (~${heapMb.toFixed(0)} MB heap); ` +
    `one video p50 ${percentile(50).toFixed(2)} ms, p95 ${percentile(95).toFixed(2)} ms (goal <= 50), max ${percentile(100).toFixed(2)} ms over ${timings.length} runs; ` +
    `one product upserted in ${upsertMs.toFixed(3)} ms`,
);
