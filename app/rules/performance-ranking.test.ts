import { describe, expect, it } from "vitest";
import { eventMeasures } from "./api-types";
import { byPerformance, hasPerformance, rankingFrom, searchRankedBy, type PerformanceFigures } from "./performance-ranking";

const figures = (id: string, values: Partial<PerformanceFigures>) => ({
  id,
  ...eventMeasures(() => 0, "video"),
  clicks: 0,
  play_rate: null,
  average_watch_ms: null,
  click_through_rate: null,
  orders: 0,
  revenue: 0,
  ...values,
});

describe("ranking Analytics' videos and widgets (decision 068)", () => {
  const clicked = figures("clicked", { clicks: 9, impressions: 50 });
  const sold = figures("sold", { clicks: 2, add_to_cart: 1, orders: 1, revenue: 75 });
  const soldMore = figures("sold-more", { clicks: 1, add_to_cart: 3, orders: 1, revenue: 150 });
  const seen = figures("seen", { impressions: 80 });
  const all = [seen, sold, clicked, soldMore];
  const order = (ranking: Parameters<typeof byPerformance>[0]) => [...all].sort(byPerformance(ranking)).map((row) => row.id);

  it("ranks by clicks unless told otherwise, as the spec's top 5 do; ties by the most seen", () => {
    expect(order("clicks")).toEqual(["clicked", "sold", "sold-more", "seen"]);
  });

  it("ranks by what sold: revenue, orders (ties by clicks), adds to cart", () => {
    expect(order("revenue")).toEqual(["sold-more", "sold", "clicked", "seen"]);
    expect(order("orders")).toEqual(["sold", "sold-more", "clicked", "seen"]);
    expect(order("add_to_cart")).toEqual(["sold-more", "sold", "clicked", "seen"]);
    expect(order("impressions")).toEqual(["seen", "clicked", "sold", "sold-more"]);
  });

  it("reads a ranking from the address, and anything it does not know as clicks", () => {
    expect(rankingFrom("revenue")).toBe("revenue");
    expect(rankingFrom("add_to_cart")).toBe("add_to_cart");
    for (const value of [null, undefined, "", "REVENUE", "play_rate", "constructor", "__proto__"]) expect(rankingFrom(value)).toBe("clicks");
  });

  it("lists a row once it was seen, played, clicked, added from or sold; not before", () => {
    expect(hasPerformance(figures("nothing", {}))).toBe(false);
    for (const values of [{ impressions: 1 }, { plays: 1 }, { clicks: 1 }, { add_to_cart: 1 }, { orders: 1 }]) {
      expect(hasPerformance(figures("something", values)), JSON.stringify(values)).toBe(true);
    }
  });

  it("ranks one table anew in the address, keeping the app's context and the other table's ranking, dropping one-shot parameters", () => {
    const search = "?shop=a.myshopify.com&host=aG9zdA&embedded=1&id_token=stale&widgetSort=orders";
    expect(searchRankedBy(search, "videos", "revenue")).toBe("?shop=a.myshopify.com&host=aG9zdA&embedded=1&videoSort=revenue&widgetSort=orders");
    // Clicks is the default: it leaves the address.
    expect(searchRankedBy("?shop=a&videoSort=revenue&widgetSort=orders", "widgets", "clicks")).toBe("?shop=a&videoSort=revenue");
    expect(searchRankedBy("", "videos", "clicks")).toBe("");
    // An unknown ranking of the other table is dropped rather than carried along.
    expect(searchRankedBy("?shop=a&widgetSort=bogus", "videos", "views")).toBe("?shop=a&videoSort=views");
  });
});
