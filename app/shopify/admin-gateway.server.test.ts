/**
 * How the gateway lives with Shopify's rate limit: a THROTTLED answer is sent
 * again once the bucket holds what the call asked for, and a paced budget
 * waits before it spends more than Shopify said is available.
 */
import { describe, expect, it } from "vitest";
import { STOREFRONT_VARIANTS_MAX } from "~/storefront/widget-data";
import { AdminCostBudget, fetchActiveTheme, fetchStorefrontProducts, type AdminGraphql } from "./admin-gateway.server";

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

describe("fetchStorefrontProducts: what the player needs of each tagged product", () => {
  const variant = (id: number, price: string, compareAtPrice: string | null, availableForSale: boolean, options: Record<string, string>) => ({
    id: `gid://shopify/ProductVariant/${id}`,
    price,
    compareAtPrice,
    availableForSale,
    selectedOptions: Object.entries(options).map(([name, value]) => ({ name, value })),
  });
  const product = (id: number, fields: Record<string, unknown>) => ({
    id: `gid://shopify/Product/${id}`,
    handle: `product-${id}`,
    title: `Product ${id}`,
    status: "ACTIVE",
    updatedAt: "2026-11-01T10:00:00Z",
    featuredImage: { url: `https://cdn.shopify.com/${id}.jpg` },
    ...fields,
  });
  async function fetched(nodes: unknown[]) {
    const { graphql } = scriptedShopify([{ data: { nodes } }]);
    return fetchStorefrontProducts(
      graphql,
      nodes.map((_, index) => `gid://shopify/Product/${index}`),
    );
  }

  it("maps options and variants in the product's order, each value in the options' order, compare-at only above the price", async () => {
    const [hoodie] = await fetched([
      product(1, {
        hasOnlyDefaultVariant: false,
        options: [{ name: "Size" }, { name: "Color" }],
        variants: {
          nodes: [
            // Shopify lists selectedOptions in the options' order; the mapping does not rely on it.
            variant(11, "64.00", "64.00", false, { Color: "Black", Size: "S" }),
            variant(12, "54.00", "64.00", true, { Size: "L", Color: "Black" }),
            variant(13, "64.00", "60.00", true, { Size: "M", Color: "Sand" }),
          ],
        },
      }),
    ]);
    expect(hoodie).toEqual({
      id: "gid://shopify/Product/1",
      handle: "product-1",
      title: "Product 1",
      // The first available variant's price, and its compare-at price because it is above.
      price: "54.00",
      compareAtPrice: "64.00",
      image: "https://cdn.shopify.com/1.jpg",
      variantId: 12,
      // When Shopify last changed it: the publisher's cache reads the product again after a newer change.
      updatedAt: "2026-11-01T10:00:00Z",
      options: ["Size", "Color"],
      variants: [
        { id: 11, values: ["S", "Black"], price: "64.00", compareAtPrice: null, available: false },
        { id: 12, values: ["L", "Black"], price: "54.00", compareAtPrice: "64.00", available: true },
        { id: 13, values: ["M", "Sand"], price: "64.00", compareAtPrice: null, available: true },
      ],
    });
  });

  it("a product with only its default variant carries no options, no variants, and no compare-at price unless on sale", async () => {
    const defaultVariant = (price: string, compareAtPrice: string | null) => variant(21, price, compareAtPrice, true, { Title: "Default Title" });
    const [plain, equal, onSale, unsaid] = await fetched([
      product(2, { hasOnlyDefaultVariant: true, options: [{ name: "Title" }], variants: { nodes: [defaultVariant("32.00", null)] } }),
      product(3, { hasOnlyDefaultVariant: true, options: [{ name: "Title" }], variants: { nodes: [defaultVariant("32.00", "32.00")] } }),
      product(4, { hasOnlyDefaultVariant: true, options: [{ name: "Title" }], variants: { nodes: [defaultVariant("24.00", "32.00")] } }),
      // Without Shopify's flag, the shape says it: one variant whose only option is Title.
      product(5, { options: [{ name: "Title" }], variants: { nodes: [defaultVariant("32.00", null)] } }),
    ]);
    expect(plain).toEqual({
      id: "gid://shopify/Product/2",
      handle: "product-2",
      title: "Product 2",
      price: "32.00",
      image: "https://cdn.shopify.com/2.jpg",
      variantId: 21,
      updatedAt: "2026-11-01T10:00:00Z",
    });
    expect(equal).not.toHaveProperty("compareAtPrice");
    expect(onSale).toMatchObject({ price: "24.00", compareAtPrice: "32.00" });
    for (const single of [plain, equal, onSale, unsaid]) {
      expect(single).not.toHaveProperty("options");
      expect(single).not.toHaveProperty("variants");
    }
  });

  it("a sold-out product shows its first variant's price and no variant to add; at most STOREFRONT_VARIANTS_MAX variants", async () => {
    const many = Array.from({ length: STOREFRONT_VARIANTS_MAX + 5 }, (_, index) =>
      variant(100 + index, "10.00", index === 0 ? "12.00" : null, false, { Size: `Size ${index}` }),
    );
    const [soldOut] = await fetched([product(6, { hasOnlyDefaultVariant: false, options: [{ name: "Size" }], variants: { nodes: many } })]);
    expect(soldOut).toMatchObject({ price: "10.00", compareAtPrice: "12.00", variantId: null, options: ["Size"] });
    expect(soldOut!.variants).toHaveLength(STOREFRONT_VARIANTS_MAX);
    expect(soldOut!.variants!.map((shown) => shown.id)).toEqual(many.slice(0, STOREFRONT_VARIANTS_MAX).map((_, index) => 100 + index));
  });

  it("asks for few enough products at once that each call stays under Shopify's 1,000-point cap", async () => {
    const calls: Array<{ ids: string[] }> = [];
    const graphql = (async (_document: string, options: { variables: { ids: string[] } }) => {
      calls.push(options.variables);
      return new Response(JSON.stringify({ data: { nodes: [] } }));
    }) as unknown as AdminGraphql;
    await fetchStorefrontProducts(
      graphql,
      Array.from({ length: 40 }, (_, index) => `gid://shopify/Product/${index}`),
    );
    expect(calls.map((call) => call.ids.length)).toEqual([16, 16, 8]);
  });
});
