// @ts-check
// Product suggestions (decisions 053, 059): how often the engine names the
// product a video shows, on two sets of labelled captions written for the
// demo catalogue (plain, hashtag-only, emoji-heavy, misspelt, slang, other
// languages, and captions showing no product): the engine's own
// (bench/data/suggest-captions.json, --verbose lists its misses) and a blind
// one written by someone who never saw the engine
// (bench/data/suggest-captions-blind.json, figures per style only); how fast it
// answers one video on a generated 50,000-product catalogue shaped like a
// large real shop's (bench/suggest-catalogue.mjs) and what that index costs a
// product; and five such shops' indexes built at once in one process: memory
// and the longest event-loop stall. Also what an auto-approve rule that also
// tags would tag on both sets (decision 078), counts only.
// Prints numbers; exits 0 whatever they are (a benchmark, not a test).
//
//   node --expose-gc --max-old-space-size=1024 --import tsx bench/suggest.mjs [--verbose] [--quality-only] [--products=50000]
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { AUTO_TAG_MIN_SCORE, SUGGESTION_INDEX } from "../app/constants.ts";
import { strongTopSuggestion } from "../app/rules/auto-approve.ts";
import { applyChangesInSlices, SuggestionIndex, SUGGESTION_THRESHOLD } from "../app/suggestions/product-suggestions.ts";
import { TimeSlices } from "../app/suggestions/time-slices.ts";
import { demoCatalogue } from "../tests/emulators/shopify/catalogue.ts";
import { generatedCataloguePages } from "./suggest-catalogue.mjs";

const verbose = process.argv.includes("--verbose");
const productsArg = process.argv.find((arg) => arg.startsWith("--products="));
const LARGE = productsArg ? Number(productsArg.split("=")[1]) : 50_000;

/** @typedef {import("../app/suggestions/product-suggestions.ts").CatalogueProduct} CatalogueProduct */

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
/** @typedef {{ captions: Array<[string, string, string, string | null]> }} CaptionSet */
/** @param {string} file @returns {CaptionSet} */
function captionSet(file) {
  /** @type {CaptionSet} */
  const set = JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8"));
  for (const [, , , handle] of set.captions) {
    if (handle && !idOfHandle.has(handle)) throw new Error(`${file} has a caption labelled with ${handle}, which the demo catalogue lacks`);
  }
  return set;
}
// The engine's own set, written by its author and tuned against ...
const data = captionSet("suggest-captions.json");
// ... and one written for the demo catalogue by someone who never saw the
// engine (issue 27 item 4). It is kept blind: only its figures per style are
// printed, never its captions or its misses (--verbose lists the own set's
// only), so the engine is not tuned to its individual captions (decision 077).
const blind = captionSet("suggest-captions-blind.json");

/** @param {string} caption @param {string} author */
const videoOf = (caption, author) => (author.startsWith("@") ? { caption, username: author.slice(1) } : { caption, authorName: author });

// ------------------------------------------------------------ quality
const index = new SuggestionIndex(demo);
const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b ? a / b : NaN).toFixed(3);

/**
 * How often the engine names the labelled product, per style and overall.
 * @param {string} name @param {CaptionSet} set @param {{ showMisses: boolean }} options
 */
function measure(name, set, { showMisses }) {
  /** @type {Record<string, { total: number; first: number; top3: number; silent: number }>} */
  const byStyle = {};
  let productCaptions = 0;
  let firstRight = 0;
  let top3Right = 0;
  let noProductCaptions = 0;
  let noProductSilent = 0;
  for (const [style, caption, author, handle] of set.captions) {
    const suggestions = index.suggest(videoOf(caption, author), { limit: 3 });
    const row = (byStyle[style] ??= { total: 0, first: 0, top3: 0, silent: 0 });
    row.total += 1;
    const shown = () => suggestions.map((s) => `${handleOfId.get(s.productId)} ${s.score}`).join(", ") || "(none)";
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
      if (suggestions.length === 0) row.silent += 1;
      if (showMisses && !first) console.log(`  ${top3 ? "top3" : "MISS"} [${style}] "${caption}" -> want ${handle}; got ${shown()}`);
    } else {
      noProductCaptions += 1;
      const silent = suggestions.length === 0;
      if (silent) {
        noProductSilent += 1;
        row.silent += 1;
      }
      if (showMisses && !silent) console.log(`  NOISE [${style}] "${caption}" -> ${shown()}`);
    }
  }
  console.log(`${name}: ${set.captions.length} labelled captions on the demo catalogue (${demo.length} products), threshold ${SUGGESTION_THRESHOLD}`);
  for (const [style, row] of Object.entries(byStyle)) {
    console.log(
      style === "no-product"
        ? `  ${style.padEnd(15)} ${String(row.total).padStart(3)} captions  nothing suggested ${ratio(row.silent, row.total)}`
        : `  ${style.padEnd(15)} ${String(row.total).padStart(3)} captions  first right ${ratio(row.first, row.total)}  in top 3 ${ratio(row.top3, row.total)}  nothing suggested ${ratio(row.silent, row.total)}`,
    );
  }
  return { firstRight: firstRight / productCaptions, top3Right: top3Right / productCaptions, silent: noProductSilent / noProductCaptions };
}

