import { describe, expect, it } from "vitest";
import { productPriceLabel } from "~/rules/product-price";

describe("productPriceLabel", () => {
  it("shows one price, or the range across variants, in the shop's currency", () => {
    expect(productPriceLabel({ min_price: "24.5", max_price: "24.5", currency_code: "USD" })).toBe("$24.50");
    expect(productPriceLabel({ min_price: "24", max_price: "36.0", currency_code: "USD" })).toBe("$24.00 – $36.00");
    expect(productPriceLabel({ min_price: "1000", max_price: null, currency_code: "EUR" })).toBe("€1,000.00");
  });

  it("shows nothing for an unknown price or currency", () => {
    expect(productPriceLabel({ min_price: null, max_price: null, currency_code: null })).toBe("");
    expect(productPriceLabel({ min_price: "x", max_price: "1", currency_code: "USD" })).toBe("");
    expect(productPriceLabel({ min_price: "1", max_price: "1", currency_code: "NOT-A-CODE" })).toBe("");
  });
});
