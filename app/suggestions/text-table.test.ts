import { describe, expect, it } from "vitest";
import { TextTable } from "~/suggestions/text-table";

describe("TextTable", () => {
  it("numbers each text once, finds it, and gives a removed text's number to the next new one", () => {
    const table = new TextTable();
    const linen = table.add("linen");
    expect(table.add("linen")).toBe(linen);
    const shirt = table.add("shirt");
    expect(shirt).not.toBe(linen);
    expect(table.find("shirt")).toBe(shirt);
    expect(table.find("shirts")).toBe(-1);
    expect(table.text(linen)).toBe("linen");
    table.remove(linen);
    expect(table.find("linen")).toBe(-1);
    expect(table.has(linen)).toBe(false);
    expect(table.add("lin")).toBe(linen);
    expect(table.size).toBe(2);
  });

  it("keeps any text, accents and other scripts included, through compactions", () => {
    const table = new TextTable();
    const texts = Array.from({ length: 3_000 }, (_, i) => `${i % 2 ? "crème" : "рубашка"}-${i}-${"x".repeat(i % 40)}`);
    const numbers = texts.map((text) => table.add(text));
    // Removing most texts and adding more reclaims their characters along the way.
    texts.forEach((_, i) => i % 3 !== 0 && table.remove(numbers[i] ?? -1));
    const more = Array.from({ length: 3_000 }, (_, i) => `naïve 靴 ${i}`);
    const moreNumbers = more.map((text) => table.add(text));
    texts.forEach((text, i) => expect(table.find(text)).toBe(i % 3 === 0 ? numbers[i] : -1));
    more.forEach((text, i) => expect(table.text(moreNumbers[i] ?? -1)).toBe(text));
    expect(table.size).toBe(1_000 + 3_000);
  });
});