/** @param {ReturnType<typeof measure>} figures @param {number} firstGoal */
function printGoals(figures, firstGoal) {
  const goals = [
    ["  first suggestion right", figures.firstRight, firstGoal],
    ["  right product in the top 3", figures.top3Right, 0.95],
    ["  no-product captions with no suggestion", figures.silent, 0.9],
  ];
  for (const [name, value, goal] of goals) {
    console.log(`${String(name).padEnd(42)} ${Number(value).toFixed(3)}  (goal >= ${goal}) ${Number(value) >= Number(goal) ? "ok" : "BELOW GOAL"}`);
  }
}

printGoals(measure("The engine's own set (bench/data/suggest-captions.json)", data, { showMisses: verbose }), 0.95);
printGoals(measure("The blind set (bench/data/suggest-captions-blind.json, figures only)", blind, { showMisses: false }), 0.9);

/**
 * What an auto-approve rule that also tags (decision 078) would tag on each
 * set: the captions whose first suggestion is strong (AUTO_TAG_MIN_SCORE, no
 * tie), how many of those are the labelled product, and how many captions
 * showing no product would get a tag. Counts only, for both sets.
 * @param {string} name @param {CaptionSet} set
 */
function measureAutoTag(name, set) {
  let productCaptions = 0;
  let tagged = 0;
  let right = 0;
  let noProductTagged = 0;
  for (const [, caption, author, handle] of set.captions) {
    const top = strongTopSuggestion(index.suggest(videoOf(caption, author), { limit: 3 }));
    if (handle) productCaptions += 1;
    if (!top) continue;
    if (!handle) noProductTagged += 1;
    else {
      tagged += 1;
      if (top.productId === idOfHandle.get(handle)) right += 1;
    }
  }
  console.log(
    `  ${name.padEnd(40)} tagged ${tagged} of ${productCaptions} product captions, right ${right} (${ratio(right, tagged)}); no-product captions tagged ${noProductTagged}`,
  );
}
console.log(`Auto-tag by a rule (decision 078): first suggestion at or above ${AUTO_TAG_MIN_SCORE}, no tie`);
measureAutoTag("the engine's own set", data);
measureAutoTag("the blind set", blind);
// --quality-only: the figures above without the large catalogues' minutes.
if (process.argv.includes("--quality-only")) process.exit(0);

// ------------------------------------------------------------ one large shop
const MB = 1024 * 1024;
const gc = /** @type {(() => void) | undefined} */ (globalThis.gc);
if (!gc) throw new Error("Run with --expose-gc (npm run bench:suggest does): memory is measured after a collection");
/** Live heap plus typed arrays' buffers, garbage collected (buffers are freed a moment after a collection). */
async function heldBytes() {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}
/**
 * Pages of changes as the app reads them from the database: the read is I/O
 * (a turn of the event loop), and making the page's products, the stand-in
 * for turning rows into products, is work done in the instance's slices.
 */
async function* changePages(/** @type {Iterable<CatalogueProduct[]>} */ pages, /** @type {TimeSlices} */ slices) {
  for (const iterator = pages[Symbol.iterator](); ;) {
    await new Promise((resolve) => setImmediate(resolve));
    const turn = slices.pause();
    if (turn) await turn;
    const next = iterator.next();
    if (next.done) return;
    yield next.value.map((product) => ({ revision: 0, deleted: false, product }));
  }
}
const largePages = (/** @type {number} */ seed, /** @type {number} */ idBase, /** @type {boolean} */ withDemo) =>
  generatedCataloguePages({ count: LARGE - (withDemo ? demo.length : 0), seed, pageSize: SUGGESTION_INDEX.buildPageRows, idBase });

