import { describe, expect, it } from "vitest";
import { type z } from "zod";
import { TEXT_INPUT_TEXT } from "~/messages";
import { cutText, idInput, normalizeText, refusedCharacter, removeRefusedCharacters, textInput, untrustedText } from "~/rules/text-input";

const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";

/** The first issue's message, as the API answers it, or the parsed value. */
function parse(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message };
}

describe("refusedCharacter", () => {
  it("names the first control character (C0, DEL, C1) or lone surrogate, as U+XXXX", () => {
    expect(refusedCharacter("ok")).toBeNull();
    expect(refusedCharacter("a\u0000b\u0001")).toEqual({ kind: "control", codePoint: "U+0000" });
    expect(refusedCharacter("a\u007f")).toEqual({ kind: "control", codePoint: "U+007F" });
    expect(refusedCharacter("next\u0085line")).toEqual({ kind: "control", codePoint: "U+0085" });
    expect(refusedCharacter(`x${LONE_HIGH}`)).toEqual({ kind: "broken", codePoint: "U+D83D" });
    expect(refusedCharacter(`${LONE_LOW}x`)).toEqual({ kind: "broken", codePoint: "U+DE00" });
    // Two halves in the wrong order are two broken characters, not an emoji.
    expect(refusedCharacter(`${LONE_LOW}${LONE_HIGH}`)).toEqual({ kind: "broken", codePoint: "U+DE00" });
  });

  it("accepts emoji, accents, other scripts and private-use characters", () => {
    for (const text of ["😀👩🏽‍💻", "Crème brûlée", "e\u0301", "日本語", "עברית", "\ue000", "\u00a0non-breaking"]) expect(refusedCharacter(text)).toBeNull();
  });

  it("allows tabs and line breaks in multi-line text only", () => {
    expect(refusedCharacter("a\tb\nc\r\n")).toEqual({ kind: "control", codePoint: "U+0009" });
    expect(refusedCharacter("a\tb\nc\r\n", { multiline: true })).toBeNull();
    expect(refusedCharacter("a\vb", { multiline: true })).toEqual({ kind: "control", codePoint: "U+000B" });
    expect(refusedCharacter("a\u0000b", { multiline: true })).toEqual({ kind: "control", codePoint: "U+0000" });
  });
});

describe("normalizeText", () => {
  it("composes (NFC), reads tabs and line breaks as spaces, and trims", () => {
    expect(normalizeText(" Cafe\u0301\t\n")).toBe("Caf\u00e9");
    expect(normalizeText("a\tb\r\nc")).toBe("a b  c");
    expect(normalizeText("a\tb\r\nc", { collapseSpaces: true })).toBe("a b c");
    expect(normalizeText(" a\tb\nc ", { multiline: true })).toBe("a\tb\nc");
  });

  it("leaves refused characters for refusedCharacter to name, except in a required field holding nothing else", () => {
    expect(normalizeText("a\u0000")).toBe("a\u0000");
    expect(normalizeText("\u0000")).toBe("\u0000");
    expect(normalizeText(` \u0000 ${LONE_HIGH}\t`, { required: true })).toBe("");
    expect(normalizeText("a\u0000", { required: true })).toBe("a\u0000");
  });
});

describe("cutText", () => {
  it("cuts at a number of UTF-16 units without leaving half of a surrogate pair", () => {
    expect(cutText("abc", 5)).toBe("abc");
    expect(cutText("abcdef", 3)).toBe("abc");
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("ab😀", 4)).toBe("ab😀");
  });
});

describe("third-party text", () => {
  it("removes refused characters, keeps line breaks, composes, trims and caps", () => {
    expect(untrustedText(`Sum\u0000mer ${LONE_HIGH}sale\u0085!\nNew line\u0007`, 100)).toBe("Summer sale!\nNew line");
    expect(untrustedText("Cafe\u0301", 100)).toBe("Caf\u00e9");
    expect(untrustedText(`${"a".repeat(9)}😀`, 10)).toBe("a".repeat(9));
    expect(untrustedText("a\nb", 10, { multiline: false })).toBe("a b");
    expect(untrustedText(`\u0000 ${LONE_LOW} `, 10)).toBeNull();
    expect(untrustedText(42, 10)).toBeNull();
  });

  it("removeRefusedCharacters keeps words apart where a tab or line break was", () => {
    expect(removeRefusedCharacters("summer\tdress\u0000")).toBe("summer dress");
  });
});

describe("textInput and idInput (zod)", () => {
  const name = textInput("name").max(5, "name is too long");
  const requiredName = textInput("name", { required: true }).min(1, "name is required");

  it("answers the normalised text, then the field's own rules see it", () => {
    expect(parse(name, "  Cafe\u0301 ")).toEqual({ value: "Caf\u00e9" });
    expect(parse(name, "abcdef")).toEqual({ error: "name is too long" });
    expect(parse(name, 5)).toEqual({ error: TEXT_INPUT_TEXT.notText("name") });
  });

  it("refuses a control character or a lone surrogate with the field and the character, before any later rule", () => {
    expect(parse(name, "ab\u0000cdefgh")).toEqual({ error: TEXT_INPUT_TEXT.controlCharacter("name", "U+0000") });
    expect(parse(name, `a${LONE_HIGH}`)).toEqual({ error: TEXT_INPUT_TEXT.brokenCharacter("name", "U+D83D") });
    expect(parse(name, "\u0000")).toEqual({ error: TEXT_INPUT_TEXT.controlCharacter("name", "U+0000") });
  });

  it("reads a required field holding only refused characters as empty, so its own required rule answers", () => {
    expect(parse(requiredName, "\u0000")).toEqual({ error: "name is required" });
    expect(parse(requiredName, `a\u0000`)).toEqual({ error: TEXT_INPUT_TEXT.controlCharacter("name", "U+0000") });
  });

  it("keeps an id exactly as sent, refusing only what no database stores", () => {
    expect(parse(idInput("videoId"), " cm1abc ")).toEqual({ value: " cm1abc " });
    expect(parse(idInput("videoId"), "cm1\u0000")).toEqual({ error: TEXT_INPUT_TEXT.controlCharacter("videoId", "U+0000") });
    expect(parse(idInput("videoId"), "cm1\n")).toEqual({ error: TEXT_INPUT_TEXT.controlCharacter("videoId", "U+000A") });
  });
});
