// @ts-check
/*
 * Toasts at the bottom of the admin, and the log of every toast shown.
 */
/** @typedef {HTMLDivElement & { timer?: ReturnType<typeof setTimeout> }} ToastElement a toast, with the timer that hides it */
import { byTestId, el, send } from "./page.js";

/**
 * @param {import("./page.js").FrameMessage<"toast">} message
 * @param {Window} source
 */
export function showToast(message, source) {
  hideToast(message.id);
  const dismiss = () => {
    hideToast(message.id);
    send(source, "toast-dismiss", { id: message.id });
  };
  /** @type {ToastElement} */
  const toast = el(
    "div",
    {
      class: "toast",
      "data-testid": "admin-toast",
      "data-toast-id": message.id,
      "data-tone": message.isError ? "critical" : "default",
      role: message.isError ? "alert" : "status",
    },
    el("span", {}, message.message),
  );
  if (message.action) {
    toast.append(
      el(
        "button",
        { type: "button", class: "toast-action", onclick: () => (send(source, "toast-action", { id: message.id }), hideToast(message.id)) },
        message.action,
      ),
    );
  }
  toast.append(el("button", { type: "button", class: "toast-close", "aria-label": "Dismiss notification", onclick: dismiss }, "\u00d7"));
  toast.timer = setTimeout(() => hideToast(message.id), message.duration || 5000);
  // Toasts go away by design; tests ask the log whether one was shown, a state that lasts.
  byTestId("admin-toast-log").append(el("li", { "data-tone": message.isError ? "critical" : "default" }, message.message));
  const area = byTestId("admin-toasts");
  area.append(toast);
  while (area.children.length > 3) /** @type {Element} */ (area.firstElementChild).remove(); // it has children
}
/** @param {string} id */
export function hideToast(id) {
  /** @type {ToastElement | null} */
  const toast = document.querySelector(`[data-toast-id="${CSS.escape(id)}"]`);
  if (toast) {
    clearTimeout(toast.timer);
    toast.remove();
  }
}
