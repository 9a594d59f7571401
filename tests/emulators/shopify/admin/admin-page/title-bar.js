// @ts-check
/*
 * The title bar over the frame: title, breadcrumb and the app's buttons.
 */
/** @typedef {import("../protocol.js").ActionDescription} ActionDescription */
/** @typedef {import("./page.js").FrameMessageFields} FrameMessageFields */
import { byTestId, config, el, toFrame } from "./page.js";

/**
 * @param {ActionDescription} action
 * @param {() => void} onClick
 * @param {string} testId
 */
function actionButton(action, onClick, testId) {
  return el(
    "button",
    {
      type: "button",
      "data-testid": testId,
      "data-variant": action.variant || "secondary",
      "data-tone": action.tone,
      disabled: action.disabled || action.loading,
      "aria-busy": action.loading ? "true" : null,
      onclick: onClick,
    },
    action.label,
  );
}

// Buttons in title-bar order, primary last (rightmost, as in Shopify); grouped
// actions (<section label>) become one menu per group.
/**
 * @param {HTMLElement} container
 * @param {ActionDescription[]} actions
 * @param {(index: number) => void} onAction
 * @param {string} testId
 */
export function renderActions(container, actions, onAction, testId) {
  /** @type {Map<string, HTMLDivElement>} */
  const groups = new Map();
  /** @type {Array<{ button: HTMLElement; primary: boolean }>} */
  const buttons = [];
  actions.forEach((action, index) => {
    if (action.variant === "breadcrumb") return;
    const button = actionButton(action, () => onAction(index), testId);
    if (!action.group) return buttons.push({ button, primary: action.variant === "primary" });
    if (!groups.has(action.group)) {
      const menu = el("div", { class: "menu" });
      const details = el("details", { "data-testid": "admin-title-action-group" }, el("summary", {}, action.group), menu);
      groups.set(action.group, menu);
      buttons.push({ button: details, primary: false });
    }
    /** @type {HTMLDivElement} */ (groups.get(action.group)).append(button); // the group's menu was made above
  });
  buttons.sort((a, b) => Number(a.primary) - Number(b.primary));
  container.replaceChildren(...buttons.map((entry) => entry.button));
}

/** @param {FrameMessageFields["title-bar"]} titleBar */
export function renderTitleBar({ title, actions }) {
  const shown = title || config.appName;
  byTestId("admin-title").textContent = shown;
  document.title = `${shown} · ${config.appName} · ${config.storeName}`;
  const breadcrumbIndex = actions.findIndex((action) => action.variant === "breadcrumb");
  const breadcrumb = byTestId("admin-breadcrumb");
  breadcrumb.hidden = breadcrumbIndex === -1;
  breadcrumb.onclick = () => toFrame("title-bar-action", { index: breadcrumbIndex });
  breadcrumb.setAttribute("aria-label", breadcrumbIndex === -1 ? "Back" : /** @type {ActionDescription} */ (actions[breadcrumbIndex]).label || "Back");
  renderActions(byTestId("admin-title-actions"), actions, (index) => toFrame("title-bar-action", { index }), "admin-title-action");
}
