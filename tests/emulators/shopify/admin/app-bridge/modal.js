// @ts-check
/*
 * ui-modal (`shopify.modal` shows, hides and toggles one by id): a src modal
 * drawn by the admin, a content modal drawn here over the app.
 */
/** @typedef {ReturnType<typeof buildChrome>} Chrome a modal's overlay, dialog, title and footer */
/** @typedef {Element & HTMLOrSVGElement & { disabled?: boolean }} Focusable form controls have `disabled`, links do not */
import { handlers, post } from "./channel.js";
import { OverlayElement, clickAction, define, describe, readActions } from "./elements.js";

// Modals with `src` are drawn by the admin around an iframe of that URL.
// Modals with content are drawn here, over the app, because that content is
// live app UI (React state, inputs, Polaris popovers) that a copy in the
// admin could not run; the admin only dims its own chrome around the frame.
// - React (@shopify/app-bridge-react's <Modal>) portals the content into
//   `modal.content`, an element of ours, shown in an overlay added to <body>:
//   never trapped in a Card's stacking context, z-index 519 with
//   data-polaris-layer so Polaris stacks popovers opened from it above it.
//   The dialog and body are light DOM: Polaris opens a popover only when its
//   activator has an offsetParent, which slotted content never has.
// - Plain HTML children are shown through a <slot> of the modal's shadow root.
// Header and footer are small shadow roots, so the app's CSS cannot restyle them.
const BAR_CSS = `
  header,footer{display:flex;align-items:center;gap:8px;padding:12px 16px;font:13px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:#303030}
  header{background:#f3f3f3;border-bottom:1px solid #e3e3e3;border-radius:12px 12px 0 0}
  footer{justify-content:flex-end;border-top:1px solid #e3e3e3}
  footer:empty{display:none}
  h2{flex:1;margin:0;font-size:14px;font-weight:650}
  button{font:inherit;font-weight:550;padding:6px 12px;border-radius:8px;border:1px solid #c9c9c9;background:#fff;color:#303030;cursor:pointer}
  button[data-variant=primary]{background:#303030;border-color:#303030;color:#fff}
  button[data-tone=critical]{color:#8e0b21}
  button[data-variant=primary][data-tone=critical]{background:#c70a24;border-color:#c70a24;color:#fff}
  button:disabled{opacity:.5;cursor:default}
  .close{border:0;background:transparent;font-size:18px;line-height:1;padding:4px 8px}`;
/** @type {Record<string, string>} */
const WIDTHS = { small: "380px", base: "620px", large: "980px" };
const FOCUSABLE = 'input:not([type=hidden]),select,textarea,button,[href],[tabindex]:not([tabindex="-1"])';
/** @type {UIModal[]} */
const openModals = []; // in opening order; Escape closes the last one

/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {string} css
 * @param {Record<string, string>} [attributes]
 */
