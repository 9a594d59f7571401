import { describe, expect, it } from "vitest";
import { IntMultiMap, hashHead, hashText } from "~/suggestions/int-multimap";

const valuesOf = (map: IntMultiMap, key: number) => {
  const values: number[] = [];
  map.forEach(key, (value) => values.push(value));
  return values.sort((a, b) => a - b);
};

describe("IntMultiMap", () => {
  it("keeps several values under one key and removes one entry at a time", () => {
    const map = new IntMultiMap();
    map.add(7, 1);
    map.add(7, 2);
    map.add(7, 2);
    map.add(8, 0);
    expect(valuesOf(map, 7)).toEqual([1, 2, 2]);
    expect(valuesOf(map, 8)).toEqual([0]);
    expect(map.remove(7, 2)).toBe(true);
    expect(valuesOf(map, 7)).toEqual([1, 2]);
    expect(map.remove(7, 3)).toBe(false);
    expect(map.entries).toBe(3);
  });

  it("finds every entry past removed ones and across resizes, with keys in every part", () => {
    const map = new IntMultiMap();
    const keys = Array.from({ length: 20_000 }, (_, i) => hashText(`word${i}`, 0));
    keys.forEach((key, value) => map.add(key, value));
    for (let value = 0; value < keys.length; value += 2) expect(map.remove(keys[value] ?? 0, value)).toBe(true);
    keys.forEach((key, value) => {
      if (value % 2 === 0) return;
      expect(valuesOf(map, key)).toContain(value);
    });
    expect(map.entries).toBe(10_000);
    // Removed slots are reused and the table does not grow without end.
    const bytes = map.bytes;
    for (let round = 0; round < 5; round++) {
      for (let value = 0; value < keys.length; value += 2) map.add(keys[value] ?? 0, value);
      for (let value = 0; value < keys.length; value += 2) map.remove(keys[value] ?? 0, value);
    }
    expect(map.bytes).toBeLessThanOrEqual(bytes * 2);
  });

  it("hashes a text without one character as the text with that character cut out, and a head as the shorter text", () => {
    expect(hashText("shirt", 0, 2)).toBe(hashText("shrt", 0));
    expect(hashHead("jacket", 0, 5)).toBe(hashText("jacke", 0));
    expect(hashText("", 0)).not.toBe(0);
  });
});
