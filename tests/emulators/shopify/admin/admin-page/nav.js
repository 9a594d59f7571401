// @ts-check
/*
 * The app's nav items under its name in the sidebar.
 */
import { byTestId, el, state, toFrame } from "./page.js";
import { adminPathFor } from "./urls.js";
import { blockedBySaveBar } from "./save-bar.js";

/**
 * The nav item the admin marks current: the one whose path is the app's path
 * or, for a page below it (/content/rules), the longest that contains it, as
 * Shopify's admin marks the parent of a nested page (Shopify/shopify-app-bridge#392:
 * /settings/path/to/page highlights Settings, and "/" the rest).
 * @param {string} appPath
 */
function currentNavIndex(appPath) {
  let current = -1;
  let longest = -1;
  state.nav.forEach((item, index) => {
    const path = adminPathFor(item.href)?.path;
    if (!path) return;
    const base = path.replace(/\/+$/, "");
    const contains = path === "/" || appPath === path || appPath.startsWith(`${base}/`);
    if (contains && base.length > longest) {
      longest = base.length;
      current = index;
    }
  });
  return current;
}

export function renderNav() {
  const list = byTestId("admin-app-nav");
  const currentIndex = currentNavIndex(state.appPath);
  list.replaceChildren(
    ...state.nav.map((item, index) => {
      const target = adminPathFor(item.href);
      const current = index === currentIndex;
      const link = el(
        "a",
        {
          href: target ? target.href : "#",
          "data-testid": "admin-nav-link",
          "aria-current": current ? "page" : null,
          onclick: (event) => {
            if (!state.frameReady) return; // no App Bridge in the frame: plain link
            event.preventDefault();
            if (blockedBySaveBar()) return;
            toFrame("navigate", { index, href: item.href });
          },
        },
        item.label,
      );
      return el("li", {}, link);
    }),
  );
  byTestId("admin-app-link").toggleAttribute("data-current", currentIndex === -1);
}
