/**
 * A multimap from 32-bit hashes to small ints, kept in typed arrays: the
 * product suggestions' spelling look-ups and the numbering of their words and
 * product ids (app/suggestions/text-table.ts; decision 059). A JS Map of Sets costs
 * a few hundred bytes an entry; here an entry is one slot of two Int32Arrays
 * (8 bytes) at a load between 0.3 and 0.6.
 *
 * Keys are hashes, so two texts may share one: a look-up answers candidates,
 * and the caller checks each (the spelling index compares the words, the
 * text table the characters).
 *
 * The table is split in parts by the key's top bits, each resized on its own,
 * so no single resize copies the whole table (a resize is synchronous, and a
 * large shop's table holds millions of entries).
 */

/** What V8 spends on a typed array besides its bytes (the array and its buffer objects), measured on Node 20 x64. */
export const TYPED_ARRAY_OVERHEAD_BYTES = 160;

const PART_BITS = 6;
const PART_SHIFT = 32 - PART_BITS;
const FIRST_CAPACITY = 8;
const MAX_LOAD = 0.6;
const LOAD_AFTER_RESIZE = 0.3;
/** A slot is empty when its key is 0 and its value 0, and a removed entry (probing goes on past it) when its key is 0 and its value -1. */
const REMOVED = -1;

interface Part {
  keys: Int32Array;
  values: Int32Array;
  live: number;
  /** Live entries plus removed ones: what makes probing long. */
  used: number;
}

/** A 32-bit FNV-1a hash of `text` without its character at `skip` (-1: the whole text); never 0, which marks an empty slot. */
export function hashText(text: string, seed: number, skip = -1): number {
  let hash = (0x811c9dc5 ^ seed) | 0;
  for (let i = 0; i < text.length; i++) {
    if (i === skip) continue;
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash || 1;
}

/** The hash `hashText` gives the text held in `codes` from `start`, `length` characters long. */
export function hashCodes(codes: Uint16Array, start: number, length: number, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) | 0;
  for (let i = start; i < start + length; i++) hash = Math.imul(hash ^ (codes[i] ?? 0), 0x01000193);
  return hash || 1;
}

/** Of `text`'s first `length` characters. */
export function hashHead(text: string, seed: number, length: number): number {
  let hash = (0x811c9dc5 ^ seed) | 0;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash || 1;
}

export class IntMultiMap {
  private parts: Array<Part | undefined> = new Array<Part | undefined>(1 << PART_BITS);
  private size = 0;

  get entries(): number {
    return this.size;
  }

  /** What the table's arrays take. */
  get bytes(): number {
    let bytes = 0;
    for (const part of this.parts) if (part) bytes += part.keys.byteLength + part.values.byteLength + TYPED_ARRAY_OVERHEAD_BYTES * 2;
    return bytes;
  }

  add(key: number, value: number): void {
    const index = key >>> PART_SHIFT;
    let part = this.parts[index];
    if (!part) this.parts[index] = part = { keys: new Int32Array(FIRST_CAPACITY), values: new Int32Array(FIRST_CAPACITY), live: 0, used: 0 };
    if (part.used + 1 > part.keys.length * MAX_LOAD) resize(part);
    const { keys, values } = part;
    const mask = keys.length - 1;
    let slot = key & mask;
    // The first free slot: an empty one, or a removed entry's (probing runs past either way).
    while (keys[slot] !== 0) slot = (slot + 1) & mask;
    if (values[slot] !== REMOVED) part.used += 1;
    keys[slot] = key;
    values[slot] = value;
    part.live += 1;
    this.size += 1;
  }

  /** Removes one entry `key` -> `value`; answers whether there was one. */
  remove(key: number, value: number): boolean {
    const part = this.parts[key >>> PART_SHIFT];
    if (!part) return false;
    const { keys, values } = part;
    const mask = keys.length - 1;
    for (let slot = key & mask; keys[slot] !== 0 || values[slot] === REMOVED; slot = (slot + 1) & mask) {
      if (keys[slot] === key && values[slot] === value) {
        keys[slot] = 0;
        values[slot] = REMOVED;
        part.live -= 1;
        this.size -= 1;
        return true;
      }
    }
    return false;
  }

  /** The first value stored under `key` that `matches`, or -1. */
  find(key: number, matches: (value: number) => boolean): number {
    const part = this.parts[key >>> PART_SHIFT];
    if (!part) return -1;
    const { keys, values } = part;
    const mask = keys.length - 1;
    for (let slot = key & mask; keys[slot] !== 0 || values[slot] === REMOVED; slot = (slot + 1) & mask) {
      if (keys[slot] === key && matches(values[slot] ?? 0)) return values[slot] ?? 0;
    }
    return -1;
  }

  /** Calls `visit` with every value stored under `key`. */
  forEach(key: number, visit: (value: number) => void): void {
    const part = this.parts[key >>> PART_SHIFT];
    if (!part) return;
    const { keys, values } = part;
    const mask = keys.length - 1;
    for (let slot = key & mask; keys[slot] !== 0 || values[slot] === REMOVED; slot = (slot + 1) & mask) {
      if (keys[slot] === key) visit(values[slot] ?? 0);
    }
  }
}

/** Rehashes a part into a table sized for its live entries: removed entries go, and the load falls back to LOAD_AFTER_RESIZE. */
function resize(part: Part): void {
  let capacity = FIRST_CAPACITY;
  while (capacity * LOAD_AFTER_RESIZE < part.live + 1) capacity *= 2;
  const { keys: oldKeys, values: oldValues } = part;
  const keys = new Int32Array(capacity);
  const values = new Int32Array(capacity);
  const mask = capacity - 1;
  for (let i = 0; i < oldKeys.length; i++) {
    const key = oldKeys[i] ?? 0;
    if (key === 0) continue;
    let slot = key & mask;
    while (keys[slot] !== 0) slot = (slot + 1) & mask;
    keys[slot] = key;
    values[slot] = oldValues[i] ?? 0;
  }
  part.keys = keys;
  part.values = values;
  part.used = part.live;
}
