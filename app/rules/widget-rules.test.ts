import { describe, expect, it } from "vitest";
import { describePageContexts } from "./widget-rules";

describe("the Page Context column (spec 2, Widget Performance)", () => {
  it.each([
    ['["product","collection"]', "Product Pages, Collection Pages"],
    [["homepage"], "Homepage"],
    ["[]", "All Pages"],
    [[], "All Pages"],
    ["not json", "All Pages"],
    ['{"product":true}', "All Pages"],
    ['["product","all_pages"]', "All Pages"],
    ['["cart","nonsense"]', "Cart Page"],
  ])("%j reads %s", (stored, shown) => {
    expect(describePageContexts(stored)).toBe(shown);
  });
});
