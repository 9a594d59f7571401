// @ts-check
/*
 * The save bar over the top bar, while the app has unsaved changes.
 */
import { byTestId, state, toFrame } from "./page.js";
import { confirmDialog } from "./dialogs.js";

function currentSaveBar() {
  return Array.from(state.saveBars.values()).pop() || null;
}
export function renderSaveBar() {
  const bar = currentSaveBar();
  const element = byTestId("admin-save-bar");
  element.hidden = !bar;
  document.body.toggleAttribute("data-save-bar", Boolean(bar));
  if (!bar) return;
  const save = /** @type {HTMLButtonElement} */ (byTestId("admin-save-bar-save"));
  const discard = /** @type {HTMLButtonElement} */ (byTestId("admin-save-bar-discard"));
  save.textContent = bar.save.label;
  save.disabled = bar.save.disabled || bar.save.loading;
  save.setAttribute("aria-busy", String(bar.save.loading));
  discard.textContent = bar.discard.label;
  discard.disabled = bar.discard.disabled || bar.save.loading;
}
// With unsaved changes Shopify keeps the merchant on the page and shakes the bar.
export function blockedBySaveBar() {
  if (!currentSaveBar()) return false;
  const element = byTestId("admin-save-bar");
  element.removeAttribute("data-attention");
  void element.offsetWidth; // restart the animation
  element.setAttribute("data-attention", "");
  return true;
}
byTestId("admin-save-bar-save").addEventListener("click", () => {
  const bar = currentSaveBar();
  if (bar) toFrame("save-bar-action", { id: bar.id, action: "save" });
});
byTestId("admin-save-bar-discard").addEventListener("click", async () => {
  const bar = currentSaveBar();
  if (!bar) return;
  if (bar.discardConfirmation) {
    const discard = await confirmDialog({
      title: "Discard all unsaved changes",
      message: "If you discard changes, you’ll delete any edits you made since you last saved.",
      accept: "Discard changes",
      cancel: "Continue editing",
    });
    if (!discard) return;
  }
  toFrame("save-bar-action", { id: bar.id, action: "discard" });
});
