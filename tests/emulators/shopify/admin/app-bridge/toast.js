// @ts-check
/*
 * `shopify.toast`: drawn by the admin; its action and dismissal come back here.
 */
/** @typedef {import("@shopify/app-bridge-types").ToastOptions} ToastOptions */
import { embedded, handlers, post } from "./channel.js";

/** @type {Map<string, ToastOptions>} */
const toastOptions = new Map();
let toastSeq = 0;
export const toast = {
  /**
   * @param {string} message
   * @param {ToastOptions} [options]
   */
  show(message, options = {}) {
    const id = `toast-${++toastSeq}`;
    const duration = Number(options.duration) > 0 ? Number(options.duration) : 5000;
    toastOptions.set(id, options);
    setTimeout(() => toastOptions.delete(id), duration + 60000);
    if (!embedded) console.info(`[toast] ${message}`);
    post("toast", { id, message: String(message), isError: Boolean(options.isError), duration, action: options.action || null });
    return id;
  },
  /** @param {string} id */
  hide(id) {
    toastOptions.delete(id);
    post("toast-hide", { id });
  },
};
handlers["toast-action"] = ({ id }) => {
  const options = toastOptions.get(id);
  if (options && typeof options.onAction === "function") options.onAction();
};
handlers["toast-dismiss"] = ({ id }) => {
  const options = toastOptions.get(id);
  toastOptions.delete(id);
  if (options && typeof options.onDismiss === "function") options.onDismiss();
};
