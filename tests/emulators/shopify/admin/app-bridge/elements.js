// @ts-check
/*
 * What the custom elements (ui-nav-menu, ui-title-bar, ui-modal, ui-save-bar)
 * share. They never touch their light-DOM children: React renders and
 * hydrates those children, and any change before hydration is React error
 * #418. Each element gets a shadow root (which hides or slots the children)
 * and only reads the children, re-reading them when React changes them
 * (MutationObserver).
 */
/** @typedef {import("../protocol.js").ActionDescription} ActionDescription */
/** @typedef {HTMLButtonElement | HTMLAnchorElement} ActionElement a title-bar button or link */

export const HIDE_CHILDREN = "<style>:host{display:none!important}</style>";
/**
 * @param {Node} element
 * @param {MutationCallback} callback
 * @returns {() => void} starts watching
 */
export function watch(element, callback) {
  const observer = new MutationObserver(callback);
  return () => observer.observe(element, { childList: true, subtree: true, attributes: true, characterData: true });
}
/**
 * @param {Element} element
 * @param {string} name
 */
export function flag(element, name) {
  // React 18 writes boolean props of custom elements as "true"/"false" strings.
  const value = element.getAttribute(name);
  return value !== null && value !== "false";
}
// The buttons/links of a ui-title-bar: direct <button>/<a>, and grouped ones in <section label>.
/**
 * @param {Element | null} titleBar
 * @returns {Array<ActionDescription & { element: ActionElement }>}
 */
export function readActions(titleBar) {
  /** @type {Array<{ element: ActionElement; group: string | null }>} */
  const actions = [];
  if (!titleBar) return [];
  for (const child of titleBar.children) {
    if (child.localName === "button" || child.localName === "a") actions.push({ element: /** @type {ActionElement} */ (child), group: null });
    if (child.localName === "section") {
      for (const inner of /** @type {NodeListOf<ActionElement>} */ (child.querySelectorAll("button, a"))) {
        actions.push({ element: inner, group: child.getAttribute("label") || "More actions" });
      }
    }
  }
  return actions.map(({ element, group }) => ({
    element,
    label: element.textContent.trim(),
    variant: element.getAttribute("variant") || null,
    tone: element.getAttribute("tone") || null,
    disabled: element.disabled === true || flag(element, "disabled"),
    loading: flag(element, "loading"),
    group,
  }));
}
/**
 * What the admin is told about actions (all but the element).
 * @param {Array<ActionDescription & { element: ActionElement }>} actions
 * @returns {ActionDescription[]}
 */
export const describe = (actions) => actions.map(({ element: _element, ...rest }) => rest);
/**
 * @param {Array<{ element: ActionElement; disabled: boolean }>} actions
 * @param {number} index
 */
export function clickAction(actions, index) {
  const action = actions[index];
  if (action && !action.disabled) action.element.click();
}
/**
 * @param {string} name
 * @param {CustomElementConstructor} constructor
 */
export function define(name, constructor) {
  if (!customElements.get(name)) customElements.define(name, constructor);
}

let modalSeq = 0;

// ui-modal and ui-save-bar share one lifecycle: hidden until shown, redrawn
// while shown whenever their children change, hidden when removed from the page.
export class OverlayElement extends HTMLElement {
  /**
   * @param {string} kind the prefix of the handle of an element without an id
   * @param {string} shadowHtml
   */
  constructor(kind, shadowHtml) {
    super();
    this.key = `${kind}-${++modalSeq}`;
    this.isShown = false;
    this.attachShadow({ mode: "open" }).innerHTML = shadowHtml;
    this.startWatching = watch(this, () => this.isShown && this.redraw());
  }
  connectedCallback() {
    this.startWatching();
  }
  disconnectedCallback() {
    this.hide();
  }
  get handle() {
    return this.id || this.key;
  }
  /** Draws the shown element again; each kind overrides it. */
  redraw() {}
  /** Runs once the element is marked shown. */
  whenShown() {}
  /** Runs once the element is marked hidden. */
  whenHidden() {}
  async show() {
    if (this.isShown) return;
    this.isShown = true;
    this.whenShown();
    this.dispatchEvent(new Event("show"));
  }
  async hide() {
    if (!this.isShown) return;
    this.isShown = false;
    this.whenHidden();
    this.dispatchEvent(new Event("hide"));
  }
  async toggle() {
    return this.isShown ? this.hide() : this.show();
  }
}
