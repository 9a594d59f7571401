/**
 * Which of the shop's products a video shows, guessed from its caption,
 * hashtags and author (decision 053). Pure: the catalogue comes in as plain
 * products, the answer goes out as product ids with a score from 0 to 1.
 *
 * How a caption is read:
 * - text is folded (lowercase, accents and emoji variation removed) and cut
 *   into words; light English stemming makes "sneakers" meet "sneaker";
 * - hashtags are split at case changes (#LinenShirt) and, when written as one
 *   word (#linenshirt), into the catalogue's own words;
 * - neighbouring words are also read joined ("t shirt" meets "T-Shirt");
 * - a word the catalogue does not know is matched by spelling (one edit, two
 *   for long words), by a shared beginning (lampara / lamp), or through the
 *   shopping glossary (other languages, emoji);
 * - the author only counts as evidence for the vendor.
 *
 * How a product is scored: mostly by how much of its title the caption names
 * (each title word weighted by how rare it is in the catalogue, so "Classic"
 * shared by hundreds of products counts little), then its product type,
 * vendor, tags and variant option values. A product is suggested only above
 * SUGGESTION_THRESHOLD: a caption naming no product leaves every score low.
 *
 * The index keeps an inverted list per word so a caption only looks at the
 * products sharing a word with it; it takes upserts and removals one product
 * at a time, so it follows catalogue changes without a rebuild.
 */
import { emojiWords, glossaryTranslations, glossaryWords } from "~/models/product-suggestions-glossary";

export interface CatalogueProduct {
  /** The product's GID. */
  id: string;
  title: string;
  handle: string;
  productType: string;
  vendor: string;
  tags: readonly string[];
  /** Values of the variants' options ("M", "Sand", "50 ml"); "Default Title" is ignored. */
  optionValues: readonly string[];
}

export interface VideoText {
  /** Caption or title (hashtags included). */
  caption: string | null;
  authorName?: string | null;
  username?: string | null;
}

export interface ProductSuggestion {
  productId: string;
  /** 0..1: how much of the product the video names. */
  score: number;
}

/** Below this score a product is not suggested (tuned with npm run bench:suggest). */
export const SUGGESTION_THRESHOLD = 0.42;
export const SUGGESTIONS_PER_VIDEO = 3;

/** How much each field weighs in a score; the title leads, the rest confirms. */
const FIELD_WEIGHT = { title: 0.62, type: 0.14, vendor: 0.08, tag: 0.1, option: 0.06 } as const;

/** How strongly a caption word stands for a catalogue word, by how it was matched. */
const QUALITY = { exact: 1, hashtagPart: 0.95, joined: 0.95, glossary: 0.9, emoji: 0.8, prefix: 0.75, fuzzy1: 0.85, fuzzy2: 0.7 } as const;

const MIN_WORD = 2;
const MIN_FUZZY = 4;
const MIN_PREFIX = 4;
const MAX_CAPTION_CHARS = 2_000;
const MAX_QUERY_WORDS = 120;

/** Words too common in captions and product names to carry meaning, in the languages the glossary knows. */
const STOPWORDS = new Set(
  (
    "a an and are as at be but by for from has have i in is it its my me our of on or so that the this to was we with you your " +
    "new just got get love all out up how what when who why off not no yes very really so too now here there today day " +
    "le la les un une des du de et en est pour avec mon ma mes ce cette sur dans qui que " +
    "el los las una unos y es para con mi mis por del al que lo " +
    "der die das ein eine und ist mit fur mein meine zu im den dem " +
    "il lo gli uno e per con mio mia di da nel che " +
    "o os um uma com meu minha do da no na em " +
    "het een en met mijn van voor op"
  ).split(" "),
);

// ---------------------------------------------------------------- text

const SPECIAL_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th" };

