/**
 * What text Clipcart accepts and stores (docs/decisions/021-text-input-normalisation.md).
 * Pure and client-safe: the API's zod schemas, the library's URL parser and
 * the importers all use it.
 *
 * Not every JavaScript string can be stored: PostgreSQL refuses NUL in text,
 * SQLite's C API ends a string at its first NUL, and a lone UTF-16 surrogate
 * is not UTF-8 (Prisma's engine refuses it on both databases). Control
 * characters make no sense in a name either. So:
 *
 * - merchant text (names, titles, searches, URLs, ids in a request) is
 *   normalised, then refused with the field's name and the character when
 *   one of them is left: the merchant can fix it, and nothing is stored
 *   silently different from what was typed;
 * - third-party text (captions, author names, embed HTML, failure reasons
 *   from Apify or oEmbed) is untrusted and nobody can fix it: those
 *   characters are removed, so one video's caption never fails an import.
 *
 * Both are composed (Unicode NFC), so "é" typed as "e" plus a combining
 * accent is the same name, and the same search, as a precomposed "é".
 */
import { z } from "zod";
import { TEXT_INPUT_TEXT } from "~/messages";

export interface TextRules {
  /** Keeps tabs and line breaks (TAB, LF, CR); otherwise they, VT and FF are spaces. */
  multiline?: boolean;
  /** Runs of white space become one space (names compared by their words, searches). */
  collapseSpaces?: boolean;
  /**
   * The field must not be empty. Text of nothing but spaces and refused
   * characters is then empty, so the field's own "required" rule answers
   * (a NUL-only view name is a missing name). Without it such text is
   * refused for its character, since empty may mean "use the default".
   */
  required?: boolean;
}

export interface RefusedCharacter {
  /** control: C0, DEL or C1; broken: a lone UTF-16 surrogate (half of an emoji or symbol). */
  kind: "control" | "broken";
  /** The character as "U+0000", since it is invisible. */
  codePoint: string;
}

/** Control characters (C0, DEL, C1) and lone surrogates; a surrogate pair is one code point under the u flag, so it never matches. */
const REFUSED = /[\p{Cc}\p{Cs}]/gu;
/** Control characters that are white space: kept in multi-line text (TAB, LF, CR) or read as a space. */
const WHITESPACE_CONTROLS = /[\t\n\v\f\r]/g;
const MULTILINE_KEEPS = new Set(["\t", "\n", "\r"]);

function codePointLabel(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function whitespaceControlsAsSpaces(text: string, multiline: boolean | undefined): string {
  return text.replace(WHITESPACE_CONTROLS, (char) => (multiline && MULTILINE_KEEPS.has(char) ? char : " "));
}

/** The first character of `text` no field accepts (tabs and line breaks allowed in multi-line text), or null. */
export function refusedCharacter(text: string, rules: Pick<TextRules, "multiline"> = {}): RefusedCharacter | null {
  for (const [char] of text.matchAll(REFUSED)) {
    if (rules.multiline && MULTILINE_KEEPS.has(char)) continue;
    return { kind: /\p{Cs}/u.test(char) ? "broken" : "control", codePoint: codePointLabel(char) };
  }
  return null;
}

/** `text` without the characters refusedCharacter finds; white-space controls become spaces (or stay, in multi-line text). */
export function removeRefusedCharacters(text: string, rules: Pick<TextRules, "multiline"> = {}): string {
  const kept = (char: string) => (rules.multiline && MULTILINE_KEEPS.has(char) ? char : "");
  return whitespaceControlsAsSpaces(text, rules.multiline).replace(REFUSED, kept);
}

/**
 * Merchant text as it is checked and stored: NFC, white-space controls as
 * spaces (single-line), spaces collapsed when asked, trimmed. Refused
 * characters stay, for refusedCharacter to name, except in a required field
 * holding nothing else, which becomes "".
 */
export function normalizeText(text: string, rules: TextRules = {}): string {
  if (rules.required && removeRefusedCharacters(text).trim() === "") return "";
  let normalized = whitespaceControlsAsSpaces(text, rules.multiline).normalize("NFC");
  if (rules.collapseSpaces) normalized = normalized.replace(/\s+/g, " ");
  return normalized.trim();
}

/** At most `maxLength` UTF-16 units, never ending in the first half of a surrogate pair (that half alone cannot be stored). */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Untrusted third-party text as we store it: refused characters removed
 * (multi-line by default: captions keep their line breaks), NFC, trimmed,
 * cut at `maxLength`; not a string, or nothing left -> null.
 */
export function untrustedText(value: unknown, maxLength: number, rules: Pick<TextRules, "multiline"> = { multiline: true }): string | null {
  if (typeof value !== "string") return null;
  const text = cutText(removeRefusedCharacters(value, rules).normalize("NFC").trim(), maxLength).trimEnd();
  return text || null;
}

function refusalMessage(field: string, refused: RefusedCharacter): string {
  return refused.kind === "broken" ? TEXT_INPUT_TEXT.brokenCharacter(field, refused.codePoint) : TEXT_INPUT_TEXT.controlCharacter(field, refused.codePoint);
}

function refuseCharacters(field: string, rules: TextRules) {
  return (payload: z.core.ParsePayload<string>) => {
    const refused = refusedCharacter(payload.value, rules);
    // continue: false stops the field's later rules: the first problem is the one the merchant sees.
    if (refused) payload.issues.push({ code: "custom", message: refusalMessage(field, refused), input: payload.value, continue: false });
  };
}

/**
 * Merchant text in a request, as a zod string: normalised (normalizeText),
 * then refused with `field`'s name when a control character or a lone
 * surrogate is left. Chain the field's own rules after it: they see the
 * normalised text (`.min(1, ...)` for a required field, `.max(...)`).
 */
export function textInput(field: string, rules: TextRules = {}) {
  return z
    .string({ error: TEXT_INPUT_TEXT.notText(field) })
    .overwrite((text) => normalizeText(text, rules))
    .check(refuseCharacters(field, rules));
}

/** An id in a request (a path segment, a body field): kept exactly as sent, refused when it holds a character no database stores. */
export function idInput(field: string) {
  return z.string({ error: TEXT_INPUT_TEXT.notText(field) }).check(refuseCharacters(field, {}));
}
