import { numberFormat } from "~/rules/intl-formats";
import type { ProductSearchResult } from "./api-types";
import { LIBRARY_TEXT } from "~/messages";

function money(amount: string, currencyCode: string): string | null {
  const value = Number(amount);
  if (!Number.isFinite(value)) return null;
  try {
    return numberFormat({ style: "currency", currency: currencyCode }).format(value);
  } catch {
    return null; // not a currency code Intl knows
  }
}

/** A product's price as the picker shows it: "$24.00", or "$24.00 – $36.00" across its variants; "" when unknown. */
export function productPriceLabel(product: Pick<ProductSearchResult, "min_price" | "max_price" | "currency_code">): string {
  const { min_price: min, max_price: max, currency_code: currency } = product;
  if (min === null || !currency) return "";
  const low = money(min, currency);
  if (low === null) return "";
  const high = max === null || Number(max) === Number(min) ? null : money(max, currency);
  return high ? LIBRARY_TEXT.priceRange(low, high) : low;
}
