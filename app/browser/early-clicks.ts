/**
 * Clicks made before the page's script has run. A page of a known shop comes
 * rendered in the document (decision 051), so its buttons show before React
 * has given them their handlers: on a slow machine or connection that lasts
 * from a tenth of a second to a second, and a merchant's click there did
 * nothing at all. This script, inline at the top of the document, holds the
 * last click on a button (or anything else that only works with the page's
 * script) and gives it to that same element once the page is ready: React
 * keeps the document's elements when it hydrates them. Links are left alone:
 * without the script they still work as links. The page says it is ready with
 * `data-app-ready` on its <html> element.
 *
 * A string, not a function's source, so the server's and the browser's builds
 * render the same <script>.
 */
export const EARLY_CLICKS_SCRIPT = `(function () {
  var held = null;
  var needsScript = "button:not([type=submit]), [role=button], [role=tab], [role=checkbox], [role=switch], [role=menuitem], summary, input[type=checkbox], input[type=radio]";
  function early(event) {
    var target = event.target && event.target.closest ? event.target.closest(needsScript) : null;
    if (!target || target.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
  }
  document.addEventListener("click", early, true);
  window.clipcartPageReady = function () {
    document.removeEventListener("click", early, true);
    window.clipcartPageReady = undefined;
    document.documentElement.setAttribute("data-app-ready", "");
    var target = held;
    held = null;
    if (target && target.isConnected) target.click();
  };
})();`;

declare global {
  interface Window {
    /** Set by EARLY_CLICKS_SCRIPT until the page is ready. */
    clipcartPageReady?: () => void;
  }
}

/** Called once the page has hydrated: the held click, if any, goes to its element now. */
export function pageReady(): void {
  window.clipcartPageReady?.();
}
