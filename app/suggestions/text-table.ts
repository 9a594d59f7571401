/**
 * Texts numbered and kept in typed arrays, not as JS strings: the suggestion
 * index's words and product ids (decision 059). A string is an object the
 * garbage collector visits; five large shops' indexes hold over a million of
 * them, and collecting that heap held the event loop for 50-250 ms at a time
 * while the indexes were built. Here a text costs its characters (two bytes
 * each) and a few ints, in arrays the collector does not look into.
 *
 * A number is the text's until it is removed, then it is given to the next
 * new text; the characters of removed texts are reclaimed when they make up
 * half of the store.
 */
import { IntMultiMap, TYPED_ARRAY_OVERHEAD_BYTES, hashCodes, hashText } from "./int-multimap";

const SEED = 0x5eed;

/** Grows a typed array to hold at least `length` items (by half again, so slack stays under a third). */
export function grown<T extends Int32Array | Uint8Array | Uint16Array>(array: T, length: number, make: (size: number) => T): T {
  if (length <= array.length) return array;
  const next = make(Math.max(length, Math.ceil(array.length * 1.5), 16));
  next.set(array);
  return next;
}

export class TextTable {
  private chars = new Uint16Array(0);
  private charsUsed = 0;
  private charsFreed = 0;
  /** Per number: where its text starts in `chars`, and its length (-1: the number is free). */
  private starts = new Int32Array(0);
  private lengths = new Int32Array(0);
  private byHash = new IntMultiMap();
  private freeNumbers: number[] = [];
  private numbered = 0;
  private count = 0;

  /** Texts held. */
  get size(): number {
    return this.count;
  }

  /** One more than the highest number given: arrays indexed by number need this length. */
  get numbers(): number {
    return this.numbered;
  }

  get bytes(): number {
    return (
      this.chars.byteLength +
      this.starts.byteLength +
      this.lengths.byteLength +
      3 * TYPED_ARRAY_OVERHEAD_BYTES +
      this.byHash.bytes +
      this.freeNumbers.length * 8
    );
  }

  /** The text's number, or -1. */
  find(text: string): number {
    return this.byHash.find(hashText(text, SEED), (number) => this.holds(number, text));
  }

  /** The text's number, numbering it when new. */
  add(text: string): number {
    const hash = hashText(text, SEED);
    const found = this.byHash.find(hash, (number) => this.holds(number, text));
    if (found >= 0) return found;
    const number = this.freeNumbers.pop() ?? this.numbered++;
    this.starts = grown(this.starts, number + 1, (size) => new Int32Array(size));
    if (number >= this.lengths.length) {
      const previous = this.lengths.length;
      this.lengths = grown(this.lengths, number + 1, (size) => new Int32Array(size));
      this.lengths.fill(-1, previous);
    }
    const start = this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.chars[start + i] = text.charCodeAt(i);
    this.starts[number] = start;
    this.lengths[number] = text.length;
    this.byHash.add(hash, number);
    this.count += 1;
    return number;
  }

  remove(number: number): void {
    const length = this.lengths[number] ?? -1;
    if (length < 0) return;
    const start = this.starts[number] ?? 0;
    this.byHash.remove(hashCodes(this.chars, start, length, SEED), number);
    this.lengths[number] = -1;
    this.charsFreed += length;
    this.freeNumbers.push(number);
    this.count -= 1;
  }

  has(number: number): boolean {
    return (this.lengths[number] ?? -1) >= 0;
  }

  /** The text of a number in use ("" for a free one). */
  text(number: number): string {
    const length = this.lengths[number] ?? -1;
    if (length <= 0) return "";
    const start = this.starts[number] ?? 0;
    return String.fromCharCode(...this.chars.subarray(start, start + length));
  }

  private holds(number: number, text: string): boolean {
    if (this.lengths[number] !== text.length) return false;
    const start = this.starts[number] ?? 0;
    for (let i = 0; i < text.length; i++) if (this.chars[start + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** Room for `length` characters at the end of the store, reclaiming removed texts' first when they make up half of it. */
  private reserve(length: number): number {
    if (this.charsUsed + length > this.chars.length && this.charsFreed * 2 > this.charsUsed) this.compact();
    this.chars = grown(this.chars, this.charsUsed + length, (size) => new Uint16Array(size));
    const start = this.charsUsed;
    this.charsUsed += length;
    return start;
  }

  private compact(): void {
    const chars = new Uint16Array(Math.max(16, Math.ceil((this.charsUsed - this.charsFreed) * 1.5)));
    let used = 0;
    for (let number = 0; number < this.numbered; number++) {
      const length = this.lengths[number] ?? -1;
      if (length < 0) continue;
      chars.set(this.chars.subarray(this.starts[number] ?? 0, (this.starts[number] ?? 0) + length), used);
      this.starts[number] = used;
      used += length;
    }
    this.chars = chars;
    this.charsUsed = used;
    this.charsFreed = 0;
  }
}
