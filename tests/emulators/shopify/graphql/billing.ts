/**
 * appSubscriptionCreate / appSubscriptionCancel, answering the documents
 * @shopify/shopify-api's billing.request / billing.cancel send. A new
 * subscription is PENDING until the merchant approves it on the page at
 * `confirmationUrl` (billing.ts).
 */
import { cancelSubscription, confirmationUrl } from "../billing.js";
import { parseGid } from "../gid.js";
import { nextId, type Subscription } from "../state.js";
import { subscriptionView, type GqlContext } from "./views.js";

interface Money {
  amount: string | number;
  currencyCode: string;
}

type CreateArgs = {
  name: string;
  returnUrl: string;
  test?: boolean | null;
  trialDays?: number | null;
  replacementBehavior?: string | null;
  lineItems: Array<{
    plan: {
      appRecurringPricingDetails?: {
        price: Money;
        interval?: "EVERY_30_DAYS" | "ANNUAL";
        discount?: { durationLimitInIntervals?: number | null; value: { amount?: string | number | null; percentage?: number | null } } | null;
      } | null;
      appUsagePricingDetails?: { cappedAmount: Money; terms: string; interval?: "EVERY_30_DAYS" | "ANNUAL" } | null;
    };
  }>;
};

const money = (m: Money) => ({ amount: String(m.amount), currencyCode: m.currencyCode });

export function appSubscriptionCreate(g: GqlContext, args: CreateArgs) {
  const userErrors: Array<{ field: string[]; message: string }> = [];
  if (!args.name.trim()) userErrors.push({ field: ["name"], message: "Name can't be blank" });
  if (!/^https?:\/\//.test(args.returnUrl)) userErrors.push({ field: ["returnUrl"], message: "Return url is invalid" });
  if (!args.lineItems.length) userErrors.push({ field: ["lineItems"], message: "Line items can't be blank" });
  args.lineItems.forEach(({ plan }, i) => {
    const recurring = plan.appRecurringPricingDetails;
    const usage = plan.appUsagePricingDetails;
    if (!recurring === !usage) {
      userErrors.push({ field: ["lineItems", String(i), "plan"], message: "Exactly one of appRecurringPricingDetails or appUsagePricingDetails is required" });
    } else if (recurring && !(Number(recurring.price.amount) > 0)) {
      userErrors.push({ field: ["lineItems", String(i), "plan", "appRecurringPricingDetails", "price"], message: "Price must be greater than 0" });
    }
  });
  if (userErrors.length) return { appSubscription: null, confirmationUrl: null, userErrors };

  const now = new Date().toISOString();
  const id = nextId(g.ctx.state);
  const sub: Subscription = {
    id,
    name: args.name,
    status: "PENDING",
    test: args.test ?? false,
    trialDays: args.trialDays ?? 0,
    returnUrl: args.returnUrl,
    createdAt: now,
    updatedAt: now,
    currentPeriodEnd: null,
    lineItems: args.lineItems.map(({ plan }, i) => {
      const recurring = plan.appRecurringPricingDetails;
      if (recurring) {
        const discount = recurring.discount;
        return {
          id: i,
          kind: "recurring" as const,
          price: money(recurring.price),
          interval: recurring.interval ?? "EVERY_30_DAYS",
          discount: discount
            ? {
                durationLimitInIntervals: discount.durationLimitInIntervals ?? null,
                value: discount.value.amount != null ? { amount: String(discount.value.amount) } : { percentage: discount.value.percentage ?? 0 },
              }
            : undefined,
        };
      }
      const usage = plan.appUsagePricingDetails!;
      return { id: i, kind: "usage" as const, cappedAmount: money(usage.cappedAmount), terms: usage.terms, interval: usage.interval ?? "EVERY_30_DAYS" };
    }),
  };
  g.shop.subscriptions.push(sub);
  g.ctx.save();
  return { appSubscription: subscriptionView(sub), confirmationUrl: confirmationUrl(g.ctx, g.shop, sub), userErrors: [] };
}

export async function appSubscriptionCancel(g: GqlContext, args: { id: string; prorate?: boolean | null }) {
  const parsed = parseGid(args.id);
  const sub = parsed?.type === "AppSubscription" ? g.shop.subscriptions.find((s) => s.id === parsed.id) : undefined;
  if (!sub) return { appSubscription: null, userErrors: [{ field: ["id"], message: "Couldn't find RecurringApplicationCharge" }] };
  if (sub.status !== "ACTIVE" && sub.status !== "PENDING") {
    return { appSubscription: subscriptionView(sub), userErrors: [{ field: ["id"], message: `Cannot cancel a ${sub.status.toLowerCase()} subscription` }] };
  }
  await cancelSubscription(g.ctx, g.shop, sub, false);
  return { appSubscription: subscriptionView(sub), userErrors: [] };
}
