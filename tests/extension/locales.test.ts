/**
 * The storefront's languages (issue 14): Shopify shows a theme app
 * extension's texts in the store's language from locales/<code>.json, falling
 * back to en.default.json. Every language has every key the Liquid uses, in
 * its own words (keeping the {platform} placeholder), within Shopify's 15 KB
 * per locale file.
 */
import { describe, expect, it } from "vitest";
import { extensionFiles, readExtensionFile } from "./extension-files";

/** English, French, German, Spanish, Italian, Dutch, Portuguese (Brazil) and Japanese. */
const LANGUAGES = ["en.default", "fr", "de", "es", "it", "nl", "pt-BR", "ja"];
/** Shopify's limit for a theme app extension's locale file. */
const LOCALE_FILE_MAX_BYTES = 15 * 1024;

type Texts = Record<string, Record<string, string>>;
const read = (code: string) => JSON.parse(readExtensionFile(`locales/${code}.json`)) as Texts;
const keysOf = (texts: Texts) =>
  Object.entries(texts)
    .flatMap(([group, entries]) => Object.keys(entries).map((key) => `${group}.${key}`))
    .sort();
const english = read("en.default");

describe("the storefront's languages", () => {
  it("are the eight the store can be in, and no others", () => {
    const storefrontLocales = extensionFiles("locales")
      .filter((file) => !file.endsWith(".schema.json"))
      .map((file) => file.replace(/\.json$/, ""));
    expect(storefrontLocales.sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((code) => code !== "en.default"))("%s has every text, translated, with its placeholders, within 15 KB", (code) => {
    const texts = read(code);
    expect(keysOf(texts)).toEqual(keysOf(english));
    for (const [group, entries] of Object.entries(english)) {
      for (const [key, source] of Object.entries(entries)) {
        const translated = texts[group]?.[key] ?? "";
        expect(translated.trim(), `${code} ${group}.${key}`).not.toBe("");
        expect(translated.match(/\{\w+\}/g) ?? [], `${code} ${group}.${key}`).toEqual(source.match(/\{\w+\}/g) ?? []);
      }
    }
    // The button texts are the language's own, not English left in place ("Video" is the same word in several languages).
    expect(texts.widget?.add_to_cart).not.toBe(english.widget?.add_to_cart);
    expect(Buffer.byteLength(readExtensionFile(`locales/${code}.json`), "utf8")).toBeLessThanOrEqual(LOCALE_FILE_MAX_BYTES);
  });
});
