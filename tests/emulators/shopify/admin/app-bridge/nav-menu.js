// @ts-check
/*
 * ui-nav-menu: its links become the admin's nav; a click there navigates the app.
 */
import { handlers, post } from "./channel.js";
import { HIDE_CHILDREN, define, watch } from "./elements.js";

// <a rel="home"> is the app's home (the app name in the admin), not an item.
// The links of the nav menu that reported last (the one the admin shows).
/** @type {(() => HTMLAnchorElement[]) | null} */
let currentNavLinks = null;
class UINavMenu extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML = HIDE_CHILDREN;
    this.startWatching = watch(this, () => this.report());
  }
  connectedCallback() {
    this.startWatching();
    this.report();
  }
  links() {
    return Array.from(/** @type {NodeListOf<HTMLAnchorElement>} */ (this.querySelectorAll("a[href]"))).filter((a) => a.getAttribute("rel") !== "home");
  }
  report() {
    currentNavLinks = () => this.links();
    const home = this.querySelector('a[rel="home"]');
    post("nav-menu", {
      items: this.links().map((a) => ({ label: a.textContent.trim(), href: /** @type {string} */ (a.getAttribute("href")) })), // a[href]
      home: home ? home.getAttribute("href") : null,
    });
  }
}
// The admin says which item was clicked; shopify-app-remix's AppProvider
// listens for this event and navigates client-side to the <a>'s href.
handlers.navigate = ({ index, href }) => {
  if (!currentNavLinks) return;
  const links = currentNavLinks();
  const link = links.find((a) => a.getAttribute("href") === href) || links[index];
  if (link) link.dispatchEvent(new CustomEvent("shopify:navigate", { bubbles: true }));
};

export const defineNavMenu = () => define("ui-nav-menu", UINavMenu);
