import { describe, expect, it } from "vitest";
import { SuggestionIndex, editDistance, foldText, stem, type CatalogueProduct } from "~/suggestions/product-suggestions";

function product(id: number, title: string, extra: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: `gid://shopify/Product/${id}`,
    title,
    handle: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    productType: "",
    vendor: "Acme",
    tags: [],
    optionValues: [],
    ...extra,
  };
}

const catalogue = [
  product(1, "Relaxed Linen Shirt", { productType: "Shirts", vendor: "Northwind Apparel", tags: ["apparel", "relaxed"], optionValues: ["S", "M"] }),
  product(2, "Classic Linen Shirt", { productType: "Shirts", vendor: "Northwind Apparel", tags: ["apparel", "classic"] }),
  product(3, "Nordic Scented Candle", { productType: "Candles", vendor: "Hearth & Loom", tags: ["home", "nordic"] }),
  product(4, "Hydrating Face Serum", { productType: "Skincare", vendor: "Glow Botanics", tags: ["beauty", "hydrating"], optionValues: ["30 ml"] }),
  product(5, "Organic Cotton T-Shirt", { productType: "T-Shirts", vendor: "Northwind Apparel", tags: ["apparel"] }),
  product(6, "Colour Block Hoodie", { productType: "Hoodies", vendor: "Northwind Apparel", optionValues: ["Black", "Sand"] }),
  product(7, "Terracotta Stoneware Mug", { productType: "Kitchen", vendor: "Hearth & Loom", tags: ["home", "terracotta"] }),
];

const first = (index: SuggestionIndex, caption: string, extra: { authorName?: string } = {}) => index.suggest({ caption, ...extra })[0]?.productId;

describe("product suggestions", () => {
  const index = new SuggestionIndex(catalogue);

  it("names the product a plain caption describes, with a score between the threshold and 1", () => {
    const [top] = index.suggest({ caption: "My relaxed linen shirt for the summer" });
    expect(top?.productId).toBe("gid://shopify/Product/1");
    expect(top?.score).toBeGreaterThan(0.42);
    expect(top?.score).toBeLessThanOrEqual(1);
  });

  it("reads hashtags written as one word or in camel case", () => {
    expect(first(index, "#nordicscentedcandle #hygge")).toBe("gid://shopify/Product/3");
    expect(first(index, "#ClassicLinenShirt #OOTD")).toBe("gid://shopify/Product/2");
  });

  it("reads emoji-heavy captions and joined words (t shirt)", () => {
    expect(first(index, "✨👕✨ organic cotton t shirt 🔥🔥")).toBe("gid://shopify/Product/5");
    expect(first(index, "☕🤎 terracotta mug 🤎")).toBe("gid://shopify/Product/7");
  });

  it("forgives misspellings", () => {
    expect(first(index, "relaxd linnen shirt")).toBe("gid://shopify/Product/1");
    expect(first(index, "hydrating face seerum")).toBe("gid://shopify/Product/4");
  });

  it("reads other languages through the shopping glossary and shared word beginnings", () => {
    expect(first(index, "Ma nouvelle chemise en lin Relaxed")).toBe("gid://shopify/Product/1");
    expect(first(index, "Il mio siero viso Hydrating")).toBe("gid://shopify/Product/4");
    expect(first(index, "Caneca de grés Terracotta")).toBe("gid://shopify/Product/7");
  });

  it("suggests nothing for a caption that shows no product, even one sharing a common word", () => {
    expect(index.suggest({ caption: "Thank you for 10k followers!!! 🎉" })).toEqual([]);
    expect(index.suggest({ caption: "Nordic winter walk ❄️" })).toEqual([]);
    expect(index.suggest({ caption: "" })).toEqual([]);
    expect(index.suggest({ caption: null })).toEqual([]);
  });

  it("counts the author only towards the vendor, never alone", () => {
    expect(index.suggest({ caption: "Behind the scenes", authorName: "Glow Botanics" })).toEqual([]);
    const withVendor = index.suggest({ caption: "face serum", authorName: "Glow Botanics" })[0]?.score ?? 0;
    const without = index.suggest({ caption: "face serum", authorName: "Mia" })[0]?.score ?? 0;
    expect(withVendor).toBeGreaterThan(without);
  });

  it("uses variant option values as confirming evidence", () => {
    const sand = index.suggest({ caption: "colour block hoodie in sand" })[0]?.score ?? 0;
    const plain = index.suggest({ caption: "colour block hoodie" })[0]?.score ?? 0;
    expect(sand).toBeGreaterThan(plain);
  });

  it("leaves out products already tagged and respects the limit", () => {
    const all = index.suggest({ caption: "linen shirt" }, { limit: 5 });
    expect(all.map((s) => s.productId)).toEqual(expect.arrayContaining(["gid://shopify/Product/1", "gid://shopify/Product/2"]));
    const rest = index.suggest({ caption: "linen shirt" }, { exclude: new Set(["gid://shopify/Product/1"]) });
    expect(rest.map((s) => s.productId)).not.toContain("gid://shopify/Product/1");
    expect(index.suggest({ caption: "linen shirt" }, { limit: 1 })).toHaveLength(1);
  });

  it("follows catalogue changes: a renamed product is found by its new name, a removed one no more", () => {
    const live = new SuggestionIndex(catalogue);
    live.upsert(product(3, "Nordic Beeswax Taper", { productType: "Candles", vendor: "Hearth & Loom" }));
    expect(first(live, "nordic beeswax taper")).toBe("gid://shopify/Product/3");
    live.remove("gid://shopify/Product/4");
    expect(live.suggest({ caption: "hydrating face serum" })).toEqual([]);
    expect(live.size).toBe(catalogue.length - 1);
    live.upsert(product(4, "Hydrating Face Serum", { productType: "Skincare" }));
    expect(first(live, "hydrating face serum")).toBe("gid://shopify/Product/4");
  });

  it("treats untrusted text as text: very long or odd captions answer without throwing", () => {
    expect(() => index.suggest({ caption: "#".repeat(5000) + "a".repeat(5000) + "\u0000\uFFFF" })).not.toThrow();
  });
});

describe("text helpers", () => {
  it("folds accents and ligatures", () => {
    expect(foldText("Crème Brûlée Straße")).toBe("creme brulee strasse");
  });
  it("stems plurals lightly", () => {
    expect(stem("sneakers")).toBe("sneaker");
    expect(stem("dresses")).toBe("dress");
    expect(stem("accessories")).toBe("accessory");
    expect(stem("glass")).toBe("glass");
  });
  it("measures edits with swapped neighbours as one", () => {
    expect(editDistance("sneekers", "sneakers", 2)).toBe(1);
    expect(editDistance("hiar", "hair", 1)).toBe(1);
    expect(editDistance("candle", "vase", 1)).toBe(2);
  });
});
