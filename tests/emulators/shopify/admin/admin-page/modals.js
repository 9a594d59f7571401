// @ts-check
/*
 * The app's modals as the admin shows them: a src modal drawn here around its
 * own frame, a content modal (drawn by the app's frame) with the admin's
 * chrome dimmed around it.
 */
/** @typedef {Extract<import("./page.js").FrameMessage<"modal">, { actions: unknown }>} OpenModalMessage an open modal, as the frame last described it */
import { byTestId, config, el, state, toFrame } from "./page.js";
import { openShell } from "./dialogs.js";
import { renderActions } from "./title-bar.js";
import { embeddedParams } from "./tokens.js";

// Modals with `src`: an iframe of that app URL, loaded with the same embedded
// params and a fresh token as the main frame.
/** @param {OpenModalMessage} message */
export async function openSrcModal(message) {
  let modal = state.srcModals.get(message.id);
  if (!modal) {
    const iframe = el("iframe", { name: `local-shopify-modal-${message.id}`, title: message.title || config.appName, "data-testid": "admin-modal-frame" });
    const footer = el("footer", {});
    const shell = openShell({
      testId: "admin-modal",
      title: message.title,
      variant: message.variant,
      body: el("div", { class: "body frame" }, iframe),
      footer,
      onClose: () => {
        closeSrcModal(message.id);
        toFrame("modal-close", { id: message.id });
      },
    });
    modal = { shell, iframe, footer };
    state.srcModals.set(message.id, modal);
    shell.dialog.focus();
    const src = new URL(/** @type {string} */ (message.src)); // only modals with a src come here
    if (src.origin !== config.appOrigin) return console.warn("Local Shopify: modal src must be on the app's origin", message.src);
    for (const [name, value] of Object.entries(await embeddedParams())) src.searchParams.set(name, value);
    iframe.src = src.href;
  }
  modal.shell.heading.textContent = message.title || "";
  modal.shell.dialog.setAttribute("data-variant", message.variant || "base");
  renderActions(modal.footer, message.actions || [], (index) => toFrame("modal-action", { id: message.id, index }), "admin-modal-action");
}
/** @param {string} id */
export function closeSrcModal(id) {
  const modal = state.srcModals.get(id);
  if (!modal) return;
  state.srcModals.delete(id);
  modal.shell.remove();
}

// Content modals are drawn by the frame; the admin dims its own chrome.
export function renderFrameModalBackdrop() {
  const open = state.frameModals.size > 0;
  byTestId("admin-modal-backdrop").hidden = !open;
  document.body.toggleAttribute("data-frame-modal", open);
}
byTestId("admin-modal-backdrop").addEventListener("click", () => {
  const last = Array.from(state.frameModals).pop();
  if (last) toFrame("modal-close", { id: last });
});
