import { describe, expect, it } from "vitest";
import { defaultWidgetName, describePageContexts, installsAsEmbed, layoutHasTheme } from "./widget-rules";

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

describe("Stories (decision 043)", () => {
  it("is named after its title, offers the theme choice and installs as an app block except on vintage themes", () => {
    expect(defaultWidgetName("stories")).toBe("Stories Widget");
    expect(layoutHasTheme("stories")).toBe(true);
    expect(installsAsEmbed("stories", "json")).toBe(false);
    expect(installsAsEmbed("stories", "liquid")).toBe(true);
  });
});
