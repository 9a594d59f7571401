/**
 * Which of the shop's products a video shows, guessed from its caption,
 * hashtags and author (decision 053). Pure: the catalogue comes in as plain
 * products, the answer goes out as product ids with a score from 0 to 1.
 *
 * How a caption is read:
 * - text is folded (lowercase, accents and emoji variation removed, kana
 *   keeping their voicing) and cut into words, letters apart from digits
 *   (spf50 -> spf 50); light English stemming makes "sneakers" meet "sneaker";
 * - hashtags are split at case changes (#LinenShirt) and, when written as one
 *   word (#linenshirt, #mylinenshirtstyle), into the catalogue's own words,
 *   glossary words and common words of social media;
 * - neighbouring words are also read joined ("t shirt" meets "T-Shirt");
 * - the shopping glossary (decision 077) reads the storefront languages,
 *   English slang and emoji: words in their dictionary forms (kaarsen ->
 *   kaars -> candle), phrases ("protector solar"), and Japanese, written
 *   without spaces, by the glossary words inside it;
 * - a word the catalogue does not know is matched by spelling (one edit, two
 *   for long words) or by a shared beginning (lampara / lamp);
 * - the author only counts as evidence for the vendor.
 *
 * How a product is scored: mostly by how much of its title the caption names
 * (each title word weighted by how rare it is in the catalogue, so "Classic"
 * shared by hundreds of products counts little), then its product type,
 * vendor, tags and variant option values. A title's joined spellings
 * ("tshirt" beside "shirt") match but need not be named. A product is
 * suggested only above SUGGESTION_THRESHOLD: a caption naming no product
 * leaves every score low. Of two products scored alike, the one whose title
 * the caption names first leads.
 *
 * The index keeps an inverted list per word so a caption only looks at the
 * products sharing a word with it; it takes upserts and removals one product
 * at a time, so it follows catalogue changes without a rebuild. It is kept
 * compact (decision 059): words, ids and word lists in typed arrays rather
 * than objects per product or word, spelling look-ups by hash, and caps on the
 * words, tags and option values a product contributes, so one product of a
 * large shop costs about 0.6 KB, and never more than 48 KB whatever its text.
 */
import { SUGGESTION_INDEX } from "~/constants";
import { IntMultiMap, TYPED_ARRAY_OVERHEAD_BYTES, hashHead, hashText } from "~/suggestions/int-multimap";
import { TextTable, grown } from "~/suggestions/text-table";
import {
  emojiWords,
  glossaryHas,
  glossaryPhrase,
  glossaryTranslations,
  isSocialWord,
  isUnsegmented,
  readUnsegmented,
} from "~/suggestions/product-suggestions-glossary";
import type { TimeSlices } from "~/suggestions/time-slices";

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

/**
 * Lowercase, without accents or ligatures (é -> e, ß -> ss); full-width and
 * half-width forms made ordinary; Japanese kana keep their voicing marks
 * (ジ stays ジ, not シ: they are different letters, not accents).
 */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
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

/** A caption's words, letters cut from digits (spf50 -> spf 50, 50ml -> 50 ml). */
function captionWords(folded: string): string[] {
  return wordsOf(folded.replace(/(\p{L})(?=\p{N})/gu, "$1 ").replace(/(\p{N})(?=\p{L})/gu, "$1 "));
}

