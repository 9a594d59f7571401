// @ts-check
/*
 * The local admin page's own script: the Shopify side of the App Bridge
 * stand-in (../app-bridge/ runs in the app's iframe). It draws what Shopify's
 * admin draws for an embedded app (nav items, title bar, toasts, save bar,
 * src modals, loading bar), answers session-token requests with tokens minted
 * by the server (the app secret never reaches the browser), and keeps the
 * admin URL in step with the frame. Protocol: ../README.md.
 *
 * This is the entry: it takes the frames' messages and hands each to the part
 * of this folder that draws it. ../browser-scripts.ts bundles them into one
 * script, which ../index.ts inlines into the page after a JSON config block;
 * plain ES2020.
 */
/** @typedef {import("./page.js").FrameMessageFields} FrameMessageFields */
/**
 * @template {keyof FrameMessageFields} [Type=keyof FrameMessageFields]
 * @typedef {import("./page.js").FrameMessage<Type>} FrameMessage
 */
import { FROM_APP, byTestId, config, frame, send, state, toFrame } from "./page.js";
import { adminPathFor, toLocalUrl } from "./urls.js";
import { renderNav } from "./nav.js";
import { renderTitleBar } from "./title-bar.js";
import { hideToast, showToast } from "./toasts.js";
import { renderSaveBar } from "./save-bar.js";
import { confirmDialog } from "./dialogs.js";
import { resourcePickerDialog } from "./resource-picker.js";
import { closeSrcModal, openSrcModal, renderFrameModalBackdrop } from "./modals.js";
import { freshIdToken } from "./tokens.js";

function resetForNewDocument() {
  renderTitleBar({ title: null, actions: [] });
  state.saveBars.clear();
  renderSaveBar();
  state.frameModals.clear();
  renderFrameModalBackdrop();
  for (const id of Array.from(state.srcModals.keys())) closeSrcModal(id);
  byTestId("admin-loading").hidden = true;
}

/** @typedef {{ source: Window; main: boolean }} Sender the frame that posted (main: the app's frame, else a src modal's) */
/** @type {{ [Type in keyof FrameMessageFields]: (message: FrameMessage<Type>, sender: Sender) => void }} */
const handlers = {
  hello(message, { source, main }) {
    send(source, "welcome", { shop: config.shop });
    if (!main) return;
    state.frameReady = true;
    document.body.setAttribute("data-frame-ready", "");
    resetForNewDocument();
  },
  async "id-token"(message, { source }) {
    try {
      send(source, "response", { requestId: message.requestId, idToken: await freshIdToken() });
    } catch (error) {
      // freshIdToken fails with Errors only (its own, fetch's, JSON's).
      send(source, "response", { requestId: message.requestId, error: String(/** @type {Error} */ (error).message || error) });
    }
  },
  location(message, { main }) {
    if (!main) return;
    const target = adminPathFor(message.href);
    if (!target) return;
    state.appPath = target.path;
    document.body.setAttribute("data-app-path", target.path);
    history.replaceState(history.state, "", target.href);
    renderNav();
  },
  "nav-menu"(message, { main }) {
    if (!main) return;
    state.nav = message.items || [];
    renderNav();
  },
  "title-bar"(message, { main }) {
    if (main) renderTitleBar({ title: message.title, actions: message.actions || [] });
  },
  // shopify.reviews.request(): recorded (window.localShopifyReviewRequests and a
  // visible marker) so tests can see that and when the app asked for a review.
  "review-request"(message, { source }) {
    const recorder = /** @type {Window & { localShopifyReviewRequests?: Array<{ at: string; appPath: string }> }} */ (window);
    const requests = (recorder.localShopifyReviewRequests = recorder.localShopifyReviewRequests || []);
    requests.push({ at: new Date().toISOString(), appPath: state.appPath });
    document.body.setAttribute("data-review-requests", String(requests.length));
    send(source, "response", { requestId: message.requestId, success: true, code: "success", message: "Review modal shown successfully" });
  },
  // shopify.app.extensions(): Local Shopify works it out from the shop's published theme files.
  async "app-extensions"(message, { source }) {
    try {
      const response = await fetch(config.extensionsUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      send(source, "response", { requestId: message.requestId, extensions: (await response.json()).extensions });
    } catch (error) {
      send(source, "response", { requestId: message.requestId, error: `Local Shopify could not read the app's extensions (${String(error)})` });
    }
  },
  toast(message, { source }) {
    showToast(message, source);
  },
  "toast-hide"(message) {
    hideToast(message.id);
  },
  loading(message) {
    byTestId("admin-loading").hidden = !message.on;
  },
  modal(message, { main }) {
    if (!main) return;
    if (message.src) {
      if (message.open) openSrcModal(message);
      else closeSrcModal(message.id);
      return;
    }
    if (message.open) state.frameModals.add(message.id);
    else state.frameModals.delete(message.id);
    renderFrameModalBackdrop();
  },
  escape(message, { source, main }) {
    if (main) return;
    for (const [id, modal] of state.srcModals) {
      if (modal.iframe.contentWindow === source) {
        closeSrcModal(id);
        toFrame("modal-close", { id });
      }
    }
  },
  "save-bar"(message, { main }) {
    if (!main) return;
    state.saveBars.delete(message.id);
    if (message.open) state.saveBars.set(message.id, message);
    renderSaveBar();
  },
  async "resource-picker"(message, { source, main }) {
    if (!main) {
      send(source, "response", { requestId: message.requestId, error: "Local Shopify: the resource picker opens from the app's own frame" });
      return;
    }
    send(source, "response", { requestId: message.requestId, selection: await resourcePickerDialog(message) });
  },
  async "leave-confirmation"(message, { source }) {
    const leave = await confirmDialog({
      title: "Leave page with unsaved changes?",
      message: "Leaving this page will delete all unsaved changes.",
      accept: "Leave page",
      cancel: "Stay",
    });
    send(source, "response", { requestId: message.requestId, leave });
  },
  "navigate-top"(message) {
    const target = toLocalUrl(message.url);
    if (target.protocol === "http:" || target.protocol === "https:") location.assign(target.href);
  },
};

window.addEventListener("message", (event) => {
  // Anything anyone posted; a FrameMessage once its source and origin are checked.
  const message = /** @type {FrameMessage | null | undefined} */ (event.data);
  if (!message || message.source !== FROM_APP || event.origin !== config.appOrigin) return;
  const main = event.source === frame.contentWindow;
  const fromModal = Array.from(state.srcModals.values()).some((modal) => modal.iframe.contentWindow === event.source);
  if (!main && !fromModal) return;
  // The message's type picked the handler, so the handler takes this message.
  const handler = /** @type {(message: FrameMessage, sender: Sender) => void} */ (handlers[message.type]);
  // event.source is the app's frame or a src modal's frame (checked above): a Window.
  if (handler) handler(message, { source: /** @type {Window} */ (event.source), main });
});

// Escape in the admin closes the topmost admin-drawn dialog (handled by each shell).
renderTitleBar({ title: null, actions: [] });
renderNav();
