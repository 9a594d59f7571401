import { describe, expect, it } from "vitest";
import { matchPercent, namesakesLeftUnchecked } from "./suggestion-review";

describe("the bulk review's first choice of suggestions (decision 069)", () => {
  it("checks one of namesakes whose matches tie, and offers the others unchecked", () => {
    const jackets = [
      { id: "denim-blue", score: 0.59 },
      { id: "denim-black", score: 0.59 },
      { id: "denim-washed", score: 0.5901 },
    ];
    expect(namesakesLeftUnchecked(jackets)).toEqual(["denim-black", "denim-washed"]);
  });

  it("leaves every suggestion checked when their matches differ", () => {
    expect(
      namesakesLeftUnchecked([
        { id: "shirt", score: 0.83 },
        { id: "tote", score: 0.47 },
      ]),
    ).toEqual([]);
  });

  it("a tie below a better match leaves its first checked too", () => {
    const suggestions = [
      { id: "shirt", score: 0.8 },
      { id: "jacket-a", score: 0.59 },
      { id: "jacket-b", score: 0.59 },
    ];
    expect(namesakesLeftUnchecked(suggestions)).toEqual(["jacket-b"]);
  });

  it("compares matches as shown, in whole percent", () => {
    expect(matchPercent(0.594)).toBe(59);
    expect(
      namesakesLeftUnchecked([
        { id: "a", score: 0.594 },
        { id: "b", score: 0.586 },
      ]),
    ).toEqual(["b"]);
  });
});