/** Lowercase, without accents or ligatures (é -> e, ß -> ss). */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/** A light English stemmer, applied to caption and catalogue words alike. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  if (word.endsWith("ing") && word.length >= 7) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length >= 6) return word.slice(0, -2);
  return word;
}

function wordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** Splits a hashtag written in several words at case or letter/digit changes (#LinenShirt, #SPF50). */
function splitCamel(raw: string): string {
  return raw
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})/gu, "$1 $2")
    .replace(/(\p{N})(\p{L})/gu, "$1 $2")
    .replace(/_/g, " ");
}

/** Bounded optimal-string-alignment distance (edits and swaps of neighbours); > max when farther. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] ?? max + 1;
}

// ---------------------------------------------------------------- index

interface IndexedProduct {
  id: string;
  /** Word ids per field; `handle` holds the handle's words the title lacks. */
  title: Int32Array;
  handle: Int32Array;
  type: Int32Array;
  vendor: Int32Array;
  tag: Int32Array;
  option: Int32Array;
}

function unique(words: Iterable<string>): string[] {
  return [...new Set(words)];
}

/** A catalogue text's words, stemmed, plus its hyphen- and space-joined neighbours ("t-shirt" -> "tshirt"). */
function catalogueWords(text: string, { joinAll = false }: { joinAll?: boolean } = {}): string[] {
  const folded = foldText(text);
  const words = wordsOf(folded);
  const out = words.filter((word) => word.length >= MIN_WORD && !STOPWORDS.has(word)).map(stem);
  if (folded.includes("-")) for (const match of folded.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) out.push(stem(match[0].replace(/-/g, "")));
  if (joinAll && words.length > 1) out.push(stem(words.join("")));
  return unique(out);
}

interface QueryWord {
  word: string;
  quality: number;
  /** Author words only count for the vendor. */
  authorOnly: boolean;
}

export interface SuggestOptions {
  limit?: number;
  threshold?: number;
  /** Products the video is already tagged with: not suggested again. */
  exclude?: ReadonlySet<string>;
}

export class SuggestionIndex {
  private products: Array<IndexedProduct | undefined> = [];
  private slotOf = new Map<string, number>();
  private freeSlots: number[] = [];
  /** Words are numbered once; per word: its products (any field) and its products naming it in title, handle or type. */
  private wordIds = new Map<string, number>();
  private wordText: string[] = [];
  private postings: Array<Set<number>> = [];
  /** Per word: the products naming it in their title or handle, and in their type. */
  private titlePostings: Array<Set<number>> = [];
  private typePostings: Array<Set<number>> = [];
  /** Spelling look-ups over the letters-only words: each word under itself and its one-letter deletions (one edit away, found without scanning) ... */
  private deletions = new Map<string, Set<string>>();
  /** ... long words by length and first letter (two edits away, scanned) ... */
  private longWords = new Map<string, Set<string>>();
  /** ... and words under their first 4+ letters (up to 3 letters shorter) for "jacke" -> "jacket". */
  private heads = new Map<string, Set<string>>();
  private glossary = new Set<string>(glossaryWords());
  /** Per query: how strongly the caption names each word (0 = not), reset after each query. */
  private named = new Float64Array(1024);
  private namedByAuthor = new Float64Array(1024);
  /** Per query scratch, stamped with the query number instead of cleared: word weights, per product title and type hits. */
  private queryNumber = 0;
  private weightStamp = new Int32Array(1024);
  private weightCache = new Float64Array(1024);
  private slotStamp = new Int32Array(1024);
  private titleHits = new Float64Array(1024);
  private typeHits = new Float64Array(1024);

  constructor(products: Iterable<CatalogueProduct> = []) {
    for (const product of products) this.upsert(product);
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(productId: string): boolean {
    return this.slotOf.has(productId);
  }

  private idOf(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordText.length;
      this.wordIds.set(word, id);
      this.wordText.push(word);
      this.postings.push(new Set());
      this.titlePostings.push(new Set());
      this.typePostings.push(new Set());
    }
    return id;
  }

