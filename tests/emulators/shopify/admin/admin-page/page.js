// @ts-check
/*
 * What every part of the admin page's script shares: the config ../index.ts
 * renders into the page, the page's elements, the state the frame's messages
 * build, and posting to a frame.
 */
/** @typedef {import("../protocol.js").AdminPageConfig} AdminPageConfig */
/** @typedef {import("../protocol.js").AdminMessageFields} AdminMessageFields */
/** @typedef {import("../protocol.js").FrameMessageFields} FrameMessageFields */
/**
 * @template {keyof FrameMessageFields} [Type=keyof FrameMessageFields]
 * @typedef {import("../protocol.js").FrameMessage<Type>} FrameMessage
 */
/** @typedef {Extract<FrameMessage<"save-bar">, { save: unknown }>} SaveBarMessage an open save bar, as the frame last described it */
/** @typedef {{ shell: import("./dialogs.js").Shell; iframe: HTMLIFrameElement; footer: HTMLElement }} SrcModal */
/** @typedef {string | boolean | null | undefined | ((event: Event) => void)} AttributeValue */

export const FROM_APP = "local-shopify:app";
const FROM_ADMIN = "local-shopify:admin";
const configElement = document.getElementById("local-shopify-admin-config");
const frameElement = document.getElementById("app-iframe");
// ../index.ts renders both with the page, before this script.
if (!configElement || !(frameElement instanceof HTMLIFrameElement)) throw new Error("Local Shopify: the admin page has no config block or no #app-iframe");
/** The app's frame. */
export const frame = frameElement;
/** @type {AdminPageConfig} */
export const config = JSON.parse(configElement.textContent);
/**
 * An element of the admin page (../index.ts renders each one this script looks up).
 * @param {string} id
 * @returns {HTMLElement}
 */
export const byTestId = (id) => {
  const element = document.querySelector(`[data-testid="${id}"]`);
  if (!(element instanceof HTMLElement)) throw new Error(`Local Shopify: the admin page has no [data-testid="${id}"]`);
  return element;
};
/**
 * A new element: attributes named on<event> are listeners, the others attribute values (true: present, false/null: absent).
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {Record<string, AttributeValue>} [attributes]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export const el = (tag, attributes = {}, ...children) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith("on")) element.addEventListener(name.slice(2), /** @type {(event: Event) => void} */ (value));
    else if (value !== null && value !== undefined && value !== false) element.setAttribute(name, value === true ? "" : /** @type {string} */ (value));
  }
  element.append(...children);
  return element;
};

/**
 * @type {{
 *   appPath: string;
 *   nav: FrameMessageFields["nav-menu"]["items"];
 *   frameReady?: boolean; // set once the main frame's App Bridge said hello
 *   saveBars: Map<string, SaveBarMessage>;
 *   frameModals: Set<string>;
 *   srcModals: Map<string, SrcModal>;
 * }}
 */
export const state = {
  appPath: "/",
  nav: [],
  saveBars: new Map(), // id -> latest "save-bar" message
  frameModals: new Set(), // ids of content modals the frame draws itself
  srcModals: new Map(), // id -> { shell, iframe, footer }
};

/**
 * @template {keyof AdminMessageFields} Type
 * @param {Window | null} target
 * @param {Type} type
 * @param {AdminMessageFields[Type]} data
 */
export function send(target, type, data) {
  if (target) target.postMessage({ source: FROM_ADMIN, type, ...data }, config.appOrigin);
}
/**
 * @template {keyof AdminMessageFields} Type
 * @param {Type} type
 * @param {AdminMessageFields[Type]} data
 */
export const toFrame = (type, data) => send(frame.contentWindow, type, data);
