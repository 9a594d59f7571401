// The shopping glossary (decision 077) is written systematically: every
// thing, material, colour and quality the demo catalogue names has its words
// in every storefront language, and its words are written as the engine
// folds captions.
import { describe, expect, it } from "vitest";
import { foldText, stem } from "~/suggestions/product-suggestions";
import { CONCEPTS, GLOSSARY_LANGUAGES, dictionaryForms, glossaryTranslations } from "~/suggestions/product-suggestions-glossary";
import { demoCatalogue } from "../../tests/emulators/shopify/catalogue";

const words = (list: string | undefined) => (list ?? "").split("|").filter((word) => word.length > 0);

describe("the shopping glossary", () => {
  it("names every concept in every storefront language", () => {
    for (const [english, concept] of Object.entries(CONCEPTS)) {
      for (const language of GLOSSARY_LANGUAGES) expect(words(concept[language]).length, `${english} in ${language}`).toBeGreaterThan(0);
    }
  });

  it("covers every word of the demo catalogue's titles, product types and tags but its collection-free names", () => {
    const covered = new Set<string>();
    for (const [english, concept] of Object.entries(CONCEPTS)) {
      for (const word of [...english.split(" "), ...words(concept.en), ...words(concept.also)]) covered.add(stem(foldText(word)));
    }
    const catalogueWords = new Set(
      demoCatalogue()
        .flatMap((product) => [product.title, product.productType, ...product.tags.filter((tag) => tag !== "bestseller" && tag !== "sale")])
        .flatMap((text) => foldText(text).split(/[^\p{L}]+/u))
        .filter((word) => word.length > 1),
    );
    const missing = [...catalogueWords].filter((word) => !covered.has(stem(word)) && !covered.has(word));
    expect(missing).toEqual([]);
  });

  it("is written folded, as the engine folds captions", () => {
    for (const concept of Object.values(CONCEPTS)) {
      for (const list of Object.values(concept)) for (const word of words(list)) expect(foldText(word)).toBe(word);
    }
  });

  it("finds a word's dictionary form: plurals, gender, compound links and doubled consonants", () => {
    expect(dictionaryForms("kaarsen")).toContain("kaars");
    expect(dictionaryForms("tazze")).toContain("tazza");
    expect(dictionaryForms("mokken")).toContain("mok");
    expect(dictionaryForms("giacche")).toContain("giacca");
    expect(dictionaryForms("relajadas")).toContain("relajada");
    expect(glossaryTranslations("cuscini")).toContain("cushion");
    expect(glossaryTranslations("nordischen")).toContain("nordic");
  });
});
