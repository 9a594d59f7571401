import { describe, expect, it } from "vitest";
import { hasEarlierAppPage } from "./back-navigation";

describe("the Dashboard's back action knows whether the frame has an earlier app page", () => {
  it("is false for the frame's first entry (a fresh tab, a reload of the admin) and outside React Router", () => {
    expect(hasEarlierAppPage(null)).toBe(false);
    expect(hasEarlierAppPage({ usr: null, key: "default", idx: 0 })).toBe(false);
    expect(hasEarlierAppPage({ idx: "3" })).toBe(false);
  });

  it("is true once React Router has pushed an entry after the first", () => {
    expect(hasEarlierAppPage({ usr: null, key: "k2", idx: 1 })).toBe(true);
  });
});
