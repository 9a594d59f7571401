// @ts-check
/*
 * The admin's own dialogs: the shell every one of them is drawn in, and the
 * confirmation the admin asks before unsaved changes are lost.
 */
/** @typedef {ReturnType<typeof openShell>} Shell */
import { byTestId, el } from "./page.js";

const layer = () => byTestId("admin-modal-layer");
// Admin-owned modal shell: focus moves in, Escape and the backdrop close it,
// focus returns where it was.
/**
 * @param {{ testId: string; title: string; variant: string; body: HTMLElement; footer: HTMLElement; onClose: () => void }} shell
 */
export function openShell({ testId, title, variant, body, footer, onClose }) {
  // Whatever has focus is an HTML, SVG or MathML element, all of which can take it back.
  const returnFocus = /** @type {(Element & HTMLOrSVGElement) | null} */ (document.activeElement);
  const close = el("button", { type: "button", class: "close", "aria-label": "Close", "data-testid": `${testId}-close` }, "\u00d7");
  const heading = el("h2", { id: `${testId}-title-${Date.now()}` }, title);
  const dialog = el(
    "div",
    {
      class: "dialog",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": heading.id,
      tabindex: "-1",
      "data-testid": testId,
      "data-variant": variant || "base",
    },
    el("header", {}, heading, close),
    body,
    footer,
  );
  const overlay = el("div", { class: "overlay" }, el("div", { class: "backdrop", onclick: () => onClose() }), dialog);
  close.addEventListener("click", () => onClose());
  overlay.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  });
  layer().append(overlay);
  return {
    overlay,
    heading,
    dialog,
    remove() {
      overlay.remove();
      if (returnFocus && returnFocus.isConnected) returnFocus.focus();
    },
  };
}

/**
 * @param {{ title: string; message: string; accept: string; cancel: string }} question
 * @returns {Promise<boolean>} whether the merchant accepted
 */
export function confirmDialog({ title, message, accept, cancel }) {
  return new Promise((resolve) => {
    /** @type {Shell} */
    let shell;
    /** @param {boolean} answer */
    const finish = (answer) => {
      shell.remove();
      resolve(answer);
    };
    const cancelButton = el("button", { type: "button", "data-testid": "admin-confirm-cancel", onclick: () => finish(false) }, cancel);
    const acceptButton = el(
      "button",
      { type: "button", "data-testid": "admin-confirm-accept", "data-variant": "primary", "data-tone": "critical", onclick: () => finish(true) },
      accept,
    );
    shell = openShell({
      testId: "admin-confirm",
      title,
      variant: "small",
      body: el("div", { class: "body text" }, message),
      footer: el("footer", {}, cancelButton, acceptButton),
      onClose: () => finish(false),
    });
    cancelButton.focus();
  });
}
