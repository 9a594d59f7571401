/** Small values many views share: money as Shopify writes it, counts, an empty connection. */
import { connection, type PageArgs } from "../connection.js";

/** Shopify's Decimal serialisation: "28.0", "5.99" (no padding to two places). */
function decimal(value: string | number): string {
  const n = Number(value);
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

export const moneyV2 = (amount: string | number, currencyCode = "USD") => ({ amount: decimal(amount), currencyCode });
export const moneyBag = (amount: string | number, currencyCode = "USD") => ({
  shopMoney: moneyV2(amount, currencyCode),
  presentmentMoney: moneyV2(amount, currencyCode),
});

export const count = (n: number) => ({ count: n, precision: "EXACT" });
export const emptyConnection = (args: PageArgs) =>
  connection(
    [],
    args,
    () => 0,
    () => null,
    { requirePageSize: false },
  );