/** Short common words and social media's (ootd, style): a joined hashtag's pieces that name no product. */
function isFiller(piece: string): boolean {
  return (piece.length >= MIN_WORD && STOPWORDS.has(piece)) || isSocialWord(piece);
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

/**
 * A product's fields, in the order its words are kept (and cut, past
 * SUGGESTION_INDEX.wordsPerProduct): `handle` holds the handle's words the
 * title lacks.
 */
const TITLE = 0;
const HANDLE = 1;
const TYPE = 2;
const VENDOR = 3;
const TAG = 4;
const OPTION = 5;
const FIELD_COUNT = 6;

function unique(words: Iterable<string>): string[] {
  return [...new Set(words)];
}

/**
 * A catalogue text's words, stemmed, then its hyphen- and space-joined
 * neighbours ("t-shirt" -> "tshirt"), `joined` of them at the end: another
 * spelling of words already there, which a caption may write instead.
 * Longer words than SUGGESTION_INDEX.wordChars are no product's name (a tag
 * of random letters, a long phrase joined) and would cost their length in
 * the spelling index.
 */
function catalogueText(text: string, { joinAll = false }: { joinAll?: boolean } = {}): { words: string[]; joined: number } {
  const folded = foldText(text);
  const words = wordsOf(folded);
  const fits = (word: string) => word.length <= SUGGESTION_INDEX.wordChars;
  const plain = unique(words.filter((word) => word.length >= MIN_WORD && !STOPWORDS.has(word)).map(stem)).filter(fits);
  const joined: string[] = [];
  if (folded.includes("-")) for (const match of folded.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) joined.push(stem(match[0].replace(/-/g, "")));
  if (joinAll && words.length > 1) joined.push(stem(words.join("")));
  const inPlain = new Set(plain);
  const extra = unique(joined).filter((word) => fits(word) && !inPlain.has(word));
  return { words: [...plain, ...extra], joined: extra.length };
}

function catalogueWords(text: string, options: { joinAll?: boolean } = {}): string[] {
  return catalogueText(text, options).words;
}

/**
 * The words the index keeps of a product, per field, within the caps of
 * SUGGESTION_INDEX; and how many of the title's and the type's last words
 * are joined spellings of the others (they match a caption, but a caption
 * need not name them: "tee" names all of "T-Shirt").
 */
function productFields(product: CatalogueProduct): { fields: string[][]; joined: [title: number, type: number] } {
  const titleText = catalogueText(product.title);
  const typeText = catalogueText(product.productType, { joinAll: true });
  const title = titleText.words;
  const inTitle = new Set(title);
  const fields = [
    title,
    catalogueWords(product.handle.replace(/-/g, " ")).filter((word) => !inTitle.has(word) && !/\d/.test(word)),
    typeText.words,
    catalogueWords(product.vendor, { joinAll: true }),
    unique(product.tags.slice(0, SUGGESTION_INDEX.tagsPerProduct).flatMap((tag) => catalogueWords(tag, { joinAll: true }))),
    unique(
      product.optionValues
        .slice(0, SUGGESTION_INDEX.optionValuesPerProduct)
        .filter((value) => value !== "Default Title")
        .flatMap((value) => catalogueWords(value)),
    ),
  ];
  let room = SUGGESTION_INDEX.wordsPerProduct;
  const kept = fields.map((words) => {
    const cut = words.slice(0, room);
    room -= cut.length;
    return cut;
  });
  const joinedKept = (field: number, text: { words: string[]; joined: number }) => Math.max(0, (kept[field]?.length ?? 0) - (text.words.length - text.joined));
  return { fields: kept, joined: [joinedKept(TITLE, titleText), joinedKept(TYPE, typeText)] };
}

/** What V8 spends on a Set of small ints on 64-bit Node, for the index's estimate of its own size. */
const SET_BYTES = { entry: 28, object: 120 } as const;

/**
 * Lists of product slots (one per word), as linked nodes in one typed array:
 * 8 bytes an entry, and no object per list (most title words name a handful
 * of products, where an array each would cost ten times its entries).
 */
class SlotLists {
  /** Per node: [slot, next node]; -1 ends a list. */
  private nodes = new Int32Array(0);
  private firstFree = -1;
  private nodesUsed = 0;
  /** Per word: its list's first node, -1 when empty. */
  private heads = new Int32Array(0);

  get bytes(): number {
    return this.nodes.byteLength + this.heads.byteLength + 2 * TYPED_ARRAY_OVERHEAD_BYTES;
  }

  add(list: number, slot: number): void {
    if (list >= this.heads.length) {
      const previous = this.heads.length;
      this.heads = grown(this.heads, list + 1, (size) => new Int32Array(size));
      this.heads.fill(-1, previous);
    }
    let node = this.firstFree;
    if (node >= 0) this.firstFree = this.nodes[node * 2 + 1] ?? -1;
    else {
      node = this.nodesUsed++;
      this.nodes = grown(this.nodes, this.nodesUsed * 2, (size) => new Int32Array(size));
    }
    this.nodes[node * 2] = slot;
    this.nodes[node * 2 + 1] = this.heads[list] ?? -1;
    this.heads[list] = node;
  }

  remove(list: number, slot: number): void {
    let previous = -1;
    for (let node = this.heads[list] ?? -1; node >= 0; previous = node, node = this.nodes[node * 2 + 1] ?? -1) {
      if (this.nodes[node * 2] !== slot) continue;
      const next = this.nodes[node * 2 + 1] ?? -1;
      if (previous < 0) this.heads[list] = next;
      else this.nodes[previous * 2 + 1] = next;
      this.nodes[node * 2 + 1] = this.firstFree;
      this.firstFree = node;
      return;
    }
  }

  forEach(list: number, visit: (slot: number) => void): void {
    for (let node = this.heads[list] ?? -1; node >= 0; node = this.nodes[node * 2 + 1] ?? -1) visit(this.nodes[node * 2] ?? 0);
  }
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
  /** Products by slot, their ids numbered (a removed product's slot is reused) ... */
  private products = new TextTable();
  /**
   * ... and its word ids, field after field, in one array shared by every
   * product: they start at wordsAt[slot]; field f ends fieldEnds[slot * 6 + f]
   * words after that (a typed array per product and field cost more than the
   * words; a byte holds an end, SUGGESTION_INDEX.wordsPerProduct being under
   * 256). A removed product's words stay until the array is compacted.
   */
  private pool = new Int32Array(0);
  private poolUsed = 0;
  private poolGarbage = 0;
  private wordsAt = new Int32Array(0);
  private fieldEnds = new Uint8Array(0);
  /** Per product: how many of its title's and its type's last words are joined spellings (not counted in what a caption must name). */
  private joinedWords = new Uint8Array(0);
  /** Words are numbered while a product names them; a number no product uses any more is given to the next new word. */
  private words = new TextTable();
  /** Per word: how many products name it, in any field (its rarity). */
  private productCount = new Int32Array(0);
  /** Per word: the products naming it in their title or handle, and in their type (the candidates of a query). */
  private titleSlots = new SlotLists();
  private typeSlots = new SlotLists();
  /**
   * Spelling look-ups over the letters-only words, by hash (each candidate is
   * checked): each word under itself and its one-letter deletions (one edit
   * away, found without scanning) ...
   */
  private deletions = new IntMultiMap();
  /** ... long words by length and first letter (two edits away, scanned) ... */
  private longWords = new Map<number, Set<number>>();
  private longWordCount = 0;
  /** ... and words under their first 4+ letters (up to 3 letters shorter) for "jacke" -> "jacket". */
  private heads = new IntMultiMap();
  /** Per query scratch, stamped with the query number instead of cleared: per product title and type hits. */
  private queryNumber = 0;
  private slotStamp = new Int32Array(0);
  private titleHits = new Float64Array(0);
  private typeHits = new Float64Array(0);

  constructor(products: Iterable<CatalogueProduct> = []) {
    for (const product of products) this.upsert(product);
  }

  get size(): number {
    return this.products.size;
  }

  has(productId: string): boolean {
    return this.products.find(productId) >= 0;
  }

  /**
   * An estimate of the memory the index holds, from the sizes of its arrays,
   * maps and texts (checked against the heap by tests/api/suggestion-index-memory.test.ts
   * and bench/suggest.mjs): what the instance's budget counts.
   */
  get approximateBytes(): number {
    const typedArrays =
      this.pool.byteLength +
      this.wordsAt.byteLength +
      this.fieldEnds.byteLength +
      this.joinedWords.byteLength +
      this.productCount.byteLength +
      this.slotStamp.byteLength +
      this.titleHits.byteLength +
      this.typeHits.byteLength +
      8 * TYPED_ARRAY_OVERHEAD_BYTES;
    const spelling = this.deletions.bytes + this.heads.bytes + this.longWordCount * SET_BYTES.entry + this.longWords.size * SET_BYTES.object;
    return typedArrays + this.products.bytes + this.words.bytes + this.titleSlots.bytes + this.typeSlots.bytes + spelling;
  }

  /** The words the index keeps of a product (after the caps), field by field; [] when it is not in the index. */
  keptWords(productId: string): string[] {
    const slot = this.products.find(productId);
    if (slot < 0) return [];
    const at = this.wordsAt[slot] ?? 0;
    const words: string[] = [];
    for (let i = at; i < at + (this.fieldEnds[slot * FIELD_COUNT + OPTION] ?? 0); i++) words.push(this.words.text(this.pool[i] ?? 0));
    return words;
  }

  private idOf(word: string): number {
    const id = this.words.add(word);
    // A new word's count is 0: a number is freed only once no product names its word.
    this.productCount = grown(this.productCount, id + 1, (size) => new Int32Array(size));
    return id;
  }

  upsert(product: CatalogueProduct): void {
    this.remove(product.id);
    const ids: number[] = [];
    const ends: number[] = [];
    const { fields, joined } = productFields(product);
    for (const words of fields) {
      for (const word of words) ids.push(this.idOf(word));
      ends.push(ids.length);
    }
    const slot = this.products.add(product.id);
    this.wordsAt = grown(this.wordsAt, slot + 1, (size) => new Int32Array(size));
    this.fieldEnds = grown(this.fieldEnds, (slot + 1) * FIELD_COUNT, (size) => new Uint8Array(size));
    this.joinedWords = grown(this.joinedWords, (slot + 1) * 2, (size) => new Uint8Array(size));
    this.joinedWords.set(joined, slot * 2);
    const at = this.reserveWords(ids.length);
    this.pool.set(ids, at);
    this.wordsAt[slot] = at;
    for (let field = 0; field < FIELD_COUNT; field++) this.fieldEnds[slot * FIELD_COUNT + field] = ends[field] ?? 0;
    for (const id of new Set(ids)) {
      this.productCount[id] = (this.productCount[id] ?? 0) + 1;
      if (this.productCount[id] === 1) this.spellingIndex(id, true);
    }
    const titleEnd = at + (ends[HANDLE] ?? 0);
    for (let i = at; i < titleEnd; i++) this.titleSlots.add(this.pool[i] ?? 0, slot);
    for (let i = titleEnd; i < at + (ends[TYPE] ?? 0); i++) this.typeSlots.add(this.pool[i] ?? 0, slot);
  }

  remove(productId: string): void {
    const slot = this.products.find(productId);
    if (slot < 0) return;
    const at = this.wordsAt[slot] ?? 0;
    const ends = slot * FIELD_COUNT;
    const titleEnd = at + (this.fieldEnds[ends + HANDLE] ?? 0);
    const end = at + (this.fieldEnds[ends + OPTION] ?? 0);
    for (let i = at; i < titleEnd; i++) this.titleSlots.remove(this.pool[i] ?? 0, slot);
    for (let i = titleEnd; i < at + (this.fieldEnds[ends + TYPE] ?? 0); i++) this.typeSlots.remove(this.pool[i] ?? 0, slot);
    for (const id of new Set(this.pool.subarray(at, end))) {
      this.productCount[id] = (this.productCount[id] ?? 1) - 1;
      if (this.productCount[id] === 0) this.wordGone(id);
    }
    this.poolGarbage += end - at;
    this.products.remove(slot);
  }

  /** Room for `count` word ids at the end of the pool, compacting it first when removed products left half of it unused. */
  private reserveWords(count: number): number {
    if (this.poolUsed + count > this.pool.length && this.poolGarbage * 2 > this.poolUsed) this.compactWords();
    this.pool = grown(this.pool, this.poolUsed + count, (size) => new Int32Array(size));
    const at = this.poolUsed;
    this.poolUsed += count;
    return at;
  }

  private compactWords(): void {
    const live = this.poolUsed - this.poolGarbage;
    const pool = new Int32Array(Math.max(16, Math.ceil(live * 1.5)));
    let used = 0;
    for (let slot = 0; slot < this.products.numbers; slot++) {
      if (!this.products.has(slot)) continue;
      const at = this.wordsAt[slot] ?? 0;
      const count = this.fieldEnds[slot * FIELD_COUNT + OPTION] ?? 0;
      for (let i = 0; i < count; i++) pool[used + i] = this.pool[at + i] ?? 0;
      this.wordsAt[slot] = used;
      used += count;
    }
    this.pool = pool;
    this.poolUsed = used;
    this.poolGarbage = 0;
  }

  /** No product names the word any more: it leaves the spelling index and its number is free. */
  private wordGone(id: number): void {
    this.spellingIndex(id, false);
    this.words.remove(id);
  }

  private spellingIndex(id: number, add: boolean): void {
    const word = this.words.text(id);
    if (word.length < MIN_FUZZY || !/^\p{L}+$/u.test(word)) return;
    const change = (map: IntMultiMap, key: number) => (add ? map.add(key, id) : map.remove(key, id));
    // A doubled letter gives the same deletion twice: each key once.
    const deletionKeys = new Set([hashText(word, 0)]);
    for (let i = 0; i < word.length; i++) deletionKeys.add(hashText(word, 0, i));
    for (const key of deletionKeys) change(this.deletions, key);
    for (let length = Math.max(MIN_PREFIX, word.length - 3); length < word.length; length++) change(this.heads, hashHead(word, 0, length));
    if (word.length >= 6) {
      const key = longWordKey(word.length, word);
      let set = this.longWords.get(key);
      if (add) {
        if (!set) this.longWords.set(key, (set = new Set()));
        set.add(id);
        this.longWordCount += 1;
      } else if (set?.delete(id)) {
        this.longWordCount -= 1;
        if (set.size === 0) this.longWords.delete(key);
      }
    }
  }

  /** How much a word tells products apart: rare words weigh more (smoothed inverse document frequency). */
  private weight(id: number): number {
    return Math.log(1 + (this.products.size + 1) / ((this.productCount[id] ?? 0) + 1));
  }

  private known(word: string): boolean {
    return this.words.find(word) >= 0;
  }

  /**
   * Splits a run of letters written as one word (#linenshirt, leinenhemd,
   * #mylinenshirtstyle) into known words, if it can be wholly: the
   * catalogue's words, the glossary's, and short common words (my, the) and
   * social media's (ootd, style) between them. Null unless it names at least
   * one catalogue or glossary word.
   */
  private segment(run: string): string[] | null {
    if (run.length < 6 || run.length > 40) return null;
    const isPiece = (piece: string) => (piece.length >= 3 && (this.known(stem(piece)) || this.known(piece) || glossaryHas(piece))) || isFiller(piece);
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
    const named = pieces.filter((piece) => !isFiller(piece));
    return named.length > 0 ? named : null;
  }

  /** The catalogue words an unknown caption word may stand for, by spelling or a shared beginning. */
  private near(word: string): Array<{ word: string; quality: number }> {
    const found = new Map<string, number>();
    if (word.length >= MIN_FUZZY && /^\p{L}+$/u.test(word)) {
      const oneEdit = new Set<number>();
      const collect = (id: number) => void oneEdit.add(id);
      this.deletions.forEach(hashText(word, 0), collect);
      for (let i = 0; i < word.length; i++) this.deletions.forEach(hashText(word, 0, i), collect);
      for (const id of oneEdit) {
        const candidate = this.words.text(id);
        // Short words must keep their first letter: "mask" is not "task".
        if (word.length < 6 && candidate[0] !== word[0]) continue;
        if (editDistance(word, candidate, 1) <= 1) found.set(candidate, QUALITY.fuzzy1);
      }
      if (found.size === 0 && word.length >= 8) {
        for (let length = word.length - 2; length <= word.length + 2; length++) {
          for (const id of this.longWords.get(longWordKey(length, word)) ?? []) {
            const candidate = this.words.text(id);
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
      // ... or the beginning of one (jacke -> jacket): the first three the catalogue named.
      if (found.size === 0) {
        const longer: number[] = [];
        this.heads.forEach(hashText(word, 0), (id) => {
          const candidate = this.words.text(id);
          if (candidate.length > word.length && candidate.length <= word.length + 3 && candidate.startsWith(word)) longer.push(id);
        });
        for (const id of longer.sort((a, b) => a - b).slice(0, 3)) found.set(this.words.text(id), QUALITY.prefix);
      }
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
    /** Adds the catalogue word a glossary word (or emoji) stands for, as strongly as the glossary can say. */
    const translated = (english: string, quality: number, authorOnly: boolean) =>
      add(stem(english), Math.min(quality, QUALITY.glossary), authorOnly) || add(english, Math.min(quality, QUALITY.glossary), authorOnly);
    /** Reads one caption word: known as is, or translated, split, or matched by spelling. */
    const read = (raw: string, quality: number, authorOnly = false) => {
      if (raw.length < MIN_WORD || STOPWORDS.has(raw)) return;
      if (isUnsegmented(raw)) {
        // Japanese: the glossary's words inside the run, then any Latin words in it.
        const { english, rest } = readUnsegmented(raw);
        for (const word of english) translated(word, quality, authorOnly);
        for (const word of rest) read(word, quality, authorOnly);
        return;
      }
      const stemmed = stem(raw);
      let found = add(stemmed, quality, authorOnly) || add(raw, quality, authorOnly);
      for (const english of glossaryTranslations(raw)) found = translated(english, quality, authorOnly) || found;
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
      const words = captionWords(foldText(text)).slice(0, MAX_QUERY_WORDS);
      for (const word of words) read(word, quality, authorOnly);
      for (let i = 0; i + 1 < words.length; i++) {
        // Neighbours joined: "t shirt" -> tshirt, "lip balm" -> lipbalm.
        add(stem(`${words[i]}${words[i + 1]}`), QUALITY.joined, authorOnly);
        // Glossary phrases: "protector solar" -> sunscreen, "veste en jean" -> denim jacket.
        for (const english of glossaryPhrase(words, i)?.english ?? []) translated(english, quality, authorOnly);
      }
    };

    const caption = (video.caption ?? "").slice(0, MAX_CAPTION_CHARS);
    /** Emoji stand for what they depict (👖 jeans, and so denim). */
    const readEmoji = (text: string) => {
      for (const match of text.matchAll(/\p{Extended_Pictographic}/gu)) {
        for (const word of emojiWords(match[0])) {
          add(stem(word), QUALITY.emoji);
          for (const english of glossaryTranslations(word)) translated(english, QUALITY.emoji, false);
        }
      }
    };
    // In the caption's order (what it names first breaks ties): text with its
    // emoji, and hashtags and mentions, split at case changes first (#LinenShirt).
    let done = 0;
    for (const tag of caption.matchAll(/[#@]([\p{L}\p{N}_]+)/gu)) {
      const before = caption.slice(done, tag.index);
      readEmoji(before);
      readText(before, QUALITY.exact);
      readText(splitCamel(tag[1] ?? ""), QUALITY.exact);
      done = tag.index + tag[0].length;
    }
    readEmoji(caption.slice(done));
    readText(caption.slice(done), QUALITY.exact);
    for (const author of [video.authorName, video.username]) if (author) readText(splitCamel(author), QUALITY.exact, true);
    return [...query.values()];
  }

  /** The products the video most likely shows, best first, above the threshold. */
  suggest(video: VideoText, options: SuggestOptions = {}): ProductSuggestion[] {
    const limit = options.limit ?? SUGGESTIONS_PER_VIDEO;
    const threshold = options.threshold ?? SUGGESTION_THRESHOLD;
    const query = this.queryWords(video);
    if (query.length === 0) return [];
    // How strongly the caption names each word (author words count for the
    // vendor only), in the order the caption names them.
    const named = new Map<number, number>();
    const namedByAuthor = new Map<number, number>();
    for (const word of query) {
      const id = this.words.find(word.word);
      if (id < 0) continue;
      namedByAuthor.set(id, word.quality);
      if (!word.authorOnly) named.set(id, word.quality);
    }
    return this.score(named, namedByAuthor, limit, threshold, options.exclude);
  }

  /** Scores the products naming the query's words. */
  private score(
    named: ReadonlyMap<number, number>,
    namedByAuthor: ReadonlyMap<number, number>,
    limit: number,
    threshold: number,
    exclude: ReadonlySet<string> | undefined,
  ): ProductSuggestion[] {
    const query = ++this.queryNumber;
    if (this.slotStamp.length < this.products.numbers) {
      // A quarter more than needed: a growing catalogue does not reallocate at every query.
      const size = Math.ceil(this.products.numbers * 1.25);
      this.slotStamp = new Int32Array(size);
      this.titleHits = new Float64Array(size);
      this.typeHits = new Float64Array(size);
    }
    const { slotStamp, titleHits, typeHits, pool, wordsAt, fieldEnds, joinedWords } = this;
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
    for (const [id, quality] of named) {
      const hit = this.weight(id) * quality;
      this.titleSlots.forEach(id, (slot) => {
        visit(slot);
        titleHits[slot] = (titleHits[slot] ?? 0) + hit;
      });
      this.typeSlots.forEach(id, (slot) => {
        visit(slot);
        typeHits[slot] = (typeHits[slot] ?? 0) + hit;
      });
    }
    /** Where a product's field starts and ends in the pool. */
    const from = (slot: number, field: number) => (wordsAt[slot] ?? 0) + (field === 0 ? 0 : (fieldEnds[slot * FIELD_COUNT + field - 1] ?? 0));
    const to = (slot: number, field: number) => (wordsAt[slot] ?? 0) + (fieldEnds[slot * FIELD_COUNT + field] ?? 0);
    /** How much of a product's title or type the hits name; its joined spellings ("tshirt" beside "shirt") need not be named. */
    const share = (hits: number, slot: number, field: typeof TITLE | typeof TYPE) => {
      let all = 0;
      const end = to(slot, field) - (joinedWords[slot * 2 + (field === TITLE ? 0 : 1)] ?? 0);
      for (let i = from(slot, field); i < end; i++) all += this.weight(pool[i] ?? 0);
      return all > 0 ? Math.min(1, hits / all) : 0;
    };
    // Title and type first: with the other fields at their best, that bounds
    // the score, so candidates are scored fully best bound first until no
    // bound can beat the suggestions already found.
    const rest = FIELD_WEIGHT.vendor + FIELD_WEIGHT.tag + FIELD_WEIGHT.option;
    const bounds = new Float64Array(candidates.length);
    const byBound = new Uint32Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      const slot = candidates[i] ?? 0;
      byBound[i] = i;
      bounds[i] = FIELD_WEIGHT.title * share(titleHits[slot] ?? 0, slot, TITLE) + FIELD_WEIGHT.type * share(typeHits[slot] ?? 0, slot, TYPE) + rest;
    }
    byBound.sort((a, b) => (bounds[b] ?? 0) - (bounds[a] ?? 0));

    const coverage = (slot: number, field: number, found: ReadonlyMap<number, number>) => {
      let all = 0;
      let hit = 0;
      for (let i = from(slot, field); i < to(slot, field); i++) {
        const id = pool[i] ?? 0;
        const w = this.weight(id);
        all += w;
        hit += w * (found.get(id) ?? 0);
      }
      return all > 0 ? Math.min(1, hit / all) : 0;
    };
    /** Tags named by the caption, the rarest counting most; common tags (sale, bestseller) count little. */
    const tagShare = (slot: number) => {
      let value = 0;
      let hits = 0;
      for (let i = from(slot, TAG); i < to(slot, TAG); i++) {
        const id = pool[i] ?? 0;
        const quality = named.get(id) ?? 0;
        if (!quality) continue;
        hits += 1;
        value = Math.max(value, quality * Math.min(1, this.weight(id) / 3));
      }
      return hits ? Math.min(1, value + 0.1 * (hits - 1)) : 0;
    };
    const best = (slot: number, field: number) => {
      let value = 0;
      for (let i = from(slot, field); i < to(slot, field); i++) value = Math.max(value, named.get(pool[i] ?? 0) ?? 0);
      return value;
    };

    /** Where the caption first names a word of the product's title: of two products scored alike, the one named first leads. */
    const order = new Map<number, number>();
    for (const id of named.keys()) order.set(id, order.size);
    const firstNamed = (slot: number) => {
      let first = order.size;
      for (let i = from(slot, TITLE); i < to(slot, HANDLE); i++) first = Math.min(first, order.get(pool[i] ?? 0) ?? first);
      return first;
    };
    const scored: Array<ProductSuggestion & { first: number }> = [];
    const bar = () => Math.max(threshold, scored.length >= limit ? (scored[limit - 1]?.score ?? 0) : 0);
    for (const i of byBound) {
      const bound = bounds[i] ?? 0;
      if (bound < bar()) break;
      const slot = candidates[i] ?? 0;
      const productId = this.products.text(slot);
      if (exclude?.has(productId)) continue;
      const score =
        bound -
        rest +
        FIELD_WEIGHT.vendor * coverage(slot, VENDOR, namedByAuthor) +
        FIELD_WEIGHT.tag * tagShare(slot) +
        FIELD_WEIGHT.option * best(slot, OPTION);
      if (score < bar()) continue;
      scored.push({ productId, score: Math.round(score * 1000) / 1000, first: firstNamed(slot) });
      scored.sort((a, b) => b.score - a.score || a.first - b.first || (a.productId < b.productId ? -1 : 1));
      if (scored.length > limit) scored.length = limit;
    }
    return scored.map(({ productId, score }) => ({ productId, score }));
  }
}

/** The long words two edits from a word are looked for by length and first letter. */
const longWordKey = (length: number, word: string) => length * 65_536 + word.charCodeAt(0);

/** A catalogue change as the index applies it: the product's new version, or its removal. */
export interface IndexChange {
  revision: number;
  deleted: boolean;
  product: CatalogueProduct;
}

/**
 * Applies pages of catalogue changes to the index in time slices (decision
 * 059): before each product the work may give the event loop back, so a
 * 50,000-product build never holds it for more than a slice. Answers the
 * highest revision applied (-1: none), or null when `stopped` said to stop.
 */
export async function applyChangesInSlices(
  index: SuggestionIndex,
  pages: AsyncIterable<readonly IndexChange[]> | Iterable<readonly IndexChange[]>,
  slices: TimeSlices,
  { stopped = () => false, afterPage }: { stopped?: () => boolean; afterPage?: () => void } = {},
): Promise<number | null> {
  let revision = -1;
  for await (const changes of pages) {
    for (const change of changes) {
      const turn = slices.pause();
      if (turn) await turn;
      if (stopped()) return null;
      if (change.deleted) index.remove(change.product.id);
      else index.upsert(change.product);
      revision = Math.max(revision, change.revision);
    }
    afterPage?.();
    // The next page is read at the start of a slice: a synchronous driver (SQLite's) reads in the caller's turn.
    const turn = slices.pause();
    if (turn) await turn;
  }
  return revision;
}