  upsert(product: CatalogueProduct): void {
    this.remove(product.id);
    const titleWords = catalogueWords(product.title);
    const inTitle = new Set(titleWords);
    const handleWords = catalogueWords(product.handle.replace(/-/g, " ")).filter((word) => !inTitle.has(word) && !/\d/.test(word));
    const ids = (words: string[]) => Int32Array.from(words, (word) => this.idOf(word));
    const indexed: IndexedProduct = {
      id: product.id,
      title: ids(titleWords),
      handle: ids(handleWords),
      type: ids(catalogueWords(product.productType, { joinAll: true })),
      vendor: ids(catalogueWords(product.vendor, { joinAll: true })),
      tag: ids(unique(product.tags.flatMap((tag) => catalogueWords(tag, { joinAll: true })))),
      option: ids(unique(product.optionValues.filter((value) => value !== "Default Title").flatMap((value) => catalogueWords(value)))),
    };
    const slot = this.freeSlots.pop() ?? this.products.length;
    this.products[slot] = indexed;
    this.slotOf.set(product.id, slot);
    for (const id of productWords(indexed)) {
      const posting = this.postings[id];
      if (!posting) continue;
      if (posting.size === 0) this.wordAppears(id);
      posting.add(slot);
    }
    for (const field of [indexed.title, indexed.handle]) for (const id of field) this.titlePostings[id]?.add(slot);
    for (const id of indexed.type) this.typePostings[id]?.add(slot);
  }