let before = await heldBytes();
let started = performance.now();
const largeIndex = new SuggestionIndex();
function* withDemo(/** @type {Iterable<CatalogueProduct[]>} */ pages) {
  yield* pages;
  yield demo;
}
const largeSlices = new TimeSlices({ sliceMs: SUGGESTION_INDEX.sliceMs });
await applyChangesInSlices(largeIndex, changePages(withDemo(largePages(53, 9_000_000_000, true)), largeSlices), largeSlices);
const buildMs = performance.now() - started;
const largeBytes = (await heldBytes()) - before;
// Warm up as a running app would be, then time every caption of both sets several times.
const allCaptions = [...data.captions, ...blind.captions];
for (const [, caption, author] of allCaptions) largeIndex.suggest(videoOf(caption, author));
/** @type {number[]} */
const timings = [];
for (let round = 0; round < 5; round++) {
  for (const [, caption, author] of allCaptions) {
    started = performance.now();
    largeIndex.suggest(videoOf(caption, author));
    timings.push(performance.now() - started);
  }
}
// A catalogue change as a webhook brings it: one product replaced.
started = performance.now();
for (let i = 0; i < 100; i++) {
  const product = demo[i % demo.length];
  if (product) largeIndex.upsert({ ...product, title: `${product.title} Refresh` });
}
const upsertMs = (performance.now() - started) / 100;
const sorted = [...timings].sort((a, b) => a - b);
const percentile = (/** @type {number} */ p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(
  `${largeIndex.size.toLocaleString("en")}-product catalogue (bench/suggest-catalogue.mjs): index built in ${buildMs.toFixed(0)} ms in ${SUGGESTION_INDEX.sliceMs} ms slices; ` +
    `memory ${kb(largeBytes / largeIndex.size)} a product measured (${(largeBytes / MB).toFixed(0)} MB), ${kb(largeIndex.approximateBytes / largeIndex.size)} by the index's estimate; ` +
    `one video p50 ${percentile(50).toFixed(2)} ms, p95 ${percentile(95).toFixed(2)} ms (goal <= 50), max ${percentile(100).toFixed(2)} ms over ${timings.length} runs; ` +
    `one product upserted in ${upsertMs.toFixed(3)} ms`,
);

// ------------------------------------------------------------ five large shops building at once
// As five merchants opening the library on a freshly started instance: five
// 50,000-product indexes built at once, sharing the instance's time slices,
// while a timer notes how long the event loop is held (the wait any other
// request would see). Wall time counts the machine's scheduling too: on a
// shared, busy machine the main thread's CPU time in the longest gap says
// what the code held.
const SHOPS = 5;
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const mainThreadCpuMs = () => {
  try {
    return Number(readFileSync(schedstat, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return NaN;
  }
};
const slices = new TimeSlices({ sliceMs: SUGGESTION_INDEX.sliceMs });
const shops = Array.from({ length: SHOPS }, () => new SuggestionIndex());
// Each shop's vocabulary is drawn before the clock starts: only the products are made while measuring.
const catalogues = shops.map((_, shop) => largePages(1_000 + shop, 10_000_000_000 * (shop + 1), false));
// What the machine alone does to an idle event loop right now: the scheduler's share of every stall below.
const idleDelay = monitorEventLoopDelay({ resolution: 1 });
idleDelay.enable();
await new Promise((resolve) => setTimeout(resolve, 2_000));
idleDelay.disable();
before = await heldBytes();
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let lastCpu = mainThreadCpuMs();
/** The most CPU time the main thread spent between two ticks of the 1 ms probe: what the code held the loop for. */
let mostCpuInOneGapMs = 0;
let peakRss = process.memoryUsage().rss;
const probe = setInterval(() => {
  const cpu = mainThreadCpuMs();
  mostCpuInOneGapMs = Math.max(mostCpuInOneGapMs, cpu - lastCpu);
  lastCpu = cpu;
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 1);
loopDelay.enable();
started = performance.now();
await Promise.all(shops.map((index, shop) => applyChangesInSlices(index, changePages(catalogues[shop] ?? [], slices), slices)));
const allMs = performance.now() - started;
loopDelay.disable();
clearInterval(probe);
const products = shops.reduce((sum, index) => sum + index.size, 0);
const shopsBytes = (await heldBytes()) - before;
const estimated = shops.reduce((sum, index) => sum + index.approximateBytes, 0);
const usage = process.memoryUsage();
const longestStallMs = loopDelay.max / 1e6 - 1;
const [load] = loadavg();
console.log(
  `${SHOPS} shops x ${(products / SHOPS).toLocaleString("en")} products built at once in ${(allMs / 1000).toFixed(1)} s: ` +
    `memory ${kb(shopsBytes / products)} a product measured, ${kb(estimated / products)} by estimate; ` +
    `indexes ${(shopsBytes / MB).toFixed(0)} MB, process heap ${((usage.heapUsed + usage.external) / MB).toFixed(0)} MB, rss ${(usage.rss / MB).toFixed(0)} MB (peak ${(peakRss / MB).toFixed(0)} MB) (goal: total under 1024 MB) ${peakRss < 1024 * MB ? "ok" : "OVER GOAL"}; ` +
    `longest event-loop stall ${longestStallMs.toFixed(1)} ms (goal <= 50) ${longestStallMs <= 50 ? "ok" : "OVER GOAL"}, p99 ${(loopDelay.percentile(99) / 1e6 - 1).toFixed(1)} ms; ` +
    `the most main-thread CPU in one stall ${Number.isNaN(mostCpuInOneGapMs) ? "unknown" : `${mostCpuInOneGapMs.toFixed(1)} ms`} ` +
    `(an idle loop's longest stall just before: ${(idleDelay.max / 1e6 - 1).toFixed(1)} ms; load average ${load?.toFixed(1)} on ${availableParallelism()} cores; ` +
    `the instance budget is ${(SUGGESTION_INDEX.budgetBytes / MB).toFixed(0)} MB)`,
);
