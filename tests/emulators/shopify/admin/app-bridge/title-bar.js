// @ts-check
/*
 * ui-title-bar: the page's title and buttons, drawn by the admin.
 */
import { handlers, post } from "./channel.js";
import { HIDE_CHILDREN, clickAction, define, describe, readActions, watch } from "./elements.js";

// A title bar inside a ui-modal belongs to the modal; the others set the page
// title in the admin (the last connected one wins).
/** @type {UITitleBar[]} */
const pageTitleBars = [];
function currentTitleBar() {
  return pageTitleBars[pageTitleBars.length - 1] || null;
}
function reportTitleBar() {
  const bar = currentTitleBar();
  post("title-bar", bar ? { title: bar.getAttribute("title") || "", actions: describe(readActions(bar)) } : { title: null, actions: [] });
}
class UITitleBar extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML = HIDE_CHILDREN;
    this.startWatching = watch(this, () => {
      if (currentTitleBar() === this) reportTitleBar();
    });
  }
  connectedCallback() {
    this.startWatching();
    if (this.closest("ui-modal")) return;
    pageTitleBars.push(this);
    reportTitleBar();
  }
  disconnectedCallback() {
    const index = pageTitleBars.indexOf(this);
    if (index === -1) return;
    pageTitleBars.splice(index, 1);
    reportTitleBar();
  }
}
handlers["title-bar-action"] = ({ index }) => clickAction(readActions(currentTitleBar()), index);

export const defineTitleBar = () => define("ui-title-bar", UITitleBar);
