// @vitest-environment happy-dom
/**
 * The document's inline script that keeps a merchant's click made before the
 * page is ready (app/browser/early-clicks.ts); the e2e test in
 * tests/e2e/dashboard.e2e.ts makes such a click in Chromium.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_CLICKS_SCRIPT, pageReady } from "./early-clicks";

beforeEach(() => {
  document.body.innerHTML = `<button id="play">Play</button><button id="other">Other</button><a id="link" href="#elsewhere">Elsewhere</a>`;
  document.documentElement.removeAttribute("data-app-ready");
  // The document runs it before anything else.
  new Function(EARLY_CLICKS_SCRIPT)();
});
afterEach(() => {
  pageReady();
  document.body.innerHTML = "";
});

/** What the page's script would attach (React's handlers), after the click was made. */
function handlerOn(id: string) {
  const handler = vi.fn();
  document.getElementById(id)!.addEventListener("click", handler);
  return handler;
}

describe("a click before the page is ready", () => {
  it("reaches its button once the page is ready, once", () => {
    const clicked = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.getElementById("play")!.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(true);
    const play = handlerOn("play");
    expect(play).not.toHaveBeenCalled();
    expect(document.documentElement.hasAttribute("data-app-ready")).toBe(false);

    pageReady();
    expect(play).toHaveBeenCalledTimes(1);
    expect(document.documentElement.hasAttribute("data-app-ready")).toBe(true);
    pageReady();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("gives only the last of several clicks to its element", () => {
    document.getElementById("play")!.click();
    document.getElementById("other")!.click();
    const play = handlerOn("play");
    const other = handlerOn("other");
    pageReady();
    expect(play).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("leaves a link to work as a link", () => {
    const clicked = new MouseEvent("click", { bubbles: true, cancelable: true });
    const link = handlerOn("link");
    document.getElementById("link")!.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(false);
    expect(link).toHaveBeenCalledTimes(1);
  });

  it("is not kept for a button that is gone by then", () => {
    document.getElementById("play")!.click();
    document.getElementById("play")!.remove();
    expect(() => pageReady()).not.toThrow();
    expect(document.documentElement.hasAttribute("data-app-ready")).toBe(true);
  });
});

it("once the page is ready, clicks go straight to their buttons", () => {
  pageReady();
  const play = handlerOn("play");
  document.getElementById("play")!.click();
  expect(play).toHaveBeenCalledTimes(1);
});
