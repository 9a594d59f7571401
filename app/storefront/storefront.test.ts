// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.example/","settings":{"navigation":{"disableChildFrameNavigation":true}}}
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOSTILE_TITLE, storefrontVideo, storefrontWidget } from "../../tests/support/storefront-widgets";
import type { StorefrontWidget } from "./widget-data";

beforeAll(async () => {
  await import("./storefront");
});

beforeEach(() => {
  document.body.replaceChildren();
});

/** What snippets/clipcart-widget.liquid prints: the element with its inline JSON (and "<" escaped as the snippet does). */
function elementHtml(widget: unknown, strings: unknown, attributes = "") {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return `<clipcart-widget ${attributes}><script type="application/json" data-clipcart-widget>${json(widget)}</script><script type="application/json" data-clipcart-strings>${json(strings)}</script><div class="cc cc--carousel" aria-hidden="true"></div></clipcart-widget>`;
}

/** Inserts parsed HTML at once, as a browser does with the page (the element connects with its children in place). */
function mount(html: string, parent: Element = document.body) {
  parent.append(document.createRange().createContextualFragment(html));
}

describe("<clipcart-widget>", () => {
  it("renders the widget from its inline JSON with the inlined texts", () => {
    const widget: StorefrontWidget = storefrontWidget({ videos: [storefrontVideo({ title: HOSTILE_TITLE })] });
    mount(elementHtml(widget, { play: "Lire la vidéo", next: "Suivant" }));
    const element = document.querySelector("clipcart-widget")!;
    expect(element.querySelector("script")).toBeNull();
    const card = element.querySelector("button.cc-card")!;
    expect(card.getAttribute("aria-label")).toBe(`Lire la vidéo: ${HOSTILE_TITLE}`);
    expect(card.querySelector(".cc-title")!.textContent).toBe(HOSTILE_TITLE);
    expect(element.querySelector(".cc-next")!.getAttribute("aria-label")).toBe("Suivant");
  });

  it("shows nothing when the JSON is broken or missing", () => {
    mount(`<clipcart-widget><script type="application/json" data-clipcart-widget>{"v":1,</script></clipcart-widget><clipcart-widget></clipcart-widget>`);
    for (const element of document.querySelectorAll<HTMLElement>("clipcart-widget")) {
      expect(element.hidden).toBe(true);
      expect(element.childElementCount).toBe(0);
    }
  });

  it("an embed's widget moves into the page content when asked, and renders there once", () => {
    mount(`<main id="MainContent"><p>Page</p></main><footer></footer>`);
    mount(elementHtml(storefrontWidget(), {}, 'data-position="main"'));
    const element = document.querySelector("clipcart-widget")!;
    expect(element.parentElement!.id).toBe("MainContent");
    expect(element.querySelectorAll(".cc")).toHaveLength(1);
    expect(element.querySelectorAll("button.cc-card")).toHaveLength(3);
  });

  it("an embed showing a widget that an app block on the page already shows is dropped; another widget's embed stays (issue 29 item 1)", () => {
    mount(`<main id="MainContent"></main>`);
    mount(elementHtml(storefrontWidget(), {}, 'data-number="1"'), document.querySelector("main")!);
    mount(elementHtml(storefrontWidget(), {}, 'data-number="1" data-embed data-position="main"'));
    expect(document.querySelectorAll("clipcart-widget")).toHaveLength(1);
    expect(document.querySelector("clipcart-widget")!.hasAttribute("data-embed")).toBe(false);
    mount(elementHtml(storefrontWidget(), {}, 'data-number="2" data-embed'));
    expect(document.querySelectorAll("clipcart-widget")).toHaveLength(2);
    expect(document.querySelectorAll("clipcart-widget[data-embed] button.cc-card")).toHaveLength(3);
  });

  it("renders again from the same data when the theme editor moves it", () => {
    mount(`<div id="a"></div><div id="b"></div>`);
    mount(elementHtml(storefrontWidget(), {}), document.querySelector("#a")!);
    const element = document.querySelector("clipcart-widget")!;
    document.querySelector("#b")!.append(element);
    expect(element.querySelectorAll("button.cc-card")).toHaveLength(3);
  });
});
