/** Orders and their line items. */
import { gid } from "../../gid.js";
import type { OrderRecord } from "../../state.js";
import { connection, type PageArgs } from "../connection.js";
import { hasScope, type GqlContext } from "./context.js";
import { productView, variantView } from "./products.js";
import { moneyBag } from "./values.js";

export function orderView(g: GqlContext, o: OrderRecord) {
  const currency = o.currencyCode ?? "USD";
  const attributes = (list?: Array<{ key: string; value: string }>) => (list ?? []).map(({ key, value }) => ({ key, value }));
  return {
    __typename: "Order",
    id: gid("Order", o.id),
    legacyResourceId: String(o.id),
    name: o.name,
    createdAt: o.createdAt,
    processedAt: o.createdAt,
    updatedAt: o.createdAt,
    cancelledAt: null,
    test: false,
    currencyCode: currency,
    displayFinancialStatus: "PAID",
    totalPriceSet: moneyBag(o.totalPrice, currency),
    currentTotalPriceSet: moneyBag(o.totalPrice, currency),
    subtotalPriceSet: moneyBag(o.totalPrice, currency),
    customAttributes: attributes(o.customAttributes),
    lineItems: (args: PageArgs) =>
      connection(
        o.lineItems,
        args,
        (li) => li.id ?? o.lineItems.indexOf(li),
        (li) => {
          const product = li.productId ? g.shop.products.find((p) => p.id === li.productId) : undefined;
          const variant = product?.variants.find((v) => v.id === li.variantId);
          return {
            __typename: "LineItem",
            id: gid("LineItem", li.id ?? o.id * 100 + o.lineItems.indexOf(li)),
            title: li.title,
            name: li.title,
            quantity: li.quantity,
            currentQuantity: li.quantity,
            customAttributes: attributes(li.customAttributes),
            originalUnitPriceSet: moneyBag(li.price, currency),
            discountedUnitPriceSet: moneyBag(li.price, currency),
            originalTotalSet: moneyBag(Number(li.price) * li.quantity, currency),
            discountedTotalSet: moneyBag(Number(li.price) * li.quantity, currency),
            product: product ? productView(g, product) : null,
            variant: product && variant ? variantView(g, product, variant) : null,
            sku: variant?.sku ?? null,
          };
        },
      ),
  };
}

/** Orders older than 60 days need read_all_orders on Shopify. */
export function visibleOrders(g: GqlContext): OrderRecord[] {
  if (hasScope(g, "read_all_orders")) return g.shop.orders;
  const cutoff = new Date(Date.now() - 60 * 86_400_000).toISOString();
  return g.shop.orders.filter((o) => o.createdAt >= cutoff);
}