function styled(tag, css, attributes = {}) {
  const element = document.createElement(tag);
  element.style.cssText = css;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
/** @param {"header" | "footer"} tag */
function shadowBar(tag) {
  const host = document.createElement("div");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${BAR_CSS}</style><${tag}></${tag}>`;
  return { host, part: /** @type {HTMLElement} */ (root.querySelector(tag)) }; // written just above
}
// Backdrop + dialog (header, body holding `content`, footer) appended to `container`.
/**
 * @param {ParentNode} container
 * @param {UIModal} modal
 * @param {Node} content
 */
function buildChrome(container, modal, content) {
  const overlay = styled("div", "position:fixed;inset:0;z-index:519;display:none;align-items:center;justify-content:center");
  const backdrop = styled("div", "position:absolute;inset:0;background:rgba(0,0,0,.5)");
  const dialog = styled(
    "div",
    "position:relative;display:flex;flex-direction:column;max-height:calc(100vh - 64px);background:#fff;border-radius:12px;box-shadow:0 20px 40px rgba(0,0,0,.3);outline:none",
    { role: "dialog", "aria-modal": "true", tabindex: "-1" },
  );
  const header = shadowBar("header");
  header.part.innerHTML = '<h2></h2><button type="button" class="close" aria-label="Close" data-testid="admin-modal-close">\u00d7</button>';
  const body = styled("div", "flex:1;overflow:auto;min-height:40px");
  const footer = shadowBar("footer");
  body.append(content);
  dialog.append(header.host, body, footer.host);
  overlay.append(backdrop, dialog);
  container.append(overlay);
  backdrop.addEventListener("click", () => modal.hide());
  // Both written into the header above.
  /** @type {HTMLButtonElement} */ (header.part.querySelector(".close")).addEventListener("click", () => modal.hide());
  return { overlay, dialog, title: /** @type {HTMLHeadingElement} */ (header.part.querySelector("h2")), footer: footer.part, rendered: "" };
}
/**
 * @param {HTMLElement} dialog
 * @param {string} variant
 */
function sizeDialog(dialog, variant) {
  const max = variant === "max";
  dialog.style.width = max ? "calc(100vw - 32px)" : `min(${WIDTHS[variant] || WIDTHS.base}, calc(100vw - 32px))`;
  dialog.style.height = max ? "calc(100vh - 32px)" : "";
  dialog.style.maxHeight = max ? "none" : "calc(100vh - 64px)";
}

export class UIModal extends OverlayElement {
  constructor() {
    // No <slot> until a plain-content modal is shown: the children stay unrendered.
    super("modal", "<style>:host{display:contents}</style>");
  }
  get open() {
    return this.isShown;
  }
  get variant() {
    return this.getAttribute("variant") || "base";
  }
  set variant(value) {
    this.setAttribute("variant", value);
  }
  /** @returns {string | null} */
  get src() {
    return this.getAttribute("src");
  }
  /** @param {string} value */
  set src(value) {
    this.setAttribute("src", value);
  }
  // Created on first use (after hydration: React reads it from an effect).
  get content() {
    if (!this.contentElement) {
      this.contentElement = document.createElement("div");
      this.contentElement.setAttribute("data-local-shopify-modal-content", "");
    }
    return this.contentElement;
  }
  // A src modal's iframe is a sibling frame in the admin, same origin as us.
  get contentWindow() {
    try {
      // A named child frame is a property of its parent's `frames`.
      const adminFrames = /** @type {Window & Record<string, Window | undefined>} */ (window.parent.frames);
      return (this.isShown && this.src && adminFrames[`local-shopify-modal-${this.handle}`]) || null;
    } catch (_) {
      return null;
    }
  }
  titleBar() {
    return this.querySelector(":scope > ui-title-bar");
  }
  chrome() {
    if (!this.contentElement) {
      // The shadow root was attached in the constructor.
      if (!this.ownChrome) this.ownChrome = buildChrome(/** @type {ShadowRoot} */ (this.shadowRoot), this, document.createElement("slot"));
      return this.ownChrome;
    }
    if (!this.bodyHost) {
      this.bodyHost = styled("div", "position:fixed;inset:0;z-index:519", { class: "local-shopify-modal-host", "data-polaris-layer": "true" });
      this.bodyChrome = buildChrome(this.bodyHost, this, this.contentElement);
    }
    return /** @type {Chrome} */ (this.bodyChrome); // built with bodyHost
  }
  redraw() {
    const titleBar = this.titleBar();
    const state = {
      id: this.handle,
      open: this.isShown,
      title: titleBar ? titleBar.getAttribute("title") || "" : "",
      variant: this.variant,
      src: this.src ? new URL(this.src, location.href).href : null,
      actions: describe(readActions(titleBar)),
    };
    post("modal", state);
    if (state.src) return;
    const chrome = this.chrome();
    if (this.bodyHost && !this.bodyHost.isConnected) document.body.appendChild(this.bodyHost);
    const signature = JSON.stringify(state);
    if (chrome.rendered === signature) return;
    chrome.rendered = signature;
    chrome.title.textContent = state.title;
    chrome.dialog.setAttribute("aria-label", state.title);
    sizeDialog(chrome.dialog, state.variant);
    chrome.footer.replaceChildren(
      ...state.actions
        .map((action, index) => ({ action, index }))
        .filter(({ action }) => action.variant !== "breadcrumb")
        .sort((a, b) => Number(a.action.variant === "primary") - Number(b.action.variant === "primary"))
        .map(({ action, index }) => {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = action.label;
          button.disabled = action.disabled || action.loading;
          button.setAttribute("data-testid", "admin-modal-action");
          if (action.variant) button.setAttribute("data-variant", action.variant);
          if (action.tone) button.setAttribute("data-tone", action.tone);
          button.addEventListener("click", () => clickAction(readActions(this.titleBar()), index));
          return button;
        }),
    );
    chrome.dialog.setAttribute("data-testid", "admin-modal");
    chrome.overlay.style.display = "flex";
  }
  whenShown() {
    openModals.push(this);
    this.returnFocus = /** @type {(Element & { focus?: () => void }) | null} */ (document.activeElement);
    this.redraw();
    if (!this.src) {
      // Focus moves into the dialog: its first control, else the dialog itself.
      const chrome = this.chrome();
      const scope = this.contentElement || this;
      const focusable = /** @type {NodeListOf<Focusable>} */ (scope.querySelectorAll(FOCUSABLE));
      const first = Array.from(focusable).find((element) => !element.disabled && !element.closest("ui-title-bar, ui-save-bar"));
      (first || chrome.dialog).focus();
    }
  }
  whenHidden() {
    openModals.splice(openModals.indexOf(this), 1);
    for (const chrome of [this.ownChrome, this.bodyChrome]) {
      if (!chrome) continue;
      chrome.overlay.style.display = "none";
      chrome.dialog.removeAttribute("data-testid");
      chrome.rendered = "";
    }
    if (this.bodyHost) this.bodyHost.remove();
    post("modal", { id: this.handle, open: false, src: this.src ? new URL(this.src, location.href).href : null });
    if (this.returnFocus && this.returnFocus.isConnected && this.returnFocus.focus) this.returnFocus.focus();
  }
}
/** @param {string} id */
const findModal = (id) => openModals.find((modal) => modal.handle === id);
handlers["modal-action"] = ({ id, index }) => {
  const modal = findModal(id);
  if (modal) clickAction(readActions(modal.titleBar()), index);
};
handlers["modal-close"] = ({ id }) => {
  const modal = findModal(id);
  if (modal) modal.hide();
};

/** Defines ui-modal; Escape closes the topmost modal. */
export function defineModal() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const top = openModals[openModals.length - 1];
    if (top && !top.src) top.hide();
    // Inside an admin-drawn (src) modal, Escape closes that modal.
    else if (!top) post("escape", {});
  });
  define("ui-modal", UIModal);
}
