// @ts-check
/*
 * ui-save-bar and `shopify.saveBar`.
 */
import { handlers, post } from "./channel.js";
import { HIDE_CHILDREN, OverlayElement, define, flag } from "./elements.js";

// Drawn by the admin over its top bar. The <button variant="primary"> child is
// Save, the other <button> is Discard; the admin's buttons click them.
/** @type {Map<string, UISaveBar>} */
export const saveBars = new Map();
export class UISaveBar extends OverlayElement {
  constructor() {
    super("save-bar", HIDE_CHILDREN);
  }
  get showing() {
    return this.isShown;
  }
  /** @returns {boolean} */
  get discardConfirmation() {
    return this.discardConfirmationValue !== undefined
      ? this.discardConfirmationValue
      : flag(this, "discardconfirmation") || flag(this, "discard-confirmation");
  }
  /** @param {boolean} value */
  set discardConfirmation(value) {
    this.discardConfirmationValue = Boolean(value);
  }
  buttons() {
    const all = Array.from(this.querySelectorAll("button"));
    return {
      save: all.find((button) => button.getAttribute("variant") === "primary") || null,
      discard: all.find((button) => button.getAttribute("variant") !== "primary") || null,
    };
  }
  redraw() {
    const { save, discard } = this.buttons();
    /**
     * @param {HTMLButtonElement | null} button
     * @param {string} fallback
     * @returns {import("../protocol.js").SaveBarButtonDescription}
     */
    const describeButton = (button, fallback) => ({
      label: (button && button.textContent.trim()) || fallback,
      disabled: Boolean(button && (button.disabled || flag(button, "disabled"))),
      loading: Boolean(button && flag(button, "loading")),
    });
    post("save-bar", {
      id: this.handle,
      open: this.isShown,
      discardConfirmation: this.discardConfirmation,
      save: describeButton(save, "Save"),
      discard: describeButton(discard, "Discard"),
    });
  }
  whenShown() {
    saveBars.set(this.handle, this);
    this.redraw();
  }
  whenHidden() {
    saveBars.delete(this.handle);
    post("save-bar", { id: this.handle, open: false });
  }
}
handlers["save-bar-action"] = ({ id, action }) => {
  const bar = saveBars.get(id);
  const button = bar && bar.buttons()[action === "save" ? "save" : "discard"];
  if (button && !button.disabled) button.click();
};

export const defineSaveBar = () => define("ui-save-bar", UISaveBar);
