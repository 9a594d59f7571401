/** The app's subscriptions (billing). */
import { gid } from "../../gid.js";
import type { Subscription } from "../../state.js";
import { emptyConnection, moneyV2 } from "./values.js";

export function subscriptionView(sub: Subscription) {
  return {
    __typename: "AppSubscription",
    id: gid("AppSubscription", sub.id),
    name: sub.name,
    status: sub.status,
    test: sub.test,
    trialDays: sub.trialDays,
    returnUrl: sub.returnUrl,
    createdAt: sub.createdAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    lineItems: sub.lineItems.map((item, index) => ({
      // Shopify's line item ids carry the position as a query string.
      id: `${gid("AppSubscriptionLineItem", sub.id)}?v=1&index=${index}`,
      usageRecords: emptyConnection,
      plan: {
        pricingDetails:
          item.kind === "recurring"
            ? {
                __typename: "AppRecurringPricing",
                price: moneyV2(item.price!.amount, item.price!.currencyCode),
                interval: item.interval,
                planHandle: null,
                discount: item.discount ? discountView(item.price!.amount, item.price!.currencyCode, item.discount) : null,
              }
            : {
                __typename: "AppUsagePricing",
                balanceUsed: moneyV2(0, item.cappedAmount!.currencyCode),
                cappedAmount: moneyV2(item.cappedAmount!.amount, item.cappedAmount!.currencyCode),
                terms: item.terms ?? "",
                interval: item.interval,
              },
      },
    })),
  };
}

function discountView(price: string, currencyCode: string, discount: NonNullable<Subscription["lineItems"][number]["discount"]>) {
  const { amount, percentage } = discount.value;
  const after = amount != null ? Math.max(0, Number(price) - Number(amount)) : Number(price) * (1 - (percentage ?? 0));
  return {
    durationLimitInIntervals: discount.durationLimitInIntervals,
    remainingDurationInIntervals: discount.durationLimitInIntervals,
    priceAfterDiscount: moneyV2(after.toFixed(2), currencyCode),
    value:
      amount != null
        ? { __typename: "AppSubscriptionDiscountAmount", amount: moneyV2(amount, currencyCode) }
        : { __typename: "AppSubscriptionDiscountPercentage", percentage },
  };
}
