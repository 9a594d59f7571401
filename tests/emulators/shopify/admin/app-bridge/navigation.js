// @ts-check
/*
 * Where the app goes: the top window (`open(url, "_top")`, billing and
 * re-auth), and the admin URL kept in step with the frame's.
 */
import { embedded, params, post } from "./channel.js";
import { vitalsPageLeft } from "./web-vitals.js";

// The exit-iframe page calls open(url, "_top"); a cross-origin frame may not
// navigate its top window itself without a user gesture, so the admin does it.
/** @param {string} url */
export function navigateTop(url) {
  post("navigate-top", { url: new URL(url, location.href).href });
}

/** Wraps `window.open`. */
export function installOpen() {
  const nativeOpen = window.open;
  window.open = function localShopifyOpen(url, target, features) {
    const name = String(target || "").toLowerCase();
    if (embedded && url && (name === "_top" || name === "_parent")) {
      navigateTop(String(url));
      return null;
    }
    return nativeOpen.call(window, url, target, features);
  };
}

// Shopify keeps the admin URL in step with the frame, so a reload reopens the
// same page. Bounce and exit pages are transient and not reported.
/** The bounce page's target (./session.js reloads it). */
const reloadUrl = params.get("shopify-reload");
function reportLocation() {
  if (reloadUrl || params.has("exitIframe")) return;
  const url = new URL(location.href);
  url.searchParams.delete("id_token");
  post("location", { href: url.href });
}

/** Reports the frame's URL now and whenever it changes. */
export function installLocationSync() {
  for (const method of /** @type {const} */ (["pushState", "replaceState"])) {
    const native = history[method];
    history[method] = function (...args) {
      // Leaving an app page for another: that page's CLS and INP are final (reported before the URL changes).
      if (args[2] != null && new URL(String(args[2]), location.href).pathname !== location.pathname) vitalsPageLeft();
      const result = native.apply(this, args);
      reportLocation();
      return result;
    };
  }
  window.addEventListener("popstate", reportLocation);
  reportLocation();
}
