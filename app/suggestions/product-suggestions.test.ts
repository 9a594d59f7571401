import { describe, expect, it } from "vitest";
import { AUTO_TAG_MIN_SCORE } from "~/constants";
import { SuggestionIndex, SUGGESTION_THRESHOLD, editDistance, foldText, stem, type CatalogueProduct } from "~/suggestions/product-suggestions";

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

  it("reaches the strong match an auto-approve rule tags from (decision 078) only when the caption names the whole title", () => {
    const top = (caption: string) => index.suggest({ caption })[0];
    for (const caption of ["Nordic Scented Candle", "My relaxed linen shirt for the summer", "Terracotta Stoneware Mug", "colour block hoodie"]) {
      expect(top(caption)?.score, caption).toBeGreaterThanOrEqual(AUTO_TAG_MIN_SCORE);
    }
    // Part of a title is suggested, not strong.
    for (const caption of ["nordic candle", "relaxed linen", "terracotta mug", "scented candle"]) {
      expect(top(caption)?.score, caption).toBeGreaterThan(SUGGESTION_THRESHOLD);
      expect(top(caption)?.score, caption).toBeLessThan(AUTO_TAG_MIN_SCORE);
    }
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
  it("keeps Japanese kana's voicing (ジ is not シ) and makes full- and half-width forms ordinary", () => {
    expect(foldText("ジャケット")).toBe("ジャケット");
    expect(foldText("Ｔシャツ ﾃﾞﾆﾑ")).toBe("tシャツ デニム");
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

describe("captions in the storefront languages, slang and emoji (decision 077)", () => {
  // Two collections of each line, as the demo catalogue has: the caption must name which.
  let next = 100;
  const line = (qualifiers: string[], item: string, productType: string, vendor: string) =>
    qualifiers.map((qualifier) => product(++next, `${qualifier} ${item}`, { productType, vendor, tags: [qualifier.toLowerCase()] }));
  const shop = [
    ...line(["Classic", "Relaxed"], "Linen Shirt", "Shirts", "Northwind Apparel"),
    ...line(["Classic", "Relaxed"], "Organic Cotton T-Shirt", "T-Shirts", "Northwind Apparel"),
    ...line(["Classic", "Relaxed"], "Denim Jacket", "Jackets", "Northwind Apparel"),
    ...line(["Classic", "Relaxed"], "Cargo Trousers", "Trousers", "Northwind Apparel"),
    ...line(["Hydrating", "Calming"], "Face Serum", "Skincare", "Glow Botanics"),
    ...line(["Hydrating", "Calming"], "Sunscreen SPF 50", "Sun Care", "Glow Botanics"),
    ...line(["Hydrating", "Calming"], "Lip Balm", "Lip Care", "Glow Botanics"),
    ...line(["Nordic", "Terracotta"], "Scented Candle", "Candles", "Hearth & Loom"),
    ...line(["Nordic", "Terracotta"], "Stoneware Mug", "Kitchen", "Hearth & Loom"),
    ...line(["Nordic", "Terracotta"], "Woven Basket", "Storage", "Hearth & Loom"),
    ...line(["Nordic", "Terracotta"], "Throw Blanket", "Textiles", "Hearth & Loom"),
  ];
  const index = new SuggestionIndex(shop);
  const titleOf = (caption: string) => {
    const id = index.suggest({ caption })[0]?.productId;
    return shop.find((entry) => entry.id === id)?.title;
  };

  it("a Spanish caption naming 'camisa de lino clásica' suggests the Classic Linen Shirt, its collection translated too", () => {
    expect(titleOf("Mi camisa de lino clásica para el verano")).toBe("Classic Linen Shirt");
    expect(titleOf("Chaqueta vaquera relajada")).toBe("Relaxed Denim Jacket");
  });

  it("reads plurals and other forms of the glossary's words (Dutch kaarsen, Italian tazze, German nordischen)", () => {
    expect(titleOf("Drie geurkaarsen, Nordic")).toBe("Nordic Scented Candle");
    expect(titleOf("Due tazze in gres terracotta")).toBe("Terracotta Stoneware Mug");
    expect(titleOf("Duftkerze im nordischen Stil")).toBe("Nordic Scented Candle");
  });

  it("reads phrases whose words alone mean something else ('protetor solar' is sunscreen, and so names its SPF too)", () => {
    expect(titleOf("Protetor solar hidratante, sem deixar branco")).toBe("Hydrating Sunscreen SPF 50");
    expect(titleOf("Crème solaire apaisante")).toBe("Calming Sunscreen SPF 50");
  });

  it("reads Japanese, written without spaces, by the glossary's words inside it", () => {
    expect(titleOf("北欧キャンドルで癒しの夜")).toBe("Nordic Scented Candle");
    expect(titleOf("リネンシャツ、クラシックな一枚")).toBe("Classic Linen Shirt");
    expect(titleOf("リラックスなデニムジャケット")).toBe("Relaxed Denim Jacket");
    // Words that hold a product word but mean something else say nothing: an item (アイテム holds アイ, eye), a smile (笑顔 holds 顔, face).
    expect(index.suggest({ caption: "今日のアイテム、笑顔の一日" })).toEqual([]);
  });

  it("reads English slang and other names for the products (tee, cargos, chapstick, spf, jean jacket)", () => {
    expect(titleOf("classic tee, every single day")).toBe("Classic Organic Cotton T-Shirt");
    expect(titleOf("my relaxed cargos")).toBe("Relaxed Cargo Trousers");
    expect(titleOf("calming chapstick = winter must")).toBe("Calming Lip Balm");
    expect(titleOf("spf every day, the calming one")).toBe("Calming Sunscreen SPF 50");
    expect(titleOf("lowkey the best jean jacket, classic fit")).toBe("Classic Denim Jacket");
  });

  it("reads the emoji a category uses for what they depict (👖 jeans and trousers, 💧 hydrating)", () => {
    expect(titleOf("👖 relaxed 👖")).toBe("Relaxed Cargo Trousers");
    expect(titleOf("💧 face serum 💧")).toBe("Hydrating Face Serum");
  });

  it("splits a hashtag written as one word around the product it names (#mylinenshirtstyle, #relaxedcargopantsootd)", () => {
    expect(titleOf("#mylinenshirtstyle #classic")).toBe("Classic Linen Shirt");
    expect(titleOf("#relaxedcargopantsootd")).toBe("Relaxed Cargo Trousers");
  });

  it("of two products the caption names equally, suggests first the one it names first", () => {
    expect(titleOf("Cesto intrecciato Nordic per le coperte")).toBe("Nordic Woven Basket");
    expect(titleOf("Coperta Nordic per il cesto intrecciato")).toBe("Nordic Throw Blanket");
  });

  it("stays silent on everyday words the glossary knows in another sense (link in bio, throw it on, light)", () => {
    for (const caption of ["New drop Friday, link in bio!", "Throw it on with anything", "Light and airy morning", "Daily reminder to drink water 💧"]) {
      expect(index.suggest({ caption })).toEqual([]);
    }
  });
});