  remove(productId: string): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    const indexed = this.products[slot];
    this.products[slot] = undefined;
    this.slotOf.delete(productId);
    this.freeSlots.push(slot);
    if (!indexed) return;
    for (const id of productWords(indexed)) {
      const posting = this.postings[id];
      if (!posting?.delete(slot)) continue;
      this.titlePostings[id]?.delete(slot);
      this.typePostings[id]?.delete(slot);
      if (posting.size === 0) this.wordGone(id);
    }
  }

  private wordAppears(id: number): void {
    this.spellingIndex(this.wordText[id] ?? "", true);
  }

  private wordGone(id: number): void {
    this.spellingIndex(this.wordText[id] ?? "", false);
  }

  private spellingIndex(word: string, add: boolean): void {
    if (word.length < MIN_FUZZY || !/^\p{L}+$/u.test(word)) return;
    const keep = (map: Map<string, Set<string>>, key: string) => {
      let set = map.get(key);
      if (add) {
        if (!set) map.set(key, (set = new Set()));
        set.add(word);
      } else if (set) {
        set.delete(word);
        if (set.size === 0) map.delete(key);
      }
    };
    keep(this.deletions, word);
    for (let i = 0; i < word.length; i++) keep(this.deletions, word.slice(0, i) + word.slice(i + 1));
    if (word.length >= 6) keep(this.longWords, `${word.length}:${word[0]}`);
    for (let length = Math.max(MIN_PREFIX, word.length - 3); length < word.length; length++) keep(this.heads, word.slice(0, length));
  }

  /** How much a word tells products apart: rare words weigh more (smoothed inverse document frequency). */
  private weight(id: number): number {
    return Math.log(1 + (this.slotOf.size + 1) / ((this.postings[id]?.size ?? 0) + 1));
  }

  private known(word: string): boolean {
    const id = this.wordIds.get(word);
    return id !== undefined && (this.postings[id]?.size ?? 0) > 0;
  }

  /** Splits a run of letters written as one word (#linenshirt, leinenhemd) into known words, if it can be wholly. */
  private segment(run: string): string[] | null {
    if (run.length < 6 || run.length > 40) return null;
    const isPiece = (piece: string) => piece.length >= 3 && (this.known(stem(piece)) || this.known(piece) || this.glossary.has(piece));
    // best[i]: fewest pieces covering run[0..i)
    const best: Array<{ count: number; from: number } | undefined> = [{ count: 0, from: -1 }];
    for (let end = 1; end <= run.length; end++) {
      for (let start = Math.max(0, end - 20); start < end; start++) {
        const before = best[start];
        if (!before || !isPiece(run.slice(start, end))) continue;
        const current = best[end];
        if (!current || before.count + 1 < current.count) best[end] = { count: before.count + 1, from: start };
      }
    }
    if (!best[run.length] || (best[run.length]?.count ?? 0) < 2) return null;
    const pieces: string[] = [];
    for (let end = run.length; end > 0;) {
      const step = best[end];
      if (!step) return null;
      pieces.unshift(run.slice(step.from, end));
      end = step.from;
    }
    return pieces;
  }

  /** The catalogue words an unknown caption word may stand for, by spelling or a shared beginning. */
  private near(word: string): Array<{ word: string; quality: number }> {
    const found = new Map<string, number>();
    if (word.length >= MIN_FUZZY && /^\p{L}+$/u.test(word)) {
      const oneEdit = new Set<string>(this.deletions.get(word));
      for (let i = 0; i < word.length; i++) for (const candidate of this.deletions.get(word.slice(0, i) + word.slice(i + 1)) ?? []) oneEdit.add(candidate);
      for (const candidate of oneEdit) {
        // Short words must keep their first letter: "mask" is not "task".
        if (word.length < 6 && candidate[0] !== word[0]) continue;
        if (editDistance(word, candidate, 1) <= 1) found.set(candidate, QUALITY.fuzzy1);
      }
      if (found.size === 0 && word.length >= 8) {
        for (let length = word.length - 2; length <= word.length + 2; length++) {
          for (const candidate of this.longWords.get(`${length}:${word[0]}`) ?? []) {
            if (editDistance(word, candidate, 2) <= 2) found.set(candidate, QUALITY.fuzzy2);
          }
        }
      }
    }
    if (found.size === 0 && word.length >= MIN_PREFIX + 1) {
      // A longer form of a catalogue word (lampara -> lamp) ...
      for (let length = word.length - 1; length >= MIN_PREFIX; length--) {
        const head = word.slice(0, length);
        if (this.known(head)) {
          found.set(head, QUALITY.prefix);
          break;
        }
      }
      // ... or the beginning of one (jacke -> jacket).
      if (found.size === 0) for (const candidate of [...(this.heads.get(word) ?? [])].slice(0, 3)) found.set(candidate, QUALITY.prefix);
    }
    return [...found].map(([candidate, quality]) => ({ word: candidate, quality }));
  }

  /** The catalogue words a video's text stands for, each with how strongly. */
  private queryWords(video: VideoText): QueryWord[] {
    const query = new Map<string, QueryWord>();
    const add = (word: string, quality: number, authorOnly = false) => {
      if (word.length < MIN_WORD || STOPWORDS.has(word) || !this.known(word)) return false;
      const existing = query.get(word);
      if (!existing || existing.quality < quality || (existing.authorOnly && !authorOnly)) {
        query.set(word, { word, quality: Math.max(quality, existing?.quality ?? 0), authorOnly: authorOnly && (existing?.authorOnly ?? true) });
      }
      return true;
    };
    /** Reads one caption word: known as is, or split, translated, or matched by spelling. */
    const read = (raw: string, quality: number, authorOnly = false) => {
      if (raw.length < MIN_WORD || STOPWORDS.has(raw)) return;
      const stemmed = stem(raw);
      let found = add(stemmed, quality, authorOnly) || add(raw, quality, authorOnly);
      for (const english of glossaryTranslations(raw)) found = add(stem(english), Math.min(quality, QUALITY.glossary), authorOnly) || found;
      if (found) return;
      const pieces = this.segment(raw);
      if (pieces) {
        for (const piece of pieces) read(piece, Math.min(quality, QUALITY.hashtagPart), authorOnly);
        return;
      }
      if (/\d/.test(raw)) return;
      for (const near of this.near(stemmed)) add(near.word, Math.min(quality, near.quality), authorOnly);
    };
    const readText = (text: string, quality: number, authorOnly = false) => {
      const words = wordsOf(foldText(text)).slice(0, MAX_QUERY_WORDS);
      for (const word of words) read(word, quality, authorOnly);
      // Neighbours joined: "t shirt" -> tshirt, "lip balm" -> lipbalm.
      for (let i = 0; i + 1 < words.length; i++) add(stem(`${words[i]}${words[i + 1]}`), QUALITY.joined, authorOnly);
    };

    const caption = (video.caption ?? "").slice(0, MAX_CAPTION_CHARS);
    // Emoji stand for what they depict.
    for (const match of caption.matchAll(/\p{Extended_Pictographic}/gu)) {
      for (const word of emojiWords(match[0])) add(stem(word), QUALITY.emoji);
    }
    // Hashtags and mentions: split at case changes first (#LinenShirt).
    const withoutTags = caption.replace(/[#@]([\p{L}\p{N}_]+)/gu, (_, tag: string) => {
      readText(splitCamel(tag), QUALITY.exact);
      return " ";
    });
    readText(withoutTags, QUALITY.exact);
    for (const author of [video.authorName, video.username]) if (author) readText(splitCamel(author), QUALITY.exact, true);
    return [...query.values()];
  }

  /** The products the video most likely shows, best first, above the threshold. */
  suggest(video: VideoText, options: SuggestOptions = {}): ProductSuggestion[] {
    const limit = options.limit ?? SUGGESTIONS_PER_VIDEO;
    const threshold = options.threshold ?? SUGGESTION_THRESHOLD;
    const query = this.queryWords(video);
    if (query.length === 0) return [];
    if (this.named.length < this.wordText.length) {
      this.named = new Float64Array(this.wordText.length * 2);
      this.namedByAuthor = new Float64Array(this.wordText.length * 2);
    }
    const named = this.named;
    const namedByAuthor = this.namedByAuthor;
    const ids: number[] = [];
    for (const word of query) {
      const id = this.wordIds.get(word.word);
      if (id === undefined) continue;
      ids.push(id);
      namedByAuthor[id] = word.quality;
      if (!word.authorOnly) named[id] = word.quality;
    }
    try {
      return this.score(ids, limit, threshold, options.exclude);
    } finally {
      for (const id of ids) {
        named[id] = 0;
        namedByAuthor[id] = 0;
      }
    }
  }
  /** Scores the products naming the query's words; `named`/`namedByAuthor` hold the query. */
  private score(ids: number[], limit: number, threshold: number, exclude: ReadonlySet<string> | undefined): ProductSuggestion[] {
    const named = this.named;
    const namedByAuthor = this.namedByAuthor;
    const query = ++this.queryNumber;
    if (this.weightStamp.length < this.wordText.length) {
      this.weightStamp = new Int32Array(this.wordText.length * 2);
      this.weightCache = new Float64Array(this.wordText.length * 2);
    }
    if (this.slotStamp.length < this.products.length) {
      this.slotStamp = new Int32Array(this.products.length * 2);
      this.titleHits = new Float64Array(this.products.length * 2);
      this.typeHits = new Float64Array(this.products.length * 2);
    }
    const { weightStamp, weightCache, slotStamp, titleHits, typeHits } = this;
    const total = this.slotOf.size + 1;
    const weight = (id: number) => {
      if (weightStamp[id] === query) return weightCache[id] ?? 0;
      const value = Math.log(1 + total / ((this.postings[id]?.size ?? 0) + 1));
      weightStamp[id] = query;
      weightCache[id] = value;
      return value;
    };
    // Candidates: products naming a caption word in their title, handle or
    // type; the other fields alone cannot reach the threshold. Their title and
    // type hits add up on the way.
    const candidates: number[] = [];
    const visit = (slot: number) => {
      if (slotStamp[slot] === query) return;
      slotStamp[slot] = query;
      titleHits[slot] = 0;
      typeHits[slot] = 0;
      candidates.push(slot);
    };
    for (const id of ids) {
      const quality = named[id] ?? 0;
      if (!quality) continue;
      const hit = weight(id) * quality;
      for (const slot of this.titlePostings[id] ?? []) {
        visit(slot);
        titleHits[slot] = (titleHits[slot] ?? 0) + hit;
      }
      for (const slot of this.typePostings[id] ?? []) {
        visit(slot);
        typeHits[slot] = (typeHits[slot] ?? 0) + hit;
      }
    }
    const share = (hits: number, words: Int32Array) => {
      let all = 0;
      for (const id of words) all += weight(id);
      return all > 0 ? Math.min(1, hits / all) : 0;
    };
    // Title and type first: with the other fields at their best, that bounds
    // the score, so candidates are scored fully best bound first until no
    // bound can beat the suggestions already found.
    const rest = FIELD_WEIGHT.vendor + FIELD_WEIGHT.tag + FIELD_WEIGHT.option;
    const bounds = new Float64Array(candidates.length);
    const order = new Uint32Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      const slot = candidates[i] ?? 0;
      const product = this.products[slot];
      order[i] = i;
      if (!product) continue;
      bounds[i] = FIELD_WEIGHT.title * share(titleHits[slot] ?? 0, product.title) + FIELD_WEIGHT.type * share(typeHits[slot] ?? 0, product.type) + rest;
    }
    order.sort((a, b) => (bounds[b] ?? 0) - (bounds[a] ?? 0));

    const coverage = (words: Int32Array, found: Float64Array) => {
      let all = 0;
      let hit = 0;
      for (const id of words) {
        const w = weight(id);
        all += w;
        hit += w * (found[id] ?? 0);
      }
      return all > 0 ? Math.min(1, hit / all) : 0;
    };
    /** Tags named by the caption, the rarest counting most; common tags (sale, bestseller) count little. */
    const tagShare = (words: Int32Array) => {
      let value = 0;
      let hits = 0;
      for (const id of words) {
        const quality = named[id] ?? 0;
        if (!quality) continue;
        hits += 1;
        value = Math.max(value, quality * Math.min(1, weight(id) / 3));
      }
      return hits ? Math.min(1, value + 0.1 * (hits - 1)) : 0;
    };
    const best = (words: Int32Array) => {
      let value = 0;
      for (const id of words) value = Math.max(value, named[id] ?? 0);
      return value;
    };

    const scored: ProductSuggestion[] = [];
    const bar = () => Math.max(threshold, scored.length >= limit ? (scored[limit - 1]?.score ?? 0) : 0);
    for (const i of order) {
      const bound = bounds[i] ?? 0;
      if (bound < bar()) break;
      const product = this.products[candidates[i] ?? 0];
      if (!product || exclude?.has(product.id)) continue;
      const score =
        bound -
        rest +
        FIELD_WEIGHT.vendor * coverage(product.vendor, namedByAuthor) +
        FIELD_WEIGHT.tag * tagShare(product.tag) +
        FIELD_WEIGHT.option * best(product.option);
      if (score < bar()) continue;
      scored.push({ productId: product.id, score: Math.round(score * 1000) / 1000 });
      scored.sort((a, b) => b.score - a.score || (a.productId < b.productId ? -1 : 1));
      if (scored.length > limit) scored.length = limit;
    }
    return scored;
  }
}

function* productWords(product: IndexedProduct): Iterable<number> {
  const seen = new Set<number>();
  for (const field of [product.title, product.handle, product.type, product.vendor, product.tag, product.option]) {
    for (const id of field) {
      if (seen.has(id)) continue;
      seen.add(id);
      yield id;
    }
  }
}
