/**
 * How the gateway lives with Shopify's rate limit: a THROTTLED answer is sent
 * again once the bucket holds what the call asked for, and a paced budget
 * waits before it spends more than Shopify said is available.
 */
import { describe, expect, it } from "vitest";
import { AdminCostBudget, fetchActiveTheme, type AdminGraphql } from "./admin-gateway.server";

const THEME = {
  themes: { nodes: [{ id: "gid://shopify/OnlineStoreTheme/1", name: "Dawn", role: "MAIN", files: { nodes: [{ filename: "templates/index.json" }] } }] },
};

/** A Shopify that answers the given bodies in turn, and records when each call came. */
function scriptedShopify(answers: unknown[]) {
  const calls: number[] = [];
  const graphql = (async () => {
    calls.push(Date.now());
    return new Response(JSON.stringify(answers[Math.min(calls.length - 1, answers.length - 1)]));
  }) as unknown as AdminGraphql;
  return { graphql, calls };
}

const throttled = (available: number) => ({
  errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
  extensions: { cost: { requestedQueryCost: 20, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 } } },
});

describe("Shopify's rate limit", () => {
  it("a THROTTLED call is sent again after the bucket has refilled enough for it", async () => {
    const { graphql, calls } = scriptedShopify([throttled(0), { data: THEME }]);
    expect(await fetchActiveTheme(graphql)).toMatchObject({ name: "Dawn" });
    expect(calls).toHaveLength(2);
    // 20 points at 100 a second: about 200 ms.
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(190);
  });

  it("a budget waits when Shopify says the bucket is low", async () => {
    const budget = new AdminCostBudget();
    budget.observe({ maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 });
    const started = Date.now();
    await budget.spend(30);
    // 30 points at 100 a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
